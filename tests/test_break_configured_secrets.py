"""Adversarial: a password in an embedder's or chat model's address, or carried by a bot command, is kept nowhere."""

from __future__ import annotations

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.ground.errors import SouvenirError
from tests.servers import ChatServer, EmbeddingServer, UvicornThread

PASSWORD = "pwSECRETPW"


def test_a_password_in_the_embedders_address_never_reaches_a_turns_answer(tmp_path):
    """SOUVENIR_EMBEDDER_URL=http://alice:PASSWORD@host: a failed query embedding made the
    turn's ``degraded_cause`` (sent to any caller, a tenant's key included, and kept in the
    events) name the address with its password."""
    with EmbeddingServer() as embedder:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'p.db'}",
            embedder="openai",
            embedder_url=embedder.url.replace("http://", f"http://alice:{PASSWORD}@"),
            embedder_model="stub",
            window_embedder="none",
            _env_file=None,
        )
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "u", "I live in Ipoh")
            embedder.mode = "500"
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.post(
                    f"{server.url}/v1/context", json={"user": "u", "message": "where do I live?"}, timeout=30
                )
            assert r.status_code == 200 and r.json()["degraded"]
            assert PASSWORD not in r.text and "alice" not in r.text, r.json()["degraded_cause"]
            rt.engine.flush()
            events = rt.store.export_user(rt.store.find_user("api", "u"))["events"]
            assert any(e["kind"] == "degraded_turn" for e in events) and PASSWORD not in str(events)
        finally:
            rt.close()


def test_a_password_in_the_chat_models_address_never_reaches_its_errors(tmp_path):
    """The chat model's failures (kept in parked jobs, shown by the diagnostics) named its
    address with the password."""
    with ChatServer() as chat:
        chat.reflection_mode = "500"
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'm.db'}",
            embedder="none",
            window_embedder="none",
            llm_base_url=chat.url.replace("http://", f"http://alice:{PASSWORD}@"),
            llm_model="m",
            _env_file=None,
        )
        rt = open_runtime(settings)
        try:
            with pytest.raises(SouvenirError) as failed:
                rt.engine.chat.complete([{"role": "user", "content": "hi"}], schema={"type": "object"})
            assert PASSWORD not in str(failed.value) and "alice" not in str(failed.value)
        finally:
            rt.close()


@pytest.mark.parametrize("command", ["/password hunter2pass", "/login bob hunter2pass", "/2fa 492183"])
def test_a_command_that_carries_a_secret_keeps_it_nowhere(tmp_path, command):
    """A command is now answered ``dropped`` with an event that quotes it (session 7): a
    secret the redactor did not see in a command ("/password hunter2pass": a plain word
    after the password word) went to the turn, to the answer and to the write log."""
    secret = command.split()[-1]
    with UvicornThread(
        create_app(
            Settings(
                database_url=f"sqlite:///{tmp_path / 'k.db'}", embedder="none", window_embedder="none", _env_file=None
            )
        )
    ) as server:
        r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": command}, timeout=30)
        assert r.status_code in (200, 201) and r.json()["memory"]["action"] == "dropped", r.text
        assert secret not in r.text
        exported = httpx.get(f"{server.url}/v1/users/api/u/export", timeout=30)
        assert exported.status_code == 200 and secret not in exported.text
        assert "[redacted]" in exported.text
