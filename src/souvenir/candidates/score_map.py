"""Memory id -> score, as two aligned arrays: the vector index's answer, read by the
selection (:func:`souvenir.read.selection.select`) and the scorer with one ``searchsorted``."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence

import numpy as np

__all__ = ["LazyScores", "Scores"]


class Scores(Mapping[int, float]):
    """Memory id -> score, held as two aligned arrays (the vector index's answer).

    ``ids`` int64, strictly increasing after construction (sorted here if needed; a
    repeated id raises ``ValueError``); ``array`` the float64 scores of the same length.
    Reads like a dict of Python ints to Python floats (``keys()``, ``values()``, ``items()``
    as a ``Mapping``'s); :func:`select` aligns it on its candidates with one
    ``searchsorted`` instead of one dict lookup per memory.
    """

    __slots__ = ("array", "ids")

    def __init__(self, ids: Sequence[int] | np.ndarray, values: Sequence[float] | np.ndarray) -> None:
        ids = np.asarray(ids, dtype=np.int64).reshape(-1)
        values = np.asarray(values, dtype=np.float64).reshape(-1)
        if ids.shape != values.shape:
            raise ValueError(f"{ids.size} ids for {values.size} values")
        if ids.size > 1 and not (ids[1:] > ids[:-1]).all():
            order = np.argsort(ids, kind="stable")
            ids, values = ids[order], values[order]
            if (ids[1:] == ids[:-1]).any():
                raise ValueError("a memory id is scored twice")
        self.ids = ids
        self.array = values

    def lookup(self, ids: np.ndarray, copy: bool = True) -> np.ndarray:
        """The scores of ``ids`` (int64 array), NaN where an id has none (float64; with
        ``copy=False`` possibly this object's own array, not to be written)."""
        if not self.ids.size:
            return np.full(ids.shape, np.nan)
        if ids is self.ids or (ids.size == self.ids.size and np.array_equal(ids, self.ids)):
            return self.array.copy() if copy else self.array
        pos = np.minimum(np.searchsorted(self.ids, ids), self.ids.size - 1)
        return np.where(self.ids[pos] == ids, self.array[pos], np.nan)

    def __getitem__(self, key: int) -> float:
        if isinstance(key, (int, np.integer)) and self.ids.size:
            pos = int(np.searchsorted(self.ids, key))
            if pos < self.ids.size and self.ids[pos] == key:
                return float(self.array[pos])
        raise KeyError(key)

    def __iter__(self) -> Iterator[int]:
        return iter(self.ids.tolist())

    def __len__(self) -> int:
        return int(self.ids.size)

    def __repr__(self) -> str:
        return f"Scores({dict(zip(self.ids.tolist(), self.array.tolist()))!r})"


class LazyScores(Scores):
    """:class:`Scores` whose values are exact at some positions and upper bounds elsewhere
    until read whole (a large user's final score on a shortlist,
    :mod:`souvenir.read.scoring.final_shortlist`).

    ``ids`` strictly increasing (int64); ``bounds`` float64, the exact score where
    ``exact`` and at least it elsewhere (both arrays shared with ``refine``, which makes
    the given positions exact in place); ``complete()`` returns every exact score (float64,
    aligned with ``ids``). :func:`~souvenir.read.selection.select` reads :meth:`bounded`
    and proves its result from it; anything else that reads the values (``array``,
    ``lookup``, items…) gets the complete scores, computed once.
    """

    __slots__ = ("_bounds", "_exact", "_refine", "_complete", "_full", "_lock")

    def __init__(
        self,
        ids: np.ndarray,
        bounds: np.ndarray,
        exact: np.ndarray,
        refine: Callable[[np.ndarray], None],
        complete: Callable[[], np.ndarray],
    ) -> None:
        self.ids = ids
        self._bounds, self._exact, self._refine, self._complete = bounds, exact, refine, complete
        self._full: np.ndarray | None = None
        self._lock = threading.Lock()

    @property
    def array(self) -> np.ndarray:  # noqa: D102 (Scores.array, completed)
        return self.complete()

    @array.setter
    def array(self, values: np.ndarray) -> None:
        self._full = values

    @property
    def completed(self) -> bool:
        """Whether the complete scores were made."""
        return self._full is not None

    def complete(self) -> np.ndarray:
        """Every exact score (computed on the first call, then kept)."""
        with self._lock:
            if self._full is None:
                self._full = self._complete()
            return self._full

    def bounded(self, ids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(values, exact) for ``ids`` (int64): the score or its bound, and whether it is
        the score; an id not scored is NaN and exact (it has no score). The complete
        scores once made. Possibly this object's own arrays (not to be written; a
        :meth:`refine` changes them)."""
        values = self._full if self._full is not None else self._bounds
        exact = np.ones(ids.shape, bool) if self._full is not None else self._exact
        if ids is self.ids or (ids.size == self.ids.size and np.array_equal(ids, self.ids)):
            return values, exact
        if not self.ids.size:
            return np.full(ids.shape, np.nan), np.ones(ids.shape, bool)
        pos = np.minimum(np.searchsorted(self.ids, ids), self.ids.size - 1)
        hit = self.ids[pos] == ids
        return np.where(hit, values[pos], np.nan), np.where(hit, exact[pos], True)

    def refine(self, ids: np.ndarray) -> None:
        """Make the scores of ``ids`` exact (ids not scored are ignored)."""
        if self._full is not None or not ids.size:
            return
        pos = np.minimum(np.searchsorted(self.ids, ids), self.ids.size - 1)
        with self._lock:
            self._refine(pos[self.ids[pos] == ids])
