"""``souvenir --version`` and ``souvenir doctor`` (session 19, lane debt): a set-up checked as
a new user expects, through the CLI on a real SQLite file, the real PostgreSQL, and real HTTP on
loopback (a model stand-in, an embedder stand-in, a port nobody listens on). No secret is ever
printed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from souvenir import Souvenir, __version__
from souvenir.cli.main import app
from tests.servers import CannedServer, ChatServer, EmbeddingServer, free_port

KEY = "sk-doctor-secret-31337"
QUIET = {"SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""}


def _doctor(tmp_path: Path, monkeypatch, *args: str, **env: str):
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.startswith("SOUVENIR_")]:
        monkeypatch.delenv(name)
    result = CliRunner().invoke(app, [*args, "doctor", "--timeout", "2"], env={**QUIET, **env})
    assert KEY not in result.output and "hunter2" not in result.output, result.output
    return result


def _line(result, name: str) -> str:
    return next(line for line in result.output.splitlines() if line.split("  ")[1:2] and name in line[:24])


def test_version_through_the_installed_command():
    out = subprocess.run(
        [sys.executable, "-c", "from souvenir.cli.main import app; app()", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0 and out.stdout == f"souvenir {__version__}\n", out
    assert CliRunner().invoke(app, ["--version"]).output == f"souvenir {__version__}\n"


def test_a_fresh_folder_is_ready_and_nothing_is_written(tmp_path, monkeypatch):
    result = _doctor(tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert _line(result, "store").startswith("warn") and "first use" in _line(result, "store")
    assert _line(result, "chat model").startswith("ok") and "none configured" in result.output
    assert _line(result, "access").startswith("ok") and "loopback" in _line(result, "access")
    assert list(tmp_path.iterdir()) == [], "doctor made no file"
    assert result.output.splitlines()[-1] == "0 failed, 1 warning, 5 ok"


@pytest.mark.parametrize("where", ["missing/souvenir.db", "a-file/souvenir.db"])
def test_a_store_in_a_directory_that_does_not_exist_fails_as_the_store_would(tmp_path, monkeypatch, where):
    """The warning "made on first use" was wrong there: the first use refuses to open it."""
    (tmp_path / "a-file").write_text("not a folder")
    result = _doctor(tmp_path, monkeypatch, "--db", str(tmp_path / where))
    assert result.exit_code == 1, result.output
    assert _line(result, "store").startswith("fail") and "does not exist: create it" in _line(result, "store")
    assert not (tmp_path / "missing").exists()
    opened = CliRunner().invoke(app, ["--db", str(tmp_path / where), "users"], env=QUIET)
    assert opened.exit_code != 0 and "does not exist: create it" in " ".join(opened.output.split())


def test_a_store_readable_by_others_fails(tmp_path, monkeypatch):
    with Souvenir.open(tmp_path / "souvenir.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.remember("ann", "I live in Leeds")
    result = _doctor(tmp_path, monkeypatch)
    assert result.exit_code == 0, result.output
    assert _line(result, "store").startswith("ok") and "current" in _line(result, "store")
    assert _line(result, "store file mode").startswith("ok")
    os.chmod(tmp_path / "souvenir.db", 0o644)
    result = _doctor(tmp_path, monkeypatch)
    assert result.exit_code == 1 and _line(result, "store file mode").startswith("fail"), result.output
    assert "chmod 600" in result.output


def test_a_schema_from_a_newer_version_fails_and_pending_migrations_warn(tmp_path, monkeypatch):
    import sqlite3

    with Souvenir.open(tmp_path / "souvenir.db", embedder="none", window_embedder="none", background=False):
        pass
    with sqlite3.connect(tmp_path / "souvenir.db") as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (9999, 'from the future', '2030-01-01')")
    result = _doctor(tmp_path, monkeypatch)
    assert result.exit_code == 1 and "newer than this souvenir" in _line(result, "store"), result.output
    with sqlite3.connect(tmp_path / "souvenir.db") as conn:
        conn.execute("DELETE FROM schema_migrations WHERE version >= 25")  # as an older version left it
    result = _doctor(tmp_path, monkeypatch)
    assert result.exit_code == 0 and _line(result, "store").startswith("warn"), result.output
    assert "pending" in _line(result, "store")


def test_the_chat_model_answers_or_the_check_fails_in_time(tmp_path, monkeypatch):
    with ChatServer() as model:
        result = _doctor(
            tmp_path,
            monkeypatch,
            SOUVENIR_LLM_BASE_URL=f"{model.url}/v1",
            SOUVENIR_LLM_MODEL="stub-model",
            SOUVENIR_LLM_API_KEY=KEY,
        )
        assert result.exit_code == 0 and "lists stub-model" in _line(result, "chat model"), result.output
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=f"{model.url}/v1", SOUVENIR_LLM_MODEL="another")
        assert result.exit_code == 0 and _line(result, "chat model").startswith("warn"), result.output
    refusing = CannedServer(b'{"error": {"message": "bad key"}}')
    refusing.status = 401
    with refusing:
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=refusing.url, SOUVENIR_LLM_API_KEY=KEY)
    assert result.exit_code == 1 and "refused" in _line(result, "chat model"), result.output
    assert "SOUVENIR_LLM_API_KEY is set" in result.output
    nobody = f"http://user:hunter2@127.0.0.1:{free_port()}/v1"
    result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=nobody)
    assert result.exit_code == 1 and "did not answer" in _line(result, "chat model"), result.output


def test_an_embedder_that_answers_and_one_that_does_not(tmp_path, monkeypatch):
    with EmbeddingServer() as server:
        result = _doctor(
            tmp_path,
            monkeypatch,
            SOUVENIR_EMBEDDER="openai",
            SOUVENIR_EMBEDDER_URL=f"{server.url}/v1",
            SOUVENIR_EMBEDDER_MODEL="m",
            SOUVENIR_EMBEDDER_API_KEY=KEY,
        )
    assert result.exit_code == 0 and "16 dimensions" in _line(result, "embedder"), result.output
    result = _doctor(
        tmp_path,
        monkeypatch,
        SOUVENIR_EMBEDDER="openai",
        SOUVENIR_EMBEDDER_URL=f"http://127.0.0.1:{free_port()}/v1",
        SOUVENIR_EMBEDDER_MODEL="m",
    )
    assert result.exit_code == 1 and _line(result, "embedder").startswith("fail"), result.output


def test_beyond_loopback_without_a_key_fails_and_a_key_fixes_it(tmp_path, monkeypatch):
    result = _doctor(tmp_path, monkeypatch, SOUVENIR_HOST="0.0.0.0")
    assert result.exit_code == 1 and "keys create" in _line(result, "access"), result.output
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(app, ["keys", "create", "--name", "bot", "--admin"], env=QUIET).exit_code == 0
    result = _doctor(tmp_path, monkeypatch, SOUVENIR_HOST="0.0.0.0")
    assert result.exit_code == 0 and "API keys in force" in _line(result, "access"), result.output


def test_a_settings_file_with_a_key_others_may_read_fails(tmp_path, monkeypatch):
    env = tmp_path / ".env"
    env.write_text(f"SOUVENIR_LLM_API_KEY={KEY}\n")
    os.chmod(env, 0o644)
    result = _doctor(tmp_path, monkeypatch)
    assert result.exit_code == 1 and "SOUVENIR_LLM_API_KEY" in _line(result, "settings file"), result.output
    os.chmod(env, 0o600)
    result = _doctor(tmp_path, monkeypatch)
    assert _line(result, "settings file").startswith("ok"), result.output


def test_postgres_pending_then_current_and_a_wrong_password(pg_url, tmp_path, monkeypatch):
    result = _doctor(tmp_path, monkeypatch, "--db", pg_url)
    assert _line(result, "store").startswith("warn") and "pending" in _line(result, "store"), result.output
    with Souvenir.open(pg_url, embedder="none", window_embedder="none", background=False):
        pass
    result = _doctor(tmp_path, monkeypatch, "--db", pg_url)
    assert result.exit_code == 0 and "current" in _line(result, "store"), result.output
    assert "store file mode" not in result.output
    host = pg_url.split("@", 1)[-1].split("/", 1)[0]
    result = _doctor(tmp_path, monkeypatch, "--db", f"postgresql://nobody:hunter2@{host}/no_such_db_doctor")
    assert result.exit_code == 1 and _line(result, "store").startswith("fail"), result.output


@pytest.mark.parametrize("url", ["mysql://u:hunter2@h/db"])
def test_an_unsupported_url_fails_without_its_password(tmp_path, monkeypatch, url):
    result = _doctor(tmp_path, monkeypatch, "--db", url)
    assert result.exit_code == 1 and _line(result, "store").startswith("fail"), result.output


def test_a_model_server_that_drips_or_floods_is_cut_in_time(tmp_path, monkeypatch):
    """httpx's timeout is per read: a server sending a byte every half second held the check
    for ever; one sending 50 MiB was read whole. The check now has one deadline and a cap."""
    import time
    from http.server import BaseHTTPRequestHandler

    from tests.servers import serving

    class Drip(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(50 << 20))
            self.end_headers()
            try:
                if self.path.startswith("/drip"):
                    for _ in range(600):
                        self.wfile.write(b" ")
                        self.wfile.flush()
                        time.sleep(0.5)
                else:
                    for _ in range(50):
                        self.wfile.write(b" " * (1 << 20))
            except OSError:
                pass

    with serving(Drip) as url:
        began = time.monotonic()
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=f"{url}/drip")
        assert time.monotonic() - began < 15, "cut at its 2 s deadline"
        assert result.exit_code == 1 and "did not answer in 2 s" in _line(result, "chat model"), result.output
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=f"{url}/flood")
        assert "chat model" in result.output  # read up to its cap, then judged: answers, lists nothing


def test_a_settings_file_that_is_not_utf8_is_named_not_a_traceback(tmp_path, monkeypatch):
    """Every command (``serve`` too) died in a UnicodeDecodeError traceback at start."""
    (tmp_path / ".env").write_bytes(b"SOUVENIR_LLM_API_KEY=" + KEY.encode() + b"\xff\xfe\n")
    os.chmod(tmp_path / ".env", 0o600)
    for command in (["doctor"], ["users"]):
        monkeypatch.chdir(tmp_path)
        result = CliRunner().invoke(app, command, env=QUIET)
        said = " ".join(result.output.split())  # rich wraps the line at the terminal's width
        assert result.exit_code == 2 and "not UTF-8 text" in said, result.output
        assert KEY not in result.output and "Traceback" not in result.output


def test_the_library_names_a_settings_file_that_is_not_utf8(tmp_path, monkeypatch):
    """``Souvenir.open()`` and the app raised ``UnicodeDecodeError`` from pydantic-settings' read of
    ``.env`` (the CLI named it, the library did not): now an :class:`InputError` naming the file."""
    from souvenir.ground.config import Settings, SettingsFileError
    from souvenir.ground.errors import InputError

    (tmp_path / ".env").write_bytes(b"SOUVENIR_LLM_API_KEY=" + KEY.encode() + b"\xff\xfe\n")
    os.chmod(tmp_path / ".env", 0o600)
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.startswith("SOUVENIR_")]:
        monkeypatch.delenv(name)
    for opening in (lambda: Souvenir.open(), lambda: Settings()):
        with pytest.raises(SettingsFileError) as caught:
            opening()
        assert isinstance(caught.value, InputError) and KEY not in str(caught.value)
        assert str(caught.value) == f"{tmp_path / '.env'} is not UTF-8 text (byte 43): save it as UTF-8"
    assert list(tmp_path.iterdir()) == [tmp_path / ".env"], "no store was made"


def test_the_chat_endpoint_is_asked_what_the_proxy_asks(tmp_path, monkeypatch):
    """The proxy posts ``<root>/v1/chat/completions``: doctor asks it a one-token request too (it
    checked ``/models`` only), with the key and never printing it; a failing, hanging or
    404 endpoint is named."""
    import time

    with ChatServer() as model:
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=model.url, SOUVENIR_LLM_API_KEY=KEY)
        assert result.exit_code == 0 and _line(result, "chat endpoint").startswith("ok"), result.output
        assert f"{model.url}/v1/models" in _line(result, "chat model"), "the proxy's path, not <root>/models"
        asked = model.requests[-1]
        assert asked["max_tokens"] == 1 and asked["messages"] == [{"role": "user", "content": "ping"}]
        model.chat_mode = "500"
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=f"{model.url}/v1/")
        assert result.exit_code == 1 and "answered 500" in _line(result, "chat endpoint"), result.output
        model.chat_mode, model.hang_s = "hang", 30.0
        began = time.monotonic()
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=model.url)
        assert time.monotonic() - began < 15
        assert result.exit_code == 0 and _line(result, "chat endpoint").startswith("warn"), result.output
        model.chat_mode = "garbage"
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=model.url)
        assert result.exit_code == 1 and "without a completion" in _line(result, "chat endpoint"), result.output
    models_only = CannedServer(b'{"data": []}')
    models_only.routes["/v1/chat"] = ({"Content-Type": "text/plain"}, b"")
    with models_only:
        models_only.routes.clear()
        models_only.status = 404
        result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=models_only.url)
    assert result.exit_code == 1 and "404" in _line(result, "chat endpoint"), result.output
    result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=f"http://127.0.0.1:{free_port()}")
    assert "chat endpoint" not in result.output, "no second line when the server does not answer at all"


@pytest.mark.parametrize(
    "body",
    [
        b'{"data": 5}',
        b'{"data": {"id": "x"}}',
        b"[1, 2]",
        b'{"data": [{"id": "' + b"x" * 5000 + b'"}], "choices": 7}',
        b"[" * 100_000,
        b'{"choices": [{"message": {"content": "' + KEY.encode() + b'"}}], "data": [{"id": "' + KEY.encode() + b'"}]}',
    ],
)
def test_a_hostile_model_server_is_judged_not_obeyed_nor_echoed(tmp_path, monkeypatch, body):
    """``{"data": 5}`` from ``/models`` raised a ``TypeError`` traceback; whatever a server answers,
    doctor prints a status and a sentence of its own — never the server's words (the key it was
    sent, echoed back, included: ``_doctor`` asserts it is absent)."""
    with CannedServer(body) as server:
        result = _doctor(
            tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=server.url, SOUVENIR_LLM_API_KEY=KEY, SOUVENIR_LLM_MODEL="m"
        )
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    assert _line(result, "chat model") and _line(result, "chat endpoint"), result.output


def test_a_redirect_is_not_followed_with_the_key(tmp_path, monkeypatch):
    """A model server answering 307 to another host would otherwise receive the bearer key there."""
    with ChatServer() as elsewhere:
        redirecting = CannedServer(b"")
        redirecting.status = 307
        redirecting.extra = [("Location", f"{elsewhere.url}/v1/chat/completions")]
        with redirecting:
            result = _doctor(tmp_path, monkeypatch, SOUVENIR_LLM_BASE_URL=redirecting.url, SOUVENIR_LLM_API_KEY=KEY)
        assert elsewhere.requests == [], "nothing reached the other host"
    assert result.exit_code == 1 and "answered 307" in _line(result, "chat endpoint"), result.output


def test_pgvector_is_checked_against_the_setting(pg_url, tmp_path, monkeypatch):
    """On PostgreSQL doctor says where semantic scores are computed; ``SOUVENIR_PGVECTOR=on`` on a
    server without the extension fails (``serve`` would not start). This server has none: the
    in-use case is tests/test_pgvector.py's ground."""
    with Souvenir.open(pg_url, embedder="none", window_embedder="none", background=False) as mem:
        available = mem.runtime.store.pgvector_available()
    result = _doctor(tmp_path, monkeypatch, "--db", pg_url, SOUVENIR_PGVECTOR="auto")
    assert _line(result, "pgvector").startswith("ok"), result.output
    result = _doctor(tmp_path, monkeypatch, "--db", pg_url, SOUVENIR_PGVECTOR="off")
    assert "SOUVENIR_PGVECTOR=off" in _line(result, "pgvector"), result.output
    result = _doctor(tmp_path, monkeypatch, "--db", pg_url, SOUVENIR_PGVECTOR="on")
    if available:
        assert _line(result, "pgvector").startswith("ok"), result.output
    else:
        assert result.exit_code == 1 and _line(result, "pgvector").startswith("fail"), result.output
    result = _doctor(tmp_path, monkeypatch)
    assert not any(line[6:14] == "pgvector" for line in result.output.splitlines()), "SQLite: no such line"


