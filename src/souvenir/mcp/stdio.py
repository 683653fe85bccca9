"""The MCP stdio transport's input, read line by line within bounds (``souvenir mcp``).

The SDK's stdio server reads its standard input as UTF-8 with ``errors="replace"`` and hands
each line to its JSON-RPC parser. Under hostile or broken input (session 18, lane harden4,
driven over a real pipe):

* bytes that are not UTF-8 in a tool's argument were replaced by U+FFFD and **stored** ("I like
  �� tea": a text the caller never sent);
* a line the parser refuses — a lone surrogate escape (``"\\ud800"``), JSON nested 100,000
  deep, a line that is not JSON — got **no answer at all**: the caller waited for ever on
  its request id;
* a line was read whole however long (50 MiB in one line: read, parsed, answered).

:class:`BoundedLines` is handed to the SDK's ``stdio_server(stdin=…)`` in its place: a line
is read up to ``max_bytes`` (the REST service's body bound, ``SOUVENIR_MAX_BODY_BYTES``;
past it the rest of the line is read and dropped, never kept), decoded strictly, and parsed
once by Python's JSON reader. A line that fails any of these, and whose request ``id`` can
be read, is handed on rewritten as a call of the reserved tool :data:`REFUSED`, which answers
an error result of one sentence naming the cause (:func:`refusal`); one whose id cannot be
read (no id, or the line too broken to find it) is dropped with a line on stderr, as
JSON-RPC's notifications are never answered.
"""

from __future__ import annotations

import json
import logging
import re
from typing import BinaryIO

import anyio.to_thread

__all__ = ["REFUSED", "BoundedLines", "refusal"]

log = logging.getLogger(__name__)

#: The reserved tool a refused line is turned into (its ``reason`` argument is the answer).
REFUSED = "souvenir.refused-request"
#: How much of a line past the bound is kept to find its id (an id is near the start).
_KEEP = 64 * 1024
#: Bytes read at a time from the pipe.
_CHUNK = 1 << 20
#: A request id as JSON writes it: an integer or a short string (JSON-RPC 2.0).
_ID = re.compile(rb'"id"\s*:\s*(-?\d{1,18}|"(?:[^"\\]|\\.){0,200}")')


def _found_id(raw: bytes) -> int | str | None:
    """The first ``"id": …`` of a line that could not be parsed whole (best effort)."""
    match = _ID.search(raw[:_KEEP])
    if match is None:
        return None
    try:
        value = json.loads(match.group(1).decode("utf-8", "replace"))
    except ValueError:
        return None
    return value if isinstance(value, (int, str)) and not isinstance(value, bool) else None


def _lone_surrogate(value: object) -> bool:
    """Whether a parsed JSON value holds a lone surrogate anywhere (iteratively: no recursion)."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if any(0xD800 <= ord(c) <= 0xDFFF for c in item):
                return True
        elif isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return False


def refusal(raw: bytes, max_bytes: int, cut: bool) -> tuple[int | str | None, str | None]:
    """``(id, reason)`` for one line: ``reason`` ``None`` when the line may go to the SDK
    as it is; else why it is refused, and the request's id when one can be read."""
    if cut:
        return _found_id(raw), (
            f"the request is longer than {max_bytes} bytes (SOUVENIR_MAX_BODY_BYTES): nothing was read of it"
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return _found_id(raw), (
            f"the request is not valid UTF-8 (byte {exc.start}): nothing was read of it; send UTF-8 text"
        )
    try:
        message = json.loads(text)
    except RecursionError:
        return _found_id(raw), "the request's JSON is nested too deep: nothing was read of it"
    except json.JSONDecodeError as exc:
        return _found_id(raw), f"the request is not valid JSON ({exc.msg} at character {exc.pos})"
    found = message.get("id") if isinstance(message, dict) else None
    found = found if isinstance(found, (int, str)) and not isinstance(found, bool) else None
    if _lone_surrogate(message):
        return found, "the request holds a lone surrogate escape (\\ud800-\\udfff): it is no text; nothing was read"
    return found, None


class BoundedLines:
    """An async iterator of the lines of ``stream`` (binary), each at most ``max_bytes``, for
    the SDK's ``stdio_server(stdin=…)``: a refused line (:func:`refusal`) comes out as a call
    of :data:`REFUSED` with its id, or not at all when it has none."""

    def __init__(self, stream: BinaryIO, max_bytes: int) -> None:
        self.stream = stream
        self.max_bytes = max_bytes

    def _read_line(self) -> tuple[bytes, bool] | None:
        """One line without its end (blocking), and whether it was cut at the bound; ``None``
        at the end of the input."""
        head = self.stream.readline(self.max_bytes + 1)
        if not head:
            return None
        if head.endswith(b"\n") or len(head) <= self.max_bytes:
            return head.rstrip(b"\r\n"), False
        kept = head[:_KEEP]
        while True:  # the rest of the line is read and dropped, never held
            rest = self.stream.readline(_CHUNK)
            if not rest or rest.endswith(b"\n"):
                return kept, True

    def __aiter__(self) -> BoundedLines:
        return self

    async def __anext__(self) -> str:
        while True:
            read = await anyio.to_thread.run_sync(self._read_line)
            if read is None:
                raise StopAsyncIteration
            raw, cut = read
            if not raw.strip():
                continue
            found, reason = refusal(raw, self.max_bytes, cut)
            if reason is None:
                return raw.decode("utf-8")
            if found is None:
                log.warning("an MCP request was refused and has no id to answer: %s", reason)
                continue
            log.info("an MCP request was refused: %s", reason)
            return json.dumps(
                {
                    "jsonrpc": "2.0",
                    "id": found,
                    "method": "tools/call",
                    "params": {"name": REFUSED, "arguments": {"reason": reason}},
                }
            )
