"""Whose memory a request to forget erases, on the own-word tier too (issue #26, lane
forget3): "forget my money stuff" shared the word "money" with "Sister owes money to the
bank" and erased it — another person's memory, on a request that never named her. Each kind
in each language, through the library on a real SQLite file: a request about the user's own
things keeps another person's memory (and erases the user's); a request naming the relative
erases the relative's only; a memory the user shares with a relative is the user's too; a
request whose only match is another person's erases nothing; the other-words tier keeps
its own rule (no relative named, no relative's memory)."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.lexical.forget_cues import forget_requests
from souvenir.write.forget_whose import memory_owner, owner_named


def _open(tmp_path):
    return Souvenir.open(tmp_path / "w.db", embedder="none", window_embedder="none", background=False)


# (language, the user's own request, another person's memory sharing its word, the user's own)
OWN = [
    ("en", "Forget my money stuff.", "Sister owes money to the bank", "Spends too much money on games"),
    (
        "fr",
        "Oublie ce que je t'ai dit sur l'argent.",
        "Sa sœur doit de l'argent à la banque",
        "Dépense trop d'argent en jeux",
    ),
    ("zh", "别记钱的事了", "姐姐欠银行钱", "我花了很多钱买游戏"),
    ("ms", "Lupakan hal duit saya.", "Kakak berhutang duit dengan bank", "Selalu habiskan duit"),
    ("en", "Forget what I said about the job.", "My friend Paul lost his job", "Hates the new job"),
]
# (language, a request naming the relative, the relative's memory, the user's own)
NAMING = [
    (
        "en",
        "Forget what I said about my sister's money.",
        "Sister owes money to the bank",
        "Spends too much money on games",
    ),
    (
        "fr",
        "Oublie ce que je t'ai dit sur l'argent de ma sœur.",
        "Sa sœur doit de l'argent à la banque",
        "Dépense trop d'argent en jeux",
    ),
    ("zh", "别记我姐姐钱的事了", "姐姐欠银行钱", "我花了很多钱买游戏"),
    ("ms", "Lupakan hal duit kakak saya.", "Kakak berhutang duit dengan bank", "Selalu habiskan duit"),
    ("en", "Forget what I said about my friend's job.", "My friend Paul lost his job", "Hates the new job"),
]
# (language, a request, a memory the user shares with a relative)
SHARED = [
    ("en", "Forget what I said about Paris.", "My mother and I went to Paris"),
    ("fr", "Oublie ce que je t'ai dit sur Paris.", "Ma mère et moi sommes allées à Paris"),
    ("zh", "别记巴黎的事了", "我和妈妈去了巴黎"),
    ("ms", "Lupakan apa saya cakap tentang Paris.", "Saya dan ibu pergi ke Paris"),
]


@pytest.mark.parametrize("lang,asking,theirs,own", OWN)
def test_own_request_keeps_another_persons_memory(tmp_path, lang, asking, theirs, own):
    with _open(tmp_path) as mem:
        kept = mem.remember("u", theirs)
        gone = mem.remember("u", own)
        mem.add_turn("u", asking, reply="OK")
        assert [m.id for m in mem.memories("u").memories] == [kept.id], lang
        assert [e.event for e in mem.history("u", gone.id).history] == ["erased"]


@pytest.mark.parametrize("lang,asking,theirs,own", OWN[:4])
def test_own_request_with_only_another_persons_memory_erases_nothing(tmp_path, lang, asking, theirs, own):
    with _open(tmp_path) as mem:
        kept = mem.remember("u", theirs)
        turn = mem.add_turn("u", asking, reply="OK")
        assert turn.memory is not None and turn.memory.action == "dropped"
        assert [m.id for m in mem.memories("u").memories] == [kept.id], lang
        assert mem.runtime.engine.store.count_events("write:forget:user_request") == 0


@pytest.mark.parametrize("lang,asking,theirs,own", NAMING)
def test_request_naming_the_relative_erases_theirs_only(tmp_path, lang, asking, theirs, own):
    with _open(tmp_path) as mem:
        gone = mem.remember("u", theirs)
        kept = mem.remember("u", own)
        mem.add_turn("u", asking, reply="OK")
        assert [m.id for m in mem.memories("u").memories] == [kept.id], lang
        assert [e.event for e in mem.history("u", gone.id).history] == ["erased"]


@pytest.mark.parametrize("lang,asking,shared", SHARED)
def test_memory_shared_with_a_relative_is_the_users_too(tmp_path, lang, asking, shared):
    with _open(tmp_path) as mem:
        gone = mem.remember("u", shared)
        mem.add_turn("u", asking, reply="OK")
        assert mem.memories("u").memories == [], lang
        assert [e.event for e in mem.history("u", gone.id).history] == ["erased"]


@pytest.mark.parametrize(
    "text,other",
    [
        ("Sister owes money to the bank", True),
        ("Sa mère a la maladie d'Alzheimer", True),
        ("姐姐欠银行钱", True),
        ("Kakak berhutang dengan bank", True),
        ("My friend Lina is pregnant", True),
        ("I owe money to my sister", False),
        ("Has a credit card debt of 20k", False),
        ("My mother and I went to Paris", False),
        ("我和妈妈去了巴黎", False),
        ("Allergic to peanuts", False),
    ],
)
def test_memory_owner(text, other):
    assert (memory_owner(text) is not None) is other


def test_relation_word_of_the_same_concept_names_the_relative():
    topic = forget_requests("Forget what I told you about my mum.")[0].topic
    assert owner_named(topic, "Mother has Alzheimer's")
    assert not owner_named(topic, "Sister owes money to the bank")
