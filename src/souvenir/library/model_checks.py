"""``souvenir doctor``'s checks of the chat model server: the proxy's upstream, asked what the
proxy asks it.

The proxy sends ``/models`` and ``/chat/completions`` to ``SOUVENIR_LLM_BASE_URL`` taken as
the OpenAI SDK's ``base_url`` (a server root gets ``/v1``: :func:`~souvenir.ground.urls.openai_api_base`),
so these checks do too:

- ``chat model``: ``GET <base>/models`` answers 200 (a refused key, a 5xx or no answer is a
  failure; another status, or ``SOUVENIR_LLM_MODEL`` not listed, a warning);
- ``chat endpoint``: ``POST <base>/chat/completions`` with a one-word message and
  ``max_tokens`` 1 answers 200 with a ``choices`` list (refused, 404, 5xx: failure; no answer
  within the deadline: a warning — a model still loading or busy answers later).

Each request has one deadline in all (httpx's timeout is per read: a server sending a byte a
second would hold the check for ever, so the request runs in a daemon thread given that long)
and reads at most :data:`BODY_BYTES` of body, asked uncompressed, redirects not followed. What a
server answers is judged, never printed: a line names the URL without its user info, a status
code and whether a key is set — never the key, never the server's words (a hostile server's
body could hold anything, the key echoed back included).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from typing import Any

from souvenir.ground.config import Settings
from souvenir.ground.urls import openai_api_base, without_userinfo

__all__ = ["BODY_BYTES", "model_checks"]

#: Bytes of an answer read at the most (a list of a few hundred models is a few tens of KB; a
#: one-token completion well under 1 KB).
BODY_BYTES = 1 << 20


@dataclass(frozen=True)
class Answer:
    """A server's answer: ``status_code`` and the first :data:`BODY_BYTES` of ``body``."""

    status_code: int
    body: bytes


def model_checks(settings: Settings, timeout_s: float, check: Any) -> list:
    """The ``chat model`` and ``chat endpoint`` checks (``check`` builds one: name, status,
    detail), each within ``timeout_s`` seconds; one ``chat model`` line when no model is
    configured, and no endpoint line when ``/v1/models`` did not answer at all."""
    if not settings.llm_base_url:
        return [
            check(
                "chat model",
                "ok",
                "none configured: each message is kept as an episode, no proxy (SOUVENIR_LLM_BASE_URL turns it on)",
            )
        ]
    import httpx

    root = openai_api_base(settings.llm_base_url)  # the SDK's base_url: …/v1, …/v1beta/openai
    headers = {"Authorization": f"Bearer {settings.llm_api_key}"} if settings.llm_api_key else {}
    keyed = "SOUVENIR_LLM_API_KEY is set" if settings.llm_api_key else "no SOUVENIR_LLM_API_KEY is set"
    where = without_userinfo(root + "/models")
    try:
        answer = fetch("GET", root + "/models", headers, timeout_s)
    except (httpx.HTTPError, TimeoutError, ValueError) as exc:
        return [check("chat model", "fail", f"{where} did not answer in {timeout_s:g} s ({type(exc).__name__})")]
    return [_listed(settings, answer, where, keyed, check), _chat(settings, root, headers, keyed, timeout_s, check)]


def _listed(settings: Settings, answer: Answer, where: str, keyed: str, check: Any):
    if answer.status_code in (401, 403):
        return check("chat model", "fail", f"{where} refused the request ({answer.status_code}; {keyed})")
    if answer.status_code >= 500:
        return check("chat model", "fail", f"{where} answered {answer.status_code}: the model server is failing")
    if answer.status_code != 200:
        return check("chat model", "warn", f"{where} answered {answer.status_code} (a server without /v1/models?)")
    listed = _ids(answer.body)
    model = settings.llm_model
    if model and listed and model not in listed:
        return check("chat model", "warn", f"{where} answers, but does not list SOUVENIR_LLM_MODEL={model}")
    return check("chat model", "ok", f"{where} answers" + (f" and lists {model}" if model and listed else ""))


