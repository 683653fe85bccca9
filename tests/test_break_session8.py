"""Adversarial, session 8: corrections said as questions or restrictions, passphrases and
secret-taking commands by other names, percent-encoded secrets in the access log, a
credential echoed by a 404 (real SQLite files, real HTTP on loopback, ``souvenir serve`` as
a process for its log)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.config import Settings
from tests.servers import ChatServer, UvicornThread, free_port

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


@pytest.mark.parametrize(("stored", "said"), QUESTIONS + ADDRESSED + RESTRICTIONS)
def test_a_question_or_a_restriction_never_retires_a_stored_memory(tmp_path, stored, said):
    """In no-model mode every message is kept as an episode, questions included: "Do I not
    drink milk tea anymore?" superseded "I drink milk tea every day" (the flip had no
    question guard; 我不再喝奶茶了吗，改喝绿茶 passed as a correction statement), and so did
    words to the assistant or a character ("You don't drink milk tea anymore", 别再喝奶茶了,
    "Jangan minum teh susu lagi"), a negated "only" ("I don't only drink milk tea anymore":
    still drinks it) and French "ne … que" ("Je ne bois que du thé": only tea, an
    affirmation) read as a negation. The stored memory left every context. Expected: both
    stay active."""
    with UvicornThread(create_app(_settings(tmp_path / "q.db"))) as server:
        for text in (stored, said):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30)
            assert r.status_code == 200, r.text
        assert r.json()["memory"]["action"] != "supersede", r.json()["memory"]
        assert _statuses(server.url, "u")[stored] == "active"


@pytest.mark.xfail(strict=True, reason="imperatives the clauses read as subjectless statements (like the "
                   "note 'Doesn't drink milk tea') still flip: telling them apart needs the verb's mood")
@pytest.mark.parametrize(("stored", "said"), [
    ("I drink milk tea every day", "Stop drinking milk tea"),
    ("我每天都喝奶茶", "不要再喝奶茶了"),
    ("Je bois du thé au lait tous les jours", "Ne bois plus de thé au lait"),
])
def test_an_imperative_without_a_subject_never_retires_a_stored_memory(tmp_path, stored, said):
    """Advice or an order to the assistant ("Stop drinking milk tea", 不要再喝奶茶了, the
    French imperative) retires the user's memory."""
    with UvicornThread(create_app(_settings(tmp_path / "i.db"))) as server:
        for text in (stored, said):
            httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30)
        assert _statuses(server.url, "u")[stored] == "active"


@pytest.mark.parametrize(("stored", "said"), [
    ("I drink milk tea every day", "I don't drink milk tea anymore, switched to green tea"),
    ("我每天都喝奶茶", "我不再喝奶茶了，改喝绿茶"),
    ("Je bois du thé au lait tous les jours", "Je ne bois plus de thé au lait"),
])
def test_a_real_correction_still_retires_the_stored_memory(tmp_path, stored, said):
    """The guards above keep the corrections they must not block."""
    with UvicornThread(create_app(_settings(tmp_path / "c.db"))) as server:
        for text in (stored, said):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30)
        assert r.json()["memory"]["action"] == "supersede", r.json()["memory"]
        assert _statuses(server.url, "u")[stored] == "superseded"


