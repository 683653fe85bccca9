"""Session 16, a new user's walk from the README (lane newuser): what surprised, through the
real parts (one SQLite file; the library, the REST service and the HTTP client on loopback,
the CLI, the MCP server over stdio as an agent starts it).

- Times: the export wrote ``…+00:00`` where every other answer writes ``…Z``, and ``souvenir
  keys list`` printed ``2026-12-06T13:45:46`` (no zone at all). One format on every face now.
- ``profile`` of a user unknown in the channel asked said only "no user telegram:wx_1",
  where every other route adds "user 'wx_1' exists in channel wechat".
"""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from datetime import datetime, timedelta
from pathlib import Path

import anyio
import httpx
import pytest
from typer.testing import CliRunner

from souvenir import Souvenir, UnknownError
from souvenir.api.app import create_app
from souvenir.cli.main import app
from souvenir.client import SouvenirClient
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

#: Any ISO 8601 time of day in a text; group 1 is its zone (``Z``, an offset, or none).
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(Z|[+-]\d\d:\d\d)?")
#: One customer per language, each on a channel of their own, with a memory and a turn.
CUSTOMERS = [
    ("wechat", "wx_10086", "我住在上海浦东，下午三点以后才在家", "我的订单还没到"),
    ("whatsapp", "aminah", "Saya tinggal di Ipoh dan ada dua ekor kucing", "Bila pesanan saya sampai?"),
    ("web", "léa", "Je suis allergique aux arachides", "Où en est ma commande ?"),
    ("api", "ann", "I prefer text messages over phone calls", "Where is my order?"),
]
CLI_ENV = {"SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": "", "COLUMNS": "250"}


def _zones(text: str) -> list[str]:
    """The zone of every time in ``text`` ("" for a time without one)."""
    return [m.group(1) or "" for m in TIME.finditer(text)]


def _all_z(face: str, text: str) -> int:
    zones = _zones(text)
    assert zones and set(zones) == {"Z"}, (face, sorted(set(zones)), text[:2000])
    return len(zones)


def _seed(memory: Souvenir) -> dict[str, int]:
    """Memories, turns (each with its reflection job), a selection, an edit and an erasure
    for every customer; two keys. Returns each customer's first memory id."""
    first = {}
    for channel, user, fact, question in CUSTOMERS:
        kept = memory.remember(user, fact, channel=channel)
        first[user] = kept.id
        memory.remember(user, "I like green tea", channel=channel)
        memory.add_turn(user, question, reply="Je regarde. / 我查一下。", channel=channel)
        memory.context(user, question, channel=channel)
        memory.update(user, kept.id, fact + " !", channel=channel)
    gone = memory.memories("ann", channel="api").memories[-1].id
    memory.forget("ann", gone, channel="api")
    memory.create_key("ops", admin=True)
    memory.create_key("shop", channels=["wechat"])
    return first


@pytest.fixture
def seeded(tmp_path):
    """An open library over a real SQLite file with a loopback stand-in as its chat model
    (the turns queue reflection jobs, left pending: nothing runs in the background)."""
    with ChatServer() as upstream:
        settings = stub_model_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url)
        with Souvenir.open(settings, background=False) as memory:
            first = _seed(memory)
            yield memory, tmp_path / "s.db", first


def test_the_library_writes_every_time_in_z(seeded):
    memory, _, first = seeded
    found = 0
    for channel, user, _, question in CUSTOMERS:
        for answer in (
            memory.memories(user, channel=channel, status="all"),
            memory.history(user, first[user], channel=channel),
            memory.memory(user, first[user], channel=channel),
            memory.diagnostics(user, channel=channel, service=True),
            memory.export_user(user, channel=channel),
            memory.search(user, "tea", channel=channel),
            memory.context(user, question, channel=channel),
            memory.users(channel=channel),
        ):
            found += _all_z(f"library {type(answer).__name__} {user}", answer.model_dump_json())
    found += _all_z("library keys", json.dumps([k.model_dump(mode="json") for k in memory.keys()]))
    found += _all_z("library jobs", memory.jobs().model_dump_json())
    assert found > 100


