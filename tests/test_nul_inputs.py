"""Issue #27: a NUL character in any text input is refused with 422 (or another 4xx), never a
500, on PostgreSQL (which refuses NUL in text) and SQLite alike: every route's string query
and path parameters are tried, from the service's own OpenAPI schema."""

from __future__ import annotations

import httpx

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from tests.servers import UvicornThread


def _fill(path: str, nul_in: str | None) -> str:
    out = path
    for name, value in (
        ("channel", "api"),
        ("user", "u1"),
        ("memory_id", "1"),
        ("id", "1"),
        ("name", "n1"),
        ("story", "s1"),
        ("key", "k1"),
        ("job_id", "1"),
    ):
        out = out.replace("{" + name + "}", "%00x" if name == nul_in else value)
    return out


def test_nul_in_any_parameter_is_refused_not_a_500(store_url):
    settings = Settings(database_url=store_url, embedder="none", window_embedder="none", _env_file=None)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as client:
        assert (
            client.post("/v1/turns", json={"user": "u1", "message": "I live in Paris", "story": "s1"}).status_code
            == 200
        )
        schema = client.get("/openapi.json").json()
        tried, fives = 0, []
        for path, methods in schema["paths"].items():
            for method, op in methods.items():
                if method not in ("get", "delete"):
                    continue
                params = [
                    p
                    for p in op.get("parameters", [])
                    if p.get("schema", {}).get("type", "string") == "string" or "anyOf" in p.get("schema", {})
                ]
                for param in params:
                    if param["in"] == "path":
                        url, query = _fill(path, param["name"]), {}
                    elif param["in"] == "query":
                        url, query = _fill(path, None), {param["name"]: "a\x00b"}
                    else:
                        continue
                    r = client.request(method.upper(), url, params=query)
                    tried += 1
                    if r.status_code >= 500:
                        fives.append((method, path, param["name"], r.status_code, r.text[:120]))
        assert tried >= 10
        assert fives == []
