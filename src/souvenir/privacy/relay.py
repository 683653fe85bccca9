"""What the proxy relays carries no configured secret (issue #27).

An upstream model server that refuses a key echoes it ("Incorrect API key provided:
sk-…"), in an error body or a reply, and some echo request headers back; the proxy used to
pass those bytes through unchanged, handing the operator's model key to every caller.
:class:`RelayScrubber` replaces, in every relayed body (streamed or not) and header value:

- each secret this process was configured with (the chat model's and embedder's keys, a
  configured URL's password: :func:`souvenir.privacy.configured.known_secrets`);
- the caller's own bearer token, and anything shaped like one of the service's keys
  (``sv_`` and 43 URL-safe characters, :mod:`souvenir.library.access_keys`): keys are
  stored hashed, so a key is recognised by its shape.

Only exact values are replaced (bytes, UTF-8): the body keeps its shape (JSON stays JSON,
SSE events stay events). A stream is scrubbed chunk by chunk, holding back a chunk's tail
only when it could begin a secret, so that a secret split across two chunks is caught too.

A streamed reply (``text/event-stream``, OpenAI's protocol) can also split a secret across
two *events*: "…sk-operator-Zq8" in one ``data:`` event's ``delta.content``, "Lm2Xp…" in the
next, so that the key never stands whole in the bytes. :class:`EventScrubber` reads the
stream line by line and scrubs the content of the deltas as one text (and each tool call's
``arguments``, by the call's index, as another): each delta is
sent without its tail when that tail could begin a secret (at most the longest secret minus
one character), and the tail is carried into the next delta; the carry is sent, scrubbed,
in an event of its own before the next event that carries no content (the finish event,
``[DONE]``) or at the stream's end. A line is sent once whole: an SSE client acts on an event
only at the blank line that ends it, so holding a line's first bytes delays nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from souvenir.privacy.configured import configured_secrets
from souvenir.privacy.marker import REDACTED

__all__ = ["EventScrubber", "RelayScrubber"]

_SERVICE_KEY = re.compile(rb"sv_[A-Za-z0-9_-]{43}")
_SERVICE_KEY_START = re.compile(rb"s(?:v(?:_[A-Za-z0-9_-]{0,42})?)?")
_SERVICE_KEY_TEXT = re.compile(r"sv_[A-Za-z0-9_-]{43}")
_SERVICE_KEY_START_TEXT = re.compile(r"s(?:v(?:_[A-Za-z0-9_-]{0,42})?)?")
_MARK = REDACTED.encode()


class RelayScrubber:
    """Scrubs relayed bytes of ``extra`` values (the caller's token) and the configured secrets."""

    def __init__(self, extra: Iterable[str | None] = ()) -> None:
        values = {v for v in (*configured_secrets(), *extra) if v and len(v) >= 8}
        self._values = sorted((v.encode("utf-8") for v in values), key=len, reverse=True)
        self._texts = sorted(values, key=len, reverse=True)
        # a service key is 46 bytes: hold back enough for it too
        self._hold = max([len(v) for v in self._values] + [46]) - 1
        self._pending = b""

    def scrub(self, data: bytes) -> bytes:
        """``data`` (a whole body) with every secret replaced by ``[redacted]``."""
        for value in self._values:
            if value in data:
                data = data.replace(value, _MARK)
        return _SERVICE_KEY.sub(_MARK, data)

    def headers(self, headers: Iterable[tuple[str, str]]) -> dict[str, str]:
        """The header values scrubbed (as text)."""
        return {
            k: self.scrub(v.encode("utf-8", "surrogateescape")).decode("utf-8", "surrogateescape") for k, v in headers
        }

    def feed(self, chunk: bytes) -> bytes:
        """A stream's next chunk: what can be sent now. Only a tail that could begin a secret
        is held back (most chunks go out whole: a streamed reply is not delayed)."""
        data = self.scrub(self._pending + chunk)
        keep = self._partial(data)
        self._pending = data[len(data) - keep :] if keep else b""
        return data[: len(data) - keep]

    def _partial(self, data: bytes) -> int:
        """Length of the longest tail of ``data`` that begins a secret (0: none)."""
        for size in range(min(self._hold, len(data)), 0, -1):
            tail = data[-size:]
            if any(v.startswith(tail) for v in self._values) or _SERVICE_KEY_START.fullmatch(tail):
                return size
        return 0

    def flush(self) -> bytes:
        """The held-back tail, at the stream's end."""
        data, self._pending = self.scrub(self._pending), b""
        return data

    def scrub_text(self, text: str) -> str:
        """``text`` (a reply's content) with every secret replaced by ``[redacted]``."""
        for value in self._texts:
            if value in text:
                text = text.replace(value, REDACTED)
        return _SERVICE_KEY_TEXT.sub(REDACTED, text)

    def partial_text(self, text: str) -> int:
        """Length (characters) of the longest tail of ``text`` that begins a secret (0: none);
        at most the longest secret's length minus one."""
        for size in range(min(self._hold, len(text)), 0, -1):
            tail = text[-size:]
            if any(v.startswith(tail) for v in self._texts) or _SERVICE_KEY_START_TEXT.fullmatch(tail):
                return size
        return 0


class EventScrubber:
    """Scrubs a streamed OpenAI reply (``text/event-stream``) of secrets split across events
    (module docstring). ``feed`` a chunk of bytes, get what can be sent now; ``flush`` at the
    end. Each text a delta streams — its ``content``, and each tool call's ``arguments`` by
    the call's index — is scrubbed as one text across events. Bytes that are not such a
    delta pass through :meth:`RelayScrubber.scrub`."""

    def __init__(self, scrubber: RelayScrubber) -> None:
        self._scrubber = scrubber
        self._line = b""  # an incomplete line
        self._carry: dict[_Key, str] = {}  # text held back, by stream: it could begin a secret
        self._shape: dict[_Key, dict] = {}  # the last event of each stream, to send its carry in
        self._boundary = True  # the last line sent ended an event (or nothing was sent)

    def feed(self, chunk: bytes) -> bytes:
        """The complete lines of ``self``'s pending bytes and ``chunk``, scrubbed."""
        *lines, self._line = (self._line + chunk).split(b"\n")
        return b"".join(self._relay(line) + b"\n" for line in lines)

    def flush(self) -> bytes:
        """What is left at the stream's end: an incomplete last line, the carried texts."""
        out = self._relay(self._line) if self._line else b""
        self._line = b""
        if self._carry:
            out += (b"\n\n" if out else b"") + self._carry_events()
        return out

    def _carry_events(self) -> bytes:
        """One event per stream whose text is held back, each with that text scrubbed."""
        out = b""
        for key, text in self._carry.items():
            shape = dict(self._shape.get(key) or {"choices": [{"index": 0}]})
            choice = dict(shape["choices"][0]) if shape.get("choices") else {"index": 0}
            sent = self._scrubber.scrub_text(text)
            delta = (
                {"content": sent}
                if key == "content"
                else {"tool_calls": [{"index": key[1], "function": {"arguments": sent}}]}
            )
            choice.update(delta=delta, finish_reason=None)
            shape["choices"] = [choice]
            out += b"data: " + json.dumps(shape, ensure_ascii=False, separators=(",", ":")).encode() + b"\n\n"
        self._carry = {}
        return out

    def _relay(self, line: bytes) -> bytes:
        stripped = line.rstrip(b"\r")
        event = None
        if stripped.startswith(b"data:"):
            try:
                event = json.loads(stripped[5:])
            except ValueError:
                event = None
        texts = _texts(event)
        out = b""
        if not texts and stripped and self._boundary and self._carry:
            out = self._carry_events()  # a new event without text: the carried texts go first
        self._boundary = not stripped
        if not texts:
            return out + self._scrubber.scrub(line)
        changed = False
        for key, (holder, field) in texts.items():
            original = holder[field]
            text = self._scrubber.scrub_text(self._carry.pop(key, "") + original)
            hold = self._scrubber.partial_text(text)
            if hold:
                self._carry[key] = text[len(text) - hold :]
            send = text[: len(text) - hold]
            self._shape[key] = event  # type: ignore[assignment]
            if send != original:
                holder[field] = send
                changed = True
        if not changed:
            return out + self._scrubber.scrub(line)
        eol = line[len(stripped) :]
        return out + b"data: " + json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode() + eol


#: A streamed text of a reply: ``"content"``, or ``("tool", i)`` for tool call i's arguments.
_Key = str | tuple[str, int]


def _texts(event: object) -> dict[_Key, tuple[dict, str]]:
    """The texts a parsed SSE ``data:`` event streams, each with the dict and field holding it:
    ``choices[0].delta.content`` and each ``choices[0].delta.tool_calls[j].function.arguments``
    (keyed by the call's ``index``); empty for any other line."""
    try:
        delta = event["choices"][0]["delta"]  # type: ignore[index]
    except (KeyError, IndexError, TypeError):
        return {}
    if not isinstance(delta, dict):
        return {}
    found: dict[_Key, tuple[dict, str]] = {}
    if isinstance(delta.get("content"), str):
        found["content"] = (delta, "content")
    calls = delta.get("tool_calls")
    for n, call in enumerate(calls if isinstance(calls, list) else []):
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict) and isinstance(function.get("arguments"), str):
            index = call.get("index", n)
            found[("tool", index if isinstance(index, int) else n)] = (function, "arguments")
    return found
