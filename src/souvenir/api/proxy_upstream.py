"""The upstream chat model as the proxy sees it: its health for ``/health``
(:class:`UpstreamHealth`), whether an answer asks for tool calls, and the event that ends a
streamed reply cut by the time limit (split from ``proxy.py``, session 19, lane debt)."""

from __future__ import annotations

import threading
import time

__all__ = ["STREAM_TIMEOUT", "UpstreamHealth", "tool_call_answer"]

#: The event that ends a streamed reply cut at ``SOUVENIR_LLM_TIMEOUT_S``: OpenAI's error
#: shape, so a client raises it instead of taking the cut reply for a whole one.
STREAM_TIMEOUT = (
    b'data: {"error": {"message": "the upstream model did not finish its answer in time '
    b'(SOUVENIR_LLM_TIMEOUT_S): the reply is cut here", "type": "timeout", "param": null, '
    b'"code": "upstream_timeout"}}\n\n'
)


def tool_call_answer(answer: dict | None) -> bool:
    """Whether a completion asks for tool calls (a leg of a round trip, not a reply)."""
    try:
        choice = answer["choices"][0]  # type: ignore[index]
        return bool(choice.get("finish_reason") == "tool_calls" or (choice.get("message") or {}).get("tool_calls"))
    except (KeyError, IndexError, TypeError, AttributeError):
        return False


class UpstreamHealth:
    """The upstream chat model as the proxy's latest request found it (``/health`` shows it:
    a model server that is down otherwise leaves the service "ok" while every proxied
    request gets a 502). ``failure``: the class of the latest failure (an exception's class
    name or ``HTTP 5xx``, never its message: ``/health`` is public), ``None`` once a request
    was answered since."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.seen = False
        self.failure: str | None = None
        self._since = 0.0

    def answered(self, status: int) -> None:
        """A response came back with HTTP ``status`` (5xx counts as a failure)."""
        if status >= 500:
            self.failed(f"HTTP {status}")
            return
        with self._lock:
            self.seen, self.failure = True, None

    def failed(self, what: str) -> None:
        with self._lock:
            if self.failure is None:
                self._since = time.monotonic()
            self.seen, self.failure = True, what

    def describe(self) -> dict:
        """``{"upstream": "unknown"|"ok"|"failing", "last_failure", "failing_for_s"}``."""
        with self._lock:
            if not self.seen:
                return {"upstream": "unknown", "last_failure": None, "failing_for_s": None}
            if self.failure is None:
                return {"upstream": "ok", "last_failure": None, "failing_for_s": None}
            return {
                "upstream": "failing",
                "last_failure": self.failure,
                "failing_for_s": round(time.monotonic() - self._since, 1),
            }