# -- secrets ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("message", "secret"), [
    ("password: correct horse battery staple", "horse battery staple"),
    ("my password is correct horse battery staple", "horse battery staple"),
    ("mon mot de passe est cheval correct agrafe batterie", "agrafe batterie"),
    ("/setpassword Hunter2pass", "Hunter2pass"),
    ("/changepassword old1pass New2pass", "New2pass"),
    ("/passwd_reset Hunter2pass", "Hunter2pass"),
    ("/register bob Qw7ertyXy", "Qw7ertyXy"),
    ("／password Hunter2pass", "Hunter2pass"),
    ("!password Hunter2pass", "Hunter2pass"),
])
def test_a_passphrase_or_a_secret_taking_command_is_never_kept(tmp_path, message, secret):
    """"password: correct horse battery staple" was kept whole in the turn, the memory and
    the write log: its first word is one that describes passwords ("correct"), so the
    value was read as a description; a reflection's "User's password is correct horse
    battery staple" too. Bot commands that take a secret under another name than the
    listed ones (/setpassword, /changepassword, /passwd_reset, /register) or another
    prefix (／, !) kept their arguments in clear."""
    db = tmp_path / "s.db"
    with UvicornThread(create_app(_settings(db))) as server:
        r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": message}, timeout=30)
        assert r.status_code == 200, r.text
        assert secret not in r.text
    assert secret not in _dump(db)


def test_a_reflected_passphrase_is_never_kept(tmp_path):
    """The same passphrase restated by the chat model's reflection, through the proxy."""
    answer = ('{"memories": [{"text": "User\'s password is correct horse battery staple", "kind": "fact", '
              '"scope": "global", "confidence": 0.9}, {"text": "Works at the bank", "kind": "fact", '
              '"scope": "global", "confidence": 0.9}]}')
    db = tmp_path / "r.db"
    with ChatServer(reply="Noted!", reflection_answer=answer) as chat:
        settings = _settings(db, llm_base_url=chat.url, llm_model="m")
        with UvicornThread(create_app(settings)) as server:
            r = httpx.post(f"{server.url}/v1/chat/completions", timeout=30, json={
                "model": "m", "user": "u", "messages": [{"role": "user", "content": "I got a job at the bank"}]})
            assert r.status_code == 200, r.text
            deadline = time.monotonic() + 30
            while "Works at the bank" not in _statuses(server.url, "u") and time.monotonic() < deadline:
                time.sleep(0.2)
            assert "Works at the bank" in _statuses(server.url, "u")
    assert "horse battery staple" not in _dump(db)


def test_a_404_never_echoes_a_credential_carried_by_the_user_id(tmp_path):
    """A read route takes any user id: GET …/users/api/sk-proj-…/export answered 404 "no
    user api:sk-proj-…", the key in the error message (which clients log)."""
    key = "sk-proj-abcdefABCDEF1234567890abcdefXYZ"
    with UvicornThread(create_app(_settings(tmp_path / "e.db"))) as server:
        for path in ("export", "profile", "memories/1/history"):
            r = httpx.get(f"{server.url}/v1/users/api/{key}/{path}", timeout=30)
            assert r.status_code == 404 and key not in r.text, r.text


