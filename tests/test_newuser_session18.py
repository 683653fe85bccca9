"""Session 18, a new user's walk from the README (lane newuser3): what tripped, through the
real parts (SQLite files and the PostgreSQL on 127.0.0.1:5432, the CLI, the REST service and
the proxy on loopback with the real openai SDK, the library in its own process).

- ``souvenir import`` of a file ``souvenir export`` wrote (the one way to move a user to
  another store, SQLite to PostgreSQL) failed with "FILE:1: invalid JSON: Expecting property
  name enclosed in double quotes"; it now imports the export's active memories.
- The openai SDK's ``client.responses.create`` (its newer API, the Vercel AI SDK's default)
  through the proxy answered a bare 404 naming REST's routes; it now says, in OpenAI's error
  shape, that the proxy speaks Chat Completions and what to call.
- The first Chinese ``remember`` of a process (MCP, REST, import) loaded jieba's dictionary
  under the store's write lock: another writer was refused meanwhile.
- ``souvenir serve``'s start line listed "summary" among the model's uses with
  ``SOUVENIR_SUMMARY_ENABLED=false``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import httpx
import pytest
from typer.testing import CliRunner

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.cli.main import app
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

CLI_ENV = {"SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": "", "COLUMNS": "250"}
#: One memory a language, and a story's, a pinned one and a rule: what a move must carry.
MEMORIES = [
    ("I adopted a cat called Kopi", {"kind": "fact"}),
    ("Je suis allergique aux arachides", {"kind": "fact", "pinned": True}),
    ("我住在上海浦东", {"kind": "fact"}),
    ("Saya suka nasi lemak", {"kind": "preference"}),
    ("The dragon Vess guards the northern gate", {"kind": "fact", "scope": "story", "story": "harbour"}),
    ("Always answer in short sentences", {"kind": "rule"}),
]


def _cli(*args: str):
    return CliRunner().invoke(app, list(args), env=CLI_ENV)


def _seed_and_export(tmp_path) -> tuple[dict, object]:
    """A user with a memory in each language, one forgotten, one superseded; exported by
    ``souvenir export --out`` as a user does. Returns the export and its path."""
    with Souvenir.open(tmp_path / "old.db", embedder="none", window_embedder="none", background=False) as memory:
        for text, options in MEMORIES:
            memory.remember("ann", text, date="2025-03-01", **options)
        gone = memory.remember("ann", "My brother Paul owes me money", date="2025-03-02")
        memory.forget("ann", gone.id)
        memory.remember("ann", "I work as a nurse in Lyon", date="2025-03-03")
        memory.remember("ann", "I no longer work as a nurse, I teach now", date="2025-05-01")
    out = tmp_path / "ann.json"
    result = _cli("--db", str(tmp_path / "old.db"), "--embedder", "none", "export", "--user", "ann", "--out", str(out))
    assert result.exit_code == 0, result.output
    return json.loads(out.read_text()), out


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_an_export_moves_a_user_to_another_store_through_import(tmp_path, request, backend):
    """The export is indented JSON: ``import`` read it as JSONL and said "invalid JSON:
    Expecting property name…" for its first line, nothing about what to do."""
    exported, path = _seed_and_export(tmp_path)
    url = f"sqlite:///{tmp_path / 'new.db'}" if backend == "sqlite" else request.getfixturevalue("pg_url")
    result = _cli("--db", url, "--embedder", "none", "import", str(path), "--user", "ann2")
    assert result.exit_code == 0, result.output
    with Souvenir.open(url, embedder="none", window_embedder="none", background=False) as memory:
        kept = {m.text: m for m in memory.memories("ann2", limit=100).memories}
        assert not memory.memories("ann2", status="deleted", limit=100).memories
    active = [row for row in exported["tables"]["memories"] if row["status"] == "active"]
    assert sorted(kept) == sorted(row["text"] for row in active)  # the forgotten and the superseded stay out
    said = " ".join(result.output.split())
    assert f"{len(active)} active memories of the export for user api:ann2: {len(active)} kept" in said, said
    for text, options in MEMORIES:
        moved = kept[text]
        assert moved.kind == options["kind"] and moved.scope == options.get("scope", "global"), text
        assert moved.pinned is options.get("pinned", False), text
        assert moved.updated_at.date().isoformat() == "2025-03-01", (text, moved.updated_at)
    assert kept["I no longer work as a nurse, I teach now"].updated_at.date().isoformat() == "2025-05-01"
    again = _cli("--db", url, "--embedder", "none", "import", str(path), "--user", "ann2")  # the same file twice
    assert "merged into memories the user already had" in " ".join(again.output.split()), again.output
    with Souvenir.open(url, embedder="none", window_embedder="none", background=False) as memory:
        assert len(memory.memories("ann2", limit=100).memories) == len(active)  # nothing twice
        story = memory.context("ann2", "Who guards the gate?", story="harbour")
        assert "The dragon Vess guards the northern gate" in [m.text for m in story.memories]
        assert "Always answer in short sentences" in [r.text for r in story.rules]