def test_the_export_keeps_the_same_instants_and_the_users_own_words(seeded, tmp_path):
    """Only the times change: the same instant as the stored ``…+00:00``; a message that is
    itself such a text stays as the user typed it."""
    memory, db, _ = seeded
    typed = "2026-12-06T10:00:00+00:00"
    memory.add_turn("ann", typed, reply="OK", channel="api")
    tables = memory.export_user("ann", channel="api").tables
    assert typed in [t["message"] for t in tables["turns"]]
    with sqlite3.connect(db) as conn:
        stored = dict(conn.execute("SELECT id, time FROM turns WHERE message != ?", (typed,)).fetchall())
        created = conn.execute("SELECT created_at FROM users WHERE external_id = 'ann'").fetchone()[0]
    assert created.endswith("+00:00") and tables["users"][0]["created_at"] == created[:-6] + "Z"
    for turn in tables["turns"]:
        if turn["message"] != typed:
            assert turn["time"] == stored[turn["id"]][:-6] + "Z"
    times = [v for rows in tables.values() for row in rows for k, v in row.items() if k == "time" or k.endswith("_at")]
    assert times and all(t is None or t.endswith("Z") for t in times)


def test_rest_and_the_client_write_every_time_in_z(seeded):
    memory, _, first = seeded
    admin = memory.create_key("rest", admin=True)[0]
    auth = {"Authorization": f"Bearer {admin}"}
    with (
        UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server,
        httpx.Client(base_url=server.url, headers=auth, timeout=30) as http,
        SouvenirClient(server.url, api_key=admin) as client,
    ):
        found = 0
        for channel, user, _, question in CUSTOMERS:
            base = f"/v1/users/{channel}/{user}"
            for answer in (
                http.get(f"{base}/memories", params={"status": "all"}),
                http.get(f"{base}/memories/{first[user]}/history"),
                http.get(f"{base}/diagnostics.json"),
                http.get(f"{base}/diagnostics"),  # the page shows the same texts
                http.get(f"{base}/export"),
                http.get(f"/v1/users/{channel}"),
                http.post(f"{base}/search", json={"query": "tea"}),
                http.post("/v1/context", json={"channel": channel, "user": user, "message": question}),
            ):
                assert answer.status_code == 200, answer.text
                found += _all_z(f"REST {answer.request.url.path}", answer.text)
            for model in (
                client.memories(user, channel=channel, status="all"),
                client.history(user, first[user], channel=channel),
                client.diagnostics(user, channel=channel),
                client.export_user(user, channel=channel),
                client.users(channel=channel),
                client.context(user, question, channel=channel),
            ):
                found += _all_z(f"client {type(model).__name__}", model.model_dump_json())
        found += _all_z("REST jobs", http.get("/v1/jobs").text)
        assert found > 100


def test_the_cli_prints_every_time_in_z(seeded):
    _, db, _ = seeded
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(app, ["--db", str(db), "--embedder", "none", *args], env=CLI_ENV)
        assert result.exit_code == 0, (args, result.output)
        return result.stdout

    found = 0
    for args in (
        ("keys", "list"),  # was 2026-12-06T13:45:46: no zone at all
        ("keys", "list", "--json"),
        ("jobs", "list", "--json"),
        ("users", "--channel", "wechat"),
        ("users", "--channel", "wechat", "--json"),
        ("memories", "--user", "léa", "--channel", "web", "--json"),
        ("context", "--user", "aminah", "--channel", "whatsapp", "--json", "Bila pesanan saya sampai?"),
        ("export", "--user", "wx_10086", "--channel", "wechat"),
    ):
        found += _all_z(f"cli {' '.join(args)}", run(*args))
    assert found > 30


