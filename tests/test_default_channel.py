"""One default channel in every face (issue #24), and an unknown user's answer says in which
channel that user exists — in the library, the REST service (404 detail, ``unknown_user``),
the HTTP client and the CLI (tests/test_cli.py) and MCP (its errors are the library's)."""

from __future__ import annotations

import httpx
import pytest

from souvenir import UnknownError
from souvenir.api.app import create_app
from souvenir.client import SouvenirClient
from souvenir.library import Souvenir
from souvenir.schemas import DEFAULT_CHANNEL
from tests.servers import UvicornThread

OPTS = {"embedder": "none", "window_embedder": "none", "background": False}
WHERE = "no user api:ann; user 'ann' exists in channel cli"


def test_every_face_defaults_to_one_channel():
    import inspect

    from souvenir.cli.common import CHANNEL_HELP
    from souvenir.cli.read_commands import memories
    from souvenir.client import SouvenirClient
    from souvenir.schemas import ContextQuery, TurnCreate

    assert DEFAULT_CHANNEL == "api"
    assert inspect.signature(Souvenir.open).parameters["channel"].default == DEFAULT_CHANNEL
    assert inspect.signature(SouvenirClient).parameters["channel"].default == DEFAULT_CHANNEL
    assert TurnCreate.model_fields["channel"].default == ContextQuery.model_fields["channel"].default == DEFAULT_CHANNEL
    assert inspect.signature(memories).parameters["channel"].default.default == DEFAULT_CHANNEL
    assert "api" in CHANNEL_HELP


@pytest.fixture()
def old_cli_store(tmp_path):
    """A store an older CLI wrote: its user ``ann`` in channel ``cli``."""
    db = tmp_path / "old.db"
    with Souvenir.open(db, channel="cli", **OPTS) as memory:
        mid = memory.remember("ann", "I adopted a cat called Kopi").id
    return db, mid


def test_the_library_says_where_an_unknown_user_exists(old_cli_store):
    db, mid = old_cli_store
    with Souvenir.open(db, **OPTS) as memory:
        assert memory.user_channels("ann") == ["cli"]
        assert memory.memories("ann").unknown_user == WHERE
        assert memory.search("ann", "cat").unknown_user == WHERE
        assert memory.context("ann", "how is my cat?").unknown_user == WHERE
        assert memory.forgotten("ann").unknown_user == WHERE
        for call in (
            lambda: memory.forget("ann", mid),
            lambda: memory.history("ann", mid),
            lambda: memory.export_user("ann"),
            lambda: memory.timezone("ann"),
            lambda: memory.diagnostics("ann"),
            lambda: memory.memory("ann", mid),
        ):
            with pytest.raises(UnknownError, match="exists in channel cli"):
                call()
        assert memory.memories("ann", channel="cli").memories[0].text == "I adopted a cat called Kopi"
        assert memory.memories("ann", channel="cli").unknown_user is None
        assert memory.memories("nobody").unknown_user == "no user api:nobody"  # exists nowhere: says so
        with pytest.raises(UnknownError) as nowhere:
            memory.export_user("nobody")
        assert "exists" not in str(nowhere.value)


def test_rest_and_the_client_say_where_an_unknown_user_exists(old_cli_store):
    db, _ = old_cli_store
    with (
        Souvenir.open(db, **OPTS) as memory,
        UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server,
    ):
        r = httpx.get(f"{server.url}/v1/users/api/ann/export", timeout=30)
        assert r.status_code == 404 and r.json()["detail"] == WHERE
        r = httpx.get(f"{server.url}/v1/users/api/ann/memories", timeout=30)
        assert r.status_code == 200 and r.json()["unknown_user"] == WHERE
        r = httpx.get(f"{server.url}/v1/users/api/ann/timezone", timeout=30)
        assert r.status_code == 404 and "exists in channel cli" in r.json()["detail"]
        with SouvenirClient(server.url) as client:
            assert client.memories("ann").unknown_user == WHERE
            with pytest.raises(UnknownError, match="exists in channel cli"):
                client.export_user("ann")


def test_the_client_has_the_libraries_user_methods(tmp_path):
    """forgotten, timezone, set_timezone, diagnostics: the same answers over HTTP."""
    with (
        Souvenir.open(tmp_path / "c.db", **OPTS) as memory,
        UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server,
        SouvenirClient(server.url) as client,
    ):
        memory.remember("li", "Works night shifts at the clinic")
        assert client.set_timezone("li", "Asia/Kuala_Lumpur") == memory.timezone("li")
        assert client.timezone("li").tz == "Asia/Kuala_Lumpur"
        assert client.forgotten("li", min_candidate=0) == memory.forgotten("li", min_candidate=0)
        assert client.diagnostics("li").user.id == memory.diagnostics("li").user.id == "li"


def test_every_public_method_is_on_every_door():
    """AsyncSouvenir has every method of Souvenir; the HTTP client every user method the REST
    service serves (the operators' ones — jobs, keys, index — are the CLI's and /v1/jobs')."""
    import inspect

    from souvenir.library import AsyncSouvenir

    def methods(cls) -> set[str]:
        return {
            n
            for n, m in vars(cls).items()
            if not n.startswith("_") and callable(m) and not isinstance(m, (classmethod, staticmethod, property))
        }

    assert methods(Souvenir) - methods(AsyncSouvenir) == set()
    for name in methods(Souvenir):
        assert inspect.getdoc(getattr(Souvenir, name)), f"Souvenir.{name} has no docstring"
    served = {
        "add_turn",
        "context",
        "search",
        "remember",
        "remember_many",
        "memories",
        "update",
        "history",
        "forget",
        "pin",
        "profile",
        "export_user",
        "delete_user",
        "forgotten",
        "timezone",
        "set_timezone",
        "diagnostics",
    }
    assert served <= methods(Souvenir) and served <= methods(SouvenirClient)


def test_mcp_says_where_an_unknown_user_exists(old_cli_store):
    """The MCP tools' answers and errors are the library's: the same sentence."""
    pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install 'souvenir[mcp]')")
    import anyio
    from mcp.server.mcpserver.exceptions import ToolError

    from souvenir.mcp.server import build_server

    db, mid = old_cli_store
    with Souvenir.open(db, **OPTS) as memory:
        server = build_server(memory, user="ann")

        async def run() -> tuple[object, str]:
            listed = await server.call_tool("memories", {})
            try:
                await server.call_tool("forget", {"memory_id": mid})
            except ToolError as exc:
                return listed, str(exc)
            return listed, ""

        listed, refused = anyio.run(run)
        assert WHERE in str(listed) and refused == f"no memory {mid} for user api:ann; user 'ann' exists in channel cli"
