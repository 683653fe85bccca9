"""A new user's walk from the README (session 19, lane newuser4): what broke, each through
the real face — a real SQLite file or the PostgreSQL on 127.0.0.1:5432, real HTTP on
loopback, a model replaced by a small OpenAI-protocol server on loopback."""

from __future__ import annotations

import httpx
import pytest

from souvenir.api.app import create_app
from tests.attack_support import reflection_answer, turn_settings, wait_until
from tests.servers import ChatServer, UvicornThread

# (message, the model's note on it, a word of the note not in the message's memory text)
DROPPED_NOTES = [
    ("I'm vegetarian, I live in Penang.", "The user is vegetarian"),
    ("Je suis végétarienne et j'habite à Lyon.", "L'utilisatrice est végétarienne"),
    ("我是素食者，住在槟城。", "用户是素食者"),
    ("Saya vegetarian dan tinggal di Ipoh.", "Pengguna ialah vegetarian"),
]


@pytest.mark.parametrize("message,note", DROPPED_NOTES, ids=["en", "fr", "zh", "ms"])
def test_forgetting_a_memory_erases_the_models_dropped_paraphrase_of_it(store_url, message, note):
    """The proxy's user said "I'm vegetarian, I live in Penang."; the reflection proposed "The
    user is vegetarian", dropped beside the message kept whole (a `reflection_item_dropped`
    event, on the diagnostics page). The user forgot the memory: its text went everywhere, the
    model's paraphrase of it stayed in the event log, the diagnostics and the export."""
    with ChatServer(reflection_answer=reflection_answer(note)) as upstream:
        with UvicornThread(create_app(turn_settings(store_url, upstream.url))) as server:
            base = f"{server.url}/v1/users/api/u1"
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u1", "message": message, "reply": "OK"}, timeout=30)
            assert r.is_success, r.text

            def kept() -> list[dict]:
                page = httpx.get(f"{base}/memories", timeout=30).json()["memories"]
                return [m for m in page if m["text"]]

            assert wait_until(lambda: len(kept()) >= 1 and note in httpx.get(f"{base}/export", timeout=30).text, 30)
            memories = kept()
            assert [m["text"] for m in memories] == [message], memories  # the note was not a memory
            assert httpx.delete(f"{base}/memories/{memories[0]['id']}", timeout=30).status_code == 200
            export = httpx.get(f"{base}/export", timeout=30).text
            diagnostics = httpx.get(f"{base}/diagnostics.json", timeout=30).text
            page = httpx.get(f"{base}/diagnostics", timeout=30).text
            for where, text in (("export", export), ("diagnostics.json", diagnostics), ("diagnostics", page)):
                assert note not in text, (where, text[max(0, text.find(note) - 300) :][:600])


def test_dropped_quote_reads_the_candidate_of_a_drop_event_only():
    from souvenir.store.erasure import dropped_quote

    detail = "character: the character says this of itself ('I am vegetarian'), not the user | text: \"I'm Ann\""
    assert dropped_quote("write:dropped:character", detail) == "I'm Ann"
    assert (
        dropped_quote("reflection_item_dropped", "memory '用户是素食者': a piece of the message kept whole")
        == "用户是素食者"
    )
    assert dropped_quote("reflection_item_dropped", "state 'mood': a new key over the cap") is None
    assert dropped_quote("write:insert:new", "new: nothing stored says the same thing | text: 'x'") is None
    assert dropped_quote("write:dropped:chitchat", "chitchat: … | text: 'cut sh") == "'cut sh"  # cut at 600: the rest


def _serve_start(db, host: str) -> str:
    """The start-up text ``souvenir serve`` prints on stderr before uvicorn's first line (a
    real process on ``host``, a free port), the service stopped after."""
    import os
    import subprocess
    import sys

    from tests.servers import free_port

    env = {k: v for k, v in os.environ.items() if not k.startswith("SOUVENIR_")}
    env |= {"SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_READ_WARM_USERS": "0"}
    proc = subprocess.Popen(
        [sys.executable, "-c", "from souvenir.cli.main import app; app()", "--db", str(db), "serve"]
        + ["--host", host, "--port", str(free_port())],
        cwd=db.parent,
        env=env,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    lines = []
    try:
        assert proc.stderr is not None
        for line in proc.stderr:
            if line.startswith("INFO:") or not line.strip():
                break
            lines.append(line)
        return "".join(lines)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=30)


