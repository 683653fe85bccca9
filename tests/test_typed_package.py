"""A typed package a user's checker accepts, and errors of the right class: ``py.typed``
ships, ``mypy --strict`` passes on a user's script, a wrongly typed argument of any library
method is an :class:`InputError` naming it (not a ``TypeError`` from deep inside), a store
that cannot open names its real cause with the right class, and a failed open leaves no
file behind."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from datetime import datetime, timezone
from pathlib import Path

import pytest

from souvenir import InputError, Souvenir, StoreBusyError, StoreError
from souvenir.schemas import HistoryEntry, MemoryCreate, SelectedMemory

REPO = Path(__file__).resolve().parent.parent

USER_SCRIPT = """\
from souvenir import InputError, Souvenir, SouvenirError
from souvenir.schemas import KindName


def readme(path: str) -> None:
    with Souvenir.open(path) as memory:
        memory.add_turn("ann", "I adopted a cat called Kopi", reply="Lovely!")
        print(memory.context("ann", "how is my cat?").block)


def curate(memory: Souvenir) -> list[str]:
    written = memory.remember("ann", "likes tea", kind="preference", scope="global")
    found = memory.search("ann", "tea", kind=["fact", "preference"], scope="global", limit=5)
    kinds: list[KindName] = [m.kind for m in found.results]
    page = memory.memories("ann", status="all", limit=10)
    try:
        memory.forget("ann", 1)
    except InputError as exc:
        print(exc)
    except SouvenirError:
        raise
    return [m.text for m in page.memories] + [written.action, *kinds]
"""


def test_py_typed_ships_with_the_package():
    assert (REPO / "src" / "souvenir" / "py.typed").is_file()
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["souvenir"]


def test_mypy_strict_accepts_a_users_script(tmp_path):
    """The README's five lines and a curation script, checked as a user's code would be."""
    pytest.importorskip("mypy")
    (tmp_path / "user_script.py").write_text(USER_SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-incremental",
            "--cache-dir",
            str(tmp_path / ".mypy_cache"),
            "user_script.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=280,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout


def test_public_models_name_their_values():
    """Kinds, scopes, statuses, passes and history events are ``Literal`` types (a checker
    and the OpenAPI schema both list the values)."""
    assert set(MemoryCreate.model_json_schema()["properties"]["kind"]["enum"]) == {
        "fact",
        "preference",
        "promise",
        "episode",
        "rule",
    }
    assert set(SelectedMemory.model_json_schema()["properties"]["pass"]["enum"]) == {
        "rule",
        "pinned",
        "global",
        "semantic",
        "quota",
        "rescue",
        "in_prompt",  # on the diagnostics page: left out, the prompt already shows it
        "read_time",  # on the diagnostics page: left out of a proxied block for its read time (session 24)
    }
    assert "supersedes" in HistoryEntry.model_json_schema()["properties"]["event"]["enum"]
    with pytest.raises(Exception, match="kind must be one of"):  # the write path's own sentence stays
        MemoryCreate(text="x", kind="bogus")


@pytest.fixture
def memory(tmp_path):
    with Souvenir.open(tmp_path / "lib.db", embedder="none", window_embedder="none", background=False) as mem:
        yield mem


@pytest.mark.parametrize(
    "call, names",
    [
        (lambda m: m.memories("ann", limit="ten"), "memories(): limit"),
        (lambda m: m.memories(42), "memories(): user"),
        (lambda m: m.memories("ann", status="gone"), "memories(): status"),
        (lambda m: m.context("ann", None), "context(): message"),
        (lambda m: m.forget("ann", "seven"), "forget(): memory_id"),
        (lambda m: m.pin("ann", 1.5), "pin(): memory_id"),
        (lambda m: m.remember("ann", "a cat", kind="bogus"), "remember(): kind"),
        (lambda m: m.remember("ann", "a cat", confidence="high"), "remember(): confidence"),
        (lambda m: m.search("ann", "cat", since="yesterday"), "search(): since"),
        (lambda m: m.search("ann", "cat", kind=["fact", 3]), "search(): kind"),
        (lambda m: m.add_turn("ann", "hi", time=12.5j), "add_turn(): time"),
        (lambda m: m.remember_many("ann", 5), "remember_many(): memories"),
        (lambda m: m.memories("ann", limt=5), "memories(): got an unexpected keyword argument 'limt'"),
        (lambda m: m.history("ann"), "history(): missing a required argument: 'memory_id'"),
    ],
)
def test_a_wrongly_typed_argument_is_an_input_error_naming_it(memory, call, names):
    with pytest.raises(InputError, match=re.escape(names)) as caught:
        call(memory)
    assert "(got " in str(caught.value) or "argument" in str(caught.value)


def test_a_secret_given_in_the_wrong_place_is_not_echoed(memory):
    with pytest.raises(InputError) as caught:
        memory.memories("ann", limit="hunter2-password")
    assert "hunter2" not in str(caught.value) and "(got str)" in str(caught.value)


def test_open_refuses_a_target_of_the_wrong_type():
    with pytest.raises(InputError, match=re.escape("open(): target must be a database URL")):
        Souvenir.open(42, embedder="none", window_embedder="none", background=False)


def test_lax_values_still_work(memory):
    """A value pydantic's lax mode reads (``"2"`` for 2, an ISO date) is used as that value."""
    memory.remember("ann", "I live in Ipoh")
    memory.remember("ann", "I have a cat called Kopi")
    page = memory.memories("ann", limit="1")
    assert len(page.memories) == 1 and page.next_cursor
    found = memory.search("ann", "cat", since="2000-01-01T00:00:00Z", kind="fact")
    assert found.results and all(m.kind == "fact" for m in found.results)
    assert memory.add_turn("ann", "hello there", time=datetime(2026, 1, 2, tzinfo=timezone.utc)).turn_id


