"""Seed 001's user-level profile values, as pure functions over plain data.

Keys (in the store's ``user_kv``): ``lang``, ``summary`` (≤ 300 characters),
``last_queries`` (a JSON list of the 5 latest free-text messages, ≤ 200 characters each,
oldest first; commands such as ``/start`` excluded), ``interest:<sku>`` reserved.
"""

from __future__ import annotations

import json

#: Seed 001 §2 decision 6 and §5.2: five queries, 200 characters (code points) each.
LAST_QUERIES = 5
QUERY_CHARS = 200


def is_command(message: str) -> bool:
    """A bot command (``/start``, ``/help@bot``…) rather than free text."""
    head = message.strip().split(maxsplit=1)[0] if message.strip() else ""
    return head.startswith("/") and len(head) > 1 and head[1:2].isalpha()


def push_query(stored: str | None, message: str) -> str | None:
    """The new ``last_queries`` JSON after ``message``, or ``None`` when nothing changes.

    ``stored`` is the current JSON (``None`` or unreadable = empty list). Commands and
    empty messages change nothing.
    """
    text = message.strip()
    if not text or is_command(text):
        return None
    try:
        queries = json.loads(stored) if stored else []
        if not isinstance(queries, list):
            queries = []
    except ValueError:
        queries = []
    queries = [str(q) for q in queries][-(LAST_QUERIES - 1):] + [text[:QUERY_CHARS]]
    return json.dumps(queries, ensure_ascii=False)
