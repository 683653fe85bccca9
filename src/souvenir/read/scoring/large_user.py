"""A large user's two dense columns (U: the main embedder's cosines, E: the window
embedder's), each a float array aligned with the user's candidates, drawn from a shortlist
above ``ScoringConfig.shortlist_from`` memories: exact where they can matter, elsewhere
estimated by the sample's line (:mod:`souvenir.read.scoring.shortlist`, which gives the
why and the numbers). Pure given its inputs; the z-scores go to the fused score's memo
(``common["memo"]``); ``cfg`` is the scorer's configuration (not one message's). Called by
:class:`souvenir.read.scoring.scorer.Prepared`.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from souvenir.candidates.position_sets import union
from souvenir.read.scoring.fused_terms import lexical_ready as _lexical_ready
from souvenir.read.scoring.fusion import ScoringConfig, fuse, zscore
from souvenir.read.scoring.scorer_input import DenseInput, aligned
from souvenir.read.scoring.shortlist import (
    MIN_COVERAGE,
    MIN_POINTS,
    fill_by_fit,
    fit_lines,
    fit_points,
    sampled_moments,
    sampled_stats,
    shortlist,
    zscore_sampled,
)
from souvenir.read.scoring.user_columns import UserColumns as _Static

__all__ = ["coarse_fill", "coarse_fit", "from_coarse", "from_shortlist"]


def _first_stage(
    cfg: ScoringConfig, window: np.ndarray, lexical: np.ndarray, common: dict, sample: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The first stage's score of every memory (BM25 and the window signal ``window``, exact or
    coarse; no neighbour, speaker or period term) and the shortlist it draws with ``sample``
    (positions, sorted)."""
    _lexical_ready(common["memo"])
    partial = fuse(
        replace(cfg, neighbour_alpha=0.0, speaker_penalty=0.0, speaker_bonus=0.0, period_bonus=0.0),
        dense=None,
        window=window,
        lexical=lexical,
        **common,
    )
    return partial, shortlist(partial, cfg.shortlist_size, sample)


def from_shortlist(
    cfg: ScoringConfig,
    static: _Static,
    dense: DenseInput,
    window: DenseInput,
    lexical: np.ndarray,
    common: dict,
    sample: np.ndarray,
    coarse: bool = True,
) -> tuple[np.ndarray | None, np.ndarray | None]:
    """(U, E) of a large user: the window embedder's cosines for every memory, USE's on
    the ``shortlist_size`` best by BM25 and the window signal, and on ``sample``;
    elsewhere USE's estimated (:func:`fill_by_fit`), its z statistics read on the
    sample. The exact score (both for every memory) when the window index covers less
    than ``MIN_COVERAGE`` of the memories, or when the sample holds fewer than
    ``MIN_POINTS`` memories with both values (``sample_per_group`` 0 or 1, USE's index
    far behind)."""
    ids = static.ids
    if coarse and window.coarse is not None and cfg.coarse_dims > 0:
        found = from_coarse(cfg, static, dense, window, lexical, common, sample)
        if found is not None:
            return found
    E = aligned(ids, window.cosines(window.query))
    if E is not None and np.isfinite(E).mean() >= MIN_COVERAGE and sample.size >= MIN_POINTS:
        _, where = _first_stage(cfg, E, lexical, common, sample)
        exact = aligned(ids[where], dense.cosines(dense.query, ids[where]))
        if exact is None:
            return None, E
        if fit_points(where, exact, E, sample) >= MIN_POINTS:
            U = fill_by_fit(len(ids), where, exact, E, sample, static.languages)
            common["memo"]["dense"] = (U, zscore(U, sample=sample))
            return U, E
    # The window index behind (an import being embedded) or no line to draw: USE exact.
    return aligned(ids, dense.cosines(dense.query)), E


