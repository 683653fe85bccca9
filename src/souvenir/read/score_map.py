"""Memory id -> score, as two aligned arrays: the vector index's answer, read by the
selection (:func:`souvenir.read.selection.select`) and the scorer with one ``searchsorted``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import numpy as np

__all__ = ["Scores"]


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
