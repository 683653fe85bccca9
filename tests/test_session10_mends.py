"""Mends of session 10 from the new-user and attacker lanes' reports: a language's name is
refused where a code is expected, and a forgotten memory cannot be pinned."""

from __future__ import annotations

import httpx
import pytest

from souvenir import Souvenir
from souvenir.ground.errors import InputError
from tests.servers import UvicornThread


def test_a_language_name_is_refused_with_the_codes(tmp_path):
    with Souvenir.open(tmp_path / "l.db", embedder="none", window_embedder="none", background=False) as memory:
        with pytest.raises(InputError, match="language code such as en, fr"):
            memory.add_turn("ann", "Je suis allergique aux arachides", language="french")
        assert memory.add_turn("ann", "Je suis allergique aux arachides", language="fr-FR").turn_id
        assert memory.profile("ann")["lang"] == "fr"


def test_a_language_name_gets_422_on_turns(tmp_path):
    from souvenir.api.app import create_app
    from souvenir.library import settings_for

    app = create_app(settings_for(tmp_path / "r.db", embedder="none", window_embedder="none"))
    with UvicornThread(app) as server:
        base = server.url
        body = {"user": "ann", "message": "Saya alah kacang", "language": "malay"}
        answer = httpx.post(f"{base}/v1/turns", json=body, timeout=30)
        assert answer.status_code == 422 and "language code" in answer.text
        assert httpx.post(f"{base}/v1/turns", json=body | {"language": "ms"}, timeout=30).status_code in (200, 201)


def test_a_forgotten_memory_cannot_be_pinned(tmp_path):
    with Souvenir.open(tmp_path / "p.db", embedder="none", window_embedder="none", background=False) as memory:
        written = memory.remember("ann", "Allergic to peanuts")
        memory.forget("ann", written.id)
        with pytest.raises(InputError, match="only an active memory can be pinned"):
            memory.pin("ann", written.id)
        assert memory.pin("ann", written.id, False).pinned is False  # unpinning stays possible


def test_drain_waits_for_a_job_put_back_for_its_retry(tmp_path):
    """``drain`` returned as soon as no job was due *that instant*: a reflection put back for
    its retry (or one that gave way to a live reply, due again within a second), or waiting
    for its model's breaker, was left pending, and ``souvenir chat`` exited with every job
    pending one session in three."""
    import json
    import threading
    import time

    from tests.servers import ChatServer

    fact = json.dumps({"memories": [{"text": "Lives in Ipoh", "kind": "fact", "scope": "global", "confidence": 0.9}]})
    with ChatServer(reflection_answer=fact) as upstream:
        upstream.reflection_mode = "500"

        def heal() -> None:  # the model answers again once it has failed one reflection
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline and not any("response_format" in r for r in upstream.requests):
                time.sleep(0.02)
            upstream.reflection_mode = "ok"

        with Souvenir.open(
            tmp_path / "d.db",
            embedder="none",
            window_embedder="none",
            background=False,
            llm_base_url=upstream.url,
            llm_model="stub",
            reflection_backoff_s=0.2,
            llm_breaker_cooldown_s=0.5,
        ) as memory:
            threading.Thread(target=heal, daemon=True).start()
            memory.add_turn("ann", "I live in Ipoh", reply="Nice!")
            assert memory.drain(timeout_s=30) is True
            assert "Lives in Ipoh" in [m.text for m in memory.memories("ann").memories]
            assert not [j for j in memory.jobs().jobs if j.status in ("pending", "running")]
