"""A request to forget leaves no copy of what it names (attack lane): "Please forget what I
asked about my HIV medication" erased the memory and its turn, but the request itself — its
turn (and the reply echoing it) and the profile's ``last_queries`` — kept "HIV medication".
Through the library with no model, on SQLite and PostgreSQL; read back with the user's export."""

from __future__ import annotations

import pytest

from souvenir import Souvenir
from tests.attack_support import stub_model_settings


@pytest.fixture(params=["sqlite", "postgres"])
def target(request, tmp_path):
    return str(tmp_path / "s.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")


def test_a_request_to_forget_keeps_no_copy_of_its_topic(target):
    with Souvenir.open(target, background=False) as memory:
        memory.add_turn("ann", "Could my HIV medication interact with alcohol?", "It may; ask your doctor.")
        memory.add_turn("ann", "I like jazz.", "Nice.")
        memory.add_turn(
            "ann", "Please forget what I asked about my HIV medication.", "Done, I forgot about your HIV medication."
        )
        dump = memory.export_user("ann").model_dump_json()
        assert "HIV" not in dump
        assert "jazz" in dump  # the rest of the conversation stays
        assert "HIV" not in str(memory.profile("ann"))


def test_a_request_naming_nothing_stored_keeps_no_copy_either(target):
    with Souvenir.open(target, background=False) as memory:
        memory.add_turn("ann", "Please forget what I told you about my divorce lawyer.", "Okay.")
        assert "divorce" not in memory.export_user("ann").model_dump_json()


def test_with_a_model_the_request_turn_is_emptied_after_its_reflection(tmp_path):
    import json
    import time

    import httpx

    from souvenir.api.app import create_app
    from tests.servers import ChatServer, UvicornThread

    with ChatServer(reply="Noted.", reflection_answer=json.dumps({"memories": []})) as upstream:
        settings = stub_model_settings(
            f"sqlite:///{tmp_path / 'p.db'}", upstream.url, reflection_timeout_s=2.0, llm_timeout_s=5.0
        )
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
            body = {
                "model": "stub",
                "user": "p",
                "messages": [{"role": "user", "content": "Please forget what I told you about my divorce lawyer."}],
            }
            assert client.post("/v1/chat/completions", json=body).status_code == 200
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:  # the proxy records the turn after its reply
                got = client.get("/v1/users/api/p/export")
                if got.status_code == 200 and got.json()["tables"].get("turns") and "divorce" not in got.text:
                    break
                time.sleep(0.2)
            dump = client.get("/v1/users/api/p/export").json()
            assert dump["tables"].get("turns") and "divorce" not in json.dumps(dump)
            # the reflection read the request before its turn was emptied
            # (the live reply's request is one, the reflection's the other)
            assert sum("divorce" in json.dumps(b) for b in upstream.requests) >= 2, upstream.requests
