"""Never worse than no model, with a request to forget (issue #25, session 21, lane model8):
``dlg3-ms`` with a model that reflects nothing kept 27 episodes against no-model's 28.

The cause: a request to forget is acted on when its turn is recorded. With a model, the
earlier turns' memories are written by their reflections, which may still be pending then: the
memory the request names ("…my brother's debt") was not written yet, so the match in other
words (:mod:`souvenir.write.forget_near`) took another one in its stead (the home *loan*: debt
and loan are one topic) and erased it. Without a model the named memory was there, matched
word for word, and the other stayed. And the request's own reflection re-reads the
pool for memories written late (:func:`souvenir.engine.chat_forget.act_on_late_memories`):
once the record-time call had erased the debt, the loan was the nearest in other words and went
too — what ``dlg3-ms`` showed. Now the late reading takes nothing in other words when the
request already erased something, and the record-time reading takes nothing in other words
while earlier reflections of the user are pending (the late one decides on the whole pool).

Real parts: SQLite files, a loopback model server that reflects nothing (each message is kept
as its episode); the first turn's reflection runs, the second's is still pending when the
request is recorded (as with ``--pace-s 0``).
"""

from __future__ import annotations

import pytest

from souvenir.engine.runtime import open_runtime
from tests.attack_support import turn_settings
from tests.servers import ChatServer

#: (a turn about a home loan, a turn about a relative's debt, the request to forget the
#: relative), en / fr / zh / ms: without the second memory, "debt" finds the "loan" in other words.
TURNS = [
    (
        "Actually I wanted to ask about a home loan. We're buying a terraced house in Leeds for 280k.",
        "One more thing, my brother Dave owes a loan shark about 15k and wants me to guarantee a personal loan for him.",
        "Never mind, forget what I said about Dave. Don't keep anything about his debt.",
    ),
    (
        "En fait je voulais vous parler d'un crédit immobilier. On achète une maison à Annecy, 280 000 euros.",
        "Autre chose, mon frère Karim doit 15 000 euros à un usurier et veut que je me porte garant pour son prêt perso.",
        "Bon, oubliez ce que j'ai dit sur Karim. Ne gardez rien sur sa dette.",
    ),
    (
        "其实我想问房贷的事。我们要在杭州买一套房子，两百八十万。",
        "还有，我弟弟小军欠了高利贷十五万，想让我给他的个人贷款做担保。",
        "算了，忘掉我刚才说的小军的事。别记他欠债的事。",
    ),
    (
        "Ok la. Saya sebenarnya nak tanya pasal pinjaman rumah. Kami nak beli rumah teres kat Kampar, harga RM280k.",
        "Satu lagi, abang saya Rizal ada hutang dengan Ah Long, dalam RM15k, dia minta saya jadi penjamin.",
        "Takpe, lupakan je pasal Rizal tadi. Jangan simpan apa-apa pasal hutang dia.",
    ),
]


def _kept(tmp_path, name: str, url: str | None, turns: tuple[str, ...], read_before: int = 1) -> list[str]:
    """The active memories' texts after ``turns``; the reflections of the first ``read_before``
    turns have run when the next one is recorded (the later ones are pending)."""
    rt = open_runtime(turn_settings(f"sqlite:///{tmp_path / name}", url))
    try:
        for n, message in enumerate(turns):
            rt.engine.record_turn("api", "azman", message, "Noted.")
            if n < read_before:
                assert rt.worker is None or rt.worker.drain(60)
        assert rt.worker is None or rt.worker.drain(60)
        user = rt.store.find_user("api", "azman")
        return sorted(m.text for m in rt.store.memories(user, "active")) if user else []
    finally:
        rt.close()


@pytest.mark.parametrize("turns", TURNS, ids=["en", "fr", "zh", "ms"])
def test_a_request_recorded_before_the_earlier_reflections_ran_erases_what_no_model_erases(tmp_path, turns) -> None:
    loan, debt, _ = turns
    without = _kept(tmp_path, "n.db", None, turns)
    assert loan in without and debt not in without, without  # no model: the debt forgotten, the loan kept
    with ChatServer() as upstream:  # reflects nothing: each message kept as its episode
        kept = _kept(tmp_path, "m.db", upstream.url, turns)
    assert debt not in kept, kept  # the request's own reflection found it, once written
    assert kept == without, kept  # never worse than no model: the loan stays


@pytest.mark.parametrize("turns", TURNS, ids=["en", "fr", "zh", "ms"])
def test_the_requests_own_reflection_takes_no_other_memory_for_the_one_it_erased(tmp_path, turns) -> None:
    """Every earlier reflection ran: the request erases the debt when recorded, word for word;
    its own reflection then reads the pool without it and must not take the loan in its stead."""
    loan, debt, _ = turns
    without = _kept(tmp_path, "n.db", None, turns)
    with ChatServer() as upstream:
        kept = _kept(tmp_path, "m.db", upstream.url, turns, read_before=2)
    assert debt not in kept and kept == without, kept
