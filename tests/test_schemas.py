"""The wire contract: every JSON route declares its response schema, and a memory has one
shape everywhere (REST list, context, diagnostics, ``souvenir memories --json``)."""

from __future__ import annotations

import json

import pytest

import httpx
from typer.testing import CliRunner

from souvenir.api.app import create_app
from souvenir.cli.main import app as cli
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.schemas import MemoryPublic, SelectedMemory
from tests.servers import UvicornThread


def _settings(tmp_path, **extra) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp_path / 's.db'}", embedder="none", _env_file=None, **extra)


def test_every_json_route_declares_its_response_schema(tmp_path):
    spec = create_app(_settings(tmp_path, llm_base_url="http://127.0.0.1:9/v1")).openapi()
    operations = [(path, method, op) for path, ops in spec["paths"].items() for method, op in ops.items()]
    assert len(operations) >= 16
    for path, method, op in operations:
        content = op["responses"]["200"].get("content", {})
        assert content, f"{method} {path}: no content declared"
        if "application/json" in content:
            assert content["application/json"].get("schema"), f"{method} {path}: no response schema"
    # a memory is one component, reused
    schemas = spec["components"]["schemas"]
    assert "MemoryPublic" in schemas and "SelectedMemory" in schemas
    assert set(MemoryPublic.model_fields) <= set(schemas["SelectedMemory"]["properties"])


def test_the_spec_declares_the_bearer_key_except_on_the_health_probes(tmp_path):
    spec = create_app(_settings(tmp_path)).openapi()
    assert spec["components"]["securitySchemes"]["bearer"]["scheme"] == "bearer"
    assert spec["security"] == [{"bearer": []}]
    assert spec["paths"]["/health"]["get"]["security"] == []
    assert "security" not in spec["paths"]["/v1/context"]["post"]  # the global requirement


def test_one_shape_of_a_memory_everywhere(tmp_path):
    settings = _settings(tmp_path)
    rt = open_runtime(settings)
    try:
        with (
            UvicornThread(create_app(settings, runtime=rt)) as server,
            httpx.Client(base_url=server.url, timeout=30) as c,
        ):
            added = c.post(
                "/v1/users/api/ann/memories", json={"text": "Allergic to latex gloves", "source": "crm:88"}
            ).json()
            listed = c.get("/v1/users/api/ann/memories").json()["memories"]
            context = c.post("/v1/context", json={"user": "ann", "message": "gloves?"}).json()
            diagnostics = c.get("/v1/users/api/ann/diagnostics.json").json()
    finally:
        rt.close()
    cli_listed = json.loads(
        CliRunner()
        .invoke(
            cli,
            [
                "--db",
                str(tmp_path / "s.db"),
                "--embedder",
                "none",
                "memories",
                "--channel",
                "api",
                "--user",
                "ann",
                "--json",
            ],
        )
        .stdout
    )
    memory_keys = set(MemoryPublic.model_fields)
    (listed_one,) = listed
    assert listed_one["id"] == added["id"] and set(listed_one) == memory_keys
    selected = context["memories"][0]
    assert set(selected) == memory_keys - set() | {"reason", "pass", "score", "day"}
    item = diagnostics["selections"][0]["items"][0]
    # a kept selection adds why the memory scored what it did (issue #18): rank and parts
    assert set(item) == set(selected) | {"rank", "parts"} and item["id"] == selected["id"]
    assert set(diagnostics["counters"][0]) == memory_keys
    # the same memory, field for field, wherever it appears (counters moved with the turn)
    same = lambda m: {k: v for k, v in m.items() if k in memory_keys - {"counters"}}  # noqa: E731
    assert same(listed_one) == same(selected) == same(item) == same(diagnostics["counters"][0])
    assert cli_listed[0] | {"counters": None} == listed_one | {"counters": None}
    assert SelectedMemory.model_validate(selected).pass_name == selected["pass"]


def test_docs_work_offline(tmp_path):
    """/docs and /redoc load their scripts from this server (a package's assets), never a CDN;
    where Chromium is installed, Swagger UI renders the operations with the network cut off
    (--proxy-server to a closed port)."""
    import re
    import shutil
    import subprocess

    settings = _settings(tmp_path)
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url, timeout=30) as c:
        for page in ("/docs", "/redoc"):
            html = c.get(page).text
            sources = re.findall(r"""(?:src|href)=["']([^"']+)["']""", html) + re.findall(r"url: *'([^']+)'", html)
            assert sources and not [s for s in sources if "://" in s], f"{page} loads {sources}"
            for src in sources:
                assert c.get(src).status_code == 200, src
        browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if browser is None:
            pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does it)")
        dom = subprocess.run(
            [
                browser,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--proxy-server=127.0.0.1:9",  # every non-loopback request fails
                f"--user-data-dir={tmp_path / 'profile'}",
                "--virtual-time-budget=10000",
                "--dump-dom",
                f"{server.url}/docs",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
    assert "/v1/context" in dom and "/v1/users/{channel}/{user}/search" in dom