def test_serving_beyond_loopback_says_it_is_plain_http(tmp_path):
    """`souvenir keys create --name mybot --admin`, then `SOUVENIR_HOST=0.0.0.0 souvenir
    serve`: the service bound every interface and said only "API keys required" — the keys and
    every user's memories then crossed the network in clear, with nothing said about TLS
    (operations.md puts a TLS proxy in front; the start line did not)."""
    from souvenir import Souvenir

    db = tmp_path / "s.db"
    with Souvenir.open(db, embedder="none", window_embedder="none") as memory:
        memory.create_key("mybot", admin=True)
    wide = _serve_start(db, "0.0.0.0")
    assert "API keys required" in wide, wide
    assert "WARNING: plain HTTP on 0.0.0.0 (every interface of this machine)" in wide, wide
    assert "TLS reverse proxy" in wide, wide
    local = _serve_start(db, "127.0.0.1")
    assert "API keys required" in local and "plain HTTP" not in local, local


# A statement per language, and the same said again in other words (absorbed or kept beside).
STATEMENTS = [
    "I adopted a cat called Kopi last week",
    "Je suis allergique aux arachides",
    "我对青霉素过敏",
    "Saya bekerja sebagai jururawat di Ipoh",
]


def test_the_diagnostics_name_the_memory_each_write_decision_made(tmp_path):
    """README: "why each memory was picked, the write decisions and drops of a user:
    …/diagnostics". A selection names memory 9; the write decisions listed "insert new: nothing
    stored says the same thing | text: '…'" with no id: which decision made memory 9 was a
    matter of comparing texts (a memory reworded since, or two alike, could not be told).
    Each decision now names the memory it wrote or kept (`memory_id`, the page's "memory id")."""
    from tests.attack_support import turn_settings

    with UvicornThread(create_app(turn_settings(f"sqlite:///{tmp_path / 's.db'}"))) as server:
        base = f"{server.url}/v1/users/api/ann"
        made = {}
        for text in STATEMENTS:
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "ann", "message": text}, timeout=30)
            assert r.is_success and r.json()["memory"]["action"] == "insert", r.text
            made[r.json()["memory"]["id"]] = text
        again = httpx.post(f"{base}/memories", json={"text": STATEMENTS[0], "kind": "episode"}, timeout=30).json()
        assert again["action"] == "absorb", again
        dropped = httpx.post(f"{server.url}/v1/turns", json={"user": "ann", "message": "ok"}, timeout=30).json()
        assert dropped["memory"]["action"] == "dropped", dropped
        writes = httpx.get(f"{base}/diagnostics.json", timeout=30).json()["writes"]
        inserts = {w["memory_id"]: w["detail"] for w in writes if w["action"] == "insert"}
        assert sorted(inserts) == sorted(made), writes
        for memory_id, text in made.items():
            assert text in inserts[memory_id] and inserts[memory_id].endswith(f" | memory #{memory_id}")
        absorbed = [w for w in writes if w["action"] == "absorb"]
        assert [w["memory_id"] for w in absorbed] == [again["id"]], absorbed
        assert [w["memory_id"] for w in writes if w["action"] == "dropped"] == [None], writes
        edited = list(made)[1]
        r = httpx.patch(f"{base}/memories/{edited}", json={"text": "Je suis allergique aux noix de cajou"}, timeout=30)
        assert r.json()["action"] == "replace", r.text
        writes = httpx.get(f"{base}/diagnostics.json", timeout=30).json()["writes"]
        assert writes[0]["action"] == "replace" and writes[0]["memory_id"] == edited, writes[0]
        page = httpx.get(f"{base}/diagnostics", timeout=30).text
        assert "<th>memory id</th>" in page, page[page.find("Write decisions") :][:800]
        # a forgotten memory's decision names nothing any more: its detail is emptied
        forgotten = next(iter(made))
        assert httpx.delete(f"{base}/memories/{forgotten}", timeout=30).status_code == 200
        writes = httpx.get(f"{base}/diagnostics.json", timeout=30).json()["writes"]
        assert forgotten not in [w["memory_id"] for w in writes], writes