def test_a_percent_encoded_secret_never_reaches_the_access_log(tmp_path):
    """`souvenir serve`'s access line quotes the path percent-encoded (``=``, ``:``, spaces)
    and the query string as sent: "GET /v1/users/api/password%3Dhunter2hunter2/memories"
    and "?note=my+password+is+Hunter2xyz" were logged as they came, the log redaction
    looking at the encoded text only."""
    port = free_port()
    env = {**os.environ, "SOUVENIR_DATABASE_URL": f"sqlite:///{tmp_path / 'l.db'}", "SOUVENIR_EMBEDDER": "none",
           "SOUVENIR_WINDOW_EMBEDDER": "none", "SOUVENIR_LLM_BASE_URL": ""}
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "souvenir.cli.main", "serve", "--port", str(port)], env=env,
                                stdout=out, stderr=subprocess.STDOUT, cwd=tmp_path)
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(f"{base}/health", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                assert time.monotonic() < deadline and proc.poll() is None, log.read_text()
                time.sleep(0.2)
            httpx.get(f"{base}/v1/users/api/password%3Dhunter2hunter2/memories", timeout=30)
            httpx.get(f"{base}/v1/users/api/my%20password%20is%20Hunter2xyz/memories", timeout=30)
            httpx.get(f"{base}/v1/users/api/bob/memories?note=my+password+is+Hunter3xyz", timeout=30)
            httpx.get(f"{base}/v1/users/pwd%3DHunter4xyz/bob/memories", timeout=30)  # the channel stays
            time.sleep(0.5)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    text = log.read_text()
    assert "/memories" in text, text
    for secret in ("hunter2hunter2", "Hunter2xyz", "Hunter3xyz", "Hunter4xyz"):
        assert secret not in text, text


# -- forgetting ---------------------------------------------------------------------------------
def test_forgetting_a_memory_removes_the_question_its_selection_answered(tmp_path):
    """"How is Aisha doing with the leukemia treatment?" asked through POST /v1/context
    served "Aisha has leukemia, chemo starts Monday"; once every memory of it was forgotten,
    the recorded selection kept the question (export, diagnostics): it carries none of the
    memories' wordings whole nor all their content words, the only test erasure applied,
    though the selection's own items said it served them."""
    db = tmp_path / "f.db"
    with UvicornThread(create_app(_settings(db))) as server:
        base = f"{server.url}/v1/users/api/u"
        for text in ("My daughter Aisha was diagnosed with leukemia in May", "Aisha has leukemia, chemo starts Monday"):
            assert httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30).is_success
        r = httpx.post(f"{server.url}/v1/context", timeout=30,
                       json={"user": "u", "message": "How is Aisha doing with the leukemia treatment?"})
        assert len(r.json()["memories"]) == 2
        assert httpx.post(f"{server.url}/v1/context", json={"user": "u", "message": "What should I cook tonight?"},
                          timeout=30).is_success
        for memory in httpx.get(f"{base}/memories", timeout=30).json()["memories"]:
            assert httpx.delete(f"{base}/memories/{memory['id']}", timeout=30).status_code == 200
        export = httpx.get(f"{base}/export", timeout=30).text
        assert "leukemia" not in export.lower() and "What should I cook tonight?" in export
    assert "leukemia" not in _dump(db).lower()


def test_the_proxys_error_never_echoes_a_credential_the_caller_sent(tmp_path):
    """X-Souvenir-Timezone holding an API key: the proxy's 422 said "unknown time zone
    'sk-proj-…'" in clear (PUT …/timezone redacts the same message)."""
    key = "sk-proj-abcdefABCDEF1234567890abcdefXYZ"
    with ChatServer() as chat:
        settings = _settings(tmp_path / "t.db", llm_base_url=chat.url, llm_model="m")
        with UvicornThread(create_app(settings)) as server:
            r = httpx.post(f"{server.url}/v1/chat/completions", headers={"X-Souvenir-Timezone": key}, timeout=30,
                           json={"model": "m", "user": "u", "messages": [{"role": "user", "content": "hi"}]})
    assert r.status_code == 422 and "X-Souvenir-Timezone" in r.text
    assert key not in r.text, r.text


def test_the_configured_api_key_echoed_by_the_model_server_is_kept_nowhere(tmp_path, caplog):
    """A model server that refuses SOUVENIR_LLM_API_KEY and echoes it ("Invalid API key:
    localkey42abc", a key of no known shape: llama.cpp's --api-key, a LiteLLM token): the
    parked job's cause kept it in the store, /v1/jobs and the user's diagnostics (which a
    key limited to the user's channel reads) showed it, and so did the error log. The
    process knows its own secrets: they are redacted wherever they appear."""
    import json as _json

    key = "localkey42abc"
    db = tmp_path / "k.db"
    with ChatServer() as chat:
        chat.accepts = set()
        chat.refusal_status = 401
        chat.refusal_body = _json.dumps({"error": {"message": f"Invalid API key: {key}"}}).encode()
        settings = _settings(db, llm_base_url=chat.url, llm_model="m", llm_api_key=key)
        with UvicornThread(create_app(settings)) as server:
            assert httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": "I live in Ipoh"},
                              timeout=30).is_success
            deadline = time.monotonic() + 30
            while True:
                jobs = httpx.get(f"{server.url}/v1/jobs", params={"status": "parked"}, timeout=30)
                if jobs.json()["jobs"] or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            assert jobs.json()["jobs"] and "HTTP 401" in jobs.text, jobs.text
            diagnostics = httpx.get(f"{server.url}/v1/users/api/u/diagnostics.json", timeout=30).text
            for text in (jobs.text, diagnostics):
                assert key not in text, text
    assert key not in _dump(db)
    assert key not in caplog.text


