"""Adversarial: the public /health never shows an upstream's answer, address or a refused format's details (real SQLite files, real HTTP on loopback)."""

from __future__ import annotations

import json

import httpx

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.ground.errors import SouvenirError
from tests.servers import ChatServer, UvicornThread

KEY = "sk-live-SECRETKEY1234567890"


PASSWORD = "pwSECRETPW"


def _health_after_refusals(tmp_path, accepts: set[str], status: int) -> str:
    with ChatServer() as chat:
        chat.accepts = accepts
        chat.refusal_status = status
        chat.refusal_body = ('{"error": {"message": "Incorrect API key provided: ' + KEY + '"}}').encode()
        url = chat.url.replace("http://", f"http://alice:{PASSWORD}@")
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'h.db'}",
            embedder="none",
            window_embedder="none",
            llm_base_url=url,
            llm_model="m",
            llm_api_key=KEY,
            _env_file=None,
        )
        rt = open_runtime(settings)
        try:
            try:
                rt.engine.chat.complete([{"role": "user", "content": "hi"}], schema={"type": "object"})
            except SouvenirError:
                pass
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.get(f"{server.url}/health", timeout=30)
                assert r.status_code == 200
                return r.text
        finally:
            rt.close()


def test_the_public_health_never_shows_the_upstreams_answer_nor_its_address(tmp_path):
    """A chat server that refuses the key in every format (401) and echoes it in its answer,
    at an address with a password: /health (public, no key needed) showed the
    configuration error with both (``config_error`` and the ``chat`` cause). It says the
    status only; the log keeps the rest."""
    body = _health_after_refusals(tmp_path, set(), 401)
    assert "configuration error" in body and "HTTP 401" in body
    assert KEY not in body and PASSWORD not in body and "alice" not in body


def test_a_refusal_by_format_on_the_public_health_says_its_status_only(tmp_path):
    """The same answer (400, the key echoed) to every format: a configuration error whose
    status /health names, without the answer."""
    body = _health_after_refusals(tmp_path, {"plain"}, 400)
    state = json.loads(body)["chat"]["m"]
    assert "HTTP 400" in state["config_error"]
    assert all(cause.startswith("HTTP ") for cause in state["refused"].values())
    assert KEY not in body and PASSWORD not in body


def test_once_keys_exist_the_public_health_says_status_only(tmp_path):
    """Session 11's attacker lane: the public /health named the configured models, the
    store's rough size (``read_warm_up.memories``) and the causes to anyone who could reach
    it. Once keys exist, a caller without an admin key gets status, live and ready; an
    admin key gets the whole body; keyless (loopback only) stays whole."""
    from souvenir.library import Souvenir

    with Souvenir.open(tmp_path / "k.db", embedder="none", window_embedder="none", background=False) as memory:
        memory.remember("ann", "J'habite à Lyon")
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            keyless = httpx.get(f"{server.url}/health", timeout=30).json()
            assert "read_warm_up" in keyless and "embedder" in keyless
        admin = memory.create_key("ops", admin=True)[0]
        shop = memory.create_key("shop", channels=["shop"])[0]
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            for path in ("/health", "/health/ready"):
                for key in (None, shop, "sk-not-a-key", admin):
                    headers = {"Authorization": f"Bearer {key}"} if key else {}
                    r = httpx.get(f"{server.url}{path}", headers=headers, timeout=30)
                    assert r.status_code == 200, (path, key)
                    body = r.json()
                    if key == admin:
                        assert "read_warm_up" in body and "chat" in body, path
                    else:
                        assert set(body) == {"status", "live", "ready"}, (path, key, body)
