"""Session 23's attack on session 22's surface (harden8): every route of the OpenAPI schema
against deeply nested, non-UTF-8, lone-surrogate, huge-number and many-keyed bodies and odd
query strings answers below 500 (the proxy's upstream aside: a body it relays is the model
server's to refuse), and the context's new ``conversation`` is bounded as ``messages`` is.
The service on loopback over a real SQLite file, the model a loopback stand-in."""

from __future__ import annotations

import json
import re
import time

import httpx
import pytest

from souvenir.api.app import create_app
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

JSON = {"Content-Type": "application/json"}
BODIES = {
    "deep": b'{"messages": ' + b"[" * 5000 + b"]" * 5000 + b"}",
    "not_utf8": b'{"user": "u", "message": "\xff\xfe caf\xe9", "text": "\xc3"}',
    "surrogate": b'{"user": "u", "message": "hi \\ud800", "text": "x \\udfff", "name": "\\ud83d"}',
    "huge_number": b'{"user": "u", "message": "hi", "limit": 1' + b"0" * 5000 + b"}",
    "many_keys": b"{" + b",".join(b'"k%d": 1' % i for i in range(20000)) + b"}",
    "nan": b'{"user": "u", "message": "hi", "confidence": NaN, "text": "Lives in Ipoh"}',
}


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    path = tmp_path_factory.mktemp("s23") / "a.db"
    with ChatServer(reply="OK.", reflection_answer=json.dumps({"memories": []})) as upstream:
        settings = stub_model_settings(f"sqlite:///{path}", upstream.url)
        with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=60) as client:
            client.post("/v1/users/api/u/memories", json={"text": "I live in Ipoh"}).raise_for_status()
            yield client


def _operations(client: httpx.Client) -> list[tuple[str, str]]:
    out = []
    for path, item in client.get("/openapi.json").json()["paths"].items():
        concrete = re.sub(r"\{channel\}", "api", path)
        concrete = re.sub(r"\{(user|external_id)\}", "u", concrete)
        concrete = re.sub(r"\{[a-z_]*id\}", "1", concrete)
        concrete = re.sub(r"\{[a-z_]*\}", "x", concrete)
        out += [(method.upper(), concrete) for method in item]
    return out


def test_every_route_refuses_odd_bodies_and_queries_below_500(api) -> None:
    operations = _operations(api)
    assert len(operations) >= 20
    failures = []
    for method, path in operations:
        for name, body in BODIES.items():
            answer = api.request(method, path, content=body, headers=JSON)
            if answer.status_code >= 500:
                failures.append((method, path, name, answer.status_code, answer.text[:160]))
        for query in ("?limit=" + "9" * 400, "?story=%ff%fe", "?status=%00", "?q=" + "%ff" * 10):
            answer = api.request(method, path + query)
            if answer.status_code >= 500:
                failures.append((method, path + query, answer.status_code, answer.text[:160]))
    assert failures == []


@pytest.mark.parametrize(
    "conversation",
    [[1, {"a": 2}], ["x" * 70_000], ["hi"] * 401, "a text, not a list"],
    ids=["not_strings", "too_long", "too_many", "not_a_list"],
)
def test_the_conversation_is_bounded_as_messages_are(api, conversation) -> None:
    body = {"user": "u", "message": "ok", "messages": ["ok"], "conversation": conversation}
    answer = api.post("/v1/context", json=body)
    assert answer.status_code == 422, answer.text[:300]
    assert "conversation" in answer.text


@pytest.mark.parametrize(
    "said",
    ["I also live in Lyon", "J'habite aussi à Lyon", "我也住在里昂", "Saya juga tinggal di Lyon"],
)
def test_a_rest_callers_conversation_is_read_and_its_system_prompt_is_not(api, said) -> None:
    system = "You are the shop's assistant."
    user = f"w{len(said)}"
    api.post(f"/v1/users/api/{user}/memories", json={"text": "I live in Ipoh"}).raise_for_status()
    body = {
        "user": user,
        "message": "yes",
        "messages": [system, said, "Really?", "yes"],
        "conversation": [said, "Really?"],
    }
    assert api.post("/v1/context", json=body).status_code == 200
    ends = time.monotonic() + 60  # kept by the bookkeeping: waited for, not timed
    while True:
        sel = api.get(f"/v1/users/api/{user}/diagnostics.json").json()["selections"]
        if sel and sel[0]["conversation"] and sel[0]["conversation"][0] == said:
            break
        assert time.monotonic() < ends, sel[:1]
        time.sleep(0.2)
    assert system not in sel[0]["conversation"]
