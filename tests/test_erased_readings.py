"""Session 19, lane debt: nothing read from an erased text stays in the process.

The lexical caches (``text_cache``: normalised text, tokens, keys, propositions, fingerprints,
the read path's readings…) kept an erased memory's readings until 8,192 other texts pushed
them out (session 18 left it). Every erasure now drops them — a memory forgotten through
REST, "forget everything" said in chat, a user deleted, in four languages, on a real SQLite
file and the real PostgreSQL — while another user's readings stay. A forget the reflection
model names drops the user's held reads as the user's own forget does (the proxy, a model
stand-in on loopback)."""

from __future__ import annotations

import json

import httpx
import pytest

from souvenir import Souvenir
from souvenir.api.app import create_app
from souvenir.lexical.normalize import normalize
from souvenir.lexical.text_cache import _ALL, forget_texts, text_cache, words
from tests.attack_support import stub_model_settings, wait_until
from tests.test_break_session18 import _held_texts as _held_by_reads
from tests.servers import ChatServer, UvicornThread

OPEN = {"embedder": "none", "window_embedder": "none", "background": False}

# (language, a memory to erase, a rare word of it, another user's memory)
SAID = [
    ("en", "I take Vextoralin every morning", "vextoralin", "I take the bus to work in Leeds"),
    ("fr", "Je prends du Zerbaxol chaque matin", "zerbaxol", "Je prends le bus pour aller à Lyon"),
    ("zh", "我每天早上吃比克恩药", "比克恩", "我每天坐公交车去上海上班"),
    ("ms", "Saya makan ubat Kelvorin setiap pagi", "kelvorin", "Saya naik bas ke Ipoh setiap hari"),
]


def _held_with(word: str) -> list[tuple[str, object]]:
    """Every cache entry whose first argument holds ``word`` (case folded)."""
    found = []
    for cache in _ALL:
        for key in cache.held():
            parts = [key] if isinstance(key, str) else list(key) if isinstance(key, (tuple, frozenset)) else []
            if any(isinstance(p, str) and word in p.casefold() for p in parts):
                found.append((cache.__name__, key))
    return found


def _settled(mem: Souvenir) -> None:
    """Wait for the context's bookkeeping job (the selection kept for diagnostics) queued
    before the erasure: it reads the question, finds the user erased since, keeps nothing
    and drops what it read; on a loaded machine it may still run when the erasure returns
    (a listing waits for it at most ``STALL_S``)."""
    mem.engine.bookkeeping.flush(None)


def _store_url(request, backend: str, tmp_path) -> str:
    return request.getfixturevalue("pg_url") if backend == "postgres" else str(tmp_path / "r.db")


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
@pytest.mark.parametrize(("lang", "text", "word", "other"), SAID, ids=[s[0] for s in SAID])
def test_a_forgotten_memory_leaves_no_reading_in_the_caches(request, backend, tmp_path, lang, text, word, other):
    with Souvenir.open(_store_url(request, backend, tmp_path), **OPEN) as mem:
        ann, bob = f"ann-{lang}-{backend}", f"bob-{lang}-{backend}"
        mem.remember(ann, text)
        mem.remember(bob, other)
        mem.context(ann, text)  # the read path reads it too
        assert _held_with(word), "the memory's readings are cached"
        others = len(_held_with(words(other)[-1]))
        memory = mem.memories(ann).memories[0]
        mem.forget(ann, memory.id)
        _settled(mem)
        assert not _held_with(word), _held_with(word)
        assert len(_held_with(words(other)[-1])) == others, "another user's readings stay"


@pytest.mark.parametrize(("lang", "text", "word", "other"), SAID, ids=[s[0] for s in SAID])
def test_forget_everything_and_a_deleted_user_leave_no_reading(tmp_path, lang, text, word, other):
    asks = {
        "en": "Please forget everything about me.",
        "fr": "Oublie tout ce que tu sais sur moi.",
        "zh": "请忘记关于我的一切。",
        "ms": "Tolong lupakan semua tentang saya.",
    }
    with Souvenir.open(tmp_path / "e.db", **OPEN) as mem:
        mem.add_turn("ann", text)
        mem.context("ann", text)
        assert _held_with(word)
        mem.add_turn("ann", asks[lang])
        assert not mem.memories("ann").memories
        _settled(mem)
        assert not _held_with(word), _held_with(word)
        mem.add_turn("bob", text)
        mem.context("bob", "what do I take?")
        assert _held_with(word)
        mem.delete_user("bob")
        _settled(mem)
        assert not _held_with(word), _held_with(word)