def test_a_file_that_is_neither_still_names_both_formats(tmp_path):
    """An indented JSON object that is no export is still read as JSONL, with its error."""
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"memories": [{"text": "I live in Lyon"}]}, indent=2))
    result = _cli("--db", str(tmp_path / "n.db"), "--embedder", "none", "import", str(path), "--user", "ann")
    assert result.exit_code != 0 and "invalid JSON" in result.output, result.output


@pytest.fixture
def proxy(tmp_path):
    with ChatServer() as model:
        settings = stub_model_settings(f"sqlite:///{tmp_path / 'p.db'}", model.url)
        with UvicornThread(create_app(settings)) as server:
            yield server


def test_the_responses_api_through_the_proxy_says_what_to_call(proxy):
    """``client.responses.create`` got a 404 "no route at this path… a user's routes are under
    /v1/users/…": REST's sentence, not OpenAI's shape, nothing about the chat API."""
    openai = pytest.importorskip("openai")
    client = openai.OpenAI(base_url=proxy.url + "/v1", api_key="any", max_retries=0)
    with pytest.raises(openai.NotFoundError) as raised:
        client.responses.create(model="stub", input="Where is my order?", user="ann")
    message = raised.value.body["message"] if isinstance(raised.value.body, dict) else str(raised.value)
    assert "Chat Completions" in message and "client.chat.completions.create" in message, message
    for path in ("/v1/responses", "/v1/completions", "/v1/embeddings", "/v1/audio/speech"):
        answer = httpx.post(proxy.url + path, json={"model": "stub", "input": "x"}, timeout=30)
        assert answer.status_code == 404, (path, answer.text)
        error = answer.json()["error"]
        assert "POST /v1/chat/completions" in error["message"] and error["type"] == "not_found_error", error
    # the chat API itself still works, and a REST path keeps REST's sentence
    reply = client.chat.completions.create(model="stub", user="ann", messages=[{"role": "user", "content": "hi"}])
    assert reply.choices[0].message.content == "Noted!"
    assert "a user's routes are under" in httpx.get(proxy.url + "/v1/nothing", timeout=30).json()["detail"]


def test_the_responses_api_without_a_model_says_the_proxy_is_off_too(tmp_path):
    settings = stub_model_settings(f"sqlite:///{tmp_path / 'o.db'}", "").model_copy(update={"llm_base_url": ""})
    with UvicornThread(create_app(settings)) as server:
        error = httpx.post(server.url + "/v1/responses", json={"model": "m", "input": "x"}, timeout=30).json()["error"]
    assert "Chat Completions only" in error["message"] and "the proxy is off here" in error["message"], error


_FIRST_CHINESE_REMEMBER = """
import sqlite3, sys, threading, time
from souvenir.library import Souvenir
db = sys.argv[1]
with Souvenir.open(db, embedder="none", window_embedder="none", background=False) as memory:
    memory.remember("lin", "I like jazz")  # the schema exists; no Chinese text read yet
    refused, done = [], threading.Event()
    def other_writer():
        conn = sqlite3.connect(db, timeout=1.0, isolation_level=None)
        while not done.is_set():
            try:
                conn.execute("BEGIN IMMEDIATE"); conn.execute("COMMIT")
            except sqlite3.OperationalError:
                refused.append(1)
            time.sleep(0.01)
        conn.close()
    thread = threading.Thread(target=other_writer); thread.start()
    memory.remember("lin", "我住在上海，我喜欢爵士乐")
    done.set(); thread.join()
    print("refused", len(refused))
"""