def _ids(body: bytes) -> set[str]:
    """The model ids an OpenAI ``/v1/models`` body lists (``{"data": [{"id": …}, …]}``); an empty
    set for anything else (not JSON, ``data`` not a list, nested past the parser's depth)."""
    try:
        data = json.loads(body).get("data", [])
    except (ValueError, AttributeError, RecursionError):
        return set()
    if not isinstance(data, list):
        return set()
    return {str(m.get("id"))[:200] for m in data if isinstance(m, dict)}


def _chat(settings: Settings, root: str, headers: dict[str, str], keyed: str, timeout_s: float, check: Any):
    import httpx

    where = without_userinfo(root + "/chat/completions")
    body = {"messages": [{"role": "user", "content": "ping"}], "max_tokens": 1, "temperature": 0, "stream": False}
    if settings.llm_model:
        body["model"] = settings.llm_model
    try:
        answer = fetch("POST", root + "/chat/completions", headers, timeout_s, body)
    except (TimeoutError, httpx.TimeoutException):
        return check(
            "chat endpoint",
            "warn",
            f"{where} did not answer a one-token request in {timeout_s:g} s (a model loading or busy? --timeout)",
        )
    except (httpx.HTTPError, ValueError) as exc:
        return check("chat endpoint", "fail", f"{where} failed ({type(exc).__name__})")
    status = answer.status_code
    if status in (401, 403):
        return check("chat endpoint", "fail", f"{where} refused the request ({status}; {keyed})")
    if status == 404:
        return check("chat endpoint", "fail", f"{where} answered 404: not an OpenAI-compatible chat server at this URL")
    if status >= 500:
        return check("chat endpoint", "fail", f"{where} answered {status}: the model server is failing")
    if status != 200:
        named = "" if settings.llm_model else " (no SOUVENIR_LLM_MODEL is set: does the server need one?)"
        return check("chat endpoint", "fail", f"{where} answered {status} to a one-token request{named}")
    if not _has_choices(answer.body):
        return check("chat endpoint", "fail", f"{where} answered 200 without a completion (no choices list)")
    return check("chat endpoint", "ok", f"{where} answers a one-token request")


def _has_choices(body: bytes) -> bool:
    try:
        choices = json.loads(body).get("choices")
    except (ValueError, AttributeError, RecursionError):
        return False
    return isinstance(choices, list) and bool(choices)


def fetch(method: str, url: str, headers: dict[str, str], timeout_s: float, body: Any = None) -> Answer:
    """``method`` ``url`` (``body`` sent as JSON) within ``timeout_s`` seconds in all, at most
    :data:`BODY_BYTES` of the answer read, asked uncompressed, redirects not followed.
    Raises :class:`TimeoutError` past the deadline, ``httpx.HTTPError``, ``ValueError`` (a URL
    httpx refuses)."""
    import httpx

    deadline = time.monotonic() + timeout_s
    done: dict[str, object] = {}

    def run() -> None:
        try:
            asked = {**headers, "Accept-Encoding": "identity"}
            with httpx.stream(method, url, headers=asked, json=body, timeout=timeout_s) as response:
                read = bytearray()
                for chunk in response.iter_raw():
                    read += chunk
                    if time.monotonic() > deadline:
                        raise TimeoutError("past the deadline")
                    if len(read) >= BODY_BYTES:
                        break
                done["answer"] = Answer(response.status_code, bytes(read[:BODY_BYTES]))
        except Exception as exc:  # noqa: BLE001 - handed to the caller
            done["error"] = exc

    worker = threading.Thread(target=run, name="souvenir-doctor-model", daemon=True)
    worker.start()
    worker.join(max(0.0, deadline - time.monotonic()) + 0.2)
    if "error" in done:
        raise done["error"]  # type: ignore[misc]
    answer = done.get("answer")
    if not isinstance(answer, Answer):
        raise TimeoutError("past the deadline")
    return answer