def test_a_forget_request_in_chat_leaves_no_reading_of_its_source_turn(tmp_path):
    """The turn the memory came from and the questions that retrieved it are emptied by the
    erasure: their readings go too (a word of the message the memory did not keep)."""
    with Souvenir.open(tmp_path / "t.db", **OPEN) as mem:
        mem.add_turn("ann", "My doctor Quellstrom says I have HIV, so I take Vextoralin")
        mem.context("ann", "Is Vextoralin safe with alcohol?")
        assert _held_with("quellstrom") and _held_with("alcohol")
        for memory in mem.memories("ann").memories:
            mem.forget("ann", memory.id)
        _settled(mem)
        assert not _held_with("quellstrom"), _held_with("quellstrom")
        assert not _held_with("vextoralin"), _held_with("vextoralin")


def test_the_cache_drops_only_what_the_erased_words_make():
    @text_cache(8)
    def length(text: str) -> int:
        return len(text)

    @text_cache(8)
    def pair(text: str, n: int) -> int:
        return len(text) + n

    for t in ("I live in Leeds", "Leeds", "I live in York", "leeds i"):
        length(t)
        pair(t, 1)
    gone = forget_texts(["I LIVE in Leeds."], (lambda t: [normalize(t)],))
    assert gone >= 6
    assert length.held() == ["I live in York"] and pair.held() == ["I live in York"]
    for i in range(20):  # bounded: the oldest goes first
        length(str(i))
    assert length.cache_info().currsize == 8 and length.held()[0] == "12"
    assert length.__wrapped__("abc") == 3 and length.cache_info().maxsize == 8


def test_a_model_named_forget_drops_the_held_reads_as_the_users_own(tmp_path):
    """Reflection proposes the memory ids a request to forget is about ("Forget that,
    please." names nothing: code accepts the model's id); the scorer's columns and the read
    cache held the erased text until the user's next context. Through the proxy."""
    fact = json.dumps(
        {
            "memories": [
                {"text": "Has gambling debts with Varnoke", "kind": "fact", "scope": "global", "confidence": 0.9}
            ]
        }
    )
    with ChatServer(reply="Noted.", reflection_answer=fact) as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0, llm_timeout_s=5.0
        )
        app = create_app(settings)
        with UvicornThread(app) as server, httpx.Client(base_url=server.url, timeout=30) as client:

            def ask(text: str) -> None:
                body = {"model": "stub", "user": "p", "messages": [{"role": "user", "content": text}]}
                assert client.post("/v1/chat/completions", json=body).status_code == 200

            def active() -> list[dict]:
                return client.get("/v1/users/api/p/memories").json()["memories"]

            # the model's note a copy of the whole statement (a note leaving out a clause of the
            # message, "it's hard", is replaced by the message: write/carry.drops_a_clause)
            ask("I have gambling debts with Varnoke.")
            stored = wait_until(active, 15.0, 0.1)
            assert [m["text"] for m in stored] == ["Has gambling debts with Varnoke"]
            mem = app.state.souvenir
            assert client.post("/v1/context", json={"user": "p", "message": "my debts?"}).status_code == 200
            assert any("Varnoke" in t for t in _held_by_reads(mem))
            upstream.reflection_answer = json.dumps({"memories": [], "forget": [stored[0]["id"]]})
            ask("Forget that, please.")
            assert wait_until(lambda: not active(), 15.0, 0.1) is True or not active()
            assert not any("Varnoke" in t for t in _held_by_reads(mem)), _held_by_reads(mem)
            assert not _held_with("varnoke"), _held_with("varnoke")