def test_the_first_chinese_remember_holds_no_write_lock_while_the_dictionary_loads(tmp_path):
    """Session 13 moved jieba's one-time load (1.7 s here) out of a turn's transaction; a
    ``remember`` (MCP's tool, REST's memories, an import) still loaded it inside its own:
    another writer (the indexer: "indexer pass failed: the store stayed busy") was refused."""
    out = subprocess.run(
        [sys.executable, "-c", _FIRST_CHINESE_REMEMBER, str(tmp_path / "zh.db")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "refused 0" in out, out


def test_the_start_line_says_when_the_summary_is_off(tmp_path):
    """docs/proxy.md's "trying it without a model" sets SOUVENIR_SUMMARY_ENABLED=false; the start
    line still listed "summary" among the model's uses."""
    from souvenir.cli.serving import _serve_banner

    base = stub_model_settings(f"sqlite:///{tmp_path / 'b.db'}", "http://127.0.0.1:9")
    off = _serve_banner(base, "127.0.0.1", 8765, keyed=False)
    assert "no summary: SOUVENIR_SUMMARY_ENABLED=false" in off and "(reflection, summary" not in off, off
    on = _serve_banner(base.model_copy(update={"summary_enabled": True}), "127.0.0.1", 8765, keyed=False)
    assert "(reflection, summary, the proxy on /v1/chat/completions)" in on, on


def _start_line(folder, env_file: str, mode: int) -> str:
    """The first line ``souvenir serve`` prints, run in ``folder`` holding ``.env``."""
    import os

    from tests.servers import free_port

    (folder / ".env").write_text(env_file)
    os.chmod(folder / ".env", mode)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SOUVENIR_")}
    proc = subprocess.Popen(
        [sys.executable, "-c", "from souvenir.cli.main import app; app()", "serve", "--port", str(free_port())],
        cwd=folder,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stderr is not None
        return proc.stderr.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_settings_file_others_may_read_with_a_key_in_it_is_named_at_start(tmp_path):
    """``cp .env.example .env`` (as .env.example suggests) makes a 0644 file under the usual
    umask; a key written in it was read silently, readable by every account of the machine."""
    settings = (
        "SOUVENIR_DATABASE_URL=sqlite:///s.db\nSOUVENIR_EMBEDDER=none\nSOUVENIR_WINDOW_EMBEDDER=none\n"
        "SOUVENIR_EMBEDDER_API_KEY=\nSOUVENIR_LLM_BASE_URL=http://u:s3cretpass@127.0.0.1:9\n"
        "SOUVENIR_LLM_MODEL=m\nSOUVENIR_LLM_API_KEY=sk-0123456789abcdef\n"
    )
    shared = _start_line(tmp_path, settings, 0o644)
    assert "WARNING: it holds SOUVENIR_LLM_API_KEY, SOUVENIR_LLM_BASE_URL and other accounts may read it" in shared
    assert "chmod 600" in shared and "sk-0123" not in shared and "s3cret" not in shared, shared
    assert "WARNING" not in _start_line(tmp_path, settings, 0o600)
    no_secret = "SOUVENIR_DATABASE_URL=sqlite:///s.db\nSOUVENIR_EMBEDDER=none\nSOUVENIR_WINDOW_EMBEDDER=none\n"
    assert "WARNING" not in _start_line(tmp_path, no_secret, 0o644)


def test_a_store_path_under_the_home_folder_is_read_as_a_shell_would(tmp_path):
    """An MCP host's JSON ``"args": ["--db", "~/memories.db", …]`` reaches the server
    unexpanded (no shell), as does ``SOUVENIR_DATABASE_URL=sqlite:///~/…`` in a ``.env``: the
    server failed "its directory ~ does not exist: create it" (a folder named "~")."""
    import os
    from pathlib import Path

    import anyio
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    home = tmp_path / "home"
    home.mkdir()
    params = StdioServerParameters(
        command=str(Path(sys.executable).parent / "souvenir"),
        args=["--db", "~/memories.db", "--embedder", "none", "mcp", "--user", "me"],
        env={"HOME": str(home), "SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""},
        cwd=str(tmp_path),
    )

    async def run() -> None:
        with anyio.fail_after(90):
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                result = await session.call_tool("remember", {"text": "Saya suka nasi lemak"})
                assert not result.is_error, result.content

    with (tmp_path / "mcp.log").open("w") as errlog:
        anyio.run(run)
    assert (home / "memories.db").is_file() and not (tmp_path / "~").exists()
    env = {**CLI_ENV, "HOME": str(home), "SOUVENIR_DATABASE_URL": "sqlite:///~/memories.db"}
    result = CliRunner().invoke(app, ["--embedder", "none", "memories", "--user", "me", "--json"], env=env)
    assert result.exit_code == 0 and "nasi lemak" in result.output, result.output
    assert os.stat(home / "memories.db").st_mode & 0o077 == 0  # created private, as any store