def test_mcp_writes_every_time_in_z(seeded):
    from mcp.client.session import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    _, db, _ = seeded
    params = StdioServerParameters(
        command=str(Path(sys.executable).parent / "souvenir"),
        args=["--db", str(db), "--embedder", "none", "mcp", "--channel", "web", "--user", "léa"],
        env={"SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""},
        cwd=str(db.parent),
    )
    texts: list[str] = []

    async def run() -> None:
        with anyio.fail_after(60):
            async with (
                stdio_client(params, errlog=errlog) as (read, write),
                ClientSession(read, write) as session,
            ):
                await session.initialize()
                for tool, arguments in (
                    ("memories", {"status": "all"}),
                    ("search", {"query": "arachides"}),
                    ("context", {"message": "Qu'est-ce que je ne peux pas manger ?"}),
                ):
                    result = await session.call_tool(tool, arguments)
                    assert not result.is_error, result.content
                    texts.append(json.dumps(result.structured_content, ensure_ascii=False))

    # the server's stderr to a file: a CliRunner test run before in this process may leave a
    # sys.stderr without a file descriptor, which the SDK's default errlog needs
    with (db.parent / "mcp.log").open("w") as errlog:
        anyio.run(run)
    assert sum(_all_z("mcp", text) for text in texts) >= 5


@pytest.mark.parametrize("channel, user, _fact, _question", CUSTOMERS)
def test_an_unknown_users_profile_names_where_the_id_exists(seeded, channel, user, _fact, _question):
    """Every other read of an unknown user added where the id exists; the profile did not."""
    memory, _, _ = seeded
    with pytest.raises(UnknownError) as raised:
        memory.profile(user, channel="telegram")
    assert str(raised.value) == f"no user telegram:{user}; user {user!r} exists in channel {channel}"
    with pytest.raises(UnknownError) as raised:
        memory.profile("nobody", channel=channel)
    assert str(raised.value) == f"no user {channel}:nobody"


def test_the_profile_route_says_where_the_id_exists_to_the_keys_that_reach_it(seeded):
    memory, _, _ = seeded
    admin = memory.create_key("admin2", admin=True)[0]
    telegram = memory.create_key("tg", channels=["telegram"])[0]
    with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:

        def profile(key: str) -> httpx.Response:
            return httpx.get(
                f"{server.url}/v1/users/telegram/wx_10086/profile",
                headers={"Authorization": f"Bearer {key}"},
                timeout=30,
            )

        said = profile(admin)
        assert said.status_code == 404
        assert said.json()["detail"] == "no user telegram:wx_10086; user 'wx_10086' exists in channel wechat"
        hidden = profile(telegram)  # a tenant is never told which ids another tenant's channel has
        assert hidden.status_code == 404 and hidden.json()["detail"] == "no user telegram:wx_10086"
        with SouvenirClient(server.url, api_key=admin) as client, pytest.raises(UnknownError) as raised:
            client.profile("wx_10086", channel="telegram")
        assert "exists in channel wechat" in str(raised.value)


def test_getting_one_memory_says_where_it_is_read(seeded):
    """``GET …/memories/{id}`` (the path a newcomer tries first) answered only "this route
    does not take this method"; the library's ``memory()`` has no REST route of its own."""
    memory, _, first = seeded
    key = memory.create_key("probe", admin=True)[0]
    with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:
        auth = {"Authorization": f"Bearer {key}"}
        for channel, user, _, _ in CUSTOMERS:
            base = f"{server.url}/v1/users/{channel}/{user}/memories/{first[user]}"
            answer = httpx.get(base, headers=auth, timeout=30)
            assert answer.status_code == 405
            assert answer.json()["detail"] == (  # the ids are not echoed
                "one memory is read with its chain: GET /v1/users/{channel}/{user}/memories/{id}/history "
                "(`memory`, then `history`); this path takes PATCH (a new wording) and DELETE (forget it); /docs lists every route"
            )
            assert httpx.get(f"{base}/history", headers=auth, timeout=30).json()["memory"]["id"] == first[user]
        assert httpx.post(f"{server.url}/v1/users/api/ann/profile", headers=auth, timeout=30).json()["detail"] == (
            "this route does not take this method: /docs lists each route's methods"
        )


def test_every_time_of_the_librarys_models_is_a_datetime_in_utc(seeded):
    """``users()``, ``keys()`` and ``jobs()`` gave their times as ``str`` beside the memories'
    ``datetime``: a comparison or ``.date()`` worked on one and failed on the other."""
    memory, _, first = seeded
    times = [memory.users(channel=c).users[0].created_at for c, *_ in CUSTOMERS]
    times += [k.created_at for k in memory.keys()]
    times += [t for j in memory.jobs().jobs for t in (j.created_at, j.updated_at, j.next_attempt_at)]
    times += [m.created_at for m in memory.memories("léa", channel="web").memories]
    times += [h.recorded_at for h in memory.history("léa", first["léa"], channel="web").history]
    assert len(times) > 10
    for t in times:
        assert isinstance(t, datetime) and t.utcoffset() == timedelta(0), t
    assert all(k.revoked_at is None for k in memory.keys())


#: A memory dated by the write path and a message that does not ask when (each language).
DATED = [
    ("en", "I adopted a cat called Kopi last week", "What is my cat called?"),
    ("fr", "J'ai adopté un chat qui s'appelle Kopi la semaine dernière", "Comment s'appelle mon chat ?"),
    ("zh", "我上周领养了一只叫Kopi的猫", "我的猫叫什么？"),
    ("ms", "Saya ambil seekor kucing bernama Kopi minggu lepas", "Apa nama kucing saya?"),
]


@pytest.mark.parametrize("lang, said, asked", DATED, ids=[d[0] for d in DATED])
def test_the_diagnostics_legend_of_dated_says_what_it_does(tmp_path, lang, said, asked):
    """The page said "dated: the message asks when"; the part lifts a memory that names a
    date whatever the message (read-path.md: "1 for a memory that names a date", gated)."""
    from souvenir.api.diagnostics_page import COLUMN_LEGEND

    with Souvenir.open(tmp_path / "d.db", embedder="none", window_embedder="none", background=False) as mem:
        mem.add_turn("u", said, reply="OK")
        mem.add_turn("u", "I like green tea", reply="OK")
        mem.context("u", asked)
        items = {i.text: i for i in mem.diagnostics("u").selections[0].items}
    dated = next(i for text, i in items.items() if text != "I like green tea")
    assert re.search(r"[(（]20\d\d-", dated.text) and dated.parts["dated"] > 0, (dated.text, dated.parts)
    assert items["I like green tea"].parts["dated"] == 0
    assert "asks when" not in COLUMN_LEGEND["dated"] and "whatever the message" in COLUMN_LEGEND["dated"]


def test_import_names_a_dropped_memory_by_its_line_in_the_file(tmp_path):
    """``import`` said "memory 3 dropped" — memory 3 of the store was a kept one; a blank
    line shifted the count too. Now the file's line (four languages, a blank line)."""
    memories = tmp_path / "crm.jsonl"
    memories.write_text(
        "\n".join(
            [
                json.dumps({"text": "客户对乳胶手套过敏", "kind": "fact", "source": "crm:88"}, ensure_ascii=False),
                json.dumps({"text": "Préfère être contacté par SMS", "kind": "preference"}, ensure_ascii=False),
                "",
                json.dumps({"text": "Kata laluan saya ialah Tr0ub4dor&3xq"}),
                json.dumps({"text": "Lives in Ipoh"}),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        app,
        ["--db", str(tmp_path / "i.db"), "--embedder", "none", "import", str(memories), "--user", "wx_9"],
        env=CLI_ENV,
    )
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "4 lines for user api:wx_9: 3 kept (1 dropped by filters)" in said, said
    assert "line 4 dropped, secrets" in said and "Tr0ub4dor" not in said, said
