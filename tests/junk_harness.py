"""The junk tests' harness (issue #25's "0 junk"): examples read as chit-chat or not, and a
message that must leave no memory with a model that copies it as its note (a local server
speaking the OpenAI protocol, :class:`tests.servers.ChatServer`) and without a model.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from souvenir.engine.runtime import open_runtime
from souvenir.lexical.chitchat import chit_chat
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer


def note(text: str) -> str:
    """A reflection answer holding one note, ``text`` (a fact at confidence 0.9)."""
    return json.dumps({"memories": [{"text": text, "kind": "fact", "scope": "global", "confidence": 0.9}]})


def model_settings(tmp_path, upstream, **extra):
    """Settings on a SQLite file in ``tmp_path`` with ``upstream`` (a loopback server) as the model."""
    return stub_model_settings(f"sqlite:///{tmp_path / 'j.db'}", upstream.url, reflection_backoff_s=0.05, **extra)


def plain_runtime(tmp_path):
    """A runtime without a model (no-model mode) on another SQLite file in ``tmp_path``."""
    return open_runtime(stub_model_settings(f"sqlite:///{tmp_path / 'n.db'}", "", summary_enabled=False))


def assert_chit_chat(texts: Iterable[str], chatter: bool = True) -> None:
    """Each of ``texts`` is chit-chat (``chatter``), or none is."""
    for text in texts:
        assert (chit_chat(text) is not None) is chatter, text


def assert_leaves_no_memory(tmp_path, message: str) -> None:
    """``message`` leaves no memory: with a model that copies it as its note (as SmolLM2 does),
    and without a model."""
    with ChatServer(reflection_answer=note(message)) as upstream:
        rt = open_runtime(model_settings(tmp_path, upstream))
        try:
            rt.engine.record_turn("api", "a", message, "Good night!")
            assert rt.worker.drain(30)
            user = rt.store.find_user("api", "a")
            assert user is None or not rt.store.memories(user)
        finally:
            rt.close()
    plain = plain_runtime(tmp_path)
    try:
        plain.engine.record_turn("api", "a", message, "Good night!")
        user = plain.store.find_user("api", "a")
        assert user is None or not plain.store.memories(user)
    finally:
        plain.close()
