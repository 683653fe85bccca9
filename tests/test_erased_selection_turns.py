"""Session 22, lane fix22: a kept selection's ``message`` column holds the message and then the
turns it was read with (:mod:`souvenir.store.selection_message`); the erasure read the column
whole. The question that retrieved a forgotten memory ("Is Biktarvy safe with alcohol?") was
taken as the message and its turns glued together — no turn's text — so its own turn stayed in
the store after "forget". Each part is now read on its own: the question's turn goes, a later
selection that read it (or the memory cut short) as a turn goes, what it did not retrieve stays.
On a real SQLite file and the real PostgreSQL, in English, French, Chinese and Malay."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from souvenir.store.selection_message import SEP, joined, split_message, uncut
from souvenir.ground.timeutil import utcnow

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}
SYSTEM = "You are a helpful bot."

#: Per language: a memory with a rare word, a question about it naming the word, a fact it is
#: not about, the rare word.
CASES = {
    "en": (
        "I take Biktarvy for my HIV every morning",
        "Is Biktarvy safe with alcohol?",
        "I also love hiking in the Alps",
        "biktarvy",
    ),
    "fr": (
        "Je prends du Zerbaxol chaque matin pour mon cœur",
        "Le Zerbaxol, c'est compatible avec l'alcool ?",
        "J'adore aussi la randonnée dans les Alpes",
        "zerbaxol",
    ),
    "zh": ("我每天早上吃比克恩药治心脏病", "比克恩药可以和酒一起吃吗？", "我也很喜欢在阿尔卑斯山徒步", "比克恩"),
    "ms": (
        "Saya makan ubat Kelvorin setiap pagi untuk jantung saya",
        "Kelvorin selamat diminum dengan alkohol?",
        "Saya juga suka mendaki di Alps",
        "kelvorin",
    ),
}


#: Words said after the first 96 characters only (cut off the turn kept).
LATER = {
    "en": "then my sister Priscilla phones from Winnipeg",
    "fr": "puis ma sœur Priscilla téléphone de Winnipeg",
    "zh": "然后我妹妹从温尼伯打电话来",
    "ms": "kemudian adik saya Priscilla telefon dari Winnipeg",
}


def _url(request, backend: str, tmp_path) -> str:
    return request.getfixturevalue("pg_url") if backend == "postgres" else str(tmp_path / "r.db")


def _texts(mem: Souvenir) -> str:
    """Every text column the erasure reads: turns, selections, event details, the profile."""
    mem.engine.bookkeeping.flush(None)
    with mem.engine.store.transaction() as conn:  # type: ignore[attr-defined]
        rows = [
            *conn.execute("SELECT message, reply FROM turns").fetchall(),
            *conn.execute("SELECT message, items FROM selections").fetchall(),
            *conn.execute("SELECT detail FROM events").fetchall(),
            *conn.execute("SELECT value FROM user_kv").fetchall(),
        ]
    return "\n".join(str(v) for row in rows for v in row if v).casefold()


def _memory(mem: Souvenir, text: str) -> int:
    return next(m.id for m in mem.memories("u").memories if m.text == text)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_question_read_with_its_turns_goes_with_the_memory(request, tmp_path, backend, lang):
    """A stateless client sends its system prompt with each message: the question's selection
    keeps it as a turn read ("Is Biktarvy safe with alcohol?␞You are a helpful bot.")."""
    memory, question, other, word = CASES[lang]
    with Souvenir.open(_url(request, backend, tmp_path), **OPEN) as mem:
        mem.add_turn("u", memory, "OK.")
        mem.context("u", question, messages=[SYSTEM, question])
        mem.add_turn("u", question, "OK.")
        mem.add_turn("u", other, "OK.")
        before = _texts(mem)
        assert SEP in before and question.casefold() in before  # read with its turns, kept
        mem.forget("u", _memory(mem, memory))
        left = _texts(mem)
        assert word not in left, left
        assert other.casefold() in left  # what it did not retrieve stays


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_later_selection_that_read_the_question_as_a_turn_goes(request, tmp_path, backend, lang):
    """A stateful client: the next message's selection read the memory's turn and the question
    as turns; the next message itself, about something else, stays in its own turn."""
    memory, question, other, word = CASES[lang]
    with Souvenir.open(_url(request, backend, tmp_path), **OPEN) as mem:
        mem.add_turn("u", memory, "OK.")
        chat = [SYSTEM, memory, "OK.", question]
        mem.context("u", question, messages=chat)
        mem.add_turn("u", question, "OK.")
        mem.context("u", other, messages=[*chat, "OK.", other])
        mem.add_turn("u", other, "OK.")
        mem.forget("u", _memory(mem, memory))
        left = _texts(mem)
        assert word not in left, left
        assert other.casefold() in left


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@pytest.mark.parametrize("lang", sorted(CASES))
def test_a_selection_holding_the_memory_cut_short_as_a_turn_goes(request, tmp_path, backend, lang):
    """A turn is kept cut to 96 characters: a long memory read as a turn by a selection that did
    not serve it carries neither its whole text nor all its words, only its start."""
    memory, _, other, word = CASES[lang]
    long = f"{memory}, " + " ".join([other] * 9) + ", " + LATER[lang]
    assert len(long) > 120 and not set(long[96:].split()) <= set(long[:96].split()), long
    with Souvenir.open(_url(request, backend, tmp_path), **OPEN) as mem:
        memory_id = mem.remember("u", long).id
        user_id = mem.engine.store.find_user("api", "u")  # type: ignore[attr-defined]
        cut = long[:95] + "…"
        mem.engine.store.record_selection(user_id, None, joined("ok", [cut, "Noted."]), utcnow(), [], False, None)
        mem.engine.store.record_selection(user_id, None, joined("ok", ["Noted."]), utcnow(), [], False, None)
        mem.forget("u", memory_id)
        with mem.engine.store.transaction() as conn:  # type: ignore[attr-defined]
            kept = [r[0] for r in conn.execute("SELECT message FROM selections").fetchall()]
        assert kept == [joined("ok", ["Noted."])], kept
        assert word not in _texts(mem)


def test_the_column_split_back():
    stored = joined("Is it safe?", ["You are a helpful bot.", "I take it…"])
    assert split_message(stored) == ("Is it safe?", ["You are a helpful bot.", "I take it…"])
    assert split_message(joined("a\x1eb", [])) == ("a b", [])
    assert uncut("I take it…") == "I take it" and uncut("plain") == "plain"