def test_the_answer_to_an_assistant_asking_for_a_secret_is_never_kept(tmp_path):
    """The assistant asks "What's your password?" (or for the code it texted); the user's
    next message is the secret alone, "Hunter2xyz!": no phrasing rule saw it, and it was
    kept in the turn and as an episode memory (POST /v1/turns), or through the proxy."""
    db = tmp_path / "a.db"
    with ChatServer(reply="Sure, what's your password?") as chat:
        settings = _settings(db, llm_base_url=chat.url, llm_model="m")
        with UvicornThread(create_app(settings)) as server:
            def say(text: str, turns: int) -> None:
                r = httpx.post(f"{server.url}/v1/chat/completions", timeout=30, json={
                    "model": "m", "user": "p", "messages": [{"role": "user", "content": text}]})
                assert r.status_code == 200, r.text
                deadline = time.monotonic() + 30
                while len(httpx.get(f"{server.url}/v1/users/api/p/export", timeout=30).json()["tables"]["turns"]) < turns:
                    assert time.monotonic() < deadline
                    time.sleep(0.1)

            say("I want to log in to my account", 1)
            chat.reply = "Thanks, you are in."
            say("Hunter2xyz!", 2)
    with UvicornThread(create_app(_settings(tmp_path / "b.db"))) as server:
        for message, reply in (("I need to verify my phone", "Please enter the 6-digit code we texted you"),
                               ("482913", "Verified!"), ("I forgot my PIN", "What is your new PIN?"),
                               ("it's 7391", None)):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": message, "reply": reply},
                           timeout=30)
            assert r.status_code == 200, r.text
    for secret in ("Hunter2xyz",):
        con = sqlite3.connect(db)
        rows = con.execute("SELECT time, message, reply FROM turns").fetchall() + con.execute("SELECT time, message FROM selections").fetchall()
        assert secret not in _dump(db), rows
    for secret in ("482913", "7391"):
        assert secret not in _dump(tmp_path / "b.db")


@pytest.mark.parametrize("word", ["password", "token", "secret_access_key"])
def test_a_keyword_followed_by_spaces_does_not_pin_a_core(tmp_path, word):
    """detect-secrets' IBM Cloud IAM / IBM COS / Cloudant / SoftLayer detectors write their
    separator with three space quantifiers in a row: a message of "password" (or "token",
    "secret_access_key"…) and 3,000 spaces took minutes of CPU in the request's thread
    (2,000: 32 s; 16 KiB: hours), every end user of a chatbot able to send it. Expected:
    answered at once."""
    with UvicornThread(create_app(_settings(tmp_path / "d.db"))) as server:
        r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": word + " " * 3000 + "x"}, timeout=30)
    assert r.status_code == 200, r.text


def test_a_422_never_echoes_an_unknown_field_name(tmp_path):
    """A field a route does not know is a 422 naming it: the name is the caller's text, and
    came back whole (a secret, or 100 KiB of it)."""
    key = "sk-proj-abcdefABCDEF1234567890abcdefXYZ"
    with UvicornThread(create_app(_settings(tmp_path / "x.db"))) as server:
        for field in (key, "x" * 100_000):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": "hi there", field: 1}, timeout=30)
            assert r.status_code == 422 and "extra_forbidden" in r.text
            assert key not in r.text and len(r.content) < 1000, r.text[:200]


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
