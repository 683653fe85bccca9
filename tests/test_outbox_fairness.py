"""One user's flood of turns holds no other user's reflection behind it (attack lane): the
outbox claimed heads in the order they were due, so a user whose client sent 30 turns in a
burst had all 30 reflections claimed before another user's one, sent a second later (on a
local model: many minutes of the others' memories left unwritten). On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone


NOW = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)


def _job(store, user_id: int, n: int, at: datetime) -> None:
    turn = store.add_turn(user_id, None, f"message {n}", "reply", at, None)
    store.enqueue(user_id, turn, "reflection", at)


def test_a_flood_of_one_user_holds_no_other_user(store):
    flooder, other = store.ensure_user("api", "flood", NOW), store.ensure_user("api", "ann", NOW)
    for n in range(30):
        _job(store, flooder, n, NOW + timedelta(milliseconds=n))
    _job(store, other, 99, NOW + timedelta(seconds=1))
    order = []
    clock = NOW + timedelta(seconds=2)
    while (job := store.claim(clock)) is not None:
        order.append(job["user"])
        clock += timedelta(seconds=1)
        store.finish(job["id"], clock, attempts=job["attempts"])
    assert len(order) == 31
    # the other user's job is claimed right after the flooder's first one finished
    assert order.index("ann") <= 1, order
