"""A request to forget that points at what was just said (issue #26, found by the held-out
dialogue dlg-zh in session 18): 算了，这事你别记了 said right after the cousin's debt erased
nothing, a request naming nothing being recorded ``ambiguous``. Now "don't remember that", in
four languages, erases what the user's previous turn wrote (within
:data:`~souvenir.engine.chat_forget.DEICTIC_WINDOW`), or keeps nothing of the same message's
earlier sentences; "never mind" ("Forget it, I'll ask my mom") erases nothing, even on a
model's word. Through the library, ``/v1/turns`` and the proxy (a loopback model server), on
a real SQLite file."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.chat_forget import DEICTIC_WINDOW
from souvenir.lexical.forget_cues import forget_requests
from souvenir.lexical.forget_deixis import never_mind, points_back
from souvenir.read.forget_note import _WORDS
from souvenir.ground.types import Candidate, Memory
from souvenir.write.filters import Exchange, run_filters
from souvenir.write.forget_match import match_forget
from tests.attack_support import stub_model_settings, wait_until
from tests.servers import ChatServer, UvicornThread

T0 = datetime(2026, 5, 4, 10, 0, tzinfo=timezone.utc)

# (language, a statement, the request pointing at it, an acknowledgement that writes nothing)
STATED = [
    (
        "en",
        "My cousin Paul owes me 2000 euros and says he will never pay it back.",
        "Actually, don't remember that.",
        "ok thanks",
    ),
    (
        "fr",
        "Mon cousin Paul me doit 2000 euros et dit qu'il ne les rendra jamais.",
        "En fait, oublie ça.",
        "ok merci",
    ),
    ("zh", "我表哥欠我两万块钱，他说这笔钱不还了。", "算了，这事你别记了", "好的谢谢"),
    (
        "ms",
        "Sepupu saya Ali berhutang RM2000 dengan saya dan dia tak mahu bayar.",
        "Eh tak payah ingat tu",
        "ok terima kasih",
    ),
]
#: The same kind in other words (no wording of the found case).
POINTING = [
    "Scratch that.",
    "Don't save that, please.",
    "Forget what I just said.",
    "Hmm, don't keep this.",
    "Ne retiens pas ça.",
    "Oublie ce que je viens de dire.",
    "Bon, efface ça.",
    "Ne le note pas.",
    "那个别记了",
    "刚才说的别记了",
    "哎，这个不用记",
    "那件事别存了",
    "Jangan simpan itu.",
    "Lupakan apa yang saya cakap tadi.",
    "Tak payah simpan benda ni.",
    "Alamak, jangan ingat yang tu.",
]
#: "Never mind": a verb of forgetting with the user's next step, or no request at all.
NEVER_MIND = {
    "en": ["Forget it, I'll ask my mom.", "Forget that. I'll ask my mom.", "Forget it.", "Never mind."],
    "fr": ["Oublie ça, ma mère va m'aider.", "Laisse tomber.", "Oublie, je vais demander à ma mère."],
    "zh": ["算了不说了", "算了，忘了它吧", "没事，不说了"],
    "ms": ["Lupakan tu, nanti saya tanya mak.", "Tak apa lah.", "Lupakan je lah."],
}
#: A statement said before the request in the same message: that is what "that" is.
SAME_MESSAGE = {
    "en": ("I owe my cousin Paul 2000 euros. Actually, don't remember that.", "Owes cousin Paul 2000 euros"),
    "fr": ("Je dois 2000 euros à mon cousin Paul. En fait, oublie ça.", "Doit 2000 euros à son cousin Paul"),
    "zh": ("我欠表哥两万块钱。算了，这事你别记了。", "欠表哥两万块钱"),
    "ms": (
        "Saya berhutang RM2000 dengan sepupu saya Ali. Eh, tak payah ingat tu.",
        "Berhutang RM2000 dengan sepupu Ali",
    ),
}
OTHER = "Lives in Lyon"


@pytest.mark.parametrize("message", [s[2] for s in STATED] + POINTING)
def test_a_request_pointing_at_what_was_just_said(message):
    requests = forget_requests(message)
    assert requests and all(points_back(r, message) for r in requests), requests
    stored = [Memory(1, 1, "Owes money", source="turn:4"), Memory(2, 1, OTHER, source="turn:1")]
    assert match_forget(requests, stored, pointed={1}).erase == (1,)
    assert match_forget(requests, stored, proposed=[2], pointed={1}).erase == (1,)
    # the turn before wrote nothing: nothing erased, not even on a model's word
    assert match_forget(requests, stored, proposed=[1, 2], pointed=set()).erase == ()


@pytest.mark.parametrize("message", [m for ms in NEVER_MIND.values() for m in ms])
def test_never_mind_points_at_nothing(message):
    requests = forget_requests(message)
    assert not any(points_back(r, message) for r in requests)
    stored = [Memory(1, 1, "Owes money", source="turn:4")]
    if requests and any(never_mind(r) for r in requests):  # in its own sentence: the match knows
        assert match_forget(requests, stored, proposed=[1]).erase == ()


def _open(tmp_path):
    return Souvenir.open(tmp_path / "f.db", embedder="none", window_embedder="none", background=False)


@pytest.mark.parametrize("lang,statement,asking,_ack", STATED)
def test_library_erases_what_the_previous_turn_wrote(tmp_path, lang, statement, asking, _ack):
    with _open(tmp_path) as mem:
        kept = mem.remember("u", OTHER)
        said = mem.add_turn("u", statement, reply="OK", time=T0)
        assert said.memory is not None and said.memory.action == "insert"
        turn = mem.add_turn("u", asking, reply="OK", time=T0 + timedelta(minutes=2))
        assert turn.memory is not None and (turn.memory.reason or "").startswith("forget_request")
        assert [m.id for m in mem.memories("u").memories] == [kept.id]
        history = [(e.event, e.source) for e in mem.history("u", said.memory.id).history]
        assert history == [("erased", f"request:turn:{turn.turn_id}")]
        store = mem.runtime.engine.store
        assert store.count_events("write:forget:user_request") == 1
        assert store.count_events("write:forget:ambiguous") == 0
        assert statement not in json.dumps(mem.export_user("u").model_dump(mode="json"), ensure_ascii=False)


@pytest.mark.parametrize("lang", sorted(NEVER_MIND))
def test_library_never_mind_erases_nothing(tmp_path, lang):
    statement = next(s[1] for s in STATED if s[0] == lang)
    with _open(tmp_path) as mem:
        for at, message in enumerate(NEVER_MIND[lang]):
            mem.add_turn(f"u{at}", statement, reply="OK", time=T0)
            mem.add_turn(f"u{at}", message, reply="OK", time=T0 + timedelta(minutes=1))
            assert statement in [m.text for m in mem.memories(f"u{at}").memories], message
        assert mem.runtime.engine.store.count_events("write:forget:user_request") == 0


@pytest.mark.parametrize("lang,statement,asking,ack", STATED)
def test_the_turn_before_wrote_nothing(tmp_path, lang, statement, asking, ack):
    """The statement, then a turn that wrote nothing (an acknowledgement), then the request:
    "that" is the acknowledgement, and no earlier turn is reached."""
    with _open(tmp_path) as mem:
        said = mem.add_turn("u", statement, reply="OK", time=T0)
        mem.add_turn("u", ack, reply="OK", time=T0 + timedelta(minutes=1))
        mem.add_turn("u", asking, reply="OK", time=T0 + timedelta(minutes=2))
        assert said.memory is not None
        assert [m.id for m in mem.memories("u").memories] == [said.memory.id]
        assert mem.runtime.engine.store.count_events("write:forget:ambiguous") == 1


@pytest.mark.parametrize("lang,statement,asking,_ack", STATED)
def test_a_request_long_after_points_at_nothing(tmp_path, lang, statement, asking, _ack):
    """Past the window (one sitting: 30 minutes) the turn before is no longer "what was just said"."""
    assert DEICTIC_WINDOW == timedelta(minutes=30)
    with _open(tmp_path) as mem:
        mem.add_turn("late", statement, reply="OK", time=T0)
        mem.add_turn("late", asking, reply="OK", time=T0 + DEICTIC_WINDOW + timedelta(minutes=1))
        assert [m.text for m in mem.memories("late").memories] == [statement]
        soon = mem.add_turn("soon", statement, reply="OK", time=T0)
        mem.add_turn("soon", asking, reply="OK", time=T0 + DEICTIC_WINDOW - timedelta(minutes=1))
        assert mem.memories("soon").memories == [] and soon.memory is not None


@pytest.mark.parametrize("lang", sorted(SAME_MESSAGE))
def test_the_same_message_said_it_before(tmp_path, lang):
    """ "I owe my cousin 2000 euros. Actually, don't remember that.": the statement is what
    "that" is — nothing of the message kept, the previous turn's memory untouched, the turn
    emptied; a candidate of the statement is dropped by the filter (model mode), a sentence
    after the request still says something."""
    message, candidate = SAME_MESSAGE[lang]
    statement = next(s[1] for s in STATED if s[0] == lang)
    with _open(tmp_path) as mem:
        said = mem.add_turn("u", statement, reply="OK", time=T0)
        turn = mem.add_turn("u", message, reply="OK", time=T0 + timedelta(minutes=1))
        assert turn.memory is not None and turn.memory.action == "dropped"
        assert said.memory is not None
        assert [m.id for m in mem.memories("u").memories] == [said.memory.id]
        store = mem.runtime.engine.store
        assert [t["message"] for t in store.recent_turns(store.find_user("api", "u"), None, 5)] == [statement]
    decision = run_filters(Candidate(candidate, confidence=0.9), Exchange(user_message=message))
    assert not decision.kept and decision.filter == "forget_request", decision
    after = {
        "en": "I moved to Penang.",
        "fr": "J'ai déménagé à Penang.",
        "zh": "我搬到槟城了。",
        "ms": "Saya pindah ke Penang.",
    }
    more = Exchange(user_message=f"{message} {after[lang]}")
    moved = {"en": "Moved to Penang", "fr": "A déménagé à Penang", "zh": "搬到槟城了", "ms": "Pindah ke Penang"}
    assert run_filters(Candidate(moved[lang], confidence=0.9), more).kept


def _turn(client: httpx.Client, user: str, message: str, at: datetime) -> dict:
    body = {"channel": "api", "user": user, "message": message, "reply": "OK", "time": at.isoformat()}
    r = client.post("/v1/turns", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_v1_turns_in_four_languages(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'api.db'}", embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        for lang, statement, asking, _ in STATED:
            user = f"said-{lang}"
            base = f"/v1/users/api/{user}/memories"
            client.post(base, json={"text": OTHER})
            _turn(client, user, statement, T0)
            (mid,) = [m["id"] for m in client.get(base).json()["memories"] if m["text"] == statement]
            _turn(client, user, asking, T0 + timedelta(minutes=3))
            assert [m["text"] for m in client.get(base).json()["memories"]] == [OTHER], lang
            history = client.get(f"{base}/{mid}/history").json()
            assert [e["event"] for e in history["history"]] == ["erased"] and history["memory"]["text"] == ""
            # never mind: the statement said again stays
            for message in NEVER_MIND[lang]:
                _turn(client, user, statement, T0 + timedelta(minutes=10))
                _turn(client, user, message, T0 + timedelta(minutes=11))
                texts = [m["text"] for m in client.get(base).json()["memories"]]
                assert statement in texts, (lang, message)


def test_proxy_in_four_languages(tmp_path):
    """Model mode through the proxy: the model's note of the statement (written by the
    previous turn's reflection) is erased by "don't remember that"; after "never mind" it
    stays, even when the model names it."""
    with ChatServer(reply="Noted.") as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0, llm_timeout_s=5.0
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            for lang, statement, asking, _ in STATED:
                note = SAME_MESSAGE[lang][1]
                for user, request in ((f"p-{lang}", asking), (f"q-{lang}", NEVER_MIND[lang][0])):
                    base = f"/v1/users/telegram/{user}/memories"

                    def ask(text: str, user: str = user) -> None:
                        body = {"model": "stub", "user": user, "messages": [{"role": "user", "content": text}]}
                        r = client.post("/v1/chat/completions", json=body, headers={"X-Souvenir-Channel": "telegram"})
                        assert r.status_code == 200, r.text

                    def active(base: str = base) -> list[dict]:
                        return client.get(base).json()["memories"]

                    fact = {"text": note, "kind": "fact", "scope": "global", "confidence": 0.9}
                    upstream.reflection_answer = json.dumps({"memories": [fact]})
                    ask(statement)
                    stored = wait_until(active, 15.0, 0.1)
                    assert [m["text"] for m in stored] == [note], (lang, stored)
                    upstream.reflection_answer = json.dumps({"memories": [], "forget": [stored[0]["id"]]})
                    calls = len(upstream.requests)
                    ask(request)
                    wait_until(lambda calls=calls: len(upstream.requests) >= calls + 2, 15.0, 0.1)  # reply, reflection
                    wait_until(lambda: not active(), 3.0, 0.1)
                    history = client.get(f"{base}/{stored[0]['id']}/history").json()["history"]
                    if request == asking:
                        assert active() == [], (lang, request)
                        assert [e["event"] for e in history] == ["erased"]
                    else:
                        assert note in [m["text"] for m in active()], (lang, request)
                        assert "erased" not in [e["event"] for e in history]


@pytest.mark.parametrize("lang,statement,asking,_ack", STATED)
def test_the_reply_is_told_what_is_erased(tmp_path, lang, statement, asking, _ack):
    """The block the reply is written with (read before the request is recorded) counts the
    previous turn's memory as erased, never "nothing matches": the reply must not say it was
    kept when it goes."""
    with _open(tmp_path) as mem:
        mem.add_turn("u", statement, reply="OK")
        block = mem.context("u", asking).block
        assert any(words[1].format(n=1) in block for words in _WORDS.values()), block
        assert not any(words[2] in block for words in _WORDS.values()), block


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_the_turn_before_on_both_stores(request, backend, tmp_path):
    """The store's reading of the turn before (same story, recording order) on both backends."""
    from souvenir.engine.core import Engine
    from souvenir.store import open_store

    url = request.getfixturevalue("pg_url") if backend == "postgres" else f"sqlite:///{tmp_path / 'e.db'}"
    engine = Engine(open_store(url))
    try:
        _, statement, asking, _ = STATED[2]  # zh
        engine.record_turn("api", "z", "我在写小说。", "好", story="novel", time=T0)
        first, _ = engine.record_turn("api", "z", statement, "好的", time=T0)
        engine.record_turn("api", "z", "第二章写完了。", "好", story="novel", time=T0 + timedelta(minutes=1))
        second, written = engine.record_turn("api", "z", asking, "好的", time=T0 + timedelta(minutes=2))
        before = engine.store.turn_before(second)
        assert before is not None and before["id"] == first and before["said"] - before["time"] == timedelta(minutes=2)
        assert engine.store.turn_before(first) is None  # the first story-less turn
        assert written is not None and written.code == "forget_request"
        assert statement not in [m.text for m in engine.memories("api", "z")]
    finally:
        engine.close()
