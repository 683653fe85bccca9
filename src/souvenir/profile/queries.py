"""The ``last_queries`` list (seed 001 §2 decision 6, §3 key table, §5.2).

Value: a JSON array of the 5 latest free-text user messages, oldest first, each cut to
200 characters (Unicode code points, not bytes). Bot commands (``/start``, ``/help``,
``/start@bot``) and blank messages are not free text and change nothing.
"""

from __future__ import annotations

import json
import unicodedata

__all__ = ["LAST_QUERIES", "QUERY_CHARS", "is_command", "load_queries", "push_query"]

#: Seed 001 §2 decision 6 and §5.2: five queries, 200 characters (code points) each.
LAST_QUERIES = 5
QUERY_CHARS = 200


def is_command(message: str) -> bool:
    """True for a bot command (``/start``, ``/help@bot``, ``/cancel 12``…), not free text.

    A command is a first word of a slash followed by a letter (seed 001 §5.2 excludes
    ``/start`` and ``/help``; Telegram appends ``@botname`` in groups). "/ 2" or "/5" are
    free text.
    """
    stripped = message.strip()
    head = stripped.split(maxsplit=1)[0] if stripped else ""
    return head.startswith("/") and len(head) > 1 and head[1:2].isalpha()


#: Content words of a bare acknowledgement (fr / en / zh / ms): a message made only of these
#: ("ok", "merci beaucoup", "好的", "terima kasih", "got it") says nothing about the user.
ACKNOWLEDGEMENTS: frozenset[str] = frozenset(
    "ok okay okk kk k oki d'ac accord dac daccord merci thank thx ty cheer great cool nice "
    "sure yes yep yeah yup oui ouais ya yah baik baiklah okey okeylah oklah terima kasih tq tqvm np "
    "lol haha hehe mdr "
    "noted got alright bien parfait super top entendu 好 好吧 嗯 嗯嗯 谢谢 多谢 收到 行 可以 "
    "lot beaucoup much".split()
)


def is_acknowledgement(words: frozenset[str]) -> bool:
    """True when ``words`` (a message's content words, :func:`souvenir.lexical.content_words`)
    are only acknowledgement words, or none at all."""
    return words <= ACKNOWLEDGEMENTS


def load_queries(stored: str | None) -> list[str]:
    """The stored ``last_queries`` JSON as a list of strings (``None``/unreadable → ``[]``)."""
    try:
        queries = json.loads(stored) if stored else []
    except ValueError:
        return []
    if not isinstance(queries, list):
        return []
    return [q if isinstance(q, str) else str(q) for q in queries]


def _cut(text: str, limit: int) -> str:
    """``text[:limit]`` without leaving a combining mark's base behind (code points)."""
    if len(text) <= limit:
        return text
    end = limit
    while end > 0 and unicodedata.combining(text[end]):
        end -= 1  # the next character would be cut from its base: drop the base too
    return text[:end] if end > 0 else text[:limit]


def push_query(stored: str | None, message: str) -> str | None:
    """The new ``last_queries`` JSON after ``message``, or ``None`` when nothing changes.

    ``stored`` is the current JSON (``None`` or unreadable = empty list); ``message`` the
    user's text (surrounding whitespace stripped, then cut to ``QUERY_CHARS`` code points).
    Commands and empty messages return ``None``. The result keeps the ``LAST_QUERIES``
    latest entries, oldest first (shared case A33), as JSON with non-ASCII kept.
    """
    text = message.strip()
    if not text or is_command(text):
        return None
    queries = load_queries(stored)[-(LAST_QUERIES - 1) :] + [_cut(text, QUERY_CHARS)]
    return json.dumps(queries, ensure_ascii=False)
