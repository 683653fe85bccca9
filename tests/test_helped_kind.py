"""Issue #25, session 13: the helper's answer to thanks written as a note about the user.
SmolLM2-135M, on held-out conv-41, answered "Thanks, Maria! You're super helpful…" with the
note "I'm glad I could help, John." — the model's own voice. The ``helped`` chit-chat kind
(:func:`souvenir.lexical.support.helped`), read in English, French, Chinese and Malay; then
the service with a scripted model server on loopback."""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import ALL, chit_chat
from souvenir.lexical.support import helped
from souvenir.ground.types import Candidate
from souvenir.write.filters.no_chitchat import chitchat_filter
from souvenir.write.filters.shapes import Exchange
from tests.attack_support import reflection_answer, turn_settings
from tests.servers import ChatServer
from tests.turn_checks import assert_model_copy_writes_nothing, assert_no_episode

NAMES = frozenset({"john", "maria", "marc", "aisyah"})

HELPED = [
    ("en", "I'm glad I could help, John."),
    ("en", "John, I'm so glad I could help!"),
    ("en", "Happy to help!"),
    ("en", "My pleasure, Maria."),
    ("en", "Glad to help you out :)"),
    ("fr", "Ravie d'avoir pu aider, Marc !"),
    ("fr", "Je suis contente de pouvoir t'aider."),
    ("fr", "Avec plaisir !"),
    ("zh", "很高兴能帮上忙。"),
    ("zh", "我很乐意帮忙！"),
    ("zh", "很高兴能帮到你，Marc！"),
    ("ms", "Gembira dapat membantu, Aisyah."),
    ("ms", "Saya gembira dapat membantu awak."),
    ("ms", "Seronok boleh tolong!"),
]
# What the helper did, or a fact beside the answer: kept.
KEPT = [
    ("en", "I'm glad I could help with the move to Boston."),
    ("en", "I'm happy to help Maria move next week."),
    ("en", "Glad I could help. I started a new job at the bank."),
    ("fr", "Ravie d'avoir pu aider pour le déménagement à Lyon."),
    ("fr", "Avec plaisir ! J'ai commencé un nouveau travail à la banque."),
    ("zh", "我很高兴能帮妹妹搬家到上海。"),
    ("zh", "很高兴能帮上忙。我在银行开始了新工作。"),
    ("ms", "Gembira dapat membantu pindah rumah ke Ipoh."),
    ("ms", "Gembira dapat membantu. Saya mula kerja baru di bank."),
]


@pytest.mark.parametrize(("lang", "text"), HELPED)
def test_the_helpers_answer_is_chit_chat(lang, text):
    assert helped(text, NAMES), (lang, text)
    assert chit_chat(text, NAMES) == "helped", (lang, text)


@pytest.mark.parametrize(("lang", "text"), KEPT)
def test_what_was_helped_with_is_kept(lang, text):
    assert chit_chat(text, NAMES) is None, (lang, text)


@pytest.mark.parametrize(
    "text", ["Thanks, Maria! You're super helpful.", "Merci Marc, tu m'aides beaucoup !", "谢谢你！", "Terima kasih!"]
)
def test_the_user_thanking_is_not_the_helper(text):
    """The user's thanks is its own kind (``empty``), never read as the helper's answer."""
    assert not helped(text, NAMES)


def test_the_kind_left_out_is_not_read():
    """The bench's --by-kind reads the rule without one kind."""
    assert chit_chat("I'm glad I could help, John.", NAMES, ALL - {"helped"}) is None


@pytest.mark.parametrize(("message", "note"), [("Thanks, John!", n) for _, n in HELPED])
def test_the_note_filter_drops_the_answer_naming_the_user(message, note):
    """The note filter writes the user's own name "the user" ("…help, the user."): still the
    helper's answer, dropped as ``helped``."""
    names = frozenset({"john", "maria", "marc", "aisyah"})
    decision = chitchat_filter(Candidate(text=note), Exchange(user_message=message, user_names=names))
    assert not decision.kept and "helped" in decision.reason, (note, decision.reason)


THANKS = [
    ("Thanks, Maria! You're super helpful.", "I'm glad I could help, John."),
    ("Merci Marc, tu es super !", "Ravi d'avoir pu aider, Marc."),
    ("谢谢你，Marc！", "很高兴能帮上忙。"),
    ("Terima kasih, Aisyah!", "Gembira dapat membantu, Aisyah."),
]


@pytest.mark.parametrize(("message", "note"), THANKS)
def test_a_note_in_the_helpers_voice_writes_nothing(tmp_path, message, note):
    """The model answers the user's thanks with a note in its own voice: nothing is written
    (no note, no fallback episode — no-model mode keeps nothing here either)."""
    with ChatServer(reflection_answer=reflection_answer(note)) as upstream:
        rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url))
        try:
            rt.engine.record_turn("api", "s", message, "Anytime!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "s")
            assert [m.text for m in rt.store.memories(user)] == []
        finally:
            rt.close()


@pytest.mark.parametrize(("chit", "fact"), [(n, f) for (_, n), (_, f) in zip(HELPED[::4], KEPT[2::2], strict=False)])
def test_the_helpers_answer_is_no_episode(tmp_path, chit, fact):
    """No-model mode: the answer is a turn only (``dropped:chitchat``)."""
    assert_no_episode(tmp_path / "s.db", chit, fact)


@pytest.mark.parametrize("message", [n for _, n in HELPED[::4]])
def test_the_model_copying_the_answer_writes_nothing(tmp_path, message):
    assert_model_copy_writes_nothing(tmp_path / "s.db", message)
