"""Adversarial: revoking a key by a name of digits never revokes another key."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import httpx

from souvenir.config import Settings

NOW = datetime(2026, 12, 2, tzinfo=timezone.utc)


def _settings(db: Path, **extra) -> Settings:
    return Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None,
                    **extra)


def _dump(db: Path) -> str:
    """Every row of every table of the SQLite file ``db``, as SQL text."""
    con = sqlite3.connect(db)
    try:
        return "\n".join(con.iterdump())
    finally:
        con.close()


def _statuses(url: str, user: str) -> dict[str, str]:
    r = httpx.get(f"{url}/v1/users/api/{user}/memories", params={"status": "all"}, timeout=30)
    assert r.status_code == 200, r.text
    return {m["text"]: m["status"] for m in r.json()["memories"]}


# -- the write path: a question or a restriction says no state ended ----------------------------
QUESTIONS = [
    ("I drink milk tea every day", "Do I not drink milk tea anymore?"),
    ("我每天都喝奶茶", "我不再喝奶茶了？"),
    ("我每天都喝奶茶", "我不再喝奶茶了吗"),
    ("我每天都喝奶茶", "我不再喝奶茶了吗，改喝绿茶"),
    ("Je bois du thé au lait tous les jours", "Je ne bois plus de thé au lait ?"),
]
ADDRESSED = [
    ("I drink milk tea every day", "You don't drink milk tea anymore"),
    ("I drink milk tea every day", "Don't drink milk tea anymore, switch to green tea"),
    ("我每天都喝奶茶", "你不再喝奶茶了"),
    ("我每天都喝奶茶", "别再喝奶茶了，改喝绿茶"),
    ("Je bois du thé au lait tous les jours", "Tu ne bois plus de thé au lait"),
    ("Saya minum teh susu setiap hari", "Jangan minum teh susu lagi"),
]
RESTRICTIONS = [
    ("I drink milk tea every day", "I don't only drink milk tea anymore"),
    ("I drink milk tea every day", "I don't just drink milk tea anymore, now green tea too"),
    ("I drink milk tea every day", "I no longer only drink milk tea"),
    ("I like jazz", "I don't like only jazz anymore, now I like rock too"),
    ("Je bois du thé tous les jours", "Je ne bois que du thé"),
    ("Je bois du thé au lait tous les jours", "Je ne bois plus que du thé au lait"),
]


def test_revoking_a_key_by_a_name_of_digits_never_revokes_another_key(tmp_path):
    """`souvenir keys create --name 3 --channel y` then `souvenir keys revoke 3`, to revoke
    that (say, leaked) tenant key: the admin key id 1 was revoked when the name was "1", and
    the leaked key stayed active. A name of digits only is refused; a store that holds one
    (created before) refuses the ambiguous revoke."""
    from typer.testing import CliRunner

    from souvenir.cli.main import app
    from souvenir.store import open_store

    url = f"sqlite:///{tmp_path / 'keys.db'}"
    env = {"SOUVENIR_DATABASE_URL": url, "SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none",
           "SOUVENIR_LLM_BASE_URL": ""}
    run = CliRunner().invoke
    assert run(app, ["keys", "create", "--name", "alpha", "--admin"], env=env).exit_code == 0
    assert run(app, ["keys", "create", "--name", "1", "--channel", "y"], env=env).exit_code != 0
    store = open_store(url)
    try:
        store.add_api_key("1", "0" * 64, "sv_old", False, ["y"], NOW)  # a name of digits kept from before
    finally:
        store.close()
    assert run(app, ["keys", "revoke", "1"], env=env).exit_code != 0
    store = open_store(url)
    try:
        assert [k["revoked_at"] for k in store.api_keys()] == [None, None]
    finally:
        store.close()

