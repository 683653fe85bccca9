"""Session 25, a new user's walk (lane newuser10): what the walk met, on real parts — real
SQLite files, real PostgreSQL on 127.0.0.1:5432 where it runs, real HTTP on loopback, the
official ``openai`` SDK against the proxy, a scripted model server on loopback."""

from __future__ import annotations

import html
import json
import sqlite3
import time
from http.server import BaseHTTPRequestHandler

import httpx
import pytest
from openai import OpenAI
from typer.testing import CliRunner

from souvenir.api.app import create_app
from souvenir.cli.main import app
from souvenir.library import Souvenir
from souvenir.ground.results import ERASED_REASON
from tests.attack_support import stub_model_settings, turn_settings
from tests.servers import UvicornThread, _LoopbackServer

WORDS = {
    "en": "My sister Mei is getting married in Penang in March.",
    "fr": "Ma sœur Mei se marie à Penang en mars.",
    "zh": "我妹妹小美三月要在槟城结婚。",
    "ms": "Adik saya Mei akan berkahwin di Pulau Pinang pada bulan Mac.",
}


class LingeringStream(_LoopbackServer):
    """An OpenAI-compatible server that streams its reply, sends ``data: [DONE]``, then keeps
    the connection open ``linger_s`` seconds before closing it (as a keep-alive server does
    before its last chunk): the ``openai`` SDK stops reading at ``[DONE]`` and closes."""

    def __init__(self, reply: str = "How lovely, congratulations!", linger_s: float = 0.5) -> None:
        self.requests: list[dict] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                if not body.get("stream"):  # reflection or summary: nothing proposed
                    answer = {"choices": [{"index": 0, "finish_reason": "stop", "message": {"content": "{}"}}]}
                    payload = json.dumps(answer).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                try:
                    for word in reply.split(" "):
                        chunk = {"choices": [{"index": 0, "delta": {"content": word + " "}}]}
                        self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
                    end = {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                    self.wfile.write(f"data: {json.dumps(end)}\n\ndata: [DONE]\n\n".encode())
                    self.wfile.flush()
                    time.sleep(linger_s)
                except OSError:
                    pass
                self.close_connection = True

        self._serve(Handler)


def _turns(db) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [row[0] for row in conn.execute("SELECT message FROM turns WHERE message != '' ORDER BY id")]


def _wait_turns(db, n: int, seconds: float = 15.0) -> list[str]:
    deadline = time.monotonic() + seconds
    while len(turns := _turns(db)) < n and time.monotonic() < deadline:
        time.sleep(0.1)
    return turns


@pytest.mark.parametrize("lang", sorted(WORDS))
def test_a_stream_the_openai_sdk_read_to_done_is_recorded(tmp_path, lang):
    """The official SDK breaks out at ``data: [DONE]`` and closes the connection while the
    model server still holds it: the client got the whole reply, so the exchange is recorded
    (it was counted ``proxy_stream_cut`` and lost, two streams in five on the walk)."""
    db = tmp_path / "s.db"
    with (
        LingeringStream() as upstream,
        UvicornThread(create_app(stub_model_settings(f"sqlite:///{db}", upstream.url))) as server,
    ):
        client = OpenAI(base_url=f"{server.url}/v1", api_key="none", max_retries=0)
        said = ""
        for chunk in client.chat.completions.create(
            model="stub",
            user="kai",
            stream=True,
            messages=[{"role": "system", "content": "You are Aria."}, {"role": "user", "content": WORDS[lang]}],
        ):
            if chunk.choices and chunk.choices[0].delta.content:
                said += chunk.choices[0].delta.content
        assert said.strip() == "How lovely, congratulations!"
        assert _wait_turns(db, 1) == [WORDS[lang]]
        metrics = httpx.get(f"{server.url}/metrics").text
        assert 'event="proxy_stream_cut"} 0.0' in metrics


# -- an operator restores a user's export (GDPR walk) ------------------------------------------

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

#: (lang, channel, user, what the user said) — the customer-service bot's channels
CUSTOMERS = [
    ("zh", "wechat", "wx_o6abc", ["我对尘螨过敏，所以买了扫地机器人", "我住在上海浦东新区"]),
    ("ms", "telegram", "55501", ["Saya alah kepada kacang tanah", "Saya tinggal di Johor Bahru"]),
    ("en", "telegram", "55502", ["I am allergic to dust mites", "I live in Leeds"]),
    ("fr", "wechat", "wx_fr1", ["Je suis allergique aux acariens", "J'habite à Lyon"]),
]


def _active(mem, user: str, channel: str) -> list[str]:
    return sorted(m.text for m in mem.memories(user, channel=channel, status="active").memories)


@pytest.mark.parametrize(("lang", "channel", "user", "said"), CUSTOMERS, ids=[c[0] for c in CUSTOMERS])
def test_an_export_restored_without_a_channel_goes_back_to_its_own(store_url, tmp_path, lang, channel, user, said):
    """``import`` of an export with no ``channel`` went to ``api``: a ``wechat`` user's
    memories restored beside another tenant's, past the marks of what the user erased there
    (a deleted user came back, as ``api:…``). Now the export's own channel is the default, and
    a deleted user's old export writes nothing there (its profile's ``tz`` made the id again)."""
    backup = tmp_path / "u.json"
    with Souvenir.open(store_url, **OPEN) as mem:
        for text in said:
            mem.add_turn(user, text, reply="OK", channel=channel)
        backup.write_text(mem.export_user(user, channel=channel).model_dump_json(), encoding="utf-8")
        # moved to a fresh id: the export's channel, not api
        results = mem.import_file(backup, user + "_moved")
        assert [r.action for r in results] == ["insert"] * len(said)
        assert _active(mem, user + "_moved", channel) == sorted(said)
        assert mem.user_channels(user + "_moved") == [channel]
        # deleted, then the old export restored with no channel: nothing comes back, anywhere
        mem.delete_user(user, channel=channel)
        profile: dict = {}
        results = mem.import_file(backup, user, profile=profile)
        assert [r.reason for r in results] == [ERASED_REASON] * len(said)
        # nor the user's id: the profile's tz alone re-created the deleted user's row
        assert mem.user_channels(user) == []
        assert profile["carried"] == [] and "nothing written" in profile["left_out"]["profile"]
        # a channel asked is still obeyed
        assert [r.action for r in mem.import_file(backup, user, channel="api")] == ["insert"] * len(said)


def test_the_cli_imports_an_export_into_its_own_channel(tmp_path):
    db = tmp_path / "s.db"
    with Souvenir.open(f"sqlite:///{db}", **OPEN) as mem:
        mem.add_turn("wx_o6abc", "我对尘螨过敏", reply="好的", channel="wechat")
        backup = tmp_path / "wx.json"
        backup.write_text(mem.export_user("wx_o6abc", channel="wechat").model_dump_json(), encoding="utf-8")
        mem.delete_user("wx_o6abc", channel="wechat")
    run = CliRunner().invoke(
        app,
        ["--db", str(db), "--embedder", "none", "import", str(backup), "--user", "wx_o6abc"],
        env={"COLUMNS": "300"},
    )
    assert run.exit_code == 0, run.output
    assert "for user wechat:wx_o6abc: 0 kept" in run.output and "1 not imported" in run.output, run.output
    assert "尘螨" not in run.output
    assert "nothing written" in run.output
    with Souvenir.open(f"sqlite:///{db}", **OPEN) as mem:
        assert mem.user_channels("wx_o6abc") == []


# -- the diagnostics page of a selection that picked nothing ----------------------------------

ASKED = {
    "en": "Where do I live?",
    "fr": "Où est-ce que j'habite ?",
    "zh": "我住在哪里？",
    "ms": "Saya tinggal di mana?",
}


@pytest.mark.parametrize("lang", sorted(ASKED))
def test_a_selection_that_picked_nothing_says_so_on_the_page(tmp_path, lang):
    """A user's first question, nothing stored yet: the page showed the selection as a table
    of headers alone (read as a page that failed to load); it says so in a sentence now."""
    db = tmp_path / "p.db"
    with UvicornThread(create_app(turn_settings(f"sqlite:///{db}"))) as server:
        ok = httpx.post(f"{server.url}/v1/turns", json={"user": "kai", "message": "ok"}, timeout=30)
        assert ok.status_code == 200, ok.text
        asked = httpx.post(f"{server.url}/v1/context", json={"user": "kai", "message": ASKED[lang]}, timeout=30)
        assert asked.json()["memories"] == []
        page = httpx.get(f"{server.url}/v1/users/api/kai/diagnostics", timeout=30).text
    assert html.escape(ASKED[lang]) in page
    assert "No memory selected for this message." in page
    assert "<table class='picks'>" not in page


# -- `souvenir migrate`: the schema change as a deploy step of its own ------------------------


def _cli(url: str, *args: str):
    return CliRunner().invoke(app, ["--db", url, "--embedder", "none", *args], env={"COLUMNS": "400"})


def test_migrate_applies_what_is_pending_then_says_the_schema_is_current(store_url):
    """The seed's developer looked for `souvenir migrate` (a migration step before the new
    version serves, several replicas behind it): there was none, only "the next command
    applies them". Now: --check lists and exits 1, migrate applies and says which, a re-run
    says current; a schema newer than this version is refused, nothing applied (exit 2)."""
    from souvenir.store import migrations, open_store

    checked = _cli(store_url, "migrate", "--check")
    assert checked.exit_code == 1, checked.output
    assert "pending" in checked.output and "0001" in checked.output
    if "@" in store_url:  # a PostgreSQL URL's user info is never printed
        assert store_url.split("://")[1].split("@")[0] + "@" not in checked.output
    done = _cli(store_url, "migrate")
    assert done.exit_code == 0, done.output
    store = open_store(store_url, migrate=False)
    try:
        latest = max(m.version for m in migrations.load(store.dialect))
        assert max(store.applied()) == latest
        assert f"schema {latest:04d} now" in done.output
        again = _cli(store_url, "migrate")
        assert again.exit_code == 0 and f"schema {latest:04d}, current: nothing to apply" in again.output
        assert _cli(store_url, "migrate", "--check").exit_code == 0
        with store.transaction() as conn:
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (9999, "from the future", "2026-12-07T00:00:00Z"),
            )
    finally:
        store.close()
    newer = _cli(store_url, "migrate")
    assert newer.exit_code == 2 and "newer than this souvenir's" in newer.output, newer.output


def test_migrate_makes_a_new_sqlite_store_its_owners_alone(tmp_path):
    db = tmp_path / "fresh.db"
    done = _cli(str(db), "migrate")
    assert done.exit_code == 0, done.output
    assert f"{db}: applied" in done.output
    assert db.stat().st_mode & 0o077 == 0
