"""The diagnostics page and its JSON twin, on a replayed LoCoMo conversation."""

from __future__ import annotations

import shutil
import subprocess
from contextlib import contextmanager

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.replay.apply import replay_locomo
from souvenir.replay.formats import parse_locomo
from souvenir.engine.runtime import open_runtime
from tests.conftest import shared_path
from tests.servers import UvicornThread

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def replayed_service(tmp_path, name: str):
    """A real server over a store holding LoCoMo conversation ``name``, embedded."""
    conv = parse_locomo(shared_path("data", "locomo", f"{name}.json"))
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'd.db'}", embedder="use", _env_file=None)
    rt = open_runtime(settings)
    try:
        replay_locomo(rt.engine, conv, channel="api")
        while rt.index.run_once():
            pass
        with UvicornThread(create_app(settings, runtime=rt)) as server, httpx.Client(base_url=server.url) as c:
            yield conv, server, c
    finally:
        rt.close()


def test_page_shows_reasons_and_counters_of_a_replayed_conversation(tmp_path):
    with replayed_service(tmp_path, "conv-30") as (conv, _, c):
        for question in [q.question for q in conv.questions[:3]]:
            assert c.post("/v1/context", json={"user": "conv-30", "message": question}).status_code == 200
        data = c.get("/v1/users/api/conv-30/diagnostics.json").json()
        assert len(data["selections"]) == 3
        first = data["selections"][0]["items"]
        assert 0 < len(first) <= 24 and all(i["reason"] and i["pass"] for i in first)
        assert all(i["day"] for i in first)  # the user's day, as the context gives it
        assert any(m["counters"]["candidate"] == 3 for m in data["counters"])
        page = c.get("/v1/users/api/conv-30/diagnostics")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        # one document: no script may run, nothing else loads, no framing, no referrer
        assert page.headers["content-security-policy"].startswith("default-src 'none'; style-src 'unsafe-inline'")
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        assert page.headers["referrer-policy"] == "no-referrer" and page.headers["x-content-type-options"] == "nosniff"
        assert "<script" not in page.text
        assert first[0]["reason"].split(":")[0] in page.text and "Forgetting counters" in page.text
        assert c.get("/v1/users/api/nobody/diagnostics").status_code == 404


def test_page_in_headless_chromium(tmp_path):
    """Issue #5: a real browser opens the page of a replayed conversation and finds the
    reasons and counters. Needs Debian's chromium (.ci/run installs it)."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("chromium is not installed (apt-get install chromium; .ci/run does it)")
    with replayed_service(tmp_path, "conv-26") as (_, server, c):
        c.post("/v1/context", json={"user": "conv-26", "message": "When did Caroline go to the LGBTQ support group?"})
        dom = subprocess.run(
            [
                browser,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={tmp_path / 'profile'}",
                "--dump-dom",
                f"{server.url}/v1/users/api/conv-26/diagnostics",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        ).stdout
    assert "Last selections" in dom and "Forgetting counters" in dom and "Write decisions and drops" in dom
    assert "LGBTQ support group" in dom and "score" in dom and "D1:3" in dom


def test_the_profile_reads_as_text_not_as_a_python_list(tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'p.db'}",
        embedder="none",
        window_embedder="none",
        llm_base_url="",
        _env_file=None,
    )
    with UvicornThread(create_app(settings)) as server, httpx.Client(base_url=server.url) as c:
        for message in ("I adopted a cat called Kopi", "Kopi likes tuna"):
            assert c.post("/v1/turns", json={"user": "ann", "message": message}).status_code == 200
        page = c.get("/v1/users/api/ann/diagnostics").text
        assert (
            "Kopi likes tuna\nI adopted a cat called Kopi" in page
            or "I adopted a cat called Kopi\nKopi likes tuna" in page
        )
        assert "[&#x27;" not in page and "['" not in page
