"""One scope model for every door (issues #24, #27): the REST scope matrix run through MCP
too. The same keys — admin, a key of the server's channel, a key of another channel — make
the same calls through the REST routes and through the MCP HTTP server's tools, on one store;
each cell must have the same outcome in both doors (allowed in both, or refused with the same
sentence), and a channel key forgets no rule through either (the MCP door let one do it)."""

from __future__ import annotations

import functools
import itertools

import anyio
import httpx
import pytest

pytest.importorskip("mcp", reason="the MCP SDK is not installed (pip install 'souvenir[mcp]')")

import httpx2  # noqa: E402
from mcp.client.session import ClientSession  # noqa: E402
from mcp.client.streamable_http import streamable_http_client  # noqa: E402

from souvenir.api.app import create_app  # noqa: E402
from souvenir.library import Souvenir  # noqa: E402
from souvenir.mcp.server import http_app  # noqa: E402
from tests.servers import UvicornThread  # noqa: E402

CHANNEL, USER = "shop", "ann"
ACTIONS = ("memories", "search", "context", "remember", "forget fact", "forget rule")
_n = itertools.count()


def _seed(memory: Souvenir) -> dict[str, int]:
    """A fresh fact and rule of the user (written locally, as the operator)."""
    i = next(_n)
    fact = memory.remember(USER, f"Allergic to latex gloves, note {i}", channel=CHANNEL).id
    rule = memory.remember(USER, f"Always greet the customer by name, rule {i}", kind="rule", channel=CHANNEL).id
    assert fact is not None and rule is not None
    return {"fact": fact, "rule": rule}


def _rest(base: str, key: str, action: str, ids: dict[str, int]) -> tuple[str, str]:
    user = f"{base}/v1/users/{CHANNEL}/{USER}"
    calls = {
        "memories": ("GET", f"{user}/memories", None),
        "search": ("POST", f"{user}/search", {"query": "latex"}),
        "context": ("POST", f"{base}/v1/context", {"channel": CHANNEL, "user": USER, "message": "which gloves?"}),
        "remember": ("POST", f"{user}/memories", {"text": f"Likes green tea, note {next(_n)}"}),
        "forget fact": ("DELETE", f"{user}/memories/{ids['fact']}", None),
        "forget rule": ("DELETE", f"{user}/memories/{ids['rule']}", None),
    }
    method, url, body = calls[action]
    r = httpx.request(method, url, json=body, headers={"Authorization": f"Bearer {key}"}, timeout=30)
    if r.is_success:
        return "allowed", ""
    return f"refused {r.status_code}", str(r.json().get("detail"))


async def _mcp_cells(url: str, key: str, memory: Souvenir) -> dict[str, tuple[str, str]]:
    """Every action through one MCP session of ``key`` (403 before any session: every cell)."""
    hello = httpx.post(
        url,
        headers={"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream"},
        json={
            "jsonrpc": "2.0",
            "id": 1,
            "method": "initialize",
            "params": {
                "protocolVersion": "2025-06-18",
                "capabilities": {},
                "clientInfo": {"name": "t", "version": "1"},
            },
        },
        timeout=30,
    )
    if hello.status_code == 403:
        return {a: ("refused 403", str(hello.json().get("detail"))) for a in ACTIONS}
    cells = {}
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=30) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        for action in ACTIONS:
            ids = await anyio.to_thread.run_sync(_seed, memory)
            name, arguments = {
                "memories": ("memories", {}),
                "search": ("search", {"query": "latex"}),
                "context": ("context", {"message": "which gloves?"}),
                "remember": ("remember", {"text": f"Likes green tea, note {next(_n)}"}),
                "forget fact": ("forget", {"memory_id": ids["fact"]}),
                "forget rule": ("forget", {"memory_id": ids["rule"]}),
            }[action]
            result = await session.call_tool(name, arguments)
            text = result.content[0].text if result.is_error else ""
            cells[action] = ("refused 403" if result.is_error else "allowed", text)
            if action == "forget rule" and result.is_error:  # the rule is still there
                kept = await anyio.to_thread.run_sync(
                    functools.partial(memory.memory, USER, ids["rule"], channel=CHANNEL)
                )
                assert kept.status == "active"
    return cells


def test_the_rest_scope_matrix_holds_through_mcp(store_url):
    with Souvenir.open(store_url, channel=CHANNEL, embedder="none", window_embedder="none", background=False) as memory:
        keys = {
            "admin": memory.create_key("ops", admin=True)[0],
            "own channel": memory.create_key("shop", channels=[CHANNEL])[0],
            "other channel": memory.create_key("elsewhere", channels=["elsewhere"])[0],
        }
        with (
            UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as rest,
            UvicornThread(http_app(memory, user=USER)) as mcp,
        ):
            matrix, said = {}, {}
            for who, key in keys.items():
                through_rest = {a: _rest(rest.url, key, a, _seed(memory)) for a in ACTIONS}
                through_mcp = anyio.run(_mcp_cells, f"{mcp.url}/mcp", key, memory)
                matrix[who] = {a: through_rest[a][0] for a in ACTIONS}
                said[who] = {a: through_rest[a][1] for a in ACTIONS}
                for action in ACTIONS:
                    assert through_mcp[action] == through_rest[action], (
                        who,
                        action,
                        through_rest[action],
                        through_mcp[action],
                    )
    assert matrix["admin"] == dict.fromkeys(ACTIONS, "allowed")
    assert matrix["own channel"] == dict.fromkeys(ACTIONS, "allowed") | {"forget rule": "refused 403"}
    assert matrix["other channel"] == dict.fromkeys(ACTIONS, "refused 403")
    # the refusal says what needed an admin key and what this key reaches (it said "this
    # needs an admin key", which left a bot's developer guessing which part of the call)
    assert said["own channel"]["forget rule"] == (
        "editing, pinning or forgetting a rule (the operator's instruction, in every later context"
        " of the user) needs an admin key; this key reaches channel 'shop' only"
    )
