"""Listing a channel's users (new-user lane, session 11: "no command lists the users"):
through the library on SQLite and PostgreSQL, the REST route with its channel scope over
real HTTP on loopback, and `souvenir users` on a real SQLite file."""

from __future__ import annotations

import json

import httpx
import pytest
from typer.testing import CliRunner

from souvenir.api.app import create_app
from souvenir.cli.main import app
from souvenir.ground.errors import InputError
from souvenir.library import Souvenir
from tests.servers import UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}
#: Users of four languages' ids and memories, in the order Souvenir first sees them.
PEOPLE = [
    ("ann", "I live in Lyon"),
    ("léa", "J'habite à Nantes"),
    ("小明", "我住在上海"),
    ("siti", "Saya tinggal di Ipoh"),
]


def _seed(memory: Souvenir) -> None:
    for user, text in PEOPLE:
        memory.remember(user, text, channel="shop")
    memory.remember("léa", "Je suis allergique aux arachides", channel="shop")
    memory.remember("zed", "I live in Oslo", channel="elsewhere")


def test_the_library_pages_a_channels_users_on_each_store(store_url):
    with Souvenir.open(store_url, **OPEN) as memory:
        _seed(memory)
        first = memory.users(channel="shop", limit=3)
        assert [u.user for u in first.users] == ["ann", "léa", "小明"]
        assert [u.memories for u in first.users] == [1, 2, 1]
        assert first.channel == "shop" and first.next_cursor
        rest = memory.users(channel="shop", limit=3, cursor=first.next_cursor)
        assert [u.user for u in rest.users] == ["siti"] and rest.next_cursor is None
        assert [u.user for u in memory.users(channel="elsewhere").users] == ["zed"]
        assert memory.users(channel="nobody").users == []
        forgotten = memory.memories("ann", channel="shop").memories[0].id
        memory.forget("ann", forgotten, channel="shop")
        assert memory.users(channel="shop", limit=1).users[0].memories == 0  # active memories only
        with pytest.raises(InputError):
            memory.users(channel="shop", limit=0)
        with pytest.raises(InputError):
            memory.users(channel="shop", cursor="not-a-cursor")


def test_the_route_lists_only_a_channel_the_key_reaches(tmp_path):
    with Souvenir.open(tmp_path / "u.db", **OPEN) as memory:
        _seed(memory)
        keys = {
            "admin": memory.create_key("ops", admin=True)[0],
            "shop": memory.create_key("shop", channels=["shop"])[0],
            "elsewhere": memory.create_key("elsewhere", channels=["elsewhere"])[0],
        }
        with UvicornThread(create_app(memory.runtime.settings, runtime=memory)) as server:

            def get(path: str, key: str | None, **params) -> httpx.Response:
                headers = {"Authorization": f"Bearer {key}"} if key else {}
                return httpx.get(f"{server.url}{path}", headers=headers, params=params, timeout=30)

            assert get("/v1/users/shop", None).status_code == 401
            assert get("/v1/users/shop", keys["elsewhere"]).status_code == 403
            for who in ("admin", "shop"):
                body = get("/v1/users/shop", keys[who]).json()
                assert [u["user"] for u in body["users"]] == [p[0] for p in PEOPLE], who
            page = get("/v1/users/shop", keys["shop"], limit=2).json()
            assert len(page["users"]) == 2 and page["next_cursor"]
            after = get("/v1/users/shop", keys["shop"], limit=2, cursor=page["next_cursor"]).json()
            assert [u["user"] for u in after["users"]] == ["小明", "siti"]
            assert get("/v1/users/shop", keys["shop"], limit=5000).status_code == 422  # bounded
            assert get("/v1/users/shop", keys["shop"], cursor="x" * 100).status_code == 422
            assert get("/v1/users/shop", keys["shop"], cursor="forged").status_code in (400, 422)


def test_the_command_lists_users_and_unknown_users_point_to_it(tmp_path):
    db = tmp_path / "cli.db"
    with Souvenir.open(db, **OPEN) as memory:
        _seed(memory)
    runner = CliRunner()
    shown = runner.invoke(app, ["--db", str(db), "users", "--channel", "shop"], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output
    assert "4 users in channel 'shop'" in shown.output and "小明" in shown.output
    listed = runner.invoke(app, ["--db", str(db), "users", "--channel", "shop", "--json"], catch_exceptions=False)
    assert [u["user"] for u in json.loads(listed.output)["users"]] == [p[0] for p in PEOPLE]
    empty = runner.invoke(app, ["--db", str(db), "users", "--channel", "nobody"], catch_exceptions=False)
    assert empty.exit_code == 0 and "no user in channel 'nobody'" in empty.output
    unknown = runner.invoke(app, ["--db", str(db), "export", "--user", "bob", "--channel", "shop"])
    assert unknown.exit_code == 2 and "souvenir users --channel shop" in unknown.output
