"""What a new user met in session 20 (lane newuser5), each through the library on a real
SQLite file.

A parent's request to forget about their son erased nothing: "son" is a French stop word
(« son », "his"), so "Forget what I said about my son's school" had the topic "school" alone,
and the whose-rule kept "My son started at a new school" (another person's memory, a request
naming nobody); "Forget what I said about my son" named nothing at all once another turn came
between. The same request about a daughter, a French « fils », a Chinese 儿子 or a Malay "anak
lelaki" was never touched by the collision: they are the control of each language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from souvenir import Souvenir
from souvenir.bench.forget_eval import score_file
from souvenir.lexical.forget_cues import forget_requests
from souvenir.read.scoring.kinship import word_kin


def _open(tmp_path):
    return Souvenir.open(tmp_path / "n.db", embedder="none", window_embedder="none", background=False)


def _active(memory: Souvenir, user: str) -> list[str]:
    """The user's active texts, without the dates grounding adds ("last year (2025)")."""
    return [re.sub(r"\s*[(（][^()（）]*[)）]", "", m.text) for m in memory.memories(user).memories]


# (language, the child's memory, another memory kept, a turn between, the request)
CHILD = [
    (
        "en",
        "My son started at a new school in Leeds",
        "I play the cello on Sundays",
        "The weather in town is awful",
        "Forget what I said about my son's school",
    ),
    (
        "en",
        "My son has a peanut allergy",
        "My daughter has a peanut allergy too",
        "I am baking a lemon cake",
        "Please forget what I told you about my son",
    ),
    (
        "en",
        "Our son Tim is moving to Bristol",
        "I play the cello on Sundays",
        "The weather in town is awful",
        "Forget everything I said about our son",
    ),
    (
        "fr",
        "Mon fils a commencé dans une nouvelle école à Lille",
        "Je joue du violoncelle le dimanche",
        "Il fait un temps affreux en ville",
        "Oublie ce que je t'ai dit sur l'école de mon fils",
    ),
    ("zh", "我儿子去利兹上新学校了", "我周日拉大提琴", "城里天气好差", "别记我儿子学校的事了"),
    (
        "ms",
        "Anak lelaki saya mula bersekolah di sekolah baru di Ipoh",
        "Saya main cello setiap hari Ahad",
        "Cuaca di bandar teruk",
        "Lupakan apa saya cakap tentang sekolah anak lelaki saya",
    ),
]


@pytest.mark.parametrize(("lang", "child", "kept", "between", "asked"), CHILD, ids=[c[0] for c in CHILD])
def test_a_request_about_the_users_son_erases_his_memory(tmp_path, lang, child, kept, between, asked):
    with _open(tmp_path) as memory:
        memory.add_turn("p", child, reply="ok")
        memory.add_turn("p", kept, reply="ok")
        memory.add_turn("p", between, reply="ok")  # not the previous turn: no "what I just said"
        answer = memory.add_turn("p", asked, reply="ok")
        left = _active(memory, "p")
    assert child not in left, (lang, answer.memory)
    assert kept in left and between in left


def test_the_french_possessive_son_is_still_no_son():
    """« son » after a French word stays "his": no relative in the topic."""
    for text in ("Oublie que son frère vit à Lyon", "Oublie qu'il a son permis", "Oublie le son de sa voix"):
        topics = [tok.raw for r in forget_requests(text) for tok in r.topic]
        assert "son" not in topics, (text, topics)
    topics = [tok.raw for r in forget_requests("Forget what I said about my son's school") for tok in r.topic]
    assert topics == ["son", "school"]
    assert word_kin("son") == {"son"} and word_kin("fils") == {"son"} and word_kin("school") == frozenset()


