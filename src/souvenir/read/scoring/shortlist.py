"""A large user's dense signals from a shortlist (pure numpy).

Every dot product of the fused score streams the user's whole vector matrix: at 100,000
memories 205 MB for USE (512-d) and 154 MB for e5 (384-d) a query, 10-20 ms each on this
machine, the read path's main cost (docs/benchmarks.md, "Latency"). Above
:attr:`~souvenir.read.scoring.ScoringConfig.shortlist_from` memories, one embedder's cosines
are computed for every memory and the other's only where they can matter: on a shortlist of
the best memories by the signals already known, and on a fixed sample of every memory
language. Elsewhere a value is estimated from the known embedder's cosine by the
least-squares line read on the sample, within each language; and the z-scores take their
mean and standard deviation from the sample alone, so that the estimates (whose spread is
narrower than the truth) do not inflate the shortlist's z-scores.

A gathered row costs about as much as ten streamed ones, so the shortlist is a fixed number
of memories (1,000: 42 times the 24 places), not a share of them.

Where the window embedder's index can answer coarse cosines (the read cache keeps each
user's vectors projected on their ``ScoringConfig.coarse_dims`` leading directions,
:func:`souvenir.ground.blas.leading_directions`: 96 of e5's 384 dimensions, a quarter of the bytes
to stream), neither embedder streams its whole matrix: the shortlist is drawn on BM25 and
the coarse e5 signal, both embedders are exact on it and on the sample, and elsewhere e5 is
estimated from its coarse value and USE from e5, each by the sample's line within each
language (:func:`fill_by_fit`), their z statistics read on the sample
(:func:`zscore_sampled`). The directions are read on the user's own vectors when the read
cache first needs them and kept until the user's vectors double or halve: a replica that
read them at another moment draws its estimates (never a shortlisted value) on slightly
other directions.
"""

from __future__ import annotations

import numpy as np

from souvenir.candidates.position_sets import union

__all__ = [
    "MIN_COVERAGE",
    "MIN_POINTS",
    "fill_by_fit",
    "filled_at",
    "fit_lines",
    "fit_points",
    "sampled_moments",
    "sampled_stats",
    "shortlist",
    "stratified_sample",
    "top_positions",
    "zscore_sampled",
]

#: Share of the memories the fully computed embedder must have vectors for: an estimate
#: needs its predictor, and after a large import the window index (e5, 4-40 windows/s here)
#: is hours behind USE; below it both embedders score every memory.
MIN_COVERAGE = 0.9

#: Sample points (an exact value and its predictor, both finite) below which no line is
#: drawn: with fewer, the estimates would all be NaN and the z statistics read on one or
#: two values, so the caller computes the exact score instead.
MIN_POINTS = 3


