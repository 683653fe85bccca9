"""Ollama's native protocol, for the embedder (/api/embed) and the chat model (/api/chat),
against stand-ins on loopback."""

from __future__ import annotations

import json

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from tests.servers import ChatServer, EmbeddingServer


def test_ollama_embedder_and_chat_model(tmp_path):
    fact = json.dumps(
        {"memories": [{"text": "Keeps a tortoise named Lambat", "kind": "fact", "scope": "global", "confidence": 0.9}]}
    )
    with EmbeddingServer() as embedder, ChatServer(reflection_answer=fact) as chat:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'o.db'}",
            embedder="ollama",
            embedder_url=embedder.url,
            embedder_model="nomic-embed-text",
            llm_base_url=chat.url,
            llm_kind="ollama",
            llm_model="llama3",
            _env_file=None,
        )
        rt = open_runtime(settings)
        try:
            rt.engine.record_turn("api", "u", "My tortoise Lambat is 40 years old", "Wow!")
            rt.worker.drain()
            # the note copies the message with words changed ("keeps", "named": write/carry.garbled,
            # session 23) and leaves out the age: the message is kept in its place
            texts = sorted(m.text for m in rt.engine.memories("api", "u"))
            assert texts == ["My tortoise Lambat is 40 years old"]
            assert chat.requests[0]["format"]["type"] == "object"  # the JSON schema, Ollama-style
            while rt.index.run_once():
                pass
            result = rt.engine.context("api", "u", "how old is my tortoise Lambat?")
            assert not result.degraded and result.memories[0].score is not None
            assert rt.index.name == "ollama:nomic-embed-text"
        finally:
            rt.close()
