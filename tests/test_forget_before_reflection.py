"""A request to forget said before the previous turn's reflection ran (session 12, a new
user's `souvenir chat` with two lines piped in): with a model, a turn's memory is written by
its reflection job, so "我住在上海" then at once "忘记我住在哪里" found nothing to erase when
the request was recorded, the model named no id, and the town stayed. The request's own job
(in order per user, after the earlier one) acts on it again. The model is a local server
answering every reflection ``{"memories": []}``; real SQLite file, four languages."""

from __future__ import annotations


from souvenir.engine.runtime import open_runtime
from tests.attack_support import stub_model_settings, wait_until
from tests.servers import ChatServer

# (language, the statement, the request right after it)
CASES = [
    ("en", "I live in Leeds with my sister", "Forget where I live."),
    ("fr", "J'habite à Lyon avec ma sœur", "Oublie où j'habite."),
    ("zh", "我住在上海", "忘记我住在哪里"),
    ("ms", "Saya tinggal di Ipoh dengan kakak saya", "Lupakan di mana saya tinggal."),
]


def test_the_request_job_erases_a_memory_its_turn_did_not_see(tmp_path):
    with ChatServer() as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'r.db'}", upstream.url, reflection_backoff_s=0.05, reflection_timeout_s=5.0
        )
        rt = open_runtime(settings)
        try:
            for lang, statement, asking in CASES:
                rt.engine.record_turn("api", lang, statement, "OK")
                rt.engine.record_turn("api", lang, asking, "OK")
                user_id = rt.store.find_user("api", lang)
                assert rt.store.memories(user_id, "active") == []  # the statement's job has not run
            rt.worker.start()
            done = 2 * len(CASES)
            assert wait_until(lambda: rt.store.outbox_counts().get("done") == done, 60), rt.store.outbox_counts()
            for lang, _, _ in CASES:
                user_id = rt.store.find_user("api", lang)
                assert [m.text for m in rt.store.memories(user_id, "active")] == [], lang
                assert rt.store.memories(user_id, "deleted"), lang  # written by its job, then erased
                assert rt.store.count_events("write:forget:user_request") >= 1
        finally:
            rt.close()
