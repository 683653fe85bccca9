"""Calibrated z-scores for small stores: each signal's per-query mean and spread shrunk
toward the distribution of irrelevant pairs read from data (pure numpy).

Why: the fused score z-scores every signal over the user's N memories for this query. A
z-score over N values is bounded by √(N − 1), so with 2–5 memories the relevance signals
(USE, e5, BM25) cannot exceed 1–2 while the fixed priors (event report + 2, dated + 1,
neighbours, length) keep their size: a 3-memory store ranked by the priors, not by
relevance. Here a signal's mean and variance over the N memories are pooled with ``weight``
pseudo-memories drawn from the *irrelevant pairs' distribution* of that signal (a query
with a memory that is not its gold, over the public folds)::

    M = (N · m + k · μ0) / (N + k)
    V = (N · s² + k_v · σ0²) / (N + k_v)
    z = (x − M) / √V

``m``, ``s²``: the query's mean and variance over the N memories (finite values; NaN →
z 0 as before); ``μ0``, ``σ0``, ``k``, ``k_v``: the :class:`Prior`. With N ≫ k, k_v this
is the plain z-score; with N ≪ k_v a memory is measured in the spread irrelevant pairs
have, so a gap of three spreads reads as three, not as ±1 whatever its size (the mean's
offset varies from query to query for the embedders — e5's k is about 1 —, the spread
much less).

Where the numbers come from (never chosen): :func:`read_prior` on per-query arrays of
irrelevant values, by empirical Bayes — μ0 the mean of the per-query means, σ0² the mean
of the per-query variances, ``k = σ0² / τ²`` with τ² the variance of the per-query means
across queries and ``k_v = 2 σ0⁴ / τ_v²`` with τ_v² that of the per-query variances (the
number of memories whose estimate is as uncertain as the prior). ``souvenir``'s constants (:data:`PRIORS`) were read by
``bench/small_stores.py --read`` over the nine public folds (docs/journal.md, "Calibrated
small stores"); an embedder nobody read gets no prior (its z is the plain one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["Calibration", "Prior", "PRIORS", "calibration_for", "calibrated_z", "read_prior"]


@dataclass(frozen=True, slots=True)
class Prior:
    """One signal's irrelevant-pair distribution: ``mean`` μ0, ``sd`` σ0 (same unit as the
    signal), ``weight`` k (pseudo-memories, ≥ 0) of the mean and ``sd_weight`` k_v of the
    variance (``None``: k)."""

    mean: float
    sd: float
    weight: float
    sd_weight: float | None = None


@dataclass(frozen=True, slots=True)
class Calibration:
    """The priors the fused score reads (``None``: that signal's plain z-score).

    ``window_same`` / ``window_cross``: the window embedder's, for memories written in the
    message's language / in another (its cosines across languages sit lower: each memory
    language is z-scored on its own)."""

    dense: Prior | None = None
    window_same: Prior | None = None
    window_cross: Prior | None = None
    lexical: Prior | None = None
    length: Prior | None = None


#: Priors read per embedder name (``Embedder.name``) and for the lexical signal
#: (``"bm25"``, the product's BM25 k1 1.2 / b 0.4); "e5-small" holds (same language as
#: the message, across). Read by ``bench/small_stores.py --read`` on the nine public folds
#: (six LoCoMo conversations, three multilingual files; every query's non-gold memories,
#: 1,203 queries; docs/journal.md, "Calibrated small stores"). The length prior is not
#: calibrated: unbounded, it would grow the very prior relevance must outrank.
PRIORS: dict[str, tuple[Prior, ...]] = {
    "use-m3": (Prior(0.1606, 0.09684, 1.377, 12.47),),
    "e5-small": (Prior(0.7988, 0.01941, 0.8087, 12.29), Prior(0.7704, 0.02083, 2.045, 17.60)),
    "bm25": (Prior(0.9415, 1.067, 3.283, 4.531),),
}


def calibration_for(
    dense_name: str | None, window_name: str | None, priors: Mapping[str, tuple[Prior, ...]] | None = None
) -> Calibration:
    """The :class:`Calibration` for these embedders (by ``Embedder.name``; ``None``: off):
    a signal whose embedder has no reading keeps its plain z-score."""
    table = PRIORS if priors is None else priors
    dense = table.get(dense_name or "", ())
    window = table.get(window_name or "", ())
    lexical, length = table.get("bm25", ()), table.get("length", ())
    return Calibration(
        dense=dense[0] if dense else None,
        window_same=window[0] if window else None,
        window_cross=window[1] if len(window) > 1 else (window[0] if window else None),
        lexical=lexical[0] if lexical else None,
        length=length[0] if length else None,
    )


def calibrated_z(
    x: np.ndarray,
    prior: Prior | None,
    groups: Sequence[np.ndarray] | None = None,
    group_priors: Sequence[Prior | None] | None = None,
) -> np.ndarray:
    """The shrunk z-score of ``x`` (float array; NaN → 0), over all values with ``prior``
    or, with ``groups`` (position arrays), within each group with ``group_priors[g]`` (or
    ``prior`` when not given). A group with no prior, or a prior of weight 0, is the plain
    z-score (a group of one or a constant group → 0, as :func:`~souvenir.read.scoring.fusion.zscore`)."""
    out = np.zeros(len(x), dtype=np.float64)
    if groups is None:
        groups = [np.arange(len(x))]
    for g, positions in enumerate(groups):
        p = group_priors[g] if group_priors is not None else prior
        # a group of every position (ascending, as the callers' are) of a float64 column:
        # no gather, no scatter, the same arithmetic
        whole = len(positions) == len(x) and x.dtype == np.float64
        values = x if whole else x[positions]
        ok = np.isfinite(values)
        if not ok.all():
            positions, values, whole = np.flatnonzero(ok) if whole else positions[ok], values[ok], False
        n = values.size
        if n == 0:
            continue
        m = float(values.mean())
        d = values - m
        s2 = float(np.dot(d, d) / n)
        if p is None or p.weight <= 0 or not p.sd > 0:
            if n < 2 or s2 <= 0:
                continue
            mean, var = m, s2
        else:
            k = p.weight
            kv = k if p.sd_weight is None else p.sd_weight
            mean = (n * m + k * p.mean) / (n + k)
            var = (n * s2 + kv * p.sd**2) / (n + kv)
        if whole:
            np.subtract(values, mean, out=out)
            out /= np.sqrt(var)
        else:
            out[positions] = (values - mean) / np.sqrt(var)
    return out


def read_prior(per_query: Sequence[np.ndarray]) -> Prior | None:
    """The :class:`Prior` of a signal from its irrelevant values, one array per query
    (finite values only are read; queries with fewer than 2 are skipped): μ0 the mean of
    the per-query means, σ0 the root of the mean per-query variance, k = σ0² / τ² and
    k_v = 2 σ0⁴ / τ_v² (τ², τ_v²: the variance across queries of the per-query means and
    variances, less their sampling variance s² / n and 2 s⁴ / (n − 1); none left: 1e6).
    ``None`` with fewer than 2 usable queries."""
    means, variances, noise_m, noise_v = [], [], [], []
    for values in per_query:
        v = np.asarray(values, dtype=np.float64)
        v = v[np.isfinite(v)]
        if v.size >= 2:
            s2 = float(v.var())
            means.append(float(v.mean()))
            variances.append(s2)
            noise_m.append(s2 / v.size)
            noise_v.append(2 * s2 * s2 / (v.size - 1))
    if len(means) < 2:
        return None
    sigma2 = float(np.mean(variances))
    tau2 = float(np.var(means)) - float(np.mean(noise_m))
    tau2_v = float(np.var(variances)) - float(np.mean(noise_v))
    weight = sigma2 / tau2 if tau2 > 0 else 1e6
    sd_weight = 2 * sigma2 * sigma2 / tau2_v if tau2_v > 0 else 1e6
    return Prior(float(np.mean(means)), float(np.sqrt(sigma2)), float(weight), float(sd_weight))
