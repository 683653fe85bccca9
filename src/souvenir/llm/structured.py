"""Structured output across OpenAI-compatible servers: which form each model accepts.

Servers differ: OpenAI, vLLM and llama.cpp's llama-server take ``response_format:
json_schema``; llama-cpp-python's server refuses it (HTTP 500) and takes ``json_object``
with a ``schema``; some take neither. A client tries the strongest form first and falls
back on a refusal — an HTTP error answer (not a timeout, not an overload) that differs from
the previous form's — to the next form, then remembers per model what was accepted, so the
next call goes straight to it. Every form past the first carries a plain instruction with
the schema, so the model knows the shape even where nothing constrains it.
"""

from __future__ import annotations

import json
import threading

__all__ = ["FALLBACK_STATUS", "REFUSAL_STATUS", "FormatMemory", "with_instruction"]

#: HTTP statuses that may be a refusal of the request's format (llama-cpp-python answers 500
#: to ``json_schema``); 408, 429 and 502-504 are time-outs and overloads: never a refusal.
FALLBACK_STATUS = frozenset({400, 404, 405, 415, 422, 500, 501})
#: Statuses that say the request itself is refused: when the last form tried gets one (every
#: form refused, or the same answer whatever the form, or a refused key), it is a
#: configuration error (wrong model name, URL or key, a server that takes no such request).
REFUSAL_STATUS = frozenset({400, 401, 403, 404, 405, 415, 422, 501})

_INSTRUCTION = "Answer with one JSON object only, no text around it and no code fence, matching this JSON schema:\n"


def with_instruction(messages: list[dict], schema: dict | None, form: str) -> list[dict]:
    """``messages`` with the schema written into the system prompt, for every form but
    ``json_schema`` (where the server enforces it); unchanged without a schema."""
    if schema is None or form == "json_schema":
        return messages
    note = _INSTRUCTION + json.dumps(schema, ensure_ascii=False, separators=(",", ":"))
    out = list(messages)
    if out and out[0].get("role") == "system" and isinstance(out[0].get("content"), str):
        out[0] = {**out[0], "content": out[0]["content"].rstrip() + "\n\n" + note}
    else:
        out.insert(0, {"role": "system", "content": note})
    return out


class FormatMemory:
    """Per model: the form it accepted and the forms it refused (thread-safe)."""

    def __init__(self, forms: tuple[str, ...]) -> None:
        self.forms = forms
        self._accepted: dict[str, str] = {}
        self._refused: dict[str, dict[str, str]] = {}
        self._lock = threading.Lock()

    def order(self, model: str) -> tuple[str, ...]:
        """The forms to try for ``model``: the accepted one first, refused ones left out
        (all of them again if every form was refused: the configuration may have changed)."""
        with self._lock:
            accepted = self._accepted.get(model)
            refused = self._refused.get(model, {})
        if accepted:
            return (accepted,) + tuple(f for f in self.forms if f != accepted and f not in refused)
        left = tuple(f for f in self.forms if f not in refused)
        return left or self.forms

    def accept(self, model: str, form: str) -> None:
        with self._lock:
            self._accepted[model] = form

    def refuse(self, model: str, form: str, cause: str) -> bool:
        """Record a refusal; ``True`` when it is new (to be logged once)."""
        with self._lock:
            seen = self._refused.setdefault(model, {})
            new = form not in seen
            seen[form] = cause
            return new

    def describe(self, model: str) -> dict:
        """``{"structured_output": form or None, "refused": {form: cause}}``."""
        with self._lock:
            return {"structured_output": self._accepted.get(model), "refused": dict(self._refused.get(model, {}))}
