"""What a new user met in session 21 (lane newuser6), over the real parts: a channel key that
names another tenant's channel is told to use another key, not to "name the channel" it just
named; a key sent with no channel still is (REST and the proxy, one customer a language: en,
fr, zh, ms). docs/mcp.md's Python client runs as written. examples/fake_model.py answers the
profile summariser, so `summary` fills in the customer's language."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.keys import Principal
from souvenir.api.scopes import reach
from souvenir.ground.config import Settings
from souvenir.ground.errors import AccessDeniedError
from souvenir.library import Souvenir
from tests.servers import ChatServer, UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}
#: A customer of each language, by their channel's external id.
CUSTOMERS = [
    ("+447700900123", "Where is my order ORD-5521?"),
    ("lea@example.fr", "Où en est ma commande ORD-5521 ?"),
    ("tg:88123", "我的订单 ORD-5521 到哪里了？"),
    ("60123456789@s.whatsapp.net", "Pesanan saya ORD-5521 dah sampai mana?"),
]


def test_the_hint_fits_whether_the_channel_was_named():
    whatsapp = Principal("wa", channels=frozenset({"whatsapp"}))
    with pytest.raises(AccessDeniedError) as named:
        reach(whatsapp, "telegram")
    assert "does not reach channel 'telegram', only 'whatsapp'" in str(named.value)
    assert "--channel telegram" in str(named.value) and "admin key" in str(named.value)
    assert "name the channel" not in str(named.value)
    with pytest.raises(AccessDeniedError) as unnamed:
        reach(whatsapp, "api")
    assert "name the channel" in str(unnamed.value) and "X-Souvenir-Channel" in str(unnamed.value)
    reach(whatsapp, "whatsapp")  # its own: no refusal
    with pytest.raises(AccessDeniedError) as cased:
        reach(whatsapp, "WhatsApp")
    assert "case-sensitive" in str(cased.value) and "keys create" not in str(cased.value)


@pytest.mark.parametrize(("user", "message"), CUSTOMERS)
def test_another_tenants_channel_is_refused_with_the_way_out_on_rest_and_the_proxy(tmp_path, user, message):
    with ChatServer() as chat, Souvenir.open(tmp_path / "t.db", llm_base_url=chat.url, llm_model="m", **OPEN) as memory:
        key = memory.create_key("wa", channels=["whatsapp"])[0]
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            headers = {"Authorization": f"Bearer {key}"}
            body = {"channel": "telegram", "user": user, "message": message, "reply": "ok"}
            refused = httpx.post(f"{server.url}/v1/turns", json=body, headers=headers, timeout=30)
            assert refused.status_code == 403
            detail = refused.json()["detail"]
            assert "only 'whatsapp'" in detail and "--channel telegram" in detail, detail
            assert "name the channel" not in detail
            listed = httpx.get(f"{server.url}/v1/users/telegram", headers=headers, timeout=30)
            assert listed.status_code == 403 and "--channel telegram" in listed.json()["detail"]
            proxied = httpx.post(
                f"{server.url}/v1/chat/completions",
                json={"model": "m", "user": user, "messages": [{"role": "user", "content": message}]},
                headers=headers | {"X-Souvenir-Channel": "telegram"},
                timeout=30,
            )
            assert proxied.status_code == 403 and "--channel telegram" in proxied.json()["error"]["message"]
            assert chat.requests == []  # refused before the model was asked
            taken = httpx.post(
                f"{server.url}/v1/turns", json=body | {"channel": "whatsapp"}, headers=headers, timeout=30
            )
            assert taken.status_code == 200, taken.text
            assert memory.users(channel="telegram").users == []


MCP_DOC = Path(__file__).resolve().parent.parent / "docs" / "mcp.md"


def test_mcp_docs_python_client_runs_as_written(tmp_path):
    """docs/mcp.md's Python client block, the path to the command replaced: a memory written
    over stdio, its context block, an error result named in a sentence; the store is the
    ``--db`` file in the program's directory, whatever SOUVENIR_DATABASE_URL says outside."""
    section = MCP_DOC.read_text(encoding="utf-8").split("\n### A Python program", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    command = str(Path(sys.executable).parent / "souvenir")
    assert "/path/to/souvenir/.venv/bin/souvenir" in code
    code = code.replace("/path/to/souvenir/.venv/bin/souvenir", command)
    elsewhere = tmp_path / "elsewhere.db"
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "SOUVENIR_DATABASE_URL": f"sqlite:///{elsewhere}",  # in the shell, not seen by the server
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "insert 1", done.stdout
    assert any("I am allergic to peanuts" in line for line in lines), done.stdout
    assert lines[-1] == "True no memory 999 for user api:me", done.stdout
    assert (tmp_path / "memories.db").is_file() and not elsewhere.exists()


#: (channel's language, the customer's message, what the stand-in's summary holds in that
#: language: one message, counted once though the summariser gets it as new and as recent).
SUMMARIES = [
    ("en", "Where is my order ORD-5521? It is late.", "a customer whose recent messages number 1"),
    ("fr", "Où en est ma commande CMD-4471 ? Elle est en retard.", "messages récents sont au nombre de 1"),
    ("zh", "我的订单 SO-99812 什么时候到？已经晚了。", "这位客户最近发了1条消息"),
    ("ms", "Pesanan saya ORD-7730 belum sampai lagi, dah lambat.", "pelanggan yang menghantar 1 mesej"),
]


@pytest.mark.parametrize(("language", "message", "expected"), SUMMARIES)
def test_the_fake_model_fills_the_profile_summary_in_the_customers_language(tmp_path, language, message, expected):
    """examples/fake_model.py answered the summariser with its reflection's JSON, which the
    profile check rejects: a team trying the customer-service path never saw `summary`. Its
    stand-in line is in the customer's language, names their order code and passes the check."""
    from tests.test_fake_model_example import _fake_model

    with _fake_model() as url:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'cs.db'}",
            embedder="none",
            window_embedder="none",
            llm_base_url=url,
            llm_model="fake",
            _env_file=None,
        )
        with UvicornThread(create_app(settings)) as server:
            body = {"channel": "whatsapp", "user": "+60123456789", "message": message, "language": language}
            assert httpx.post(f"{server.url}/v1/turns", json=body, timeout=30).status_code == 200
            profile: dict = {}
            for _ in range(300):
                profile = httpx.get(f"{server.url}/v1/users/whatsapp/+60123456789/profile", timeout=30).json()
                if "summary" in profile:
                    break
                time.sleep(0.1)
    assert profile.get("lang") == language
    assert expected in profile.get("summary", ""), profile
    code = re.search(r"[A-Z]{2,}-\d+", message).group(0)
    assert code in profile["summary"] and message[:12] not in profile["summary"]
