"""Session 25, lane forget3: the erasure clock raced against writes across two engines.

A reply recorded late (the proxy records the exchange after the model answered, with
``unless_erased_since`` = when the exchange began) is refused when an erasure was made since it
began: "a write of what was said before is refused". The erasure's mark was stamped with the
eraser's ``now`` — the start of its own turn (a request to forget in chat: before reading its
message, matching, erasing) — not when it committed. An exchange that began inside that window
read the memory (the erasure was not committed yet), and its late write was compared with the
earlier mark and kept: its reply, quoting the memory, outlived the erasure. Two engines (two
``Souvenir`` instances: replicas) on one SQLite file and on PostgreSQL at 127.0.0.1:5432.
"""

from __future__ import annotations

import threading
import time
import pytest

from souvenir.ground.errors import ErasedError, StoreBusyError
from souvenir.library import Souvenir
from souvenir.ground.timeutil import utcnow

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}
SAID = "I owe my cousin Paul 500 euros for the wedding."
ASK = "Forget what I told you about my cousin Paul."


def _store_texts(mem: Souvenir, user: str) -> list[str]:
    store = mem.runtime.engine.store
    uid = store.find_user("api", user)
    texts = [m.text for m in store.memories(uid)]
    for turn in store.recent_turns(uid, None, 200):
        texts += [turn["message"] or "", turn["reply"] or ""]
    return texts


@pytest.fixture(params=["sqlite", "postgres", "pgbouncer"])
def url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'r.db'}"
        return
    from tests.pgtest import fresh_database, through_pgbouncer

    with fresh_database() as pg:
        yield pg if request.param == "postgres" else through_pgbouncer(pg)


def test_an_exchange_begun_after_the_erasure_is_kept_and_a_second_request_acts(url):
    """Session 26 (harden11): the order is the store's erasure number, not a margin of time —
    an exchange whose context read the number after A's erasure committed is recorded at once
    on B, and a second request to forget said right after the first acts."""
    with Souvenir.open(url, **OPEN) as a, Souvenir.open(url, **OPEN) as b:
        a.add_turn("ann", SAID, reply="Noted.")
        a.add_turn("ann", ASK, reply="OK.")  # the erasure, committed
        read = b.context("ann", "I owe my sister Maud 80 euros.")
        assert not any("cousin Paul 500" in m.text for m in read.memories)
        b.add_turn("ann", "I owe my sister Maud 80 euros.", reply="Noted.", unless_erased_since=read.erasure_clock)
        assert [text for text in _store_texts(b, "ann") if "Maud 80" in text]  # recorded at once
        again = a.context("ann", "Forget what I told you about my sister Maud.")
        a.add_turn(
            "ann", "Forget what I told you about my sister Maud.", reply="OK.", unless_erased_since=again.erasure_clock
        )
        assert not [text for text in _store_texts(b, "ann") if "Maud 80" in text]


def test_an_exchange_begun_before_the_erasure_committed_is_refused(url):
    """Deterministic: replica A's request began at ``t0`` (its ``now``) and commits after replica
    B's exchange began and read the memory; B's late write must be refused."""
    with Souvenir.open(url, **OPEN) as a, Souvenir.open(url, **OPEN) as b:
        a.add_turn("ann", SAID, reply="Noted.")
        t0 = utcnow()
        read = b.context("ann", "How much do I owe Paul?")  # after A's request began at t0
        assert any("Paul" in m.text for m in read.memories), read
        assert read.erasure_clock is not None
        a.runtime.engine.record_turn("api", "ann", ASK, "OK.", now=t0)  # began at t0, commits now
        with pytest.raises(ErasedError):
            b.add_turn("ann", "How much do I owe Paul?", reply=SAID, unless_erased_since=read.erasure_clock)
        assert not [text for text in _store_texts(a, "ann") if "cousin Paul 500" in text]


def test_concurrent_replicas_leave_no_trace_of_what_was_erased(url):
    """Real concurrency: A records a long message ending on the request (its reading takes a
    while) while B serves exchanges in a loop, each reading the context and recording its reply
    (the memory, when the read held it) late, as the proxy does. Whatever the interleaving, no
    text of the store carries the memory once both are done."""
    long = " ".join(f"Day {i}: the weather was mild and I walked the dog along the river." for i in range(120))
    with Souvenir.open(url, **OPEN) as a, Souvenir.open(url, **OPEN) as b:
        a.add_turn("ann", SAID, reply="Noted.")
        done = threading.Event()
        errors: list[BaseException] = []

        def replica_a() -> None:
            try:
                time.sleep(0.05)
                for attempt in range(3):  # a store busy past the wait (a loaded machine): retried,
                    try:  # as the proxy's backlog retries it
                        a.add_turn("ann", f"{long} {ASK}", reply="OK.")
                        break
                    except StoreBusyError:
                        if attempt == 2:
                            raise
            except BaseException as exc:  # noqa: BLE001 - reported below
                errors.append(exc)
            finally:
                done.set()

        worker = threading.Thread(target=replica_a)
        worker.start()
        served = refused = 0
        after = 0
        while after < 3:  # a few exchanges after A is done too
            after += done.is_set()
            read = b.context("ann", "How much do I owe Paul?")
            # the reply quotes the memory when the read held it (B's own questions name Paul
            # too: recorded after the erasure, they are new words, kept — and no quote of it)
            reply = SAID if any("cousin Paul 500" in m.text for m in read.memories) else "I don't know."
            try:
                b.add_turn("ann", "How much do I owe Paul?", reply=reply, unless_erased_since=read.erasure_clock)
                served += 1
            except (ErasedError, StoreBusyError):  # refused, or A held the lock past B's wait
                refused += 1
        worker.join(60)
        assert not errors, errors
        assert served + refused >= 3
        left = [text for text in _store_texts(a, "ann") if "cousin Paul 500" in text]
        assert not left, (left, served, refused)
