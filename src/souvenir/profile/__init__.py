"""Seed 001's user-level profile values, as pure functions over plain data (no I/O).

Keys (in the store's ``user_kv``, seed 001 §3): ``lang`` (language code),
``summary`` (≤ 300 characters), ``last_queries`` (JSON list of the 5 latest free-text
messages, ≤ 200 characters each, oldest first; commands such as ``/start`` excluded),
``tz`` (the user's time zone, :mod:`souvenir.ground.timezones`),
``meta:turns_since_summary`` (the summarizer's fallback counter, internal), ``interest:<sku>``
reserved.

* :mod:`.queries` — ``is_command``, ``push_query``, ``load_queries`` (§5.2);
* :mod:`.language` — ``detect_language``, ``resolve_language``, ``update_language`` (§5.1);
* :mod:`.summary` — ``summary_limit``, ``summary_writes``, ``summary_is_stale`` (§3, §4.3);
* :mod:`.triggers` — ``find_skus``, ``should_summarize``, ``count_turn`` (§5.3);
* :mod:`.view` — ``public_profile``: the values as plain JSON, ``meta:`` keys left out.
"""

from __future__ import annotations

from souvenir.profile.language import (
    LanguageUpdate,
    detect_language,
    language_scores,
    normalize_code,
    resolve_language,
    update_language,
)
from souvenir.profile.queries import LAST_QUERIES, QUERY_CHARS, is_acknowledgement, is_command, load_queries, push_query
from souvenir.profile.summary import (
    SENTENCE_ENDS,
    SUMMARY_CHARS,
    summary_is_stale,
    summary_limit,
    summary_writes,
)
from souvenir.profile.view import INTERNAL_PREFIX, public_profile
from souvenir.profile.triggers import (
    SUMMARY_EVERY,
    TURNS_KEY,
    count_turn,
    find_skus,
    need_keyword,
    should_summarize,
    sku_key,
    turns_since_summary,
)

#: Profile keys.
LANG_KEY = "lang"
SUMMARY_KEY = "summary"
QUERIES_KEY = "last_queries"

__all__ = [
    "LANG_KEY",
    "SUMMARY_KEY",
    "QUERIES_KEY",
    "TURNS_KEY",
    "LAST_QUERIES",
    "QUERY_CHARS",
    "is_acknowledgement",
    "is_command",
    "load_queries",
    "push_query",
    "LanguageUpdate",
    "detect_language",
    "language_scores",
    "normalize_code",
    "resolve_language",
    "update_language",
    "SENTENCE_ENDS",
    "SUMMARY_CHARS",
    "summary_limit",
    "summary_writes",
    "summary_is_stale",
    "SUMMARY_EVERY",
    "count_turn",
    "find_skus",
    "need_keyword",
    "should_summarize",
    "sku_key",
    "turns_since_summary",
    "INTERNAL_PREFIX",
    "public_profile",
]
