"""Session 21, lane harden6: the last stop's debts and an attacker's pass on sessions 19–20,
through real parts — the CLI's entry point, a real SQLite file, PostgreSQL on 127.0.0.1:5432,
``souvenir serve`` as a process on loopback with a stand-in embedder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from souvenir import Souvenir
from souvenir.cli.main import app
from souvenir.ground.urls import looks_like_conninfo, url_passwords, without_userinfo
from tests.servers import free_port, serving

QUIET = {"SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""}
OPEN = dict(embedder="none", window_embedder="none", background=False)


def _cli(tmp_path: Path, monkeypatch, *args: str, **env: str):
    monkeypatch.chdir(tmp_path)
    for name in [n for n in os.environ if n.startswith("SOUVENIR_")]:
        monkeypatch.delenv(name)
    return CliRunner().invoke(app, list(args), env={**QUIET, **env})


# -- A. a URL's user info, its query's secrets, a libpq string --------------------------------


@pytest.mark.parametrize(
    ("text", "hidden", "kept"),
    [
        ("postgresql://nob@dy:hun@ter2@127.0.0.1/db", ["nob", "hun", "ter2"], "postgresql://127.0.0.1/db"),
        ("postgresql://bob:hun/ter2@127.0.0.1/db", ["bob", "hun", "ter2"], "postgresql://127.0.0.1/db"),
        ("postgresql://127.0.0.1/db?user=bob&password=hunter2", ["hunter2"], "postgresql://127.0.0.1/db?user=bob"),
        ("at 'https://api.example.com/v1?api_key=sk-xyz99' now", ["sk-xyz99"], "https://api.example.com/v1?api_key="),
        ("http://u:p4ss@h:1/v1: refused; write to me@example.com", ["p4ss", "u:"], "me@example.com"),
    ],
)
def test_a_url_is_shown_without_any_credential(text, hidden, kept):
    shown = without_userinfo(text)
    assert kept in shown and not any(h in shown for h in hidden), shown


def test_the_secrets_of_a_url_are_known_whatever_their_shape():
    assert url_passwords("postgresql://nob@dy:hun@ter2@h/db?password=x9y8z7&key=k-1") == ["hun@ter2", "x9y8z7", "k-1"]
    assert url_passwords("postgresql://bob:hun/ter2@h/db") == ["hun/ter2"]
    assert url_passwords("http://h:1/v1") == [] and url_passwords(None) == []


@pytest.mark.parametrize(
    "text", ["host=127.0.0.1 user=bob password=hunter2 dbname=db", "dbname=db", "sqlite:///user=x"]
)
def test_a_libpq_string_is_told_from_a_path(text):
    assert looks_like_conninfo(text)


@pytest.mark.parametrize("text", ["/tmp/a=b.db", "souvenir.db", "postgresql://h/db?user=x", "/data/host=1/s.db"])
def test_a_path_or_url_is_not_a_libpq_string(text):
    assert not looks_like_conninfo(text)


def test_doctor_never_prints_a_password_however_the_url_is_written(pg_url, tmp_path, monkeypatch):
    """``doctor`` printed ``postgresql://dy:hun@ter2@…`` for a password holding ``@`` (the user
    info was cut at its first ``@``), the whole ``bob:hun/ter2@`` for one holding ``/``, and
    made a SQLite file named ``host=… password=hunter2 …`` of a libpq string."""
    host = pg_url.split("@", 1)[-1].split("/", 1)[0]
    for url in (
        f"postgresql://nob@dy:hun@ter2@{host}/no_such_db_h6",
        f"postgresql://bob:hun/ter2@{host}/no_such_db_h6",
        f"postgresql://{host}/no_such_db_h6?user=bob&password=hunter2",
        f"host={host.split(':')[0]} user=bob password=hunter2 dbname=no_such_db_h6",
    ):
        result = _cli(tmp_path, monkeypatch, "--db", url, "doctor", "--timeout", "2")
        line = next(ln for ln in result.output.splitlines() if ln[6:].startswith("store"))
        assert result.exit_code == 1 and line.startswith("fail"), result.output
        assert not any(s in result.output for s in ("hunter2", "hun@", "ter2", "nob@", "bob:")), result.output
        for command in (["users"], ["memories", "--user", "ann"]):
            got = _cli(tmp_path, monkeypatch, *command, SOUVENIR_DATABASE_URL=url)
            assert got.exit_code != 0 and "Traceback" not in got.output, got.output
            assert not any(s in got.output for s in ("hunter2", "hun@", "ter2", "nob@")), got.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [], "no file made of a URL"


def test_a_password_in_the_store_urls_query_is_a_known_secret(pg_url):
    from souvenir.privacy.configured import configured_secrets

    url = pg_url + ("&" if "?" in pg_url else "?") + "password=h6-q-secret-77"
    try:
        with Souvenir.open(url, **OPEN):
            pass
    except Exception:  # noqa: BLE001 - a server that checks passwords refuses it: still read first
        pass
    assert "h6-q-secret-77" in configured_secrets()


# -- A. Ctrl-C while the service loads its embedder -------------------------------------------


class _Stalled(BaseHTTPRequestHandler):
    """An embedder that never answers within the test (the indexer's warm-up waits on it)."""

    def log_message(self, *args) -> None:
        pass

    def do_POST(self) -> None:  # noqa: N802
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        time.sleep(40)


def test_ctrl_c_stops_the_service_while_its_indexer_warms_up(tmp_path):
    """``make test`` hung after Ctrl-C: the test waited for its ``souvenir serve``, whose
    shutdown joined each vector index's thread for up to 30 s while that thread was still
    loading its model (two local models: a minute). Now the load is not waited for."""
    with serving(_Stalled) as embedder:
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("SOUVENIR_")} | {
            "SOUVENIR_EMBEDDER": "openai",
            "SOUVENIR_EMBEDDER_URL": f"{embedder}/v1",
            "SOUVENIR_EMBEDDER_MODEL": "m",
            "SOUVENIR_WINDOW_EMBEDDER": "none",
            "SOUVENIR_READ_WARM_USERS": "0",
        }
        proc = subprocess.Popen(
            [sys.executable, "-m", "souvenir.cli.main", "--db", str(tmp_path / "s.db"), "serve", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            deadline = time.monotonic() + 120
            while True:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else "serve exited"
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline, "serve did not start"
                time.sleep(0.2)
            began = time.monotonic()
            proc.send_signal(signal.SIGINT)
            _, err = proc.communicate(timeout=60)
            took = time.monotonic() - began
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)
    assert took < 10, f"stopped in {took:.1f} s"
    assert "Traceback" not in err and "warm-up failed" not in err, err[-2000:]


# -- A. the write index built in the warm-up --------------------------------------------------


def test_the_warm_up_builds_the_write_index_of_the_users_it_warms(tmp_path):
    """A user's first write in a process built the write index before deciding (32–36 s of CPU
    at 100,000 memories); the service's warm-up now builds it after the read paths."""
    db = tmp_path / "w.db"
    with Souvenir.open(db, **OPEN) as memory:
        for text in ("My sister lives in Penang", "Je travaille comme infirmière", "我住在上海", "Saya suka kopi"):
            memory.remember("ann", text)
        memory.remember("bob", "I live in Lyon")  # never served a context: not warmed
        assert not memory.context("ann", "where does my sister live?").degraded
    with Souvenir.open(db, **OPEN) as memory:
        pools = memory.engine.writer.pools
        ann = memory.engine.user_id(memory.channel, "ann")
        bob = memory.engine.user_id(memory.channel, "bob")
        assert ann not in pools._pools
        memory.warm_reads()
        assert memory.engine.warmer.wait(60)
        assert memory.engine.warmer.state["write_indexes"] == 1
        index = pools._pools[ann]
        assert bob not in pools._pools and len(index) == 4
        memory.remember("ann", "I moved to Kuala Lumpur last month")
        assert pools._pools[ann] is index  # used, brought in step, not rebuilt
    with Souvenir.open(db, **OPEN) as memory:
        memory.engine.writer.pools.max_held = 3  # ann's 5 memories do not fit: not built
        memory.warm_reads()
        assert memory.engine.warmer.wait(60)
        assert memory.engine.warmer.state["write_indexes"] == 0


# -- B. a caller's source that reads as a secret ----------------------------------------------


def test_a_message_id_read_as_a_secret_still_records_one_turn_per_id(store_url):
    """``add_turn_once(source=…)`` with a 64-hex message id: the store redacts the id (it reads
    as a token), so the retry's raw id was never found and the same request sent three times
    was recorded three times; two ids became one ``tg:[redacted]``. Now each id is kept
    redacted with its own mark: one turn an id, on SQLite and PostgreSQL, and never the id."""
    a = "tg:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    b = "tg:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae"
    with Souvenir.open(store_url, **OPEN) as memory:
        once = dict(within_s=3600)
        assert memory.add_turn_once("ann", "I planted tomatoes today", None, source=a, **once)
        assert not memory.add_turn_once("ann", "I planted tomatoes today", None, source=a, **once)  # a retry
        assert memory.add_turn_once("ann", "J'ai planté des tomates", None, source=b, **once)  # another id
        assert not memory.add_turn_once("ann", "J'ai planté des tomates", None, source=b, **once)
        assert memory.add_turn_once("ann", "我今天种了番茄", None, source="msg:plain-1", **once)
        assert not memory.add_turn_once("ann", "我今天种了番茄", None, source="msg:plain-1", **once)
        store = memory.runtime.store
        user_id = memory.engine.user_id(memory.channel, "ann")
        sources = [r[0] for r in store._query("SELECT source FROM turns WHERE user_id = ? ORDER BY id", (user_id,))]
        assert len(sources) == 3 and sources[2] == "msg:plain-1", sources
        assert sources[0] != sources[1] and all(s.startswith("tg:[redacted]#") for s in sources[:2]), sources
        kept = [r[0] for r in store._query("SELECT source FROM memories WHERE user_id = ?", (user_id,))]
        assert not any(a[3:] in s or b[3:] in s for s in sources + kept), (sources, kept)
        assert sources[0] in kept  # the memory carries its turn's kept source (the deictic forget reads it)
