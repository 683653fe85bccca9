"""Adversarial: passphrases, secret-taking commands by other names, a reflected passphrase, the answer alone to an assistant asking for a secret, and keywords followed by spaces (linear time)."""

from __future__ import annotations

import sqlite3
import time

import httpx
import pytest

from souvenir.api.app import create_app
from tests.attack_support import dump_sqlite, sqlite_settings
from tests.servers import ChatServer, UvicornThread


def _statuses(url: str, user: str) -> dict[str, str]:
    r = httpx.get(f"{url}/v1/users/api/{user}/memories", params={"status": "all"}, timeout=30)
    assert r.status_code == 200, r.text
    return {m["text"]: m["status"] for m in r.json()["memories"]}


@pytest.mark.parametrize(
    ("message", "secret"),
    [
        ("password: correct horse battery staple", "horse battery staple"),
        ("my password is correct horse battery staple", "horse battery staple"),
        ("mon mot de passe est cheval correct agrafe batterie", "agrafe batterie"),
        ("/setpassword Hunter2pass", "Hunter2pass"),
        ("/changepassword old1pass New2pass", "New2pass"),
        ("/passwd_reset Hunter2pass", "Hunter2pass"),
        ("/register bob Qw7ertyXy", "Qw7ertyXy"),
        ("／password Hunter2pass", "Hunter2pass"),
        ("!password Hunter2pass", "Hunter2pass"),
    ],
)
def test_a_passphrase_or_a_secret_taking_command_is_never_kept(tmp_path, message, secret):
    """ "password: correct horse battery staple" was kept whole in the turn, the memory and
    the write log: its first word is one that describes passwords ("correct"), so the
    value was read as a description; a reflection's "User's password is correct horse
    battery staple" too. Bot commands that take a secret under another name than the
    listed ones (/setpassword, /changepassword, /passwd_reset, /register) or another
    prefix (／, !) kept their arguments in clear."""
    db = tmp_path / "s.db"
    with UvicornThread(create_app(sqlite_settings(db))) as server:
        r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": message}, timeout=30)
        assert r.status_code == 200, r.text
        assert secret not in r.text
    assert secret not in dump_sqlite(db)


def test_a_reflected_passphrase_is_never_kept(tmp_path):
    """The same passphrase restated by the chat model's reflection, through the proxy."""
    answer = (
        '{"memories": [{"text": "User\'s password is correct horse battery staple", "kind": "fact", '
        '"scope": "global", "confidence": 0.9}, {"text": "Works at the bank", "kind": "fact", '
        '"scope": "global", "confidence": 0.9}]}'
    )
    db = tmp_path / "r.db"
    with ChatServer(reply="Noted!", reflection_answer=answer) as chat:
        settings = sqlite_settings(db, llm_base_url=chat.url, llm_model="m")
        with UvicornThread(create_app(settings)) as server:
            r = httpx.post(
                f"{server.url}/v1/chat/completions",
                timeout=30,
                json={"model": "m", "user": "u", "messages": [{"role": "user", "content": "I got a job at the bank"}]},
            )
            assert r.status_code == 200, r.text
            deadline = time.monotonic() + 30
            # the reflection's other note, or the message in its place (a note with words changed,
            # write/carry.garbled): the reflection ran and kept the job, not the passphrase
            while not _statuses(server.url, "u") and time.monotonic() < deadline:
                time.sleep(0.2)
            assert set(_statuses(server.url, "u")) & {"Works at the bank", "I got a job at the bank"}
    assert "horse battery staple" not in dump_sqlite(db)


def test_the_answer_to_an_assistant_asking_for_a_secret_is_never_kept(tmp_path):
    """The assistant asks "What's your password?" (or for the code it texted); the user's
    next message is the secret alone, "Hunter2xyz!": no phrasing rule saw it, and it was
    kept in the turn and as an episode memory (POST /v1/turns), or through the proxy."""
    db = tmp_path / "a.db"
    with ChatServer(reply="Sure, what's your password?") as chat:
        settings = sqlite_settings(db, llm_base_url=chat.url, llm_model="m")
        with UvicornThread(create_app(settings)) as server:

            def say(text: str, turns: int) -> None:
                r = httpx.post(
                    f"{server.url}/v1/chat/completions",
                    timeout=30,
                    json={"model": "m", "user": "p", "messages": [{"role": "user", "content": text}]},
                )
                assert r.status_code == 200, r.text
                deadline = time.monotonic() + 30
                while (
                    len(httpx.get(f"{server.url}/v1/users/api/p/export", timeout=30).json()["tables"]["turns"]) < turns
                ):
                    assert time.monotonic() < deadline
                    time.sleep(0.1)

            say("I want to log in to my account", 1)
            chat.reply = "Thanks, you are in."
            say("Hunter2xyz!", 2)
    with UvicornThread(create_app(sqlite_settings(tmp_path / "b.db"))) as server:
        for message, reply in (
            ("I need to verify my phone", "Please enter the 6-digit code we texted you"),
            ("482913", "Verified!"),
            ("I forgot my PIN", "What is your new PIN?"),
            ("it's 7391", None),
        ):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": message, "reply": reply}, timeout=30)
            assert r.status_code == 200, r.text
    for secret in ("Hunter2xyz",):
        con = sqlite3.connect(db)
        rows = (
            con.execute("SELECT time, message, reply FROM turns").fetchall()
            + con.execute("SELECT time, message FROM selections").fetchall()
        )
        assert secret not in dump_sqlite(db), rows
    for secret in ("482913", "7391"):
        assert secret not in dump_sqlite(tmp_path / "b.db")


@pytest.mark.parametrize("word", ["password", "token", "secret_access_key"])
def test_a_keyword_followed_by_spaces_does_not_pin_a_core(tmp_path, word):
    """detect-secrets' IBM Cloud IAM / IBM COS / Cloudant / SoftLayer detectors write their
    separator with three space quantifiers in a row: a message of "password" (or "token",
    "secret_access_key"…) and 3,000 spaces took minutes of CPU in the request's thread
    (2,000: 32 s; 16 KiB: hours), every end user of a chatbot able to send it. Expected:
    answered at once."""
    with UvicornThread(create_app(sqlite_settings(tmp_path / "d.db"))) as server:
        r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": word + " " * 3000 + "x"}, timeout=30)
    assert r.status_code == 200, r.text
