"""Session 18, lane harden4: what the attack on session 17's surfaces found, each through a
real face (REST on loopback, a real SQLite file)."""

from __future__ import annotations

import time

import httpx

from souvenir import Souvenir
from souvenir.api.app import create_app
from tests.servers import UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}


def test_a_boolean_is_no_row_id_on_rest(tmp_path):
    """``{"ids": [true]}`` requeued job 1 (pydantic reads JSON's ``true`` as 1): a 422 now."""
    with Souvenir.open(tmp_path / "b.db", **OPEN) as mem:
        with UvicornThread(create_app(mem.runtime.settings, runtime=mem)) as server:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                answer = http.post("/v1/jobs/retry", json={"ids": [True]})
                assert answer.status_code == 422 and "whole number" in answer.text, answer.text
                assert http.post("/v1/jobs/retry", json={"ids": [1]}).status_code == 200


def _held_texts(mem: Souvenir) -> list[str]:
    """Every memory text the process holds for reads: the scorer's columns, the read cache."""
    scorer = mem.engine.query_scorer.scorer
    texts = [m.text for hit in scorer._cache.values() for m in hit[0]]
    cache = mem.engine.store._read_cache
    if cache is not None:
        for view in cache._views.values():
            texts += [m.text for m in view.memories.values()]
    return texts


def test_nothing_erased_stays_held_for_reads_in_the_process(tmp_path):
    """After "forget everything", a memory forgotten by the API and a user deleted, the
    scorer's per-user columns (and the store's read cache) still held the erased texts —
    until the user's next context; for a deleted user, until evicted by other users."""
    with Souvenir.open(tmp_path / "h.db", **OPEN) as mem:
        with UvicornThread(create_app(mem.runtime.settings, runtime=mem)) as server:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                for user, text in (("ann", "I have HIV and take Biktarvy"), ("bob", "Je prends du Biktarvy")):
                    assert http.post("/v1/turns", json={"user": user, "message": text}).status_code == 200
                    assert http.post("/v1/context", json={"user": user, "message": "my medicine?"}).status_code == 200
                assert any("Biktarvy" in t for t in _held_texts(mem))
                http.post("/v1/turns", json={"user": "ann", "message": "Please forget everything about me."})
                assert not any("HIV" in t for t in _held_texts(mem)), _held_texts(mem)
                bob = http.get("/v1/users/api/bob/memories").json()["memories"][0]["id"]
                assert http.delete(f"/v1/users/api/bob/memories/{bob}").status_code in (200, 204)
                assert not any("Biktarvy" in t for t in _held_texts(mem)), _held_texts(mem)
                http.post("/v1/turns", json={"user": "wei", "message": "我在吃Biktarvy"})
                http.post("/v1/context", json={"user": "wei", "message": "我吃什么药？"})
                assert http.delete("/v1/users/api/wei").status_code in (200, 204)
                assert not any("Biktarvy" in t for t in _held_texts(mem)), _held_texts(mem)


def test_a_copied_run_is_read_once_per_pair():
    """``swapped_word`` re-read a run of matching tokens from every pair inside it: a model's
    note copying a message of one repeated name (495 tokens, under ``MAX_PAIRS``) cost 7.6 s of
    a reflection worker's CPU; the pairs now cost one match each (0.26 s). A bound against a
    stall, not a speed target."""
    from souvenir.write.swapped import swapped_word

    for text in (" ".join(["Nike"] * 495), " ".join(["耐克"] * 495), "mid-January " * 340):
        started = time.process_time()
        assert swapped_word(text, text) is None
        assert time.process_time() - started < 2.0, text[:20]