def test_a_french_memory_about_his_brother_is_not_the_users_son(tmp_path):
    """The English topic "son" names no French memory whose « son » is "his"."""
    with _open(tmp_path) as memory:
        memory.add_turn("p", "Son frère habite à Lyon avec sa femme", reply="ok")
        memory.add_turn("p", "The weather in town is awful", reply="ok")
        memory.add_turn("p", "Forget what I said about my son", reply="ok")
        assert "Son frère habite à Lyon avec sa femme" in _active(memory, "p")


# A life event the request names by its noun while the memory says the verb (session 20):
# (language, kind, the event's memory, another memory of the same person kept, the request)
EVENTS = [
    (
        "en",
        "wedding",
        "My brother Sam marries Priya in Goa in May",
        "My brother Sam is a pilot",
        "Forget what I said about my brother's wedding",
    ),
    (
        "en",
        "move",
        "We are relocating to Dublin after Easter",
        "I knit scarves for the market",
        "Please forget about our move",
    ),
    (
        "en",
        "pregnancy",
        "I'm pregnant, due in April",
        "I knit scarves for the market",
        "Forget what I said about my pregnancy",
    ),
    (
        "en",
        "death",
        "My aunt Rose passed away last winter",
        "My aunt Rose grew orchids",
        "Forget what I told you about my aunt's death",
    ),
    (
        "fr",
        "wedding",
        "Ma cousine se marie avec Hugo à Annecy",
        "Ma cousine est dentiste",
        "Oublie ce que je t'ai dit sur le mariage de ma cousine",
    ),
    (
        "fr",
        "move",
        "On déménage à Rennes à la rentrée",
        "Je tricote des écharpes",
        "Oublie ce que je t'ai dit sur notre déménagement",
    ),
    (
        "fr",
        "pregnancy",
        "Je suis enceinte de cinq mois",
        "Je tricote des écharpes",
        "Oublie ce que je t'ai dit sur ma grossesse",
    ),
    (
        "fr",
        "death",
        "Mon parrain est décédé à Noël",
        "Mon parrain jouait de l'orgue",
        "Oublie ce que je t'ai dit sur l'enterrement de mon parrain",
    ),
    ("zh", "wedding", "我哥哥十月要娶他的高中同学", "我哥哥是飞行员", "别记我哥哥婚礼的事了"),
    ("zh", "move", "我们复活节后搬到都柏林", "我给集市织围巾", "把我们搬家的事忘了吧"),
    ("zh", "pregnancy", "我怀孕了，四月生", "我给集市织围巾", "别记我怀孕的事了"),
    ("zh", "death", "我姑姑去年冬天过世了", "我姑姑种兰花", "别记我姑姑葬礼的事了"),
    (
        "ms",
        "wedding",
        "Abang saya bernikah dengan Aina bulan Mei",
        "Abang saya juruterbang",
        "Lupakan pasal perkahwinan abang saya",
    ),
    (
        "ms",
        "move",
        "Kami berpindah ke Kuching selepas raya",
        "Saya jual kain rajut di pasar",
        "Lupakan pasal perpindahan kami",
    ),
    ("ms", "pregnancy", "Saya hamil lima bulan", "Saya jual kain rajut di pasar", "Lupakan pasal kehamilan saya"),
    (
        "ms",
        "death",
        "Nenek saya meninggal dunia tahun lepas",
        "Nenek saya tanam orkid",
        "Lupakan pasal kematian nenek saya",
    ),
]


@pytest.mark.parametrize(("lang", "kind", "event", "kept", "asked"), EVENTS, ids=[f"{e[0]}-{e[1]}" for e in EVENTS])
def test_a_life_event_named_by_its_noun_is_forgotten(tmp_path, lang, kind, event, kept, asked):
    with _open(tmp_path) as memory:
        memory.add_turn("p", event, reply="ok")
        memory.add_turn("p", kept, reply="ok")
        memory.add_turn("p", "Tell me a joke" if lang != "zh" else "讲个笑话", reply="ok")
        answer = memory.add_turn("p", asked, reply="ok")
        left = _active(memory, "p")
    assert event not in left, (lang, kind, answer.memory)
    assert kept in left


