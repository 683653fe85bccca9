"""``/openapi.json`` tells a client generator every answer a route can give: 401/403/404/
413/422/503 with the error's shape on every authenticated route (OpenAI's shape on the
proxy's, JSON even where the route answers text or HTML), 413 on the open health probes
(``/health/ready``'s 503 is its Health body), and ``/profile`` as a typed model."""

from __future__ import annotations

import httpx

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from tests.servers import UvicornThread


def _spec(tmp_path) -> dict:
    return create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path / 's.db'}",
            embedder="none",
            llm_base_url="http://127.0.0.1:9/v1",
            _env_file=None,
        )
    ).openapi()


def _schema(spec: dict, ref_holder: dict) -> dict:
    ref = ref_holder["content"]["application/json"]["schema"]["$ref"]
    return spec["components"]["schemas"][ref.rsplit("/", 1)[1]]


def test_every_route_declares_its_errors_with_their_shape(tmp_path):
    spec = _spec(tmp_path)
    operations = [(path, method, op) for path, ops in spec["paths"].items() for method, op in ops.items()]
    assert len(operations) >= 20
    for path, method, op in operations:
        responses = op["responses"]
        public = op.get("security") == []  # the health probes: no key asked for
        wanted = {"413"} if public else {"401", "403", "404", "413", "422", "503"}
        assert wanted <= set(responses), f"{method} {path}: {sorted(responses)}"
        openai = path.startswith(("/v1/chat/completions", "/v1/models"))
        for status in wanted:
            body = _schema(spec, responses[status])
            if openai:
                assert body["title"] == "OpenAIErrorBody", (path, status)
                assert body["properties"]["error"]["$ref"].endswith("/OpenAIErrorDetail")
            else:
                assert body["title"] == "ErrorBody" and "detail" in body["required"], (path, status)
            assert responses[status]["description"], (path, status)
    assert {"401", "403"}.isdisjoint(spec["paths"]["/health"]["get"]["responses"])  # open probes ask no key
    assert _schema(spec, spec["paths"]["/health/ready"]["get"]["responses"]["503"])["title"] == "Health"


def test_the_declared_shapes_are_what_the_service_answers(tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'a.db'}",
        embedder="none",
        window_embedder="none",
        max_body_bytes=2048,
        _env_file=None,
    )
    rt = open_runtime(settings)
    try:
        with UvicornThread(create_app(settings, runtime=rt)) as server, httpx.Client(base_url=server.url) as c:
            missing = c.get("/v1/users/api/nobody/profile")
            big = c.post("/v1/turns", content=b"{" + b" " * 4096 + b"}", headers={"content-type": "application/json"})
            bad = c.post("/v1/turns", json={"user": "ann"})
            assert c.post("/v1/turns", json={"user": "ann", "message": "I moved to Ipoh"}).status_code == 200
            profile = c.get("/v1/users/api/ann/profile")
    finally:
        rt.close()
    assert missing.status_code == 404 and isinstance(missing.json()["detail"], str)
    assert big.status_code == 413 and isinstance(big.json()["detail"], str)
    assert bad.status_code == 422 and isinstance(bad.json()["detail"], list)
    # the typed profile keeps its JSON as before: only the keys the user has
    assert profile.status_code == 200 and profile.json()["last_queries"] == ["I moved to Ipoh"]
    assert "summary" not in profile.json()


def test_profile_is_a_typed_model(tmp_path):
    spec = _spec(tmp_path)
    ok = spec["paths"]["/v1/users/{channel}/{user}/profile"]["get"]["responses"]["200"]
    body = _schema(spec, ok)
    assert body["title"] == "Profile"
    assert {"lang", "summary", "tz", "last_queries"} <= set(body["properties"])
    assert body["properties"]["last_queries"]["anyOf"][0] == {"items": {"type": "string"}, "type": "array"}
