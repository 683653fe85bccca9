"""A single-slot model server that reads its prompts, like llama-cpp-python's (issue #25).

:class:`ReadingModelServer` is :class:`tests.slot_server.SlotModelServer` plus the two things
session 19 read in the real server's log:

* **a prompt is read before the first piece** (``prompt_s`` seconds, holding the slot) and that
  read cannot be stopped: llama-cpp-python looks for a hang-up only between pieces;
* **one prompt is kept**: a request whose messages are the last request's (read, whether
  its answer finished or not) skips the read; any other request replaces it, so a
  reflection stopped for a live reply reads its whole prompt again when it runs again.

``interrupt``: llama-cpp-python's ``interrupt_requests`` (on by default): a stream ends with
``[DONE]`` — no ``finish_reason`` — at its next piece once another request waits for the slot.

Each log entry gains ``read`` (the prompt was read for it); :meth:`lost_reads` counts the
reads whose answer was then abandoned (client gone) or cut (interrupted).
"""

from __future__ import annotations

import json
import time
from http.server import BaseHTTPRequestHandler

from tests.slot_server import SlotModelServer

__all__ = ["ReadingModelServer"]


class ReadingModelServer(SlotModelServer):
    def __init__(
        self, token_s: float = 0.01, prompt_s: float = 1.0, interrupt: bool = False, context_tokens: int = 2000
    ) -> None:
        super().__init__(token_s=token_s, context_tokens=context_tokens)
        self.prompt_s = prompt_s
        self.interrupt = interrupt
        self._kept: str | None = None

    def _answer(self, handler: BaseHTTPRequestHandler, entry: dict, words: list[str], limit: int, body: dict) -> None:
        prompt = json.dumps(body.get("messages"), sort_keys=True)
        entry["read"] = prompt != self._kept
        if entry["read"]:
            time.sleep(self.prompt_s)  # not stoppable: no piece is written meanwhile
        self._kept = prompt
        super()._answer(handler, entry, words, limit, body)

    def _interrupts(self) -> bool:
        return self.interrupt and self.waiting > 0

    def lost_reads(self) -> int:
        """Prompt reads whose answer did not finish (abandoned by its client or cut)."""
        return sum(1 for e in self.log if e.get("read") and (e["client_gone"] or e.get("interrupted")))
