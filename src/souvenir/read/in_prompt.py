"""The memories the model's prompt already shows (issue #28, "the conversation is the query").

A caller that sends the model the conversation so far (the proxy's ``messages``; a
library or REST caller's recent turns, ``context(..., messages=...)``) already puts those
turns in front of it. Without a model, each user message of those turns is also an
``episode`` memory, word for word: selected again, it takes one of the 24 places to
repeat what the prompt says, and the places go to the current session's turns instead of
the earlier sessions the reply could bring up. The read path gives such memories no place
(:func:`souvenir.read.selection.select`'s ``exclude``) and records them on the
diagnostics page (pass ``in_prompt``, "already in the prompt, word for word…").

A memory is *in the prompt* when its stored text is one of the messages' texts, stripped,
exactly (its ``content_hash`` against the messages' hashes: no normalisation, so a
memory the write path reworded, redacted or merged is never left out). Measured on the
dialogue-recall set (``bench/dialogue_context.py``, docs/benchmarks.md "The conversation as
the query, round 2"); LoCoMo questions and the multilingual suites carry no messages and
are unchanged.

No I/O: messages and candidates in, ids out (a cache of the candidates' hash columns, per
pool, is the only state).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from souvenir.ground.limits import MAX_PROMPT_MESSAGES, MAX_TEXT_BYTES
from souvenir.candidates import Pool
from souvenir.ground.hashing import content_hash
from souvenir.ground.types import Memory

__all__ = ["MAX_PROMPT_MESSAGES", "in_prompt", "prompt_hashes"]

#: Pools whose hash column is kept (the store's read cache serves one pool a user; a pool
#: extended by new memories reads only those): 8 bytes a memory each.
_KEEP = 32
_columns: OrderedDict[int, np.ndarray] = OrderedDict()
_lock = threading.Lock()


def _key(digest: str) -> int:
    """A content hash (``"sha256:<hex>"``) as an int64: Python's own hash of the string
    (fast, and the same for both sides within one process)."""
    return hash(digest)


def prompt_hashes(messages: Sequence[str] | None) -> frozenset[int]:
    """The content hashes (as :func:`_key` ints) of the last :data:`MAX_PROMPT_MESSAGES`
    texts of ``messages``, stripped; empty texts, non-strings and texts longer than a
    memory can be (:data:`~souvenir.ground.limits.MAX_TEXT_BYTES` bytes of UTF-8) are skipped."""
    if not messages:
        return frozenset()
    out = set()
    for text in list(messages)[-MAX_PROMPT_MESSAGES:]:
        if not isinstance(text, str):
            continue
        text = text.strip()
        if text and len(text) <= MAX_TEXT_BYTES and len(text.encode("utf-8", "surrogatepass")) <= MAX_TEXT_BYTES:
            out.add(_key(content_hash(text)))
    return frozenset(out)


def _digest(memory: Memory) -> str:
    return memory.content_hash or content_hash(memory.text)


def _hash_column(memories: Sequence[Memory]) -> np.ndarray:
    return np.fromiter(map(hash, map(_digest, memories)), dtype=np.int64, count=len(memories))


def _column(candidates: Sequence[Memory]) -> np.ndarray:
    """The candidates' hash column; a :class:`Pool`'s is kept, and a pool that extends a
    kept one reads only its new memories."""
    if not isinstance(candidates, Pool):
        return _hash_column(candidates)
    with _lock:
        col = _columns.get(candidates.serial)
        base = None
        if col is None:
            for serial, n in candidates.bases.items():
                held = _columns.get(serial)
                if held is not None and len(held) == n and (base is None or n > len(base)):
                    base = held
    if col is None:
        if base is None:
            col = _hash_column(candidates)
        else:
            col = np.concatenate([base, _hash_column(candidates[len(base) :])])
        with _lock:
            _columns[candidates.serial] = col
            while len(_columns) > _KEEP:
                _columns.popitem(last=False)
    with _lock:
        if candidates.serial in _columns:
            _columns.move_to_end(candidates.serial)
    return col


def in_prompt(candidates: Sequence[Memory], hashes: frozenset[int]) -> list[int]:
    """Ids of the ``candidates`` whose text is one of the prompt's (``hashes`` from
    :func:`prompt_hashes`), in candidate order; rules are never listed (always in the
    context). One ``isin`` over the candidates' hash column (kept per pool: at 100,000
    memories the column is read once, then each turn costs about a millisecond)."""
    if not hashes or not len(candidates):
        return []
    hit = np.flatnonzero(np.isin(_column(candidates), np.fromiter(hashes, np.int64, len(hashes))))
    return [m.id for m in (candidates[int(i)] for i in hit) if m.kind != "rule"]
