"""The Python front door: ``from souvenir import Souvenir, AsyncSouvenir`` on a real SQLite
file, and the README's example run as written."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest

from souvenir import AsyncSouvenir, InputError, Souvenir, UnknownError
from souvenir.schemas import ContextPublic, MemoryPublic, WritePublic

REPO = Path(__file__).resolve().parent.parent


def _readme_example() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python library\n", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


def test_readme_example_runs_as_written(tmp_path):
    code = _readme_example()
    assert len(code.strip().splitlines()) <= 6  # five lines and a blank one
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Kopi" in done.stdout and (tmp_path / "memories.db").exists()


@pytest.fixture
def memory(tmp_path):
    with Souvenir.open(tmp_path / "lib.db", embedder="none", window_embedder="none", background=False) as mem:
        yield mem


def test_write_read_edit_forget(memory):
    first = memory.remember("ann", "Aime le jazz et la bossa nova", kind="preference", date="2024-01-10")
    assert isinstance(first, WritePublic) and first.action == "insert"
    assert memory.remember("ann", "Aime le jazz", kind="preference").action == "absorb"
    turn = memory.add_turn("ann", "I work as a night nurse in Toulouse", reply="Noted")
    assert turn.memory is not None and turn.memory.action == "insert" and turn.reflection is None
    listed = memory.memories("ann").memories
    assert [m.text for m in listed] == ["Aime le jazz et la bossa nova", "I work as a night nurse in Toulouse"]
    assert all(isinstance(m, MemoryPublic) for m in listed)
    context = memory.context("ann", "what music do I like?")
    assert isinstance(context, ContextPublic) and "jazz" in context.block
    assert {m.id for m in context.memories} == {m.id for m in listed}
    assert memory.pin("ann", first.id).pinned is True
    history = memory.history("ann", first.id)
    assert history.memory.id == first.id and [e.event for e in history.history] == ["absorbed"]
    shown = memory.profile("ann")  # plain JSON values, the context's view: no internal keys
    assert shown["last_queries"] == ["I work as a night nurse in Toulouse"]
    assert not [key for key in shown if key.startswith("meta:")]
    found = memory.search("ann", "jazz music", kind="preference")
    assert [m.id for m in found.results] == [first.id] and found.results[0].score is not None
    edited = memory.update("ann", first.id, "Aime le jazz manouche et la bossa nova")
    assert edited.action == "replace" and "replaced" in [e.event for e in memory.history("ann", first.id).history]
    batch = memory.remember_many("ann", [{"text": "Drinks oolong tea"}, {"text": "Has a cat named Kopi"}])
    assert [w.action for w in batch.results] == ["insert", "insert"]
    page = memory.memories("ann", limit=2)
    assert len(page.memories) == 2 and page.next_cursor is not None
    assert len(memory.memories("ann", limit=2, cursor=page.next_cursor).memories) == 2
    assert memory.forget("ann", first.id).deleted == first.id
    assert first.id not in [m.id for m in memory.memories("ann").memories]
    assert memory.export_user("ann").tables["memories"]
    assert memory.delete_user("ann").deleted["users"] == 1


def test_errors_come_from_one_tree(memory):
    mine = memory.remember("ann", "Allergic to latex gloves").id
    with pytest.raises(InputError, match="kind"):
        memory.remember("ann", "x", kind="gossip")
    with pytest.raises(InputError, match="empty"):
        memory.context("ann", "   ")
    with pytest.raises(UnknownError):
        memory.forget("bob", mine)  # another user's memory is not reachable by its id
    with pytest.raises(UnknownError):
        memory.history("bob", mine)
    with pytest.raises(UnknownError):
        memory.export_user("nobody")
    assert memory.memories("ann").memories[0].status == "active"
    for batch in ([], [{"text": "Drinks oolong tea"}] * 101):  # the method named, the bound said
        with pytest.raises(InputError, match=r"remember_many\(\): memories: a batch holds 1 to 100 memories"):
            memory.remember_many("ann", batch)


def test_channel_default_and_override(tmp_path):
    with Souvenir.open(
        f"sqlite:///{tmp_path / 'c.db'}", channel="telegram", embedder="none", window_embedder="none", background=False
    ) as mem:
        mem.remember("7", "Lives in Ipoh")
        assert [m.text for m in mem.memories("7").memories] == ["Lives in Ipoh"]
        assert mem.memories("7", channel="api").memories == []


def test_async_souvenir_has_the_same_answers(tmp_path):
    async def run() -> tuple:
        async with await AsyncSouvenir.open(
            tmp_path / "a.db", embedder="none", window_embedder="none", background=False
        ) as mem:
            written = await mem.remember("ann", "Allergic to latex gloves")
            context = await mem.context("ann", "gloves?")
            return written, context, (await mem.memories("ann")).memories

    written, context, listed = asyncio.run(run())
    assert written.action == "insert" and context.memories[0].id == written.id == listed[0].id


def test_a_misspelt_setting_is_refused_with_the_field_it_meant(tmp_path):
    """``Souvenir.open("m.db", embeder="none")`` opened with the default embedders, the typo
    dropped without a word (``Settings`` ignores unknown ``.env`` lines); nothing is opened now."""
    for kwargs, meant in (
        ({"embeder": "none"}, "did you mean 'embedder'?"),
        ({"SOUVENIR_CONTEXT_LIMIT": 5}, "did you mean 'context_limit'?"),
        ({"not_a_setting": 1}, "unknown setting 'not_a_setting'"),
    ):
        with pytest.raises(InputError, match=re.escape(meant)):
            Souvenir.open(tmp_path / "typo.db", background=False, **kwargs)
    assert not (tmp_path / "typo.db").exists()


def test_a_store_in_a_missing_directory_says_so(tmp_path):
    """SQLite's own words, ``unable to open database file``, did not say that the folder is missing."""
    from souvenir import StoreError

    missing = tmp_path / "no-such-dir" / "m.db"
    with pytest.raises(StoreError, match=re.escape(f"its directory {missing.parent} does not exist")):
        Souvenir.open(missing, embedder="none", window_embedder="none", background=False)
