"""The outbox's lanes (issue #25), on SQLite and PostgreSQL: a summary never runs ahead of its
user's reflections nor holds one back; reflections are claimed before summaries; one user's
job waiting for its retry holds no other user's; a job put back without an attempt keeps no
error it never had."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone


NOW = datetime(2026, 12, 4, 12, 0, tzinfo=timezone.utc)


def _turn(store, user_id: int, n: int) -> int:
    return store.add_turn(user_id, None, f"message {n}", "reply", NOW, None)


def test_a_summary_waits_for_earlier_reflections_and_holds_no_later_one(store):
    user = store.ensure_user("api", "a", NOW)
    first = _turn(store, user, 1)
    store.enqueue(user, first, "reflection", NOW)
    store.enqueue(user, first, "summary", NOW)
    later = [_turn(store, user, n) for n in (2, 3)]
    for turn in later:
        store.enqueue(user, turn, "reflection", NOW)
    claimed = store.claim(NOW)
    assert claimed["job"] == "reflection" and claimed["turn_id"] == first
    assert store.claim(NOW) is None  # the next reflection waits for the first; the summary too
    store.finish(claimed["id"], NOW, attempts=claimed["attempts"])
    # reflections first: the summary (queued before them) does not hold them back
    second = store.claim(NOW)
    assert second["job"] == "reflection" and second["turn_id"] == later[0]
    summary = store.claim(NOW)  # its earlier reflection is done: it may run beside the later ones
    assert summary["job"] == "summary" and summary["turn_id"] == first
    store.finish(second["id"], NOW, attempts=second["attempts"])
    third = store.claim(NOW)
    assert third["job"] == "reflection" and third["turn_id"] == later[1]


def test_reflections_are_claimed_before_summaries_and_kinds_can_be_left_out(store):
    a = store.ensure_user("api", "a", NOW)
    b = store.ensure_user("api", "b", NOW)
    turn_a, turn_b = _turn(store, a, 1), _turn(store, b, 1)
    store.enqueue(a, turn_a, "summary", NOW)
    store.enqueue(b, turn_b, "reflection", NOW + timedelta(seconds=1))
    assert store.claim(NOW + timedelta(seconds=2), kinds=("summary",))["job"] == "summary"
    assert store.claim(NOW + timedelta(seconds=2), kinds=("summary",)) is None
    assert store.claim(NOW + timedelta(seconds=2))["job"] == "reflection"


def test_a_job_waiting_for_its_retry_holds_no_other_user(store):
    a = store.ensure_user("api", "a", NOW)
    b = store.ensure_user("api", "b", NOW)
    store.enqueue(a, _turn(store, a, 1), "reflection", NOW)
    store.enqueue(b, _turn(store, b, 1), "reflection", NOW)
    slow = store.claim(NOW)
    assert slow["user"] == "a"
    store.retry(slow["id"], "timed out", NOW + timedelta(minutes=1), NOW, attempts=slow["attempts"])
    other = store.claim(NOW)
    assert other is not None and other["user"] == "b"


def test_a_job_put_back_without_an_attempt_shows_no_error_it_never_had(store):
    user = store.ensure_user("api", "a", NOW)
    store.enqueue(user, _turn(store, user, 1), "reflection", NOW)
    job = store.claim(NOW)
    store.retry(
        job["id"],
        "chat:stub skipped for 30 s after a failure",
        NOW + timedelta(seconds=30),
        NOW,
        attempts=job["attempts"],
        counted=False,
        model="stub",
    )
    [pending] = store.jobs("pending")
    assert pending["error"] is None and pending["attempts"] == 0 and pending["model"] is None
    job = store.claim(NOW + timedelta(seconds=31))
    store.retry(job["id"], "HTTP 500", NOW + timedelta(seconds=40), NOW, attempts=job["attempts"], model="stub")
    job = store.claim(NOW + timedelta(seconds=41))
    store.retry(job["id"], "skipped", NOW + timedelta(seconds=60), NOW, attempts=job["attempts"], counted=False)
    [pending] = store.jobs("pending")
    assert pending["error"] == "HTTP 500" and pending["model"] == "stub"  # the last real error stays