def stratified_sample(labels: np.ndarray, per_group: int) -> np.ndarray:
    """Sorted positions: about ``per_group`` evenly spaced members of each label (all of a
    smaller group); empty when ``per_group`` ≤ 0. ``labels``: int array (N,)."""
    if per_group <= 0:
        return np.empty(0, np.int64)
    parts = []
    for label in np.unique(labels):
        members = np.flatnonzero(labels == label)
        parts.append(members[:: max(1, -(-len(members) // per_group))])
    return np.sort(np.concatenate(parts)) if parts else np.empty(0, np.int64)


def shortlist(score: np.ndarray, size: int, sample: np.ndarray) -> np.ndarray:
    """Sorted positions of the ``size`` best finite ``score`` values, with ``sample``."""
    ranked = np.where(np.isfinite(score), score, -np.inf)
    size = min(size, len(ranked))
    best = top_positions(ranked, size) if 0 < size < len(ranked) else np.arange(size)
    return union(best, sample)


#: Every how many values :func:`top_positions` reads a first threshold on.
_STRIDE = 8


def top_positions(ranked: np.ndarray, size: int) -> np.ndarray:
    """Positions of the ``size`` largest values of ``ranked`` (float, no NaN; 0 < ``size``
    < its length), in no particular order: the set ``np.argpartition(-ranked, size − 1)
    [:size]`` holds. A threshold read on every ``_STRIDE``-th value first keeps about 1.5
    × ``size`` candidates, and only they are partitioned (100,000 values, 1,000 kept: 0.16
    ms against 1.9 for the partition of all); when that threshold keeps too few, or the
    ``size``-th value is tied (the partition then picks among the tied values its own
    way), the partition of all, as before."""
    sub = ranked[::_STRIDE]
    k = min(sub.size, size // _STRIDE * 3 // 2 + 8)
    if sub.size > k:
        threshold = np.partition(sub, sub.size - k)[sub.size - k]
        kept = np.flatnonzero(ranked >= threshold)
        if kept.size >= size:
            values = ranked[kept]
            boundary = np.partition(values, kept.size - size)[kept.size - size]
            if np.count_nonzero(values == boundary) == 1:
                return kept[values >= boundary]
    return np.argpartition(-ranked, size - 1)[:size]


def fill_by_fit(
    size: int, where: np.ndarray, exact: np.ndarray, predictor: np.ndarray, sample: np.ndarray, labels: np.ndarray
) -> np.ndarray:
    """A column of ``size`` values: ``exact`` at positions ``where`` (sorted; NaN = no
    value), elsewhere ``a · predictor + b`` with (a, b) the least-squares line of the exact
    values on ``predictor`` over the ``sample`` positions (a subset of ``where``) of the same
    label (``labels``: group numbers 0..G−1), or of the whole sample when a label has fewer
    than 3 usable points; NaN where ``predictor`` is NaN, and at a position of ``where``
    whose exact value is not finite (no vector: no value, as in the exact score, never an
    estimate). Float64."""
    slope, intercept = fit_lines(where, exact, predictor, sample, labels)
    if len(slope) == 1 and predictor.dtype == np.float64:  # one label: the same products, no gathers
        out = predictor * slope[0]
        out += intercept[0]
    else:
        out = slope[labels] * predictor + intercept[labels]
    out[where] = np.where(np.isfinite(exact), exact, np.nan)
    return out


def fit_lines(
    where: np.ndarray,
    exact: np.ndarray,
    predictor: np.ndarray | None,
    sample: np.ndarray,
    labels: np.ndarray,
    sampled: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """(slope, intercept) per label, float64 arrays (G,): the lines :func:`fill_by_fit`
    draws (arguments as there; NaN when no line could be drawn at all). ``sampled``: the
    predictor's values at ``sample`` (then ``predictor`` is not read)."""
    at = np.searchsorted(where, sample)
    y, group = exact[at], labels[sample]
    x = sampled if sampled is not None else predictor[sample]  # type: ignore[index]
    usable = np.isfinite(y) & np.isfinite(x)
    overall = _line(x[usable], y[usable]) or (np.nan, np.nan)
    groups = int(labels.max(initial=-1)) + 1
    slope, intercept = np.full(groups, overall[0]), np.full(groups, overall[1])
    for label in range(groups):
        mine = usable & (group == label)
        fit = _line(x[mine], y[mine])
        if fit is not None:
            slope[label], intercept[label] = fit
    return slope, intercept


def filled_at(
    positions: np.ndarray,
    slope: np.ndarray,
    intercept: np.ndarray,
    where: np.ndarray,
    exact: np.ndarray,
    predictor: np.ndarray,
    labels: np.ndarray,
) -> np.ndarray:
    """``fill_by_fit(…)[positions]`` (the same bits) computed at ``positions`` only (int64,
    sorted), from its lines (:func:`fit_lines`); ``predictor`` and ``labels``: their values
    at ``positions``."""
    out = slope[labels] * predictor + intercept[labels]
    if where.size and positions.size:
        at = np.minimum(np.searchsorted(where, positions), where.size - 1)
        inside = where[at] == positions
        values = exact[at[inside]]
        out[inside] = np.where(np.isfinite(values), values, np.nan)
    return out


def fit_points(where: np.ndarray, exact: np.ndarray, predictor: np.ndarray, sample: np.ndarray) -> int:
    """How many ``sample`` positions :func:`fill_by_fit` can draw its line on (both values
    finite); arguments as there."""
    return int((np.isfinite(exact[np.searchsorted(where, sample)]) & np.isfinite(predictor[sample])).sum())


def _line(x: np.ndarray, y: np.ndarray) -> tuple[float, float] | None:
    """(slope, intercept) of the least-squares line; ``None`` below MIN_POINTS; slope 0 when
    ``x`` is constant."""
    if x.size < MIN_POINTS:
        return None
    dx = x - x.mean()
    var = float(np.dot(dx, dx))
    slope = float(np.dot(dx, y - y.mean())) / var if var > 0 else 0.0
    return slope, float(y.mean()) - slope * float(x.mean())


def zscore_sampled(x: np.ndarray, positions: list[np.ndarray], labels: np.ndarray, sample: np.ndarray) -> np.ndarray:
    """z-score of ``x`` within each group (``positions``: the positions of group g at index
    g; ``labels``: each position's group), the mean and standard deviation of a group read
    on its ``sample`` positions only (finite values); 0 where ``x`` is NaN and in a group
    with fewer than 2 sampled values or none spread. Float64."""
    out = np.zeros(len(x), dtype=np.float64)
    finite = np.isfinite(x)
    every = bool(finite.all())  # then no group's positions are filtered
    for where, stats in zip(positions, sampled_stats(x[sample], labels[sample], len(positions))):
        if stats is None:
            continue
        mean, sd = stats
        if len(where) == len(x) and x.dtype == np.float64 and every:
            np.subtract(x, mean, out=out)  # one group of every position: no gather, same bits
            out /= sd
            continue
        ok = where if every else where[finite[where]]
        out[ok] = (x[ok] - mean) / sd
    return out


def sampled_stats(values: np.ndarray, labels: np.ndarray, groups: int) -> list[tuple[float, float] | None]:
    """Per group 0..``groups``−1, the (mean, standard deviation) :func:`zscore_sampled`
    reads from the sampled ``values`` (with their ``labels``), ``None`` for a group it
    leaves at 0."""
    out: list[tuple[float, float] | None] = []
    for g in range(groups):
        mine = values[labels == g]
        mine = mine[np.isfinite(mine)]
        if mine.size < 2:
            out.append(None)
            continue
        mean = mine.mean()  # the arithmetic of fusion.zscore: a covering sample gives its bits
        d = mine - mean
        sd = float(np.sqrt(np.dot(d, d) / d.size))
        out.append((mean, sd) if sd > 0 else None)
    return out


def sampled_moments(x: np.ndarray, sample: np.ndarray) -> tuple[float, float] | None:
    """(mean, standard deviation) of the finite values of ``x`` at ``sample`` as
    ``zscore(x, sample=sample)`` reads them (``None``: it gives 0 everywhere); that z is
    then ``(x − mean) · (1 / sd)``, 0 where ``x`` is NaN."""
    sample = np.asarray(sample, dtype=np.int64)
    if sample.size > 1 and not (sample[1:] > sample[:-1]).all():
        sample = np.unique(sample)  # a position counts once, in order, as in a mask
    values = x[sample]
    values = values[np.isfinite(values)]
    size = values.size
    if size < 2:
        return None
    zeros = np.zeros(size, dtype=np.intp)
    mean = np.bincount(zeros, values, minlength=1)[0] / size
    d = values - mean
    sd = np.sqrt(np.bincount(zeros, d * d, minlength=1)[0] / size)
    if not sd > 0:
        return None
    return mean, sd
