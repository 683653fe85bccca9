"""The few best of some positions under lexicographic keys, without sorting them all
(:func:`best`: the selection's passes; moved out of :mod:`souvenir.read.selection`)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

__all__ = ["best"]


def best(idx: np.ndarray, places: int, keys: tuple) -> np.ndarray:
    """The ``places`` smallest of ``idx`` under the lexicographic ``keys``, in order.

    Each key is an array over all candidates or a callable ``idx -> array`` (read only
    for the memories still tied). One partition per key: those strictly better than the
    boundary value are in; only the ones tied with it go on to the next key.
    """
    if places <= 0 or idx.size == 0:
        return idx[:0]
    parts = []
    for key in keys:
        if idx.size <= places:
            break
        values = column(key, idx)
        boundary = np.partition(values, places - 1)[places - 1]
        sure = idx[values < boundary]
        if sure.size:
            parts.append(sorted_by(sure, keys))
            places -= sure.size
        idx = idx[values == boundary]
    parts.append(sorted_by(idx, keys)[:places])
    return np.concatenate(parts) if len(parts) > 1 else parts[0]


def sorted_by(idx: np.ndarray, keys: tuple) -> np.ndarray:
    """``idx`` sorted under the lexicographic ``keys`` (as :func:`best` reads them)."""
    if idx.size <= 1:
        return idx
    return idx[np.lexsort([column(key, idx) for key in reversed(keys)])]


def column(key: np.ndarray | Callable[[np.ndarray], np.ndarray], idx: np.ndarray) -> np.ndarray:
    """A key's values at ``idx``: an array indexed, a callable called."""
    return key[idx] if isinstance(key, np.ndarray) else key(idx)
