"""The typed HTTP client against a real server on loopback: the same calls give the same
answers as the library, the same errors, sync and async."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from souvenir import InputError, Souvenir, UnknownError
from souvenir.api.app import create_app
from souvenir.client import AsyncSouvenirClient, SouvenirClient
from souvenir.ground.config import Settings
from souvenir.ground.errors import ServiceUnreachableError
from souvenir.engine.runtime import open_runtime
from souvenir.schemas import MemoryHistory, UserExport, UsersPage
from tests.servers import UvicornThread, free_port

T = datetime(2025, 3, 14, 9, 30, tzinfo=timezone.utc)


def _settings(path) -> Settings:
    return Settings(database_url=f"sqlite:///{path}", embedder="none", window_embedder="none", _env_file=None)


def _script(door) -> list:
    """The same calls on either door; each answer (or error) kept for comparison."""
    out: list = []

    def keep(fn, *args, **kwargs):
        try:
            answer = fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the error is the answer compared
            answer = (type(exc).__name__, str(exc))
        if isinstance(answer, MemoryHistory):  # when the edit was recorded: each door's own clock
            answer = answer.model_copy(
                update={"history": [e.model_copy(update={"recorded_at": None}) for e in answer.history]}
            )
        if isinstance(answer, UsersPage):  # when the user was first seen: each door's own clock
            answer = answer.model_copy(
                update={"users": [u.model_copy(update={"created_at": ""}) for u in answer.users]}
            )
        if isinstance(answer, UserExport):
            answer = {t: len(rows) for t, rows in answer.tables.items()}
        out.append(answer)
        return answer

    keep(door.add_turn, "ann", "I adopted a cat called Kopi", reply="Lovely!", time=T)
    keep(door.add_turn, "ann", "/start", time=T)
    jazz = keep(door.remember, "ann", "Aime le jazz et la bossa nova", kind="preference", date=T)
    keep(door.remember, "ann", "Aime le jazz", kind="preference", date=T)
    keep(
        door.remember_many,
        "ann",
        [
            {"text": "Lives in Ipoh with her sister", "date": T},
            {"text": "Allergic to latex gloves", "date": T},
            {
                "text": "Promised to bring the glove brand",
                "kind": "promise",
                "scope": "story",
                "story": "shop",
                "date": T,
            },
        ],
    )
    keep(door.context, "ann", "what about my cat and gloves?")
    keep(door.context, "ann", "gloves?", story="shop")
    keep(door.search, "ann", "latex gloves", limit=3)
    keep(door.search, "ann", "jazz", kind=["preference"], since=T, story="shop")
    keep(door.update, "ann", jazz.id, "Aime le jazz manouche et la bossa nova", date=T)
    keep(door.history, "ann", jazz.id)
    keep(door.pin, "ann", jazz.id)
    keep(door.pin, "ann", jazz.id, False)
    first = keep(door.memories, "ann", limit=2)
    keep(door.memories, "ann", limit=2, cursor=first.next_cursor)
    keep(door.memories, "ann", status="all")
    keep(door.profile, "ann")
    keep(door.users)
    keep(door.users, limit=1, cursor="bogus")
    keep(door.forget, "ann", jazz.id)
    # errors: the same class and message through either door
    keep(door.remember, "ann", "x", kind="gossip")
    keep(door.context, "ann", "   ")
    keep(door.forget, "bob", jazz.id)
    keep(door.update, "ann", jazz.id, "Aime le jazz")
    keep(door.memories, "ann", cursor="bogus")
    keep(door.profile, "nobody")
    keep(door.export_user, "ann")
    keep(door.delete_user, "ann")
    keep(door.export_user, "ann")
    return out


def test_library_and_client_give_the_same_answers(tmp_path):
    with Souvenir.open(_settings(tmp_path / "lib.db"), background=False) as library:
        expected = _script(library)
    settings = _settings(tmp_path / "srv.db")
    rt = open_runtime(settings)
    try:
        with UvicornThread(create_app(settings, runtime=rt)) as server, SouvenirClient(server.url) as client:
            got = _script(client)
    finally:
        rt.close()
    assert len(got) == len(expected)
    for i, (a, b) in enumerate(zip(got, expected)):
        # The public fields: the library's context also keeps its erasure number privately
        # (`ContextPublic.erasure_clock`), which no HTTP answer carries (docs/security.md).
        pa, pb = (x.model_dump() if hasattr(x, "model_dump") else x for x in (a, b))
        assert pa == pb, f"call {i}: client {a!r} != library {b!r}"
    assert ("InputError", expected[-9][1]) == expected[-9] and "kind" in expected[-9][1]


def test_errors_map_to_the_tree(tmp_path):
    settings = _settings(tmp_path / "e.db")
    rt = open_runtime(settings)
    try:
        with UvicornThread(create_app(settings, runtime=rt)) as server, SouvenirClient(server.url) as client:
            with pytest.raises(UnknownError):
                client.export_user("nobody")
            with pytest.raises(InputError, match="empty"):
                client.context("ann", "")  # refused before it is sent
            with pytest.raises(InputError, match="cursor"):
                client.memories("ann", cursor="bogus")  # refused by the service
    finally:
        rt.close()
    with (
        SouvenirClient(f"http://127.0.0.1:{free_port()}", timeout=2) as nowhere,
        pytest.raises(ServiceUnreachableError),
    ):
        nowhere.profile("ann")


def test_async_client(tmp_path):
    settings = _settings(tmp_path / "a.db")
    rt = open_runtime(settings)

    async def run(url: str) -> tuple:
        async with AsyncSouvenirClient(url, channel="telegram") as client:
            written = await client.remember("7", "Allergic to latex gloves")
            found = await client.search("7", "latex")
            listed = await client.memories("7")
            return written, found, listed

    try:
        with UvicornThread(create_app(settings, runtime=rt)) as server:
            written, found, listed = asyncio.run(run(server.url))
    finally:
        rt.close()
    assert written.action == "insert" and found.results[0].id == written.id == listed.memories[0].id


def test_the_client_has_the_library_user_methods_the_docs_list():
    """docs/library.md lists the library's user methods and says the HTTP client has the same,
    but for ``memory`` and ``user_channels`` (no REST route): held here so neither drifts."""
    import re
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "library.md").read_text(encoding="utf-8")
    listed = page.split("Methods, each taking the user's id first", 1)[1].split("They return the models", 1)[0]
    methods = {name for name in re.findall(r"`([a-z_]+)`", listed) if hasattr(Souvenir, name)}
    assert {"add_turn", "context", "forget", "user_channels"} <= methods
    assert "not `memory` and `user_channels`, which have no REST route" in " ".join(page.split())
    assert sorted(m for m in methods if not hasattr(SouvenirClient, m)) == ["memory", "user_channels"]
