"""A read waits for the bookkeeping's work, not for a job stalled on the store (session 23,
harden8: ``test_explain_later``'s flaky page).

A read (the diagnostics page, an export) waits for the pending bookkeeping at most its bound,
and stops at once when the job running has taken more than ``STALL_S`` (0.25 s): a job that
long was taken for one waiting on a locked store. Since the page's conversation part, a large
user's at-once job completes its scores and scores the message alone — CPU work that takes
longer than that on a loaded machine — and the page was read without the last selection. The
work is now marked (:meth:`Bookkeeping.computing`): a read waits for it. Real threads; each
job blocks on an event the test sets, so no timing decides the outcome."""

from __future__ import annotations

import threading
from collections import Counter

from souvenir.engine.bookkeeping import Bookkeeping


def _job(book: Bookkeeping, go: threading.Event, done: list, working: bool) -> None:
    if working:
        with book.computing():
            go.wait(60)
    else:
        go.wait(60)
    done.append(1)


def test_a_read_waits_for_work_marked_as_computing() -> None:
    book = Bookkeeping(Counter())
    go, done = threading.Event(), []
    try:
        book.later(_job, book, go, done, True)
        threading.Timer(0.6, go.set).start()  # past STALL_S: taken for a stalled store before
        book.flush(timeout_s=60)
        assert done == [1]
    finally:
        go.set()
        book.close()


def test_a_read_stops_waiting_for_a_job_stalled_elsewhere() -> None:
    book = Bookkeeping(Counter())
    go, done = threading.Event(), []
    try:
        book.later(_job, book, go, done, False)
        book.flush(timeout_s=60)  # the job is blocked until after this returns
        assert done == []
    finally:
        go.set()
        book.close()
    assert done == [1]