# A divorce is no wedding; a wedding is no funeral (each language).
UNRELATED = [
    ("en", "I got divorced last year", "Forget what I said about my wedding"),
    ("fr", "J'ai divorcé l'an dernier", "Oublie ce que je t'ai dit sur mon mariage"),
    ("zh", "我去年离婚了", "别记我婚礼的事了"),
    ("ms", "Saya bercerai tahun lepas", "Lupakan pasal perkahwinan saya"),
    ("en", "My sister Jo is getting married in Lisbon", "Forget what I said about my sister's funeral"),
    ("zh", "帮我把箱子搬到楼上", "别记我搬家的事了"),
]


@pytest.mark.parametrize(("lang", "stored", "asked"), UNRELATED, ids=[f"{u[0]}-{i}" for i, u in enumerate(UNRELATED)])
def test_another_event_is_not_forgotten(tmp_path, lang, stored, asked):
    with _open(tmp_path) as memory:
        memory.add_turn("p", stored, reply="ok")
        memory.add_turn("p", "Tell me a joke", reply="ok")
        memory.add_turn("p", asked, reply="ok")
        assert stored in _active(memory, "p")


# A relative said in two words shares both with the relative's other memories: the own-word
# tier counted them as two topic words and erased the wrong one (the event's memory kept).
# (language, the request, the relative's other memory, the event's memory)
TWO_WORDS = [
    (
        "en",
        "Forget what I said about my little sister's wedding",
        "My little sister plays tennis",
        "My little sister is getting married in May",
    ),
    (
        "en",
        "Forget what I said about my older brother's funeral",
        "My older brother collects stamps",
        "My older brother died in March",
    ),
    (
        "fr",
        "Oublie ce que je t'ai dit sur le mariage de ma petite sœur",
        "Ma petite sœur joue au tennis",
        "Ma petite sœur se marie en mai",
    ),
    (
        "fr",
        "Oublie ce que je t'ai dit sur le déménagement de mon grand frère",
        "Mon grand frère joue au tennis",
        "Mon grand frère déménage à Nice",
    ),
    ("zh", "别记我小姨葬礼的事了", "我小姨种兰花", "我小姨去世了"),
    ("ms", "Lupakan pasal kematian mak cik saya", "Mak cik saya tanam orkid", "Mak cik saya meninggal dunia"),
    (
        "ms",
        "Lupakan pasal perkahwinan adik perempuan saya",
        "Adik perempuan saya main tenis",
        "Adik perempuan saya akan berkahwin dengan Amir",
    ),
]


@pytest.mark.parametrize(
    ("lang", "asked", "other", "event"), TWO_WORDS, ids=[f"{t[0]}-{i}" for i, t in enumerate(TWO_WORDS)]
)
def test_a_relative_in_two_words_is_whose_not_what(tmp_path, lang, asked, other, event):
    with _open(tmp_path) as memory:
        memory.add_turn("p", other, reply="ok")
        memory.add_turn("p", event, reply="ok")
        memory.add_turn("p", "Tell me a joke", reply="ok")
        memory.add_turn("p", asked, reply="ok")
        left = _active(memory, "p")
    assert other in left and event not in left, left


CASES_DIR = Path(__file__).parent / "cases"


def test_the_event_files_lose_no_fact_held_out():
    """`forget_events_heldout.jsonl` was written before the concepts and run once after: no
    fact lost; the tuning file's known fails are the whose-rule (a bare "the pregnancy") and
    the own-word stem ("the move" / "moved to tears"), docs/write-path.md."""
    held = score_file(CASES_DIR / "forget_events_heldout.jsonl")
    assert held.wrong == 0 and held.cases == 16
    tune = score_file(CASES_DIR / "forget_events_tune.jsonl")
    assert set(tune.failed) <= {"ET-en-3", "ET-en-4", "ET-fr-2"} and tune.wrong <= 1
