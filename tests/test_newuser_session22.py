"""What a new user met in session 22 (lane newuser7), over the real parts.

- A hosted OpenAI-compatible API whose base does not end in ``/v1`` (Gemini's
  ``…/v1beta/openai``, Ark's ``…/api/v3``): the proxy, the reflection and ``souvenir doctor``
  call ``{base}/chat/completions`` and ``{base}/models`` as the OpenAI SDK does with a
  ``base_url``; a server root still gets ``/v1``. A loopback server mounted at such a base
  answers 404 anywhere else.
- ``souvenir keys list`` cut names and its ``created`` time in 80 columns or a pipe.
- A chat front-end that can send neither ``user`` nor a header got no memory:
  ``SOUVENIR_DEFAULT_USER`` names the one person of the keyless loopback mode, and is not
  used once an API key exists (a key may serve several people: never two people's memories
  under one id).
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from pydantic import ValidationError

from souvenir.api.app import create_app
from souvenir.cli.main import app as cli
from souvenir.cli.serving import _serve_banner
from souvenir.ground.config import Settings
from souvenir.library import Souvenir
from souvenir.ground.urls import openai_api_base
from tests.servers import ChatServer, UvicornThread, free_port

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}


class MountedChat:
    """An OpenAI-compatible chat server answering under ``mount`` only (``/v1beta/openai``):
    ``GET {mount}/models``, ``POST {mount}/chat/completions`` (a reflection, asked with
    ``response_format``, gets no memory); 404 for any other path. ``seen`` lists every
    ``(method, path)`` asked."""

    def __init__(self, mount: str) -> None:
        self.mount = mount
        self.seen: list[tuple[str, str]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def _send(self, status: int, payload: dict) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:  # noqa: N802
                outer.seen.append(("GET", self.path))
                if self.path != f"{outer.mount}/models":
                    return self._send(404, {"error": {"message": f"no route {self.path}"}})
                self._send(200, {"object": "list", "data": [{"id": "gemini-x", "object": "model"}]})

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                outer.seen.append(("POST", self.path))
                if self.path != f"{outer.mount}/chat/completions":
                    return self._send(404, {"error": {"message": f"no route {self.path}"}})
                text = '{"memories": []}' if body.get("response_format") else "Noted!"
                message = {"role": "assistant", "content": text}
                self._send(
                    200,
                    {
                        "id": "x",
                        "object": "chat.completion",
                        "model": "gemini-x",
                        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    },
                )

        self.httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.httpd.daemon_threads = True
        self.root = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def __enter__(self) -> MountedChat:
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.mark.parametrize(
    ("given", "base"),
    [
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080/v1"),  # llama-server, vLLM at their root
        ("http://127.0.0.1:8080/", "http://127.0.0.1:8080/v1"),
        ("http://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/v1"),
        ("http://gpu.lan/llama", "http://gpu.lan/llama/v1"),  # a reverse proxy's sub-path: a root
        (
            "https://generativelanguage.googleapis.com/v1beta/openai/",
            "https://generativelanguage.googleapis.com/v1beta/openai",
        ),
        ("https://ark.cn-beijing.volces.com/api/v3", "https://ark.cn-beijing.volces.com/api/v3"),
        ("https://open.bigmodel.cn/api/paas/v4/", "https://open.bigmodel.cn/api/paas/v4"),
        ("https://openrouter.ai/api/v1", "https://openrouter.ai/api/v1"),
    ],
)
def test_the_base_is_the_sdks(given, base):
    assert openai_api_base(given) == base


@pytest.mark.parametrize("mount", ["/v1beta/openai", "/api/v3", "/v1"])
def test_the_proxy_and_the_reflection_call_the_base_as_the_sdk_does(tmp_path, mount):
    """The proxy's reply, ``GET /v1/models`` and the reflection of the exchange all reach the
    server mounted at ``mount``; for ``/v1`` the URL is given as the server's root."""
    with MountedChat(mount) as model:
        given = model.root if mount == "/v1" else model.root + mount + "/"
        with Souvenir.open(tmp_path / "m.db", llm_base_url=given, llm_model="gemini-x", **OPEN) as memory:
            with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
                body = {"model": "gemini-x", "user": "ann", "messages": [{"role": "user", "content": "I live in Ipoh"}]}
                answer = httpx.post(f"{server.url}/v1/chat/completions", json=body, timeout=60)
                assert answer.status_code == 200, answer.text
                assert answer.json()["choices"][0]["message"]["content"] == "Noted!"
                listed = httpx.get(f"{server.url}/v1/models", timeout=30)
                assert listed.status_code == 200 and listed.json()["data"][0]["id"] == "gemini-x"
                deadline = time.monotonic() + 90  # the exchange's reflection, off the reply's path
                while model.seen.count(("POST", f"{mount}/chat/completions")) < 2 and time.monotonic() < deadline:
                    time.sleep(0.2)
    assert ("GET", f"{mount}/models") in model.seen
    assert model.seen.count(("POST", f"{mount}/chat/completions")) >= 2, model.seen  # the reply and the reflection
    assert all(path.startswith(mount + "/") for _, path in model.seen), model.seen  # never a 404