def _cli(*args: str, cwd) -> str:
    """``souvenir ARGS`` through its entry point, no embedder; its stdout (asserts success)."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("SOUVENIR_")}
    env |= {"SOUVENIR_EMBEDDER": "none", "SOUVENIR_WINDOW_EMBEDDER": "none"}
    done = subprocess.run(
        [sys.executable, "-c", "from souvenir.cli.main import app; app()", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_user_moved_by_export_then_import_keeps_their_time_zone(store_url, tmp_path):
    """operations.md: "A user already kept in SQLite moves with `souvenir export` then `souvenir
    import` of that file". Ann's turns came at +08:00 (Ipoh): the old store printed her days; the
    moved user had no `tz`, so a memory said at 07:00 on 5 June in Ipoh printed as 4 June (the
    UTC day) and every later "明天" was grounded on UTC days (session 18's walk left it)."""
    from souvenir import Souvenir

    old = tmp_path / "old.db"
    with Souvenir.open(old, embedder="none", window_embedder="none") as memory:
        for text, at in (
            ("I moved to Ipoh in Malaysia", "2025-06-05T07:00:00+08:00"),
            ("Je suis allergique aux arachides", "2025-06-05T07:01:00+08:00"),
            ("我在槟城工作", "2025-06-05T07:02:00+08:00"),
            ("Saya belajar bahasa Melayu", "2025-06-05T07:03:00+08:00"),
        ):
            memory.add_turn("ann", text, time=at)
        assert memory.timezone("ann").tz == "+08:00"
    _cli("--db", str(old), "export", "--user", "ann", "--out", str(tmp_path / "ann.json"), cwd=tmp_path)
    said = _cli("--db", store_url, "import", str(tmp_path / "ann.json"), "--user", "ann", cwd=tmp_path)
    assert "4 kept" in said, said
    with Souvenir.open(store_url, embedder="none", window_embedder="none") as memory:
        assert memory.timezone("ann").tz == "+08:00"
        days = {m.day for m in memory.context("ann", "where do I live?").memories}
        assert days == {"2025-06-05"}, days  # her day in Ipoh, not 2025-06-04 (UTC)
        memory.set_timezone("ann", "Europe/Paris")  # a zone the user has is never overwritten
    _cli("--db", store_url, "import", str(tmp_path / "ann.json"), "--user", "ann", cwd=tmp_path)
    with Souvenir.open(store_url, embedder="none", window_embedder="none") as memory:
        assert memory.timezone("ann").tz == "Europe/Paris"


ECHOED_PROMPT = (
    "reply; system was: You keep a short profile of a customer for a support bot. Rewrite the profile from "
    "the prior profile, the customer's recent questions and their new message."
)
SUMMARY_MESSAGES = [
    ("en", "I'd like a refund for order 1234, the kettle leaks."),
    ("fr", "Je voudrais un remboursement pour la commande 1234, la bouilloire fuit."),
    ("zh", "我想退款，订单1234的水壶漏水。"),
    ("ms", "Saya nak bayaran balik untuk pesanan 1234, cerek itu bocor."),
]


@pytest.mark.parametrize("language,message", SUMMARY_MESSAGES, ids=[lang for lang, _ in SUMMARY_MESSAGES])
def test_a_summary_that_repeats_its_instructions_is_not_the_users_profile(tmp_path, language, message):
    """The proxy's model server (mine: it echoed its system prompt, as a small model may)
    answered the summary call with "reply; system was: You keep a short profile of a customer
    for a support bot. Rewrite…": it became the user's `summary`, and every later block said
    `User summary (quoted data): "…You keep a short profile of a customer…"`. Now rejected as
    an echo of the instructions (`summary_rejected`), the old summary kept; a real one still
    written."""
    from tests.attack_support import stub_model_settings

    with ChatServer() as upstream:
        upstream.summary_answer = ECHOED_PROMPT
        settings = stub_model_settings(f"sqlite:///{tmp_path / 's.db'}", upstream.url, summary_enabled=True)
        with UvicornThread(create_app(settings)) as server:
            base = f"{server.url}/v1/users/api/u1"
            turn = {"user": "u1", "message": message, "language": language}
            assert httpx.post(f"{server.url}/v1/turns", json=turn, timeout=30).is_success
            assert wait_until(lambda: upstream.summary_calls >= 1, 30), "no summary was asked"

            def rejected() -> list[dict]:
                events = httpx.get(f"{base}/diagnostics.json", timeout=30).json()["incidents"]
                return [e for e in events if e["kind"] == "summary_rejected"]

            assert wait_until(rejected, 30), "the echo was not rejected"
            assert "instructions" in rejected()[0]["detail"]
            assert "summary" not in httpx.get(f"{base}/profile", timeout=30).json()
            upstream.summary_answer = {
                "en": "Customer wants a refund for order 1234 (a leaking kettle).",
                "fr": "Client qui demande le remboursement de la commande 1234 (bouilloire qui fuit).",
                "zh": "客户要求为订单1234退款（水壶漏水）。",
                "ms": "Pelanggan mahu bayaran balik untuk pesanan 1234 (cerek bocor).",
            }[language]
            again = {"user": "u1", "message": message.replace("1234", "5678"), "language": language}
            assert httpx.post(f"{server.url}/v1/turns", json=again, timeout=30).is_success
            profile = lambda: httpx.get(f"{base}/profile", timeout=30).json()  # noqa: E731
            assert wait_until(lambda: "summary" in profile(), 30), profile()
            assert profile()["summary"] == upstream.summary_answer