def test_a_key_in_a_url_query_is_not_printed(tmp_path, monkeypatch):
    """Some servers take their key in the URL (``?key=…``): doctor printed the URL whole (its
    user info was already left out)."""
    with ChatServer() as model:
        result = _doctor(
            tmp_path,
            monkeypatch,
            SOUVENIR_LLM_BASE_URL=f"{model.url}/v1?key=hunter2",
            SOUVENIR_EMBEDDER="openai",
            SOUVENIR_EMBEDDER_URL=f"http://127.0.0.1:{free_port()}/v1?api_key=hunter2",
            SOUVENIR_EMBEDDER_MODEL="m",
        )
    assert "chat model" in result.output and "embedder" in result.output, result.output


def test_an_http_embedder_that_drips_is_cut_at_the_deadline(tmp_path, monkeypatch):
    """The embedder check kept the embedder's own bound (30 s of retries against a server sending
    a byte every half second): an HTTP embedder now has doctor's deadline, as the chat model has."""
    import time
    from http.server import BaseHTTPRequestHandler

    from tests.servers import serving

    class Drip(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(1 << 20))
            self.end_headers()
            try:
                for _ in range(120):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(0.5)
            except OSError:
                pass

    with serving(Drip) as url:
        began = time.monotonic()
        result = _doctor(
            tmp_path,
            monkeypatch,
            SOUVENIR_EMBEDDER="openai",
            SOUVENIR_EMBEDDER_URL=f"{url}/v1",
            SOUVENIR_EMBEDDER_MODEL="m",
        )
        assert time.monotonic() - began < 15, "cut at its 2 s deadline"
    assert result.exit_code == 1 and "no answer in 2 s" in _line(result, "embedder"), result.output