def from_coarse(
    cfg: ScoringConfig,
    static: _Static,
    dense: DenseInput,
    window: DenseInput,
    lexical: np.ndarray,
    common: dict,
    sample: np.ndarray,
) -> tuple[np.ndarray | None, np.ndarray] | None:
    """(U, E) of a large user from the window embedder's coarse cosines: the shortlist
    is the ``shortlist_size`` best by BM25 and the coarse window signal, with
    ``sample``; both embedders exact there; elsewhere E estimated from its coarse value
    and U from E (:func:`fill_by_fit`), their z statistics read on the sample. ``None``
    (the caller's path then) when the coarse values cover less than ``MIN_COVERAGE``
    of the memories or no line can be drawn."""
    fit = coarse_fit(cfg, static, dense, window, lexical, common, sample)
    if not isinstance(fit, dict):
        return fit
    return coarse_fill(static, fit, common, sample)


def coarse_fit(
    cfg: ScoringConfig,
    static: _Static,
    dense: DenseInput,
    window: DenseInput,
    lexical: np.ndarray,
    common: dict,
    sample: np.ndarray,
) -> dict | tuple[np.ndarray | None, np.ndarray] | None:
    """What :func:`from_coarse` learns before filling every memory: a dict (``where``,
    ``C``, the exact ``E`` and ``U`` on ``where``, their lines and z statistics, BM25's
    z; :class:`~souvenir.read.scoring.final_shortlist.Bounded`'s ``fit``), or what
    :func:`from_coarse` returns when it draws no line."""
    ids = static.ids
    C = aligned(ids, window.coarse())  # type: ignore[misc]
    if C is None or np.isfinite(C).mean() < MIN_COVERAGE or sample.size < MIN_POINTS:
        return None
    partial, where = _first_stage(cfg, C, lexical, common, sample)
    if static.neighbours is not None and cfg.neighbour_alpha and cfg.coarse_neighbours > 0:
        # the neighbour term reads the best neighbour's first-stage score: exact for the
        # session neighbours of the best shortlisted memories too, not estimated
        best = where[np.argsort(-np.nan_to_num(partial[where], nan=-np.inf), kind="stable")[: cfg.coarse_neighbours]]
        near = static.neighbours[:, best].ravel()
        where = union(where, near[near >= 0])
    exact = aligned(ids[where], window.cosines(window.query, ids[where]))
    if exact is None or fit_points(where, exact, C, sample) < MIN_POINTS:
        return None
    found = aligned(ids[where], dense.cosines(dense.query, ids[where]))
    if found is None:
        E = fill_by_fit(len(ids), where, exact, C, sample, static.languages)
        common["memo"]["window"] = (E, zscore_sampled(E, static.language_positions, static.languages, sample))
        return None, E  # as on the caller's path: USE has no vector there
    labels = static.languages
    at = np.searchsorted(where, sample)
    E_sample = np.where(np.isfinite(exact[at]), exact[at], np.nan)
    if int((np.isfinite(found[at]) & np.isfinite(E_sample)).sum()) < MIN_POINTS:  # fit_points
        E = fill_by_fit(len(ids), where, exact, C, sample, labels)
        common["memo"]["window"] = (E, zscore_sampled(E, static.language_positions, labels, sample))
        return aligned(ids, dense.cosines(dense.query)), E
    lexical_z = common["memo"].get("lexical")
    return dict(
        where=where,
        C=C,
        E=exact,
        U=found,
        lines_E=fit_lines(where, exact, C, sample, labels),
        lines_U=fit_lines(where, found, None, sample, labels, sampled=E_sample),
        stats_E=sampled_stats(E_sample, labels[sample], len(static.language_positions)),
        stats_U=sampled_moments(np.where(np.isfinite(found[at]), found[at], np.nan), np.arange(sample.size)),
        lexical_z=lexical_z[1] if lexical_z is not None and lexical_z[0] is lexical else None,
    )


def coarse_fill(static: _Static, fit: dict, common: dict, sample: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(U, E) for every memory from :func:`coarse_fit`'s dict (the lines drawn again:
    the same bits), their z-scores in ``common``'s memo."""
    ids, labels, where = static.ids, static.languages, fit["where"]
    E = fill_by_fit(len(ids), where, fit["E"], fit["C"], sample, labels)
    memo = common["memo"]
    memo["window"] = (E, zscore_sampled(E, static.language_positions, labels, sample))
    U = fill_by_fit(len(ids), where, fit["U"], E, sample, labels)
    memo["dense"] = (U, zscore(U, sample=sample))
    return U, E
