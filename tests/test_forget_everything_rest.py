""" "Forget everything" and what the same message says after it; what the profile keeps
(session 18, lane harden4). "Please forget everything about me. I live in Leeds now." lost
the new statement (the whole message was the request's); the profile's ``lang`` (and a
model's ``state:`` numbers) outlived the request. Real SQLite files and the real PostgreSQL
at 127.0.0.1:5432, the library and REST's ``/v1/turns`` on loopback."""

from __future__ import annotations

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.store import open_store
from souvenir.ground.timeutil import utcnow
from tests.servers import UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

#: (lang, a fact said before, the request, the statement after it in the same message)
CASES = [
    ("en", "I have a cat named Tom", "Please forget everything about me.", "I live in Leeds now."),
    (
        "en2",
        "I have a cat named Tom",
        "Forget everything you know about me!",
        "My new address is 12 Elm Street, Leeds.",
    ),
    ("fr", "J'ai un chat qui s'appelle Tom", "Oublie tout ce que tu sais sur moi.", "J'habite à Lyon maintenant."),
    ("zh", "我有一只猫叫汤姆", "忘掉关于我的一切。", "我现在住在深圳。"),
    ("ms", "Saya ada kucing bernama Tom", "Lupakan semua tentang saya.", "Saya tinggal di Ipoh sekarang."),
]

#: What follows the request and is no new fact: more to forget, the request said again, thanks.
NOT_KEPT = [
    "Please forget everything about me. And my sister's address too.",
    "Please forget everything about me. I mean it.",
    "Forget everything about me. I live in Leeds. Forget that too.",
    "Oublie tout ce que tu sais sur moi. Y compris mon adresse.",
    "忘掉关于我的一切。我是认真的。",
    "忘掉关于我的一切。也包括我的地址。",
    "Lupakan semua tentang saya. Termasuk alamat saya.",
    "Lupakan semua tentang saya. Terima kasih!",
]


def _active(mem: Souvenir, user: str) -> list[str]:
    return [m.text for m in mem.memories(user).memories]


@pytest.mark.parametrize(("lang", "before", "request_text", "after"), CASES, ids=[c[0] for c in CASES])
def test_the_statement_after_the_request_is_kept(store_url, lang, before, request_text, after):
    with Souvenir.open(store_url, **OPEN) as mem:
        mem.add_turn("ann", before, "Nice!")
        mem.add_turn("ann", f"{request_text} {after}", "Done.")
        assert _active(mem, "ann") == [after], (lang, _active(mem, "ann"))
        turns = [t["message"] for t in mem.export_user("ann").tables["turns"]]
        assert turns == ["", "", after], (lang, turns)  # the request's turn emptied, the statement its own


@pytest.mark.parametrize("message", NOT_KEPT)
def test_what_continues_the_request_is_not_kept(tmp_path, message):
    with Souvenir.open(tmp_path / "s.db", **OPEN) as mem:
        mem.add_turn("ann", "I have a cat named Tom", "Nice!")
        mem.add_turn("ann", message, "Done.")
        assert _active(mem, "ann") == [], (message, _active(mem, "ann"))
        assert {t["message"] for t in mem.export_user("ann").tables["turns"]} == {""}


def test_the_profile_keeps_the_zone_and_counters_only(store_url):
    with Souvenir.open(store_url, **OPEN) as mem:
        mem.set_timezone("ann", "Europe/London")
        mem.add_turn("ann", "I have a cat named Tom and I work as a nurse in Leeds", "Nice!")
        assert mem.profile("ann")["lang"] == "en"
    store = open_store(store_url)  # a model's state numbers, as a reflection writes them
    try:
        user_id = store.find_user("api", "ann")
        store.kv_set(user_id, "state:trust", "0.400", utcnow())
    finally:
        store.close()
    with Souvenir.open(store_url, **OPEN) as mem:
        mem.add_turn("ann", "Please forget everything about me.", "Done.")
        left = mem.profile("ann")
        assert "lang" not in left and "last_queries" not in left and "summary" not in left, left
        assert not any(k.startswith("state:") for k in left), left
        assert mem.timezone("ann").tz == "Europe/London"
        mem.add_turn("ann", "J'habite à Lyon avec mon chat", "Super !")
        assert mem.profile("ann")["lang"] == "fr"  # a clean slate: the next message teaches it
    store = open_store(store_url)
    try:
        keys = {r[0] for r in store._query("SELECT key FROM user_kv WHERE user_id = ?", (user_id,))}
    finally:
        store.close()
    assert "state:trust" not in keys, keys


def test_through_rest_on_loopback(tmp_path):
    with Souvenir.open(tmp_path / "r.db", **OPEN) as mem:
        with UvicornThread(create_app(mem.runtime.settings, runtime=mem)) as server:
            with httpx.Client(base_url=server.url, timeout=30) as http:
                for lang, before, request_text, after in CASES:
                    user = f"u-{lang}"
                    assert http.post("/v1/turns", json={"user": user, "message": before}).status_code == 200
                    answer = http.post("/v1/turns", json={"user": user, "message": f"{request_text} {after}"})
                    assert answer.status_code == 200, answer.text
                    listed = http.get(f"/v1/users/api/{user}/memories").json()
                    texts = [m["text"] for m in listed["memories"]]
                    assert texts == [after], (lang, listed)


def test_with_a_model_the_statement_is_the_reflections_to_read(tmp_path):
    """With a chat model the statement after the request is a turn of its own whose reflection
    job is queued (the request's own turn stays empty and queues none)."""
    from souvenir.engine.runtime import open_runtime
    from tests.attack_support import stub_model_settings
    from tests.servers import ChatServer

    with ChatServer() as upstream:
        rt = open_runtime(stub_model_settings(f"sqlite:///{tmp_path / 'm.db'}", upstream.url))
        try:
            for lang, before, request_text, after in CASES:
                rt.engine.record_turn("api", lang, before, "Nice!")
                rt.engine.record_turn("api", lang, f"{request_text} {after}", "Done.")
                user_id = rt.store.find_user("api", lang)
                turns = rt.store._query("SELECT id, message FROM turns WHERE user_id = ? ORDER BY id", (user_id,))
                assert [t[1] for t in turns] == ["", "", after], (lang, turns)
                jobs = rt.store._query(
                    "SELECT turn_id FROM outbox WHERE user_id = ? AND job = 'reflection' AND status = 'pending'",
                    (user_id,),
                )
                assert [j[0] for j in jobs] == [turns[2][0]], (lang, jobs)
        finally:
            rt.close()
