"""What a new user met in session 22 (lane newuser7), over the real parts.

- A hosted OpenAI-compatible API whose base does not end in ``/v1`` (Gemini's
  ``…/v1beta/openai``, Ark's ``…/api/v3``): the proxy, the reflection and ``souvenir doctor``
  call ``{base}/chat/completions`` and ``{base}/models`` as the OpenAI SDK does with a
  ``base_url``; a server root still gets ``/v1``. A loopback server mounted at such a base
  answers 404 anywhere else.
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

from souvenir.api.app import create_app
from souvenir.cli.main import app as cli
from souvenir.library import Souvenir
from souvenir.urls import openai_api_base
from tests.servers import UvicornThread, free_port

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
