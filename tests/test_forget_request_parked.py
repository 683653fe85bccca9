"""A request to forget whose reflection is parked for good keeps no copy of its topic
(issue #26): with a model the request's turn is emptied after its reflection reads it; a
model that always fails parks the reflection, and the park empties the turn. The model is a
local server whose every reflection answer is unreadable; real SQLite file, four languages."""

from __future__ import annotations

import json

from souvenir.engine.runtime import open_runtime
from souvenir.ground.types import Candidate
from tests.attack_support import stub_model_settings, wait_until
from tests.servers import ChatServer

# (language, stored memory, the request, a word of its topic)
CASES = [
    ("en", "Takes HIV medication every morning", "Please forget what I said about my HIV medication.", "HIV"),
    ("fr", "Prend un traitement contre le VIH", "Oublie ce que je t'ai dit sur mon traitement contre le VIH.", "VIH"),
    ("zh", "每天早上吃降压药", "刚才说的降压药那件事，你别记了，删掉吧。", "降压药"),
    (
        "ms",
        "Abang ada hutang judi sejak tahun lepas",
        "Tolong lupakan apa yang saya cakap tentang hutang judi abang saya.",
        "judi",
    ),
]


def test_a_parked_reflection_leaves_no_copy_of_the_request(tmp_path):
    # every reflection answer is prose, never JSON: each job is parked after its three attempts
    with ChatServer(reflection_answer="I am sorry, I cannot help with that request.") as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_backoff_s=0.05, reflection_timeout_s=5.0
        )
        rt = open_runtime(settings)
        try:
            for lang, memory, asking, _ in CASES:
                rt.engine.remember("api", lang, _candidate(memory))
                rt.engine.record_turn("api", lang, asking, "OK, done.")
                user_id = rt.store.find_user("api", lang)
                # before the reflection ran, the turn still holds the request (the model reads it)
                assert _turns(rt, user_id)[-1]["message"] == asking
            rt.worker.start()
            assert wait_until(lambda: rt.store.outbox_counts().get("parked") == len(CASES), 60), (
                rt.store.outbox_counts()
            )
            for lang, memory, _, word in CASES:
                user_id = rt.store.find_user("api", lang)
                turns = _turns(rt, user_id)
                assert turns and all(word not in (t["message"] or "") + (t["reply"] or "") for t in turns), turns
                assert word not in json.dumps(rt.store.kv_all(user_id), ensure_ascii=False)
                assert memory not in [m.text for m in rt.store.memories(user_id, "active")]
        finally:
            rt.close()
        assert any("response_format" in r or "format" in r for r in upstream.requests)  # it was asked, and failed


def _turns(rt, user_id: int) -> list[dict]:
    return rt.store.export_user(user_id)["turns"]


def _candidate(text: str) -> Candidate:
    return Candidate(text)
