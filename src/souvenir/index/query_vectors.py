"""The recent query vectors of each user's texts (:class:`QueryVectors`, issue #28).

A short message in a chat reads the last turns of the caller's ``messages`` as query context
(:meth:`Scorer.conversation <souvenir.read.scoring.Scorer.conversation>`): each turn's
vector, for both embedders. Every one of those turns was embedded before: a user turn was the
previous context's message, an assistant turn the previous context's last turn. Kept here per
(user, embedder, hash of the text as the query embeds it), a turn already seen is not
embedded again: one new text a turn in a chat (the assistant's last reply) instead of four.

The vector kept is the very array the embedder returned (read-only): a selection reads the
same bits with or without the cache (``tests/test_query_vectors.py``: same ids, order and
scores). The message's own query always goes through the embedder (its bound, its breaker,
its degradation counted as before): only the earlier turns are read from here.

Bounded (:data:`QUERY_VECTORS` entries in all, the least recently used go first: ~2 KB an
entry, ~8 MB at the most). Keyed by a hash, not the text: the process holds no wording here.
Nothing of an erased text stays: every erasure of a user (a memory forgotten, "forget
everything", a request in chat, the user deleted: ``ReadRefresher.erased``) drops all that
user's vectors (:meth:`QueryVectors.forget_user`), and a context started before the erasure
keeps nothing after it (:attr:`QueryVectors.generation`); an erased text's hash is dropped for
every user too, whoever erased it (:func:`souvenir.lexical.text_cache.forget_texts` tells
:func:`_forget_everywhere`). Another replica's erasure (two instances on one PostgreSQL
database) empties this cache whole, with the lexical caches, at this instance's next context
(:mod:`souvenir.store.erasure_clock`: the texts it erased are not known here)."""

from __future__ import annotations

import hashlib
import threading
import weakref
from collections.abc import Iterable

import numpy as np

from souvenir.lexical.text_cache import also_clear, also_forget

__all__ = ["QUERY_CHARS", "QUERY_VECTORS", "QueryVectors", "query_text"]

#: Characters of a text embedded at query time (seed 000 embeds ``query.strip()[:2000]``).
QUERY_CHARS = 2000
#: Query vectors kept per process (every user and both embedders): a chat's last four turns
#: for ~500 users at once.
QUERY_VECTORS = 4096

Key = tuple[int, str, bytes]


def query_text(text: str) -> str:
    """The text a query embeds (:meth:`VectorIndex.start_query`): stripped, at most
    :data:`QUERY_CHARS` characters."""
    return text.strip()[:QUERY_CHARS]


def _digest(text: str) -> bytes:
    return hashlib.blake2b(query_text(text).encode("utf-8", "surrogatepass"), digest_size=16).digest()


class QueryVectors:
    """Query vectors by (user, embedder name, text), at most ``maxsize`` (0: none kept)."""

    def __init__(self, maxsize: int = QUERY_VECTORS) -> None:
        if maxsize < 0:
            raise ValueError("maxsize must be at least 0")
        self.maxsize = maxsize
        self._data: dict[Key, np.ndarray] = {}
        self._lock = threading.Lock()
        #: bumped by every erasure: a vector computed by a context that read an older value
        #: is not kept (:meth:`put`)
        self.generation = 0
        self.hits = 0
        self.misses = 0
        with _LIVE_LOCK:
            _LIVE.add(self)

    def __len__(self) -> int:
        return len(self._data)

    def get(self, user_id: int, name: str, text: str) -> np.ndarray | None:
        """The vector kept for ``text`` (counted as a hit or a miss), ``None`` when none is."""
        if not self.maxsize:
            return None
        key = (user_id, name, _digest(text))
        with self._lock:
            vector = self._data.pop(key, None)
            if vector is None:
                self.misses += 1
                return None
            self._data[key] = vector  # the most recently used last
            self.hits += 1
            return vector

    def put(self, user_id: int, name: str, text: str, vector: np.ndarray, generation: int) -> bool:
        """Keep ``vector`` for ``text`` unless the user's texts were erased since
        ``generation`` was read (:attr:`generation`); the least recently used go when full.
        ``True`` when kept."""
        if not self.maxsize:
            return False
        vector = np.asarray(vector)
        vector.flags.writeable = False  # the selection reads these bits, nobody writes them
        key = (user_id, name, _digest(text))
        with self._lock:
            if generation != self.generation:
                return False
            self._data.pop(key, None)
            self._data[key] = vector
            while len(self._data) > self.maxsize:
                self._data.pop(next(iter(self._data)))
        return True

    def forget_user(self, user_id: int) -> int:
        """Drop every vector of ``user_id`` (an erasure of theirs); how many."""
        with self._lock:
            self.generation += 1
            doomed = [k for k in self._data if k[0] == user_id]
            for key in doomed:
                del self._data[key]
        return len(doomed)

    def forget_texts(self, texts: Iterable[str]) -> int:
        """Drop every user's vector of each of ``texts`` (erased); how many."""
        digests = {_digest(t) for t in texts if t}
        if not digests:
            return 0
        with self._lock:
            self.generation += 1
            doomed = [k for k in self._data if k[2] in digests]
            for key in doomed:
                del self._data[key]
        return len(doomed)

    def clear(self) -> int:
        """Drop every vector (another replica's erasure, this instance closed); how many."""
        with self._lock:
            self.generation += 1
            gone = len(self._data)
            self._data.clear()
        return gone


#: Every cache alive, told of erased texts (:func:`_forget_everywhere`).
_LIVE: weakref.WeakSet[QueryVectors] = weakref.WeakSet()
_LIVE_LOCK = threading.Lock()


def _forget_everywhere(texts: list[str]) -> int:
    with _LIVE_LOCK:
        live = list(_LIVE)
    return sum(cache.forget_texts(texts) for cache in live)


def _clear_everywhere() -> int:
    with _LIVE_LOCK:
        live = list(_LIVE)
    return sum(cache.clear() for cache in live)


also_forget(_forget_everywhere)
also_clear(_clear_everywhere)