def test_doctor_asks_the_base_as_the_sdk_does(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    with MountedChat("/v1beta/openai") as model:
        env = {
            "SOUVENIR_LLM_BASE_URL": model.root + "/v1beta/openai",
            "SOUVENIR_LLM_MODEL": "gemini-x",
            "SOUVENIR_EMBEDDER": "none",
            "SOUVENIR_WINDOW_EMBEDDER": "none",
        }
        result = runner.invoke(cli, ["--db", str(tmp_path / "d.db"), "doctor"], env=env)
    lines = {line.split()[1]: line for line in result.output.splitlines() if line.startswith(("ok", "warn", "fail"))}
    chat = [line for line in result.output.splitlines() if "chat" in line]
    assert any(
        line.startswith("ok") and "/v1beta/openai/models" in line and "lists gemini-x" in line for line in chat
    ), result.output
    assert any(line.startswith("ok") and "/v1beta/openai/chat/completions" in line for line in chat), result.output
    assert lines and ("GET", "/v1beta/openai/models") in model.seen


def test_keys_list_cuts_nothing_in_80_columns_or_a_pipe(tmp_path):
    """``souvenir keys list`` printed a table that cut names and the ``created`` time to
    "2026-12-07T09…" in 80 columns and in a pipe; now each key is one line, columns padded."""
    db = tmp_path / "k.db"
    names = ["whatsapp-frontend-of-the-shop", "客服机器人", "bot-pelanggan-malaysia", "compagnon-de-léa"]
    with Souvenir.open(db, **OPEN) as memory:
        made = [memory.create_key(names[0], admin=True)[1]]
        made += [memory.create_key(n, channels=["wechat", "whatsapp"])[1] for n in names[1:]]
        memory.revoke_key(names[3])
        rows = {k.name: k for k in memory.keys()}
    runner = CliRunner()
    for env in ({"COLUMNS": "80"}, {"COLUMNS": "40"}, {}):
        result = runner.invoke(cli, ["--db", str(db), "keys", "list"], env=env)
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert lines[0].split() == ["id", "name", "starts", "reaches", "created", "revoked"]
        assert len(lines) == 1 + len(names)
        for line, name in zip(lines[1:], names):
            row = rows[name]
            cells = line.split()
            assert cells[:5] == [
                str(row.id),
                name,
                row.prefix + "…",
                "admin" if row.admin else "wechat,whatsapp",
                row.created_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            ], line
            assert (cells[5:] != []) == (row.revoked_at is not None), line
        starts = {cell_len(line[: line.index(cell)]) for line in lines for cell in line.split()[4:5]}
        assert len(starts) == 1, lines  # the created column lines up, a Chinese name counted as 2 cells each
    assert made


#: A laptop's one person and what they tell a front-end that sends no `user`, per language.
ONE_PERSON = [
    ("me", "I adopted a cat called Kopi", "What is my cat called?"),
    ("moi", "J'habite à Lyon depuis 2019", "Où est-ce que j'habite ?"),
    ("我", "我对花生过敏", "我对什么过敏？"),
    ("saya", "Saya tinggal di Ipoh", "Saya tinggal di mana?"),
]


def _ask(url: str, text: str, headers: dict | None = None, **extra) -> httpx.Response:
    body = {"model": "m", "messages": [{"role": "user", "content": text}], **extra}
    return httpx.post(f"{url}/v1/chat/completions", json=body, headers=headers or {}, timeout=60)


def _until(test, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not test() and time.monotonic() < deadline:
        time.sleep(0.1)


@pytest.mark.parametrize(("who", "said", "asked"), ONE_PERSON)
def test_a_front_end_naming_no_user_is_the_default_user_in_the_keyless_mode(tmp_path, who, said, asked):
    """SOUVENIR_DEFAULT_USER: a request naming no user is that user's while no API key exists
    (recorded, and its memory in the next request's block); one naming a user stays theirs."""
    with (
        ChatServer() as chat,
        Souvenir.open(tmp_path / "d.db", llm_base_url=chat.url, llm_model="m", default_user=who, **OPEN) as memory,
    ):
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            assert _ask(server.url, said).status_code == 200
            _until(lambda: bool(memory.memories(who).memories))
            assert [m.text for m in memory.memories(who).memories] == [said]
            assert _ask(server.url, asked).status_code == 200
            sent = [r for r in list(chat.requests) if r["messages"][-1].get("content") == asked]
            assert said in sent[-1]["messages"][0]["content"]  # the block the model read (not a reflection's)
            assert _ask(server.url, "I live in Oslo", user="bob").status_code == 200  # a named user is theirs
            _until(lambda: bool(memory.memories("bob").memories))
            assert "I live in Oslo" not in [m.text for m in memory.memories(who).memories]
            assert server_counter(server.url, "proxy_default_user") == 2.0
            assert server_counter(server.url, "proxy_no_user") == 0.0


def server_counter(url: str, event: str, headers: dict | None = None) -> float:
    text = httpx.get(f"{url}/metrics", headers=headers or {}, timeout=30).text
    line = next(line for line in text.splitlines() if f'event="{event}"' in line and not line.startswith("#"))
    return float(line.rsplit(" ", 1)[1])


def test_the_default_user_is_not_used_once_a_key_exists(tmp_path, caplog):
    """With API keys a key may serve several people: a request naming no user is forwarded
    without memory, nothing recorded, and the warning says why."""
    with (
        ChatServer() as chat,
        Souvenir.open(tmp_path / "k.db", llm_base_url=chat.url, llm_model="m", default_user="me", **OPEN) as memory,
    ):
        key = memory.create_key("front", admin=True)[0]
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            with caplog.at_level("WARNING", logger="souvenir.api.proxy"):
                answer = _ask(server.url, "I adopted a cat called Kopi", {"Authorization": f"Bearer {key}"})
            assert answer.status_code == 200
            assert "User memory" not in str(chat.requests)  # the only request: the reply's, no block
            admin = {"Authorization": f"Bearer {key}"}
            assert server_counter(server.url, "proxy_no_user", admin) == 1.0
            assert server_counter(server.url, "proxy_default_user", admin) == 0.0
        assert memory.users().users == []
    assert "SOUVENIR_DEFAULT_USER is not used once an API key exists" in caplog.text


def test_no_default_user_unless_set_and_a_bad_one_is_refused(tmp_path, caplog):
    with ChatServer() as chat, Souvenir.open(tmp_path / "n.db", llm_base_url=chat.url, llm_model="m", **OPEN) as memory:
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            with caplog.at_level("WARNING", logger="souvenir.api.proxy"):
                assert _ask(server.url, "我对花生过敏").status_code == 200
        assert memory.users().users == []
    assert "SOUVENIR_DEFAULT_USER" in caplog.text  # the warning names the way for a one-person front-end
    for bad in ("a/b", " ", "x\ny"):
        with pytest.raises(ValidationError, match="SOUVENIR_DEFAULT_USER"):
            Settings(default_user=bad)


def test_the_start_line_says_whose_a_request_naming_no_user_is():
    settings = Settings(llm_base_url="http://127.0.0.1:9", llm_model="m", default_user="léa")
    assert "naming no user goes to user 'léa'" in _serve_banner(settings, "127.0.0.1", 8765, keyed=False)
    keyed = _serve_banner(settings, "127.0.0.1", 8765, keyed=True)
    assert "'léa' is not used: API keys are in force" in keyed and "naming no user goes" not in keyed
    assert "DEFAULT_USER" not in _serve_banner(Settings(llm_base_url="http://127.0.0.1:9"), "127.0.0.1", 1, keyed=False)


def test_the_cli_help_loads_no_library_and_python_m_runs_it():
    """``souvenir --help`` imported the whole library (store, engine, every lexical rule:
    2.6–3.3 s at load 10); the library is now imported by the commands that open it. No speed
    target: what is imported is checked. ``python -m souvenir`` is the ``souvenir`` command."""
    import subprocess
    import sys

    probe = (
        "import sys, souvenir.cli.main\n"
        "heavy = [m for m in ('souvenir.library', 'souvenir.engine', 'souvenir.store', 'souvenir.privacy',"
        " 'souvenir.lexical', 'souvenir.replay', 'numpy') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr
    shown = subprocess.run([sys.executable, "-m", "souvenir", "--help"], capture_output=True, text=True, timeout=120)
    assert shown.returncode == 0 and "Usage: souvenir" in shown.stdout and "keys" in shown.stdout, shown.stderr


def test_doctor_says_whose_a_request_naming_no_user_is(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    env = {"SOUVENIR_DEFAULT_USER": "我", "SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none"}
    db = str(tmp_path / "a.db")
    result = runner.invoke(cli, ["--db", db, "doctor"], env=env)
    access = next(line for line in result.output.splitlines() if line.split()[1:2] == ["access"])
    assert access.startswith("ok") and "naming no user goes to user '我'" in access, result.output
    with Souvenir.open(db, **OPEN) as memory:
        memory.create_key("bot", admin=True)
    result = runner.invoke(cli, ["--db", db, "doctor"], env=env)
    access = next(line for line in result.output.splitlines() if line.split()[1:2] == ["access"])
    assert access.startswith("warn") and "'我' is not used with keys" in access, result.output


def test_a_streamed_request_naming_no_user_goes_to_the_default_user_too(tmp_path):
    with (
        ChatServer() as chat,
        Souvenir.open(tmp_path / "s.db", llm_base_url=chat.url, llm_model="m", default_user="saya", **OPEN) as memory,
    ):
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            answer = _ask(server.url, "Saya tinggal di Ipoh", stream=True)
            assert answer.status_code == 200 and "data:" in answer.text
            _until(lambda: bool(memory.memories("saya").memories))
            assert [m.text for m in memory.memories("saya").memories] == ["Saya tinggal di Ipoh"]
