"""Adversarial (session 11, second wave): a model's job that read a user's data before a
forgetting, applied after it.

The profile summary job reads the old summary and the last queries, asks the model (seconds
on a local model), then writes the new summary. Forgetting a memory while the model thinks
clears the summary whole and marks the user in ``erasures`` — but the job, still its
claim's, wrote a summary built from what was read before: the forgotten fact was back in
the user's profile. A model on loopback speaking OpenAI's protocol, a real SQLite file, real
HTTP."""

from __future__ import annotations


import httpx

from souvenir.api.app import create_app
from tests.attack_support import dump_sqlite, stub_model_settings, wait_until
from tests.servers import ChatServer, UvicornThread


def _erased_meanwhile(url: str) -> int:
    for line in httpx.get(f"{url}/metrics", timeout=30).text.splitlines():
        if line.startswith('souvenir_replica_events_total{event="erased_meanwhile"}'):
            return int(float(line.split()[-1]))
    return -1


def test_a_summary_read_before_a_forgetting_is_not_written_after_it(tmp_path):
    db = tmp_path / "j.db"
    with ChatServer() as upstream:
        upstream.summary_mode, upstream.delay_s = "slow", 3.0
        upstream.summary_answer = "The customer is allergic to latex and works at a clinic."
        settings = stub_model_settings(f"sqlite:///{db}", upstream.url, summary_enabled=True)
        with UvicornThread(create_app(settings)) as server:
            base = f"{server.url}/v1/users/api/ann"
            memory = httpx.post(f"{base}/memories", json={"text": "Allergic to latex"}, timeout=30).json()["id"]
            r = httpx.post(
                f"{server.url}/v1/turns", json={"user": "ann", "message": "Long day at the clinic today."}, timeout=30
            )
            assert r.is_success, r.text
            assert wait_until(lambda: upstream.summary_calls >= 1, 30), "no summary was asked"
            assert httpx.delete(f"{base}/memories/{memory}", timeout=30).status_code == 200
            # the model answered; the job, read before the erasure, is not applied: it runs again
            assert wait_until(lambda: _erased_meanwhile(server.url) == 1, 30), "the summary was written"
            upstream.summary_answer = "The customer works at a clinic."  # given no summary now
            assert wait_until(lambda: upstream.summary_calls >= 2, 30), "the summary was not asked again"
            assert wait_until(lambda: "works at a clinic" in httpx.get(f"{base}/export", timeout=30).text, 30)
            export = httpx.get(f"{base}/export", timeout=30).text
            assert "latex" not in export.lower(), export[max(0, export.lower().find("latex") - 200) :][:300]
    assert "latex" not in dump_sqlite(db).lower()
