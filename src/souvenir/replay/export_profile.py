"""The profile an export carries (``tables.user_kv`` of ``souvenir export``), read for an
import: bounded and validated, pure (data in, data out).

Read: ``tz`` (an IANA name or an offset, :func:`~souvenir.ground.timezones.canonical_zone`),
``lang`` (a language tag, :func:`~souvenir.profile.normalize_code`), ``summary`` (at most
:data:`~souvenir.profile.SUMMARY_CHARS` characters, cut as the summariser cuts it),
``last_queries`` (the last :data:`~souvenir.profile.LAST_QUERIES` strings, each at most
:data:`~souvenir.profile.QUERY_CHARS` characters) and a model's ``state:NAME`` numbers
(NAME of at most 64 word characters, dots or dashes; a finite number clamped to [-1, 1]; at
most :data:`~souvenir.write.reflection.MAX_USER_STATE_KEYS` of them). Skipped: ``meta:`` keys (the
engine's bookkeeping). Left out, each named: any other key, a value of the wrong shape or
not text (a lone surrogate, a NUL), a row
past the first :data:`MAX_ROWS`. What the import then writes, and what an erasure keeps out,
is :func:`souvenir.replay.apply.import_profile`'s."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field

from souvenir.ground.errors import InputError
from souvenir.profile import LAST_QUERIES, QUERY_CHARS, SUMMARY_CHARS, load_queries, normalize_code, summary_limit
from souvenir.ground.timezones import TZ_KEY, canonical_zone
from souvenir.write.reflection import MAX_USER_STATE_KEYS

__all__ = ["MAX_ROWS", "ExportedProfile", "exported_profile"]

#: Rows of ``user_kv`` read from an export at the most (a real profile holds a few dozen).
MAX_ROWS = 256
_STATE = re.compile(r"state:[\w.\-]{1,64}")
#: The longest stored value read (a summary, a JSON list of queries): longer is refused unread.
_VALUE_CHARS = 4 * LAST_QUERIES * QUERY_CHARS + 64


@dataclass
class ExportedProfile:
    """``values``: key → text as the store keeps it; ``left_out``: key → why (no value quoted)."""

    values: dict[str, str] = field(default_factory=dict)
    left_out: dict[str, str] = field(default_factory=dict)


def exported_profile(data: dict) -> ExportedProfile:
    """The profile of an export ``data`` (a dict with ``tables``, as
    :func:`souvenir.replay.formats.parse_memories_jsonl` recognised it); never raises."""
    found = ExportedProfile()
    tables = data.get("tables") if isinstance(data, dict) else None
    rows = tables.get("user_kv") if isinstance(tables, dict) else None
    if not isinstance(rows, list):
        return found
    for at, row in enumerate(rows):
        if at >= MAX_ROWS:
            found.left_out["…"] = f"rows past the first {MAX_ROWS}"
            break
        if not isinstance(row, dict) or not isinstance(row.get("key"), str) or not isinstance(row.get("value"), str):
            continue
        key, value = row["key"][:80], row["value"]
        if key.startswith("meta:"):  # the engine's bookkeeping: the new store keeps its own
            continue
        if len(value) > _VALUE_CHARS:
            found.left_out[key] = "a value too long to be one"
            continue
        if not _text(key) or not _text(value):  # a lone surrogate ("\ud800" in JSON): no store holds it
            found.left_out[key.encode("utf-8", "replace").decode()] = "not text (a lone surrogate or a NUL)"
            continue
        read = _read(key, value, sum(k.startswith("state:") for k in found.values))
        if isinstance(read, str) and not _text(read):  # a query's "\ud800" escaped inside the JSON
            read = ("not text (a lone surrogate or a NUL)",)
        if isinstance(read, tuple):
            found.left_out[key] = read[0]
            found.values.pop(key, None)
        else:
            found.values[key] = read
    return found


def _text(value: str) -> bool:
    """Whether ``value`` is text a store keeps as it is: valid UTF-8, no NUL."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return "\x00" not in value


def _read(key: str, value: str, states: int) -> str | tuple[str]:
    """The value to store for ``key``, or ``(why not,)``."""
    if key == TZ_KEY:
        try:
            return canonical_zone(value)
        except InputError:
            return ("not a time zone",)
    if key == "lang":
        code = normalize_code(value)
        return code if code else ("not a language tag",)
    if key == "summary":
        text = summary_limit(value.replace("\x00", "").strip(), SUMMARY_CHARS)
        return text if text else ("empty",)
    if key == "last_queries":
        queries = [q.replace("\x00", "")[:QUERY_CHARS] for q in load_queries(value) if q.strip()][-LAST_QUERIES:]
        return json.dumps(queries, ensure_ascii=False) if queries else ("empty",)
    if _STATE.fullmatch(key):
        if states >= MAX_USER_STATE_KEYS:
            return (f"over the cap of {MAX_USER_STATE_KEYS} state keys",)
        try:
            number = float(value)
        except ValueError:
            return ("not a number",)
        if not math.isfinite(number):
            return ("not a number",)
        return f"{min(1.0, max(-1.0, number)):.3f}"
    return ("not a profile key an import carries",)
