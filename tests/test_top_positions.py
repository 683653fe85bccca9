"""The large user's shortlist keeps the set a partition of every value keeps."""

from __future__ import annotations

import numpy as np

from souvenir.read.scoring.shortlist import top_positions


def _partitioned(ranked: np.ndarray, size: int) -> set[int]:
    return set(np.argpartition(-ranked, size - 1)[:size].tolist())


def test_the_same_set_as_the_partition_of_every_value():
    rng = np.random.default_rng(0)
    for trial in range(400):
        n = int(rng.integers(2, 5000))
        ranked = rng.standard_normal(n)
        if trial % 4 == 1:
            ranked[rng.random(n) < 0.5] = -np.inf  # memories without a value
        if trial % 4 == 2:
            ranked = np.round(ranked, 1)  # ties everywhere, at the boundary too
        if trial % 4 == 3:
            ranked = np.sort(ranked)  # the largest at the end, where no stride may land
        size = int(rng.integers(1, n))
        found = top_positions(ranked, size)
        assert len(found) == size
        assert set(found.tolist()) == _partitioned(ranked, size)  # ties: the partition's own pick
