"""docs/proxy.md's "Trying it without a model": ``examples/fake_model.py`` as a process on
loopback, Souvenir's proxy in front of it, the exchange recorded and the next request
carrying it in the system prompt; ``souvenir chat`` on it. Real HTTP, a real SQLite file."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from souvenir.api.app import create_app
from souvenir.cli.main import app
from souvenir.ground.config import Settings
from tests.servers import UvicornThread, free_port

REPO = Path(__file__).resolve().parent.parent


@contextmanager
def _fake_model(*flags: str) -> Iterator[str]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(REPO / "examples" / "fake_model.py"), "--port", str(port), *flags], stdout=subprocess.PIPE
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                httpx.get(f"{url}/v1/models", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture()
def fake_model():
    with _fake_model() as url:
        yield url


def test_the_proxy_in_front_of_the_fake_model(tmp_path, fake_model):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'p.db'}",
        embedder="none",
        window_embedder="none",
        llm_base_url=fake_model,
        llm_model="fake",
        summary_enabled=False,
        _env_file=None,
    )
    chat = {"model": "fake", "user": "ann", "messages": [{"role": "user", "content": "Saya tinggal di Ipoh"}]}
    with UvicornThread(create_app(settings)) as server:
        first = httpx.post(f"{server.url}/v1/chat/completions", json=chat, timeout=30)
        assert first.status_code == 200, first.text
        assert first.json()["choices"][0]["message"]["content"] == "(fake model) you said: Saya tinggal di Ipoh"
        assert httpx.get(f"{server.url}/v1/models").json()["data"][0]["id"] == "fake"
        kept: list[str] = []
        for _ in range(100):  # the reflection runs after the reply; the fake proposes nothing
            kept = [m["text"] for m in httpx.get(f"{server.url}/v1/users/api/ann/memories").json()["memories"]]
            if kept:
                break
            time.sleep(0.1)
        assert kept == ["Saya tinggal di Ipoh"]  # never worse than no model: kept as an episode
        chat["messages"] = [{"role": "user", "content": "Di mana saya tinggal?"}]
        chat["stream"] = True
        streamed = httpx.post(f"{server.url}/v1/chat/completions", json=chat, timeout=30)
        assert streamed.status_code == 200 and "(fake model) you said: Di mana" in streamed.text
        assert "[DONE]" in streamed.text


def test_souvenir_chat_on_the_fake_model(tmp_path, fake_model):
    env = {"SOUVENIR_LLM_BASE_URL": fake_model, "SOUVENIR_LLM_MODEL": "fake", "SOUVENIR_SUMMARY_ENABLED": "false"}
    db = str(tmp_path / "c.db")
    args = ["--db", db, "--embedder", "none", "chat", "--user", "ann"]
    first = CliRunner().invoke(app, args, input="J'habite à Lyon\n\n", env=env)
    assert first.exit_code == 0 and "bot> (fake model) you said: J'habite à Lyon" in first.output, first.output
    second = CliRunner().invoke(app, args, input="Où est-ce que j'habite ?\n\n", env=env)
    assert "J'habite à Lyon" in second.output.split("bot>", 1)[1], second.output


def test_show_system_lets_an_integrator_read_the_memory_block(tmp_path):
    """``--show-system`` (session 17, lane newuser2): the answer ends with the system prompt the
    proxy sent, so the block the model reads is seen without a real model — in the user's
    language: a Malay customer's memory under the block's Malay headers."""
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 's.db'}",
        embedder="none",
        window_embedder="none",
        summary_enabled=False,
        _env_file=None,
    )
    with (
        _fake_model("--show-system") as url,
        UvicornThread(create_app(settings.model_copy(update={"llm_base_url": url, "llm_model": "fake"}))) as server,
    ):
        chat = {
            "model": "fake",
            "user": "siti",
            "messages": [{"role": "user", "content": "Pesanan saya A123 belum sampai"}],
        }
        first = httpx.post(f"{server.url}/v1/chat/completions", json=chat, timeout=30)
        assert first.status_code == 200, first.text
        assert "\n[system] " in first.json()["choices"][0]["message"]["content"]
        for _ in range(100):  # the exchange is recorded after the reply
            if httpx.get(f"{server.url}/v1/users/api/siti/memories").json()["memories"]:
                break
            time.sleep(0.1)
        chat["messages"] = [{"role": "user", "content": "Bila pesanan saya sampai?"}]
        second = httpx.post(f"{server.url}/v1/chat/completions", json=chat, timeout=30).json()
        system = second["choices"][0]["message"]["content"].split("\n[system] ", 1)[1]
        assert "Pesanan saya A123 belum sampai" in system, system
        assert system.startswith("Memori pengguna:"), system  # the Malay block