def test_async_methods_check_their_arguments_too(tmp_path):
    import asyncio

    from souvenir import AsyncSouvenir

    async def run() -> None:
        async with await AsyncSouvenir.open(
            tmp_path / "a.db", embedder="none", window_embedder="none", background=False
        ) as mem:
            with pytest.raises(InputError, match=re.escape("memories(): limit")):
                await mem.memories("ann", limit="ten")

    asyncio.run(run())


# -- a store that cannot open --------------------------------------------------------------
def test_a_missing_directory_is_a_store_error_not_busy(tmp_path):
    missing = tmp_path / "no-such-dir" / "m.db"
    with pytest.raises(StoreError, match="does not exist") as caught:
        Souvenir.open(missing, embedder="none", window_embedder="none", background=False)
    assert not isinstance(caught.value, StoreBusyError)  # retrying cannot help


def test_a_missing_postgres_database_names_the_real_cause():
    psycopg = pytest.importorskip("psycopg")
    from tests.pgtest import ADMIN_URL, _with_db

    try:
        psycopg.connect(ADMIN_URL, connect_timeout=3).close()
    except psycopg.Error as exc:
        pytest.skip(f"PostgreSQL is not reachable at {ADMIN_URL}: {exc}")
    url = _with_db(ADMIN_URL, "souvenir_no_such_database_x")
    with pytest.raises(StoreError, match='database "souvenir_no_such_database_x" does not exist') as caught:
        Souvenir.open(url, embedder="none", window_embedder="none", background=False)
    assert not isinstance(caught.value, StoreBusyError)
    assert "pool initialization" not in str(caught.value)


def test_an_unreachable_postgres_is_busy_with_its_cause():
    pytest.importorskip("psycopg")
    import socket

    with socket.socket() as s:  # a loopback port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StoreBusyError, match="Connection refused|connection failed"):
        Souvenir.open(
            f"postgresql://postgres@127.0.0.1:{port}/postgres",
            embedder="none",
            window_embedder="none",
            background=False,
        )


@pytest.mark.parametrize(
    "settings, match",
    [
        ({"embedder": "nope"}, "unknown embedder 'nope'"),
        ({"embedder": "none", "window_embedder": "nope"}, "unknown window embedder 'nope'"),
        ({"embedder": "none", "window_embedder": "none", "scoring": "magic"}, "SOUVENIR_SCORING"),
        ({"embedder": "none", "window_embedder": "e5", "e5_query_engine": "magic"}, "unknown e5 query engine"),
        (
            {"embedder": "none", "window_embedder": "none", "llm_base_url": "http://127.0.0.1:9", "llm_kind": "nope"},
            "SOUVENIR_LLM_KIND",
        ),
    ],
)
def test_a_failed_open_leaves_no_file_behind(tmp_path, settings, match):
    with pytest.raises(InputError, match=re.escape(match)):
        Souvenir.open(tmp_path / "new.db", background=False, **settings)
    assert list(tmp_path.iterdir()) == []  # no new.db, no -wal, no -shm


def test_the_checks_pass_objects_and_iterables_through(tmp_path, memory):
    """A generator is checked as the list it becomes (and still reaches the method), a
    callable or a path is passed on as it is, and a wrong item of an iterable is named."""
    jsonl = tmp_path / "chat.jsonl"
    jsonl.write_text('{"user": "ann", "message": "I live in Ipoh", "time": "2026-01-02T10:00:00Z"}\n', encoding="utf-8")
    seen: list[int] = []
    assert memory.replay(jsonl, total=seen.append) and seen == [1]  # a Path and a callable, as given
    name, _ = memory.create_key("ops", channels=(c for c in ["api", "cli"]))  # a generator, consumed once
    assert {row.name for row in memory.keys()} == {"ops"} and name
    with pytest.raises(InputError, match=re.escape("create_key(): channels.1")):
        memory.create_key("ops2", channels=["api", 7])
    with pytest.raises(InputError, match=re.escape("retry_jobs(): ids.0")):
        memory.retry_jobs(ids=(i for i in ["seven"]))
    with pytest.raises(InputError, match=re.escape("index(): progress")):
        memory.index(progress="not callable")
