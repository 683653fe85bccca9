"""The MCP server with a real MCP client session (the official SDK): over stdio (``souvenir
mcp`` as a subprocess, as an agent starts it) and over streamable HTTP on loopback."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest

pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install 'souvenir[mcp]')")

from mcp.client.session import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

from souvenir.library import Souvenir  # noqa: E402
from souvenir.mcp.server import TOOLS, http_app  # noqa: E402
from tests.servers import UvicornThread  # noqa: E402

SOUVENIR = str(Path(sys.executable).parent / "souvenir")


def _payload(result) -> dict:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


async def _round_trip(session: ClientSession, pinned: bool) -> None:
    """The five tools on user ann: pinned (``--user ann``: no ``user`` argument, one naming
    it is refused) or not (every call names its user)."""
    await session.initialize()
    tools = (await session.list_tools()).tools
    assert [t.name for t in tools] == list(TOOLS) == ["remember", "context", "search", "memories", "forget"]
    assert all(t.description and t.input_schema["properties"] for t in tools)
    assert all(("user" in t.input_schema["properties"]) is not pinned for t in tools)
    if not pinned:
        assert all("user" in t.input_schema.get("required", []) for t in tools)
    ann = {} if pinned else {"user": "ann"}
    written = _payload(await session.call_tool("remember", {"text": "Allergic to latex gloves"} | ann))
    assert written["action"] == "insert"
    listed = _payload(await session.call_tool("memories", ann))
    assert [m["text"] for m in listed["memories"]] == ["Allergic to latex gloves"]
    found = _payload(await session.call_tool("search", {"query": "latex", "kind": ["fact"]} | ann))
    assert found["results"][0]["id"] == written["id"]
    context = _payload(await session.call_tool("context", {"message": "which gloves can I wear?"} | ann))
    assert "latex" in context["block"] and context["memories"][0]["pass"]
    shown = {"message": "which gloves can I wear?", "messages": ["Allergic to latex gloves", "Noted."]}
    context = _payload(await session.call_tool("context", shown | ann))  # the prompt shows it: no place
    assert "latex" not in context["block"] and context["memories"] == []
    if pinned:  # what a user typed cannot steer the agent to another user
        other = await session.call_tool("memories", {"user": "bob"})
        assert other.is_error and "pinned to one user" in other.content[0].text
    else:
        nobody = _payload(await session.call_tool("memories", {"user": "bob"}))
        assert nobody["memories"] == [] and nobody["unknown_user"] == "no user api:bob"  # says so
        bad = await session.call_tool("forget", {"memory_id": written["id"], "user": "bob"})
        assert bad.is_error and "no memory" in bad.content[0].text  # another user's memory: says why
    empty = await session.call_tool("remember", {"text": "  "} | ann)
    assert empty.is_error and "text is empty" in empty.content[0].text
    assert _payload(await session.call_tool("forget", {"memory_id": written["id"]} | ann))["deleted"] == written["id"]
    assert _payload(await session.call_tool("memories", ann))["memories"] == []


async def _argument_errors(session: ClientSession, pinned: bool) -> None:
    """Bad arguments come back as one readable sentence naming each field, never pydantic's
    multi-line dump with its documentation links (issue #24)."""
    ann = {} if pinned else {"user": "ann"}
    for name, arguments, says in (
        ("search", {"query": "tea", "limit": 1000} | ann, "bad arguments for search: 'limit': "),
        ("forget", {"memory_id": "seven"} | ann, "bad arguments for forget: 'memory_id': "),
        ("remember", {"text": "x", "kind": "rule"} | ann, "bad arguments for remember: 'kind': "),
        ("context", ann, "bad arguments for context: 'message' is required"),
        # an argument of another name is named, with the tool's own (the SDK ignored it)
        ("forget", {"id": 7} | ann, "bad arguments for forget: 'id' is not one of its arguments (memory_id"),
        (
            "search",
            {"q": "tea", "top_k": 3} | ann,
            "bad arguments for search: 'q', 'top_k' are not among its arguments (query, kind",
        ),
    ):
        result = await session.call_tool(name, arguments)
        text = result.content[0].text
        assert result.is_error and text.startswith(says), text
        assert "\n" not in text and "http" not in text and "pydantic" not in text, text
    if not pinned:
        missing = await session.call_tool("memories", {})
        assert missing.is_error and missing.content[0].text == "bad arguments for memories: 'user' is required"


def test_stdio_session_pins_the_user_and_round_trips_a_memory(tmp_path):
    params = StdioServerParameters(
        command=SOUVENIR,
        args=["--db", str(tmp_path / "m.db"), "--embedder", "none", "mcp", "--user", "ann"],
        env={"SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""},
        cwd=str(tmp_path),
    )

    async def run() -> None:
        with anyio.fail_after(50):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await _round_trip(session, pinned=True)
                await _argument_errors(session, pinned=True)

    anyio.run(run)


def test_streamable_http_session_names_the_user_in_every_call(tmp_path):
    with Souvenir.open(tmp_path / "h.db", embedder="none", window_embedder="none", background=False) as memory:
        app = http_app(memory)  # as `souvenir mcp --transport http` serves it (no key: open)
        with UvicornThread(app) as server:

            async def run() -> None:
                with anyio.fail_after(30):
                    async with (
                        streamable_http_client(f"{server.url}/mcp") as (read, write),
                        ClientSession(read, write) as session,
                    ):
                        await _round_trip(session, pinned=False)
                        await _argument_errors(session, pinned=False)

            anyio.run(run)


def test_http_transport_refuses_to_bind_beyond_loopback(tmp_path):
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    result = CliRunner().invoke(
        app,
        ["--db", str(tmp_path / "x.db"), "--embedder", "none", "mcp", "--transport", "http", "--host", "0.0.0.0"],
        env={"SOUVENIR_WINDOW_EMBEDDER": "none"},
    )
    assert result.exit_code == 2 and "loopback" in result.output
