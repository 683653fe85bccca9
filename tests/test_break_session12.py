"""Attack lane, session 12: what session 12 added, attacked over real HTTP on loopback, real
SQLite files and small loopback servers speaking a model's protocol (our code unpatched).

- A forged page cursor past a 64-bit integer (or in other scripts' digits) is the caller's
  error (422 / :class:`InputError`), not a 500 from the store's integer conversion.
- A model server or embedder that answers one byte at a time (slowloris from the upstream
  side) is cut at the call's deadline: ``timeout_s`` is a deadline on the whole answer, not
  on each read (``souvenir.llm.chat``'s docstring), and a background worker or the
  embedder's model lock is not held for minutes.
"""

from __future__ import annotations

import base64
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.embedding.http import OpenAIEmbedder
from souvenir.errors import EmbedderError, InputError, ModelError
from souvenir.library import Souvenir
from souvenir.llm.chat import OpenAIChatClient
from tests.servers import UvicornThread, free_port

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}


def _cursor(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


#: Cursors this service never gave: past 64 bits (19 and 40 digits), Arabic-Indic digits,
#: full-width digits, a sign.
FORGED = [_cursor("after:" + "9" * 19), _cursor("after:" + "9" * 40), _cursor("after:١٢"), _cursor("after:１２")]


def test_a_forged_cursor_past_64_bits_is_the_callers_error(tmp_path):
    with Souvenir.open(tmp_path / "c.db", **OPEN) as memory:
        memory.remember("ann", "I live in Lyon", channel="shop")
        for cursor in FORGED:
            with pytest.raises(InputError):
                memory.users(channel="shop", cursor=cursor)
            with pytest.raises(InputError):
                memory.memories("ann", channel="shop", cursor=cursor)
        key = memory.create_key("shop", channels=["shop"])[0]
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
            for path in ("/v1/users/shop", "/v1/users/shop/ann/memories"):
                for cursor in FORGED:
                    answer = httpx.get(
                        server.url + path,
                        params={"cursor": cursor},
                        headers={"Authorization": f"Bearer {key}"},
                        timeout=30,
                    )
                    assert answer.status_code in (400, 422), (path, cursor, answer.text)


# -- an upstream that answers one byte at a time --------------------------------------------
#: Seconds between two bytes, and how many bytes: ~40 s for the whole answer.
DRIP_S, DRIP_BYTES = 0.1, 400
TIMEOUT_S = 1.5


@pytest.fixture(scope="module")
def dripping():
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers["Content-Length"]))
            stream = self.path.startswith("/sse")
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream" if stream else "application/json")
            self.send_header("Content-Length", str(DRIP_BYTES))
            self.end_headers()
            body = (b"data: " if stream else b"") + b" " * DRIP_BYTES
            try:
                for i in range(DRIP_BYTES):
                    self.wfile.write(body[i : i + 1])
                    self.wfile.flush()
                    time.sleep(DRIP_S)
            except OSError:  # the client hung up: what the deadline is for
                pass

    httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def _ends_by_its_deadline(call) -> None:
    started = time.monotonic()
    call()
    # the whole answer takes DRIP_S * DRIP_BYTES = 40 s; its deadline is 1.5 s
    assert time.monotonic() - started < DRIP_S * DRIP_BYTES / 4


@pytest.mark.parametrize("background", [False, True])
def test_a_model_answering_byte_by_byte_is_cut_at_its_deadline(dripping, background):
    client = OpenAIChatClient(dripping + ("/sse" if background else "/json"), "stub", timeout_s=TIMEOUT_S)

    def call() -> None:
        with pytest.raises(ModelError):
            client.ask([{"role": "user", "content": "hi"}], background=background)

    _ends_by_its_deadline(call)


def test_an_embedder_answering_byte_by_byte_is_cut_at_its_timeout(dripping):
    embedder = OpenAIEmbedder(dripping + "/json", "stub", timeout_s=TIMEOUT_S)

    def call() -> None:
        with pytest.raises(EmbedderError):
            embedder.encode(["hi"])

    _ends_by_its_deadline(call)
