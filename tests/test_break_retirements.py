"""Adversarial: corrections said as questions, restrictions or words to the assistant never retire a stored memory; a real correction still does."""

from __future__ import annotations


import httpx
import pytest

from souvenir.api.app import create_app
from tests.attack_support import sqlite_settings
from tests.servers import UvicornThread


def _statuses(url: str, user: str) -> dict[str, str]:
    r = httpx.get(f"{url}/v1/users/api/{user}/memories", params={"status": "all"}, timeout=30)
    assert r.status_code == 200, r.text
    return {m["text"]: m["status"] for m in r.json()["memories"]}


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
    with UvicornThread(create_app(sqlite_settings(tmp_path / "q.db"))) as server:
        for text in (stored, said):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30)
            assert r.status_code == 200, r.text
        assert r.json()["memory"]["action"] != "supersede", r.json()["memory"]
        assert _statuses(server.url, "u")[stored] == "active"


@pytest.mark.xfail(
    strict=True,
    reason="imperatives the clauses read as subjectless statements (like the "
    "note 'Doesn't drink milk tea') still flip: telling them apart needs the verb's mood",
)
@pytest.mark.parametrize(
    ("stored", "said"),
    [
        ("I drink milk tea every day", "Stop drinking milk tea"),
        ("我每天都喝奶茶", "不要再喝奶茶了"),
        ("Je bois du thé au lait tous les jours", "Ne bois plus de thé au lait"),
    ],
)
def test_an_imperative_without_a_subject_never_retires_a_stored_memory(tmp_path, stored, said):
    """Advice or an order to the assistant ("Stop drinking milk tea", 不要再喝奶茶了, the
    French imperative) retires the user's memory."""
    with UvicornThread(create_app(sqlite_settings(tmp_path / "i.db"))) as server:
        for text in (stored, said):
            httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30)
        assert _statuses(server.url, "u")[stored] == "active"


@pytest.mark.parametrize(
    ("stored", "said"),
    [
        ("I drink milk tea every day", "I don't drink milk tea anymore, switched to green tea"),
        ("我每天都喝奶茶", "我不再喝奶茶了，改喝绿茶"),
        ("Je bois du thé au lait tous les jours", "Je ne bois plus de thé au lait"),
    ],
)
def test_a_real_correction_still_retires_the_stored_memory(tmp_path, stored, said):
    """The guards above keep the corrections they must not block."""
    with UvicornThread(create_app(sqlite_settings(tmp_path / "c.db"))) as server:
        for text in (stored, said):
            r = httpx.post(f"{server.url}/v1/turns", json={"user": "u", "message": text}, timeout=30)
        assert r.json()["memory"]["action"] == "supersede", r.json()["memory"]
        assert _statuses(server.url, "u")[stored] == "superseded"
