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
from souvenir.mcp_server import TOOLS, http_app  # noqa: E402
from tests.servers import UvicornThread  # noqa: E402

SOUVENIR = str(Path(sys.executable).parent / "souvenir")


def _payload(result) -> dict:
    assert not result.is_error, result.content
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)


async def _round_trip(session: ClientSession) -> None:
    await session.initialize()
    tools = (await session.list_tools()).tools
    assert [t.name for t in tools] == list(TOOLS)
    assert all(t.description and t.input_schema["properties"] for t in tools)
    written = _payload(await session.call_tool("remember", {"text": "Allergic to latex gloves"}))
    assert written["action"] == "insert"
    listed = _payload(await session.call_tool("list", {}))
    assert [m["text"] for m in listed["memories"]] == ["Allergic to latex gloves"]
    found = _payload(await session.call_tool("search", {"query": "latex", "kind": ["fact"]}))
    assert found["results"][0]["id"] == written["id"]
    context = _payload(await session.call_tool("context", {"message": "which gloves can I wear?"}))
    assert "latex" in context["block"] and context["memories"][0]["pass"]
    other = _payload(await session.call_tool("list", {"user": "bob"}))
    assert other["memories"] == []
    bad = await session.call_tool("forget", {"memory_id": written["id"], "user": "bob"})
    assert bad.is_error and "no memory" in bad.content[0].text  # another user's memory: says why
    empty = await session.call_tool("remember", {"text": "  "})
    assert empty.is_error and "text is empty" in empty.content[0].text
    assert _payload(await session.call_tool("forget", {"memory_id": written["id"]}))["deleted"] == written["id"]
    assert _payload(await session.call_tool("list", {}))["memories"] == []


def test_stdio_session_lists_the_tools_and_round_trips_a_memory(tmp_path):
    params = StdioServerParameters(
        command=SOUVENIR, args=["--db", str(tmp_path / "m.db"), "--embedder", "none", "mcp", "--user", "ann"],
        env={"SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""}, cwd=str(tmp_path))

    async def run() -> None:
        with anyio.fail_after(50):
            async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
                await _round_trip(session)

    anyio.run(run)


def test_streamable_http_session(tmp_path):
    with Souvenir.open(tmp_path / "h.db", embedder="none", window_embedder="none", background=False) as memory:
        app = http_app(memory, user="ann")  # as `souvenir mcp --transport http` serves it (no key: open)
        with UvicornThread(app) as server:
            async def run() -> None:
                with anyio.fail_after(30):
                    async with streamable_http_client(f"{server.url}/mcp") as (read, write), \
                            ClientSession(read, write) as session:
                        await _round_trip(session)

            anyio.run(run)


def test_http_transport_refuses_to_bind_beyond_loopback(tmp_path):
    from typer.testing import CliRunner

    from souvenir.cli.main import app

    result = CliRunner().invoke(app, ["--db", str(tmp_path / "x.db"), "--embedder", "none", "mcp",
                                      "--transport", "http", "--host", "0.0.0.0"],
                                env={"SOUVENIR_WINDOW_EMBEDDER": "none"})
    assert result.exit_code == 2 and "loopback" in result.output
