"""The profile as callers see it: plain JSON values, no internal keys (pure).

Stored values are text (``user_kv``); :func:`public_profile` turns them into what a
caller reads in ``POST /v1/context``'s ``profile``, the CLI and the diagnostics:
``last_queries`` a JSON list of strings, ``state:*`` numbers, ``lang``, ``summary`` and
``tz`` strings. Keys under ``meta:`` (the summariser's turn counter) are bookkeeping and
never leave the engine.
"""

from __future__ import annotations

from souvenir.profile.queries import load_queries

__all__ = ["INTERNAL_PREFIX", "public_profile"]

#: Keys under this prefix are the engine's own bookkeeping.
INTERNAL_PREFIX = "meta:"


def public_profile(stored: dict[str, str]) -> dict[str, object]:
    """``stored`` (key → text, as in the store) as plain JSON values, internal keys left out."""
    out: dict[str, object] = {}
    for key, value in sorted(stored.items()):
        if key.startswith(INTERNAL_PREFIX):
            continue
        if key == "last_queries":
            out[key] = load_queries(value)
        elif key.startswith("state:"):
            try:
                out[key] = float(value)
            except (TypeError, ValueError):
                out[key] = value
        else:
            out[key] = value
    return out
