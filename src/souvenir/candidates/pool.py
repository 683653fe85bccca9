"""A :class:`Pool`: candidates whose turn-independent selection columns are read once (the
store's read cache keeps one per user; :func:`souvenir.read.selection.select` reads it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import count

import numpy as np

from souvenir.candidates.selection_columns import SelectionColumns
from souvenir.ground.types import Memory

__all__ = ["Pool"]

_SERIALS = count()
#: how many of the pools it extends a pool remembers
_BASES = 8


class Pool(tuple):
    """Candidates (a tuple of :class:`Memory`) whose selection columns are read once.

    :func:`select` reads every candidate into numpy columns before its passes; at 100,000
    memories that read is most of its cost. A ``Pool`` keeps the columns that do not depend
    on the turn (kind, pinned, scope, story, confidence, id), so that a caller serving the
    same candidates again (the store's read cache) pays it once. Immutable: the columns
    can never go stale. ``select(Pool(ms), …)`` returns exactly what ``select(ms, …)`` does.
    """

    _static: SelectionColumns | None
    #: this pool's number (one per pool made in the process)
    serial: int
    #: the pools this one extends (:meth:`extended`), serial → length, the last few
    bases: dict[int, int]

    def __new__(cls, memories: Iterable[Memory] = ()) -> Pool:
        self = super().__new__(cls, memories)
        self._static = None
        self.serial = next(_SERIALS)
        self.bases = {}
        return self

    def static(self) -> SelectionColumns:
        if self._static is None:  # two threads may both build it: same value, no harm
            self._static = SelectionColumns(self)
        return self._static

    def replaced(self, positions: np.ndarray, memories: Sequence[Memory], kind: str, scope: str) -> Pool:
        """This pool with the memory at each of ``positions`` replaced by the one of
        ``memories`` at the same index, those being the same memories (id, date, confidence,
        story, pinned) under another ``kind`` and ``scope``: the columns are this pool's,
        changed at those positions only (the same columns as a pool read whole; the reselection
        of :mod:`souvenir.read.ended`)."""
        items = list(self)
        for i, memory in zip(positions.tolist(), memories):
            items[i] = memory
        pool = Pool(items)
        pool._static = self.static().changed(positions, kind, scope)
        return pool

    def extended(self, more: Sequence[Memory]) -> Pool:
        """This pool followed by ``more``, its columns read for ``more`` only (the store's
        read cache after new memories were written)."""
        pool = Pool(tuple.__add__(self, tuple(more)))
        pool.bases = dict(list(self.bases.items())[1 - _BASES :])
        pool.bases[self.serial] = len(self)
        if self._static is not None and more:
            pool._static = self._static.concat(SelectionColumns(more))
        elif self._static is not None:
            pool._static = self._static
        return pool
