"""What a newcomer's first mistakes get back: each error names what was wrong and what to
send instead (a fresh-clone walkthrough met bare "Not valid" sentences). Real HTTP on
loopback, a real SQLite file."""

from __future__ import annotations

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.api.keys import create_key
from souvenir.ground.config import Settings
from souvenir.store import open_store
from tests.servers import UvicornThread


def _settings(db) -> Settings:
    return Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None)


def test_a_form_body_is_told_the_header_to_send(tmp_path):
    """``curl -d '{…}'`` without ``-H 'Content-Type: application/json'`` sends a form: the
    415 says which header to add, and does not echo what came."""
    with UvicornThread(create_app(_settings(tmp_path / "f.db"))) as server:
        r = httpx.post(
            f"{server.url}/v1/turns",
            content=b'{"user": "ann", "message": "hi"}',
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
    assert r.status_code == 415
    detail = r.json()["detail"]
    assert "Content-Type: application/json" in detail and "x-www-form" not in detail


def test_each_wrong_authorization_header_says_what_was_wrong(tmp_path):
    """No header, a key without ``Bearer``, ``Bearer`` without a key, an unknown key: four
    401s, each naming its own mistake and the header to send, none echoing the key."""
    db = tmp_path / "k.db"
    store = open_store(f"sqlite:///{db}")
    try:
        key = create_key(store, "bot", True, ())[0]
    finally:
        store.close()
    url = "/v1/users/api/ann/memories"
    with UvicornThread(create_app(_settings(db))) as server:
        details = {}
        for case, headers in {
            "none": {},
            "no scheme": {"Authorization": key},
            "no key": {"Authorization": "Bearer"},
            "unknown": {"Authorization": "Bearer sv_not_a_real_key_0000000000"},
            "good": {"Authorization": f"Bearer {key}"},
        }.items():
            r = httpx.get(server.url + url, headers=headers)
            if case == "good":
                assert r.status_code == 200, r.text
                continue
            assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer", (case, r.text)
            details[case] = r.json()["detail"]
    assert "souvenir keys create" in details["none"]
    assert "no Bearer scheme" in details["no scheme"]
    assert "carries no key" in details["no key"]
    assert "not valid" in details["unknown"] and "souvenir keys list" in details["unknown"]
    assert all("Bearer KEY" in d for d in details.values()), details
    assert not any(key in d or "sv_not_a_real" in d for d in details.values()), details


def test_an_unknown_time_zone_says_which_forms_are_accepted(tmp_path):
    with UvicornThread(create_app(_settings(tmp_path / "t.db"))) as server:
        httpx.post(f"{server.url}/v1/turns", json={"user": "ann", "message": "J'habite à Lyon"}).raise_for_status()
        r = httpx.put(f"{server.url}/v1/users/api/ann/timezone", json={"tz": "Mars/Olympus"})
        assert r.status_code == 422
        assert "IANA name (Europe/Paris" in r.json()["detail"] and "+08:00" in r.json()["detail"]
        assert httpx.put(f"{server.url}/v1/users/api/ann/timezone", json={"tz": "+08:00"}).status_code == 200


def test_the_http_client_says_where_it_failed_and_what_to_start():
    """``SouvenirClient`` against a port nobody serves said ``POST /v1/context:
    ConnectError('[Errno 111] Connection refused')``: no address, no next step. A server
    that accepts and never answers is a timeout, said as one."""
    import socket

    from souvenir.client import SouvenirClient
    from souvenir.ground.errors import ServiceUnreachableError
    from tests.servers import free_port

    port = free_port()
    with (
        SouvenirClient(f"http://127.0.0.1:{port}", timeout=2) as nowhere,
        pytest.raises(ServiceUnreachableError) as exc,
    ):
        nowhere.context("ann", "Où est mon chat ?")
    refused = str(exc.value)
    assert f"POST http://127.0.0.1:{port}/v1/context: cannot connect" in refused
    assert "souvenir serve" in refused
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        with SouvenirClient(f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=0.5) as stuck:
            with pytest.raises(ServiceUnreachableError) as late:
                stuck.profile("ann")
    assert "no answer within the client's timeout" in str(late.value)


def test_a_mistyped_route_or_method_says_where_the_routes_are(tmp_path):
    """``POST /v1/turn`` answered ``{"detail": "Not Found"}``, ``GET /v1/turns`` ``Method Not
    Allowed``: now each points at /docs, without echoing the path (it may carry a user id);
    a route's own 404 keeps its sentence."""
    with UvicornThread(create_app(_settings(tmp_path / "r.db"))) as server:
        typo = httpx.post(f"{server.url}/v1/turn", json={"user": "ann", "message": "hi"})
        method = httpx.get(f"{server.url}/v1/turns")
        unknown = httpx.get(f"{server.url}/v1/users/api/nobody/export")
        misplaced = httpx.get(f"{server.url}/v1/user/ann@example.com/memories")
    assert typo.status_code == 404 and "/docs" in typo.json()["detail"] and "/v1/turn" not in typo.json()["detail"]
    assert method.status_code == 405 and "/docs" in method.json()["detail"]
    assert unknown.status_code == 404 and unknown.json()["detail"] == "no user api:nobody"
    assert misplaced.status_code == 404 and "ann@example.com" not in misplaced.text
    assert "/v1/users/{channel}/{user}/" in misplaced.json()["detail"]


def test_a_user_route_without_its_channel_says_where_the_channel_goes(tmp_path):
    """``GET /v1/users/ann/memories`` (the channel left out) matched the route ``DELETE
    /v1/users/{channel}/{user}``, channel "ann", user "memories": a 405 "this route does not
    take this method" sent the newcomer to check the method, not the path."""
    with UvicornThread(create_app(_settings(tmp_path / "c.db"))) as server:
        answers = {
            sub: httpx.get(f"{server.url}/v1/users/ann@example.com/{sub}")
            for sub in ("memories", "profile", "export", "diagnostics")
        }
        posted = httpx.post(f"{server.url}/v1/users/ann/search", json={"query": "cat"})
        right = httpx.get(f"{server.url}/v1/users/api/ann/memories")
    for sub, r in {**answers, "search": posted}.items():
        assert r.status_code in (404, 405), (sub, r.status_code, r.text)
        detail = r.json()["detail"]
        assert f"/v1/users/{{channel}}/{{user}}/{sub}" in detail and f"/v1/users/api/{{user}}/{sub}" in detail, detail
        assert "ann@example.com" not in r.text
    assert right.status_code == 200


def test_a_date_in_words_or_a_wrong_field_gets_the_form_to_send(tmp_path):
    """``"since": "last week"`` got pydantic's "input is too short"; ``"query"`` on
    /v1/context "Extra inputs are not permitted"; a broken body "JSON decode error". Each
    now adds what to send, without echoing the input."""
    with UvicornThread(create_app(_settings(tmp_path / "d.db"))) as server:
        httpx.post(f"{server.url}/v1/turns", json={"user": "ann", "message": "我养了一只猫"}).raise_for_status()
        since = httpx.post(f"{server.url}/v1/users/api/ann/search", json={"query": "猫", "since": "last week"})
        extra = httpx.post(f"{server.url}/v1/context", json={"user": "ann", "query": "猫"})
        broken = httpx.post(
            f"{server.url}/v1/turns", content=b'{"user": "ann"', headers={"Content-Type": "application/json"}
        )
    assert since.status_code == 422 and "send ISO 8601" in since.json()["detail"][0]["msg"]
    assert "last week" not in since.text
    msgs = {e["type"]: e["msg"] for e in extra.json()["detail"]}
    assert "/docs" in msgs["extra_forbidden"] and "missing" in msgs
    assert broken.status_code == 422 and "not valid JSON" in broken.json()["detail"][0]["msg"]
