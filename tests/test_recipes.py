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
from souvenir.engine.runtime import open_runtime
from tests.attack_support import stub_model_settings
from tests.servers import ChatServer, UvicornThread

REPO = Path(__file__).resolve().parent.parent
NODE_MODULES = REPO / ".venv" / "node" / "node_modules"
RECIPES = dict(
    re.findall(
        r"<!-- recipe: (\w+) -->\n```\w+\n(.*?)```", (REPO / "docs" / "recipes.md").read_text(encoding="utf-8"), re.S
    )
)
PYTHON_PACKAGES = {
    "openai": "openai",
    "langchain": "langchain_openai",
    "litellm": "litellm",
    "llamaindex": "llama_index.llms.openai_like",
}


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    db = tmp_path_factory.mktemp("recipes") / "r.db"
    with ChatServer(reply="Nitrile gloves suit you.") as upstream:
        settings = stub_model_settings(f"sqlite:///{db}", upstream.url, summary_enabled=True)
        rt = open_runtime(settings)
        try:
            with UvicornThread(create_app(settings, runtime=rt)) as server:
                r = httpx.post(
                    f"{server.url}/v1/users/telegram/ann/memories", json={"text": "Allergic to latex gloves"}
                )
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
    assert (
        httpx.post(f"{url}/v1/users/telegram/ann/memories", json={"text": "Allergic to latex gloves"}).status_code
        == 200
    )
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


# -- where each client puts the user -----------------------------------------------------------
MESSAGES = [
    {"role": "system", "content": "You are a kind assistant."},
    {"role": "user", "content": "Which gloves should I buy?"},
]


def _openai(base: str, **kwargs) -> str:
    from openai import OpenAI

    client = OpenAI(base_url=base, api_key="souvenir-key")
    return client.chat.completions.create(model="my-model", messages=MESSAGES, **kwargs).choices[0].message.content


def _langchain(base: str, build: dict, call: dict) -> str:
    import warnings

    from langchain_openai import ChatOpenAI

    with warnings.catch_warnings():  # ChatOpenAI(user=…) warns that it moved `user` to model_kwargs
        warnings.simplefilter("ignore")
        llm = ChatOpenAI(base_url=base, api_key="souvenir-key", model="my-model", **build)
    return llm.invoke([("system", MESSAGES[0]["content"]), ("user", MESSAGES[1]["content"])], **call).content


def _litellm(base: str, model: str = "openai/my-model", **kwargs) -> str:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no download of its price list
    import litellm

    reply = litellm.completion(model=model, api_base=base, api_key="souvenir-key", messages=MESSAGES, **kwargs)
    return reply.choices[0].message.content


PLACES = {
    "openai user=": ("openai", lambda b: _openai(b, user="ann")),
    "openai safety_identifier=": ("openai", lambda b: _openai(b, safety_identifier="ann")),
    "openai metadata user_id": ("openai", lambda b: _openai(b, metadata={"user_id": "ann"})),
    "openai X-Souvenir-User header": ("openai", lambda b: _openai(b, extra_headers={"X-Souvenir-User": "ann"})),
    "langchain user field": ("langchain_openai", lambda b: _langchain(b, {"user": "ann"}, {})),
    "langchain model_kwargs": ("langchain_openai", lambda b: _langchain(b, {"model_kwargs": {"user": "ann"}}, {})),
    "langchain invoke(user=)": ("langchain_openai", lambda b: _langchain(b, {}, {"user": "ann"})),
    "langchain header": (
        "langchain_openai",
        lambda b: _langchain(b, {"default_headers": {"X-Souvenir-User": "ann"}}, {}),
    ),
    "litellm user= (a model litellm knows)": ("litellm", lambda b: _litellm(b, "openai/gpt-4o-mini", user="ann")),
    "litellm user= allowed_openai_params": (
        "litellm",
        lambda b: _litellm(b, user="ann", allowed_openai_params=["user"]),
    ),
    "litellm extra_body": ("litellm", lambda b: _litellm(b, extra_body={"user": "ann"})),
    "litellm header": ("litellm", lambda b: _litellm(b, extra_headers={"X-Souvenir-User": "ann"})),
}


def _fresh_ann(url: str, channel: str = "api") -> int:
    httpx.delete(f"{url}/v1/users/{channel}/ann")
    assert (
        httpx.post(f"{url}/v1/users/{channel}/ann/memories", json={"text": "Allergic to latex gloves"}).status_code
        == 200
    )
    return len(httpx.get(f"{url}/v1/users/{channel}/ann/export").json()["tables"]["turns"])


@pytest.mark.parametrize("place", sorted(PLACES))
def test_the_proxy_finds_the_user_where_each_client_puts_it(proxy, place):
    """The real SDKs, each way of naming the user they offer: the model must get ann's memory
    and the exchange must be recorded as ann's (channel api: no channel header here)."""
    url, upstream = proxy
    package, send = PLACES[place]
    if importlib.util.find_spec(package) is None:
        pytest.skip(f"{package} is not installed (make install brings the recipes' packages)")
    before = _fresh_ann(url)
    sent = len(upstream.requests)
    assert send(f"{url}/v1") == "Nitrile gloves suit you."
    chats = [b for b in upstream.requests[sent:] if "response_format" not in b and "messages" in b]
    assert "latex" in chats[0]["messages"][0]["content"], place  # ann's memory reached the model
    deadline = time.monotonic() + 10
    export = f"{url}/v1/users/api/ann/export"
    while len(httpx.get(export).json()["tables"]["turns"]) == before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(httpx.get(export).json()["tables"]["turns"]) == before + 1, place


def test_a_request_naming_no_user_is_counted_and_warned_once(proxy, caplog):
    """litellm's bare ``user=`` with a model it does not know never reaches the wire: the
    proxy cannot see a user, so it says so — one warning (then at 10, 100…), one count."""
    if importlib.util.find_spec("litellm") is None:
        pytest.skip("litellm is not installed")
    url, upstream = proxy

    def no_user() -> float:
        metrics = httpx.get(f"{url}/metrics").text
        return float(re.search(r'souvenir_proxy_events_total\{event="proxy_no_user"\} (\S+)', metrics).group(1))

    counted = no_user()
    with caplog.at_level("WARNING", logger="souvenir.api.proxy"):
        assert _litellm(f"{url}/v1", user="ann") == "Nitrile gloves suit you."
    assert "user" not in upstream.requests[-1]  # litellm dropped it before the request left
    assert no_user() == counted + 1
    warned = [r.getMessage() for r in caplog.records if "named no user" in r.getMessage()]
    assert len(warned) == (1 if counted + 1 in (1, 10, 100, 1000) else 0), warned  # rate-limited
    assert all("allowed_openai_params" in w for w in warned)  # the warning says what to do
