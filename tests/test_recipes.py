"""docs/recipes.md run as written: each OpenAI-compatible client talks to a real Souvenir
proxy on loopback, in front of a stand-in model server; the model must receive the user's
memory and the exchange must be recorded. A client whose package is absent is skipped."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from souvenir.api.app import create_app
from souvenir.config import Settings
from souvenir.engine.runtime import open_runtime
from tests.servers import ChatServer, UvicornThread

REPO = Path(__file__).resolve().parent.parent
NODE_MODULES = REPO / ".venv" / "node" / "node_modules"
RECIPES = dict(re.findall(r"<!-- recipe: (\w+) -->\n```\w+\n(.*?)```",
                          (REPO / "docs" / "recipes.md").read_text(encoding="utf-8"), re.S))
PYTHON_PACKAGES = {"openai": "openai", "langchain": "langchain_openai", "litellm": "litellm",
                   "llamaindex": "llama_index.llms.openai_like"}


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    db = tmp_path_factory.mktemp("recipes") / "r.db"
    with ChatServer(reply="Nitrile gloves suit you.") as upstream:
        settings = Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none",
                            llm_base_url=upstream.url, llm_model="stub", _env_file=None)
        rt = open_runtime(settings)
        try:
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.post(f"{server.url}/v1/users/telegram/ann/memories",
                               json={"text": "Allergic to latex gloves"})
                assert r.status_code == 200
                yield server.url, upstream
        finally:
            rt.close()


def _turns(url: str) -> int:
    return len(httpx.get(f"{url}/v1/users/telegram/ann/export").json()["tables"]["turns"])


def test_every_client_has_a_recipe():
    assert set(RECIPES) == set(PYTHON_PACKAGES) | {"vercel"}


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_recipe_runs_as_written(proxy, name, tmp_path):
    url, upstream = proxy
    code = RECIPES[name].replace("http://127.0.0.1:8765", url)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI", "SOUVENIR"))}
    env["LITELLM_LOCAL_MODEL_COST_MAP"] = "True"  # litellm: no download of its price list
    if name == "vercel":
        node = shutil.which("node")
        if node is None or not (NODE_MODULES / "ai").is_dir() or not (NODE_MODULES / "@ai-sdk" / "openai").is_dir():
            pytest.skip("the Vercel AI SDK is not installed (node and npm: make install puts it in .venv/node)")
        (tmp_path / "node_modules").symlink_to(NODE_MODULES)
        (tmp_path / "recipe.mjs").write_text(code, encoding="utf-8")
        command = [node, str(tmp_path / "recipe.mjs")]
    else:
        if importlib.util.find_spec(PYTHON_PACKAGES[name].split(".")[0]) is None:
            pytest.skip(f"{PYTHON_PACKAGES[name]} is not installed (make install brings the recipes' packages)")
        command = [sys.executable, "-c", code]
    # each recipe sends the same conversation: a fresh user, or the proxy would take it for a
    # client's retry of the previous recipe's request and record it once (issue #13)
    httpx.delete(f"{url}/v1/users/telegram/ann")
    assert httpx.post(f"{url}/v1/users/telegram/ann/memories", json={"text": "Allergic to latex gloves"}).status_code == 200
    before = _turns(url)
    sent = len(upstream.requests)
    done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=55)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Nitrile gloves suit you." in done.stdout
    chats = [b for b in upstream.requests[sent:] if "response_format" not in b and "messages" in b]
    system = chats[0]["messages"][0]
    assert system["role"] == "system" and system["content"].startswith("You are a kind assistant.")
    assert "latex" in system["content"]  # the user's memory reached the model
    deadline = time.monotonic() + 10
    while _turns(url) == before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _turns(url) == before + 1  # and the exchange was recorded
