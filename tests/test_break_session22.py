"""Attacks on session 21's surface (session 22, harden7): real SQLite files, PostgreSQL on
127.0.0.1:5432, ``souvenir serve`` on loopback where a route is attacked.

A. A caller's ``source`` shared by two conversations: "don't remember that" in story B erased
   the memories story A's turn wrote at the same instant under the same source (a conversation id
   given as source, a time given by the caller); now only the memories kept in the turn's own story
   are paired when another conversation's turn has that source and time.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from souvenir import Souvenir

OPEN = dict(embedder="none", window_embedder="none", background=False)
T = datetime(2026, 3, 1, 10, 0, tzinfo=timezone.utc)

# -- A. a caller's source shared by two conversations ------------------------------------------

SHARED = [
    ("en", "My sister lives in Penang", "I owe my cousin 500 ringgit", "Don't remember that."),
    ("fr", "Ma sœur habite à Lyon", "Je dois 500 euros à mon cousin", "Ne retiens pas ça."),
    ("zh", "我妹妹住在槟城", "我欠表哥五百块钱", "刚才说的别记了"),
    ("ms", "Kakak saya tinggal di Ipoh", "Saya berhutang RM500 dengan sepupu saya", "Jangan simpan itu."),
]


def _status(memory: Souvenir, user: str) -> dict[int, str]:
    return {m.id: m.status for m in memory.memories(user, status="all").memories}


@pytest.mark.parametrize("lang, other, said, request_", SHARED)
def test_a_source_shared_with_another_story_erases_only_this_storys_turn(store_url, lang, other, said, request_):
    user = f"src-{lang}"
    with Souvenir.open(store_url, **OPEN) as memory:
        a = memory.add_turn(user, other, "Nice!", story="A", source="chat-1", time=T).memory.id
        b = memory.add_turn(user, said, "Ok", story="B", source="chat-1", time=T).memory.id
        got = memory.add_turn(user, request_, "Done", story="B", source="chat-2", time=T + timedelta(minutes=1))
        status = _status(memory, user)
        assert status[a] == "active", (got.memory, status)  # another conversation's memory: kept
        assert status[b] == "deleted", (got.memory, status)  # what was just said in B: erased


def test_a_source_of_one_conversation_still_names_what_its_turn_wrote(store_url):
    """The pairing by source and instant is unchanged when no other conversation shares them."""
    with Souvenir.open(store_url, **OPEN) as memory:
        a = memory.add_turn("one", "My sister lives in Penang", "Nice!", story="A", source="chat-1", time=T).memory.id
        later = T + timedelta(seconds=5)
        b = memory.add_turn(
            "one", "I owe my cousin 500 ringgit", "Ok", story="A", source="chat-1", time=later
        ).memory.id
        memory.add_turn(
            "one", "Don't remember that.", "Done", story="A", source="chat-1", time=T + timedelta(minutes=1)
        )
        assert _status(memory, "one") == {a: "active", b: "deleted"}


# -- B. the conversation context of the read path ----------------------------------------------

SECRET = "sk-proj-AbCdEf0123456789AbCdEf0123456789xyz"


def test_hostile_messages_are_bounded_and_named_by_the_item(tmp_path) -> None:
    """A non-string item names its own type (it said ``got list``, the whole argument's); more
    than 400 messages are refused by the bound; 400 texts of 16 KB each are read (their starts)."""
    from souvenir.ground.errors import InputError

    with Souvenir.open(tmp_path / "m.db", **OPEN) as memory:
        memory.remember("ann", "My sister lives in Penang")
        for bad, named in (([1, "hi"], "int"), (["hi", None], "NoneType"), (["hi", {"type": "image_url"}], "dict")):
            with pytest.raises(InputError, match=rf"messages\.\d: .*\(got {named}\)"):
                memory.context("ann", "and her?", messages=bad)
        with pytest.raises(InputError, match="at most 400"):
            memory.context("ann", "and her?", messages=["x"] * 10_000)
        got = memory.context("ann", "where does she live?", messages=["é" * 16384] * 400)
        assert not got.degraded and [m.text for m in got.memories] == ["My sister lives in Penang"]


def test_a_secret_in_the_messages_reaches_neither_the_store_nor_the_page(tmp_path) -> None:
    import json
    import sqlite3

    db = tmp_path / "s.db"
    with Souvenir.open(db, **OPEN) as memory:
        memory.remember("ann", "My sister lives in Penang")
        for message in ("and her?", "where does she live?", "她住哪儿？"):
            memory.context("ann", message, messages=[f"my key is {SECRET}", "Ma clé : " + SECRET, message])
        memory.runtime.engine.flush(None)
        page = memory.diagnostics("ann")
        assert SECRET[8:20] not in json.dumps(page, default=str)
    con = sqlite3.connect(db)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        for table in tables:
            for row in con.execute(f"SELECT * FROM {table}"):  # noqa: S608 - the file's own table names
                assert not any(isinstance(v, str) and SECRET[8:20] in v for v in row), table
    finally:
        con.close()


# -- C. a request to forget relayed in single quotation marks ----------------------------------

#: Someone else's words in single quotes — straight or curly — erased every memory of the user,
#: or the one they named (Malay and Chinese, where a request may follow the reporting verb).
RELAYED = [
    ("en", "My sister texted ‘forget everything about me’ and blocked me."),
    ("en", "Then she goes, 'forget what I said about Lyon', and hangs up."),
    ("fr", "Ma sœur m'a écrit ‘oublie tout sur moi’ puis m'a bloquée."),
    ("fr", "Il m'a dit 'oublie ce que je t'ai dit sur Lyon' et il est parti."),
    ("zh", "朋友说‘忘掉关于我的一切’。"),
    ("zh", "我妹妹说‘别记我在里昂工作的事了’。"),
    ("ms", "Kawan saya cakap 'lupakan semua tentang aku'."),
    ("ms", "Dia kata 'lupakan apa yang saya cakap tentang Lyon'."),
]
#: The user's own requests, an apostrophe inside a word or opening one ('cause), still erase.
OWN = [
    ("en", "Forget everything about me, I'm done.", 2),
    ("en", "Please forget what I said about 'Lyon'.", 1),  # a quoted topic after the user's own verb
    ("fr", "Oublie tout sur moi, j'en ai marre.", 2),
    ("fr", "Oublie ce que je t'ai dit sur Lyon.", 1),
    ("zh", "忘掉关于我的一切。", 2),
    ("zh", "忘掉我在里昂工作的事。", 1),
    ("ms", "Lupakan semua tentang saya.", 2),
    ("ms", "Lupakan apa yang saya cakap tentang Lyon.", 1),
]
FACTS = {
    "en": ("My sister lives in Penang", "Works as a nurse in Lyon"),
    "fr": ("Ma sœur habite à Penang", "Travaille comme infirmière à Lyon"),
    "zh": ("我妹妹住在槟城", "我在里昂工作，是护士"),
    "ms": ("Kakak saya tinggal di Penang", "Bekerja sebagai jururawat di Lyon"),
}


def _erased_after(tmp_path, lang: str, message: str) -> int:
    with Souvenir.open(tmp_path / f"{lang}.db", **OPEN) as memory:
        for fact in FACTS[lang]:
            memory.remember("ann", fact)
        memory.remember("ann", "Always answer in French", kind="rule")
        memory.remember("bob", FACTS[lang][1])
        memory.add_turn("ann", message, "OK")
        assert [m.status for m in memory.memories("bob", status="all").memories] == ["active"]
        kept = {m.text for m in memory.memories("ann").memories}
        assert "Always answer in French" in kept  # a rule is never erased from chat
        return sum(fact not in kept for fact in FACTS[lang])


@pytest.mark.parametrize("lang, message", RELAYED)
def test_a_request_in_someone_elses_single_quotes_erases_nothing(tmp_path, lang: str, message: str) -> None:
    assert _erased_after(tmp_path, lang, message) == 0


@pytest.mark.parametrize("lang, message, erased", OWN)
def test_the_users_own_request_with_apostrophes_still_erases(tmp_path, lang: str, message: str, erased: int) -> None:
    assert _erased_after(tmp_path, lang, message) == erased


# -- D. every route, keys in force and keyless ---------------------------------------------------

_PUBLIC = {"/health", "/health/ready"}
_ADMIN_ONLY = {"/metrics", "/v1/jobs", "/v1/jobs/retry"}


def _routes(app) -> list[tuple[str, str]]:
    """Every operation of the service's schema (a route added later is checked too), and the docs."""
    paths = app.openapi()["paths"]
    return [(m.upper(), p) for p, ops in paths.items() for m in ops] + [("GET", "/docs"), ("GET", "/openapi.json")]


def _call(client, method: str, path: str, headers: dict):
    import re

    url = re.sub(
        r"\{(\w+)\}", lambda g: {"channel": "telegram", "user": "1", "memory_id": "1"}.get(g.group(1), "x"), path
    )
    body = None
    if method in ("POST", "PUT", "PATCH"):
        body = {"text": "x"} if "{channel}" in path else {"channel": "telegram", "user": "1", "message": "hi"}
    return client.request(method, url, json=body, headers=headers)


def test_every_route_asks_for_a_key_and_keeps_to_its_channel(tmp_path) -> None:
    import httpx

    from souvenir.api.app import create_app
    from tests.servers import UvicornThread
    from tests.test_auth import _bearer, _keys, _settings

    db = tmp_path / "k.db"
    admin, tenant, other = _keys(db, ("ops", True, []), ("shop", False, ["telegram"]), ("else", False, ["whatsapp"]))
    app = create_app(_settings(db))
    routes = _routes(app)
    assert len(routes) >= 25
    with UvicornThread(app) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        for method, path in routes:
            if path in _PUBLIC:
                continue
            assert _call(client, method, path, {}).status_code == 401, (method, path)
            assert _call(client, method, path, _bearer("sv_not_a_key")).status_code == 401, (method, path)
            if path.startswith("/v1/") and path not in ("/v1/jobs", "/v1/jobs/retry"):
                assert _call(client, method, path, _bearer(other)).status_code == 403, (method, path)  # telegram's
                assert _call(client, method, path, _bearer(tenant)).status_code not in (401, 403), (method, path)
            if path in _ADMIN_ONLY:
                assert _call(client, method, path, _bearer(tenant)).status_code == 403, (method, path)
                assert _call(client, method, path, _bearer(admin)).status_code not in (401, 403), (method, path)


def test_without_keys_no_route_serves_a_relayed_or_foreign_request(tmp_path) -> None:
    import httpx

    from souvenir.api.app import create_app
    from tests.servers import UvicornThread
    from tests.test_auth import _settings

    app = create_app(_settings(tmp_path / "o.db"))
    relayed = [
        {"X-Forwarded-For": "203.0.113.9"},
        {"Forwarded": "for=203.0.113.9"},
        {"X-Real-IP": "203.0.113.9"},
        {"Host": "evil.example"},
        {"Origin": "https://evil.example"},
    ]
    with UvicornThread(app) as server, httpx.Client(base_url=server.url, timeout=60) as client:
        for method, path in _routes(app):
            if path in _PUBLIC:
                continue
            for headers in relayed:
                assert _call(client, method, path, headers).status_code in (400, 403), (method, path, headers)
