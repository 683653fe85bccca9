"""The repo's secret battery through every door, then every place a secret could be kept
(a benchmark of issue #27's acceptance: "0 secrets in any column, page, export, log").

    .venv/bin/python -m bench.secret_doors [--store sqlite|postgres] [--copy raw|shown] [--json]

Cases: ``tests/secret_battery.py`` (sentences in en / fr / zh / ms, each with its secret) and
the kinds, echoed replies and bare answers of ``tests/test_secrets_turn.py``. A bare answer
("Wq9!ferret") is a secret only beside the assistant's question, so it goes through the doors
that carry one: ``/v1/turns`` (``question``), the proxy (``messages``), ``add_turn``
(``question``), and ``/v1/context`` after a recorded turn whose reply asked for it. Each case, as
one user of its own, goes through every door of one service (``create_app`` on loopback, a
stub chat model on loopback that repeats the user's words in its reply, its reflection and
its summary — a model that copies the user's words):

- REST: ``POST /v1/context``; ``POST /v1/turns`` (the reply repeating the secret, the
  assistant's question for a bare answer); ``POST …/memories`` (text and source) and
  ``PATCH …/memories/{id}``;
- the proxy, whole and streamed (the question in ``messages`` for a bare answer);
- the library on the same store: ``add_turn``, ``remember`` and ``import_file`` (JSONL);
- MCP over HTTP: the ``remember`` and ``context`` tools.

Each case's background work (reflections, summaries) is drained before the next, so that
the stub copies that case's words. Then every text column of the store,
each user's export and diagnostics page, every log record of the process and every context
block handed out are searched for every secret. Reports the cases, the doors and what was
found where (a secret made of digits counts only where it is not part of a longer number),
and which secrets the reflection and summary prompts showed the model. The stub copies the
*raw* words whatever it was shown (``--copy raw``): an adversary stronger than a real model,
which can copy only what its prompt holds (``--copy shown``: the turn as stored).
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.secret_battery import BATTERY  # noqa: E402
from tests.servers import ChatServer, UvicornThread  # noqa: E402
from tests.test_secrets_nowhere import _reflection, _text_columns  # noqa: E402
from tests.test_secrets_turn import ANSWERS, ECHOED, KINDS  # noqa: E402

DOORS = (
    "REST context",
    "REST turns",
    "REST memories POST",
    "REST memories PATCH",
    "proxy",
    "proxy streamed",
    "library add_turn",
    "library remember",
    "library import",
    "MCP remember",
    "MCP context",
    "model copies (reflection, summary)",
)


def cases() -> list[tuple[str, str | None, str | None, str]]:
    """(message, reply, question, secret) of every case."""
    out: list[tuple[str, str | None, str | None, str]] = [(text, None, None, s) for text, s in BATTERY]
    out += [(text, None, None, s) for text, s in KINDS]
    out += [(message, reply, None, s) for message, reply, s in ECHOED]
    out += [(answer, None, question, s) for question, answer, s in ANSWERS]
    return out


def holds(text: str, secret: str) -> bool:
    if secret.isdigit():
        return re.search(rf"(?<!\d){secret}(?!\d)", text) is not None
    return secret in text


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


async def _mcp(url: str, calls: list[tuple[str, dict]]) -> list[str]:
    import httpx2
    from mcp.client.session import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    out = []
    async with (
        httpx2.AsyncClient(timeout=60) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        for name, arguments in calls:
            result = await session.call_tool(name, arguments)
            out.append(" ".join(getattr(c, "text", "") for c in result.content))
    return out


def _drained(client: httpx.Client, user: str, wait_s: float = 60.0) -> tuple[dict, int]:
    """The service's diagnostics once its outbox is empty (or ``wait_s`` has passed), and
    how many jobs are still pending."""
    deadline = time.monotonic() + wait_s
    while True:
        service = client.get(f"/v1/users/api/{user}/diagnostics.json").json()["service"]
        pending = service["outbox"].get("pending", 0) + service["outbox"].get("running", 0)
        if not pending or time.monotonic() > deadline:
            return service, pending
        time.sleep(0.1)


def _prompts(requests: list[dict]) -> list[str]:
    """The reflection and summary prompts the model was sent (not the proxied chats)."""
    out = []
    for body in requests:
        messages = body.get("messages") or [{}]
        first = messages[0].get("content") or ""
        if isinstance(first, str) and first.startswith(("You maintain long-term notes", "You keep a short profile")):
            out.append(json.dumps(messages, ensure_ascii=False))
    return out


def run(store: str, copy: str = "raw") -> dict:
    import anyio

    from souvenir.api.app import create_app
    from souvenir.ground.config import Settings
    from souvenir.library import Souvenir
    from souvenir.mcp.server import http_app
    from souvenir.privacy import redact_turn

    all_cases = cases()
    records = _Records()
    loggers = [logging.getLogger(), logging.getLogger("uvicorn"), logging.getLogger("uvicorn.error")]
    started = time.monotonic()
    with ExitStack() as stack:
        for logger in loggers:
            logger.addHandler(records)
        stack.callback(lambda: [logger.removeHandler(records) for logger in loggers])
        logging.getLogger().setLevel(logging.DEBUG)
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        if store == "sqlite":
            url = f"sqlite:///{tmp / 'doors.db'}"
        else:
            from tests.pgtest import fresh_database

            url = stack.enter_context(fresh_database())
        upstream = stack.enter_context(ChatServer(reply="Noted."))
        upstream.delay_s = 0.0
        settings = Settings(
            database_url=url,
            embedder="none",
            window_embedder="none",
            llm_base_url=upstream.url,
            llm_model="stub",
            reflection_timeout_s=5,
            _env_file=None,
        )
        server = stack.enter_context(UvicornThread(create_app(settings)))
        client = stack.enter_context(httpx.Client(base_url=server.url, timeout=60))
        library = stack.enter_context(Souvenir.open(url, channel="api", embedder="none", window_embedder="none"))
        mcp = stack.enter_context(UvicornThread(http_app(library)))
        blocks: list[str] = []
        users = []
        for i, (message, reply, question, _secret) in enumerate(all_cases):
            user = f"d{i:03d}"
            users.append(user)
            echo = reply or f"Noted, I will remember {message}"
            upstream.reply = echo
            # the model copies the raw words (``raw``), or what its prompt shows it (``shown``)
            words = message if copy == "raw" else redact_turn(message, echo, question).message
            upstream.reflection_answer = _reflection(words)
            upstream.summary_answer = f"Customer said {words}."
            before = [{"role": "assistant", "content": question}] if question else []
            if question:  # the assistant asked, in a recorded turn: the context call comes next
                r = client.post("/v1/turns", json={"user": user, "message": "I need to log in", "reply": question})
                assert r.status_code == 200, r.text
            r = client.post("/v1/context", json={"user": user, "message": message})
            blocks.append(r.text)
            body = {"user": user, "message": message, "reply": echo}
            r = client.post("/v1/turns", json=body | ({"question": question} if question else {}))
            assert r.status_code == 200, r.text
            for stream in (False, True):
                r = client.post(
                    "/v1/chat/completions",
                    json={
                        "model": "stub",
                        "user": user,
                        "stream": stream,
                        "messages": [{"role": "system", "content": "You are a shop assistant."}, *before]
                        + [{"role": "user", "content": message}],
                    },
                )
                assert r.status_code == 200, r.text
            library.add_turn(user, message, reply=echo, question=question)
            if question:  # a bare value is a secret only beside its question: the doors that carry one
                continue
            r = client.post(f"/v1/users/api/{user}/memories", json={"text": f"Told us {message}", "source": message})
            assert r.status_code in (200, 422), r.text  # 422: only a secret, nothing to remember
            memory_id = client.post(f"/v1/users/api/{user}/memories", json={"text": "Lives in Ipoh"}).json()["id"]
            r = client.patch(f"/v1/users/api/{user}/memories/{memory_id}", json={"text": f"Lives in Ipoh; {message}"})
            assert r.status_code in (200, 422), r.text
            try:
                library.remember(user, f"Said {message}")
            except Exception:  # noqa: BLE001 - a refusal (only a secret) is an answer, not a leak
                pass
            jsonl = tmp / f"{user}.jsonl"
            jsonl.write_text(json.dumps({"text": f"Imported note: {message}", "source": message}) + "\n")
            try:
                library.import_file(jsonl, user)
            except Exception:  # noqa: BLE001 - same
                pass
            blocks += anyio.run(
                _mcp,
                f"{mcp.url}/mcp",
                [
                    ("remember", {"user": user, "text": f"Mentioned {message}"}),
                    ("context", {"user": user, "message": message}),
                ],
            )
            service, pending = _drained(client, user)  # this case's reflections copy this case's words
        exports = [client.get(f"/v1/users/api/{u}/export").text for u in users]
        pages = [client.get(f"/v1/users/api/{u}/diagnostics").text for u in users]
        reflections = service["reflections"]
        columns = _text_columns(url)
    secrets = [s for *_, s in all_cases]
    found = {
        "columns": sorted({f"{t}.{c}: {s}" for t, c, v in columns for s in secrets if holds(v, s)}),
        "exports": [s for s in secrets if any(holds(e, s) for e in exports)],
        "pages": [s for s in secrets if any(holds(p, s) for p in pages)],
        "logs": [s for s in secrets if any(holds(line, s) for line in records.lines)],
        "context blocks": [s for s in secrets if any(holds(b, s) for b in blocks)],
    }
    prompts = _prompts(upstream.requests)
    # what the model was shown to reflect on: a secret here is one a model could copy
    shown = [s for s in secrets if any(holds(p, s) for p in prompts)]
    kept = {s for s in secrets if any(s in entry for entries in found.values() for entry in entries)}
    return {
        "store": store,
        "model copies": copy,
        "cases": len(all_cases),
        "doors": list(DOORS),
        "texts searched": {"columns": len(columns), "log records": len(records.lines), "blocks": len(blocks)},
        "reflections": reflections,
        "outbox pending": pending,
        "secrets kept": len(kept),
        "kept, by case": sorted(kept),
        "reflection and summary prompts": len(prompts),
        "secrets shown to the model in them": shown,
        "found": found,
        "seconds": round(time.monotonic() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--copy", choices=["raw", "shown"], default="raw")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(args.store, args.copy)
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return
    print(
        f"{report['store']}, the model copies {report['model copies']} words: {report['cases']} cases x {len(report['doors'])} doors ({', '.join(report['doors'])})"
    )
    print(f"searched: {report['texts searched']}; reflections {report['reflections']}; {report['seconds']} s")
    print(f"secrets kept anywhere: {report['secrets kept']} of {report['cases']}")
    print(
        f"reflection/summary prompts: {report['reflection and summary prompts']}, "
        f"secrets shown to the model in them: {len(report['secrets shown to the model in them'])}"
    )
    for place, entries in report["found"].items():
        print(f"  {place}: {len(entries)}" + (f"  {entries[:8]}" if entries else ""))


if __name__ == "__main__":
    main()
