"""A large user's final score on a shortlist, every other memory given an upper bound (issue #28).

On the large user's coarse path (:mod:`souvenir.read.scoring.shortlist`) both embedders are
exact on the shortlist and estimated elsewhere by a line of the coarse e5 cosine C within
each memory language. Outside the shortlist each of the score's terms is therefore a known
function of what is already computed for every memory, and bounded above:

- relevance R = w_dense · z(USE) + w_window · z_lang(e5) + w_lexical · z(BM25): the two
  estimates are affine in C (a line, then a z-score with the sample's statistics, then a
  line again), so R = κ_g · C + λ_g + w_lexical · z(BM25) per language g, exactly up to
  rounding (a margin ``MARGIN`` above it covers the rounding);
- the priors (length, dated, acts) are gate · x with the gate clip((R − at) / width, 0, 1)
  at most 1: at most max(x, 0) (kept per user; the gate would tighten it only for memories
  far below the places);
- the neighbour term α · max(first stage of the neighbours): a neighbour inside the
  evaluated set counts its exact first stage, any other at most the largest bound of a
  first stage outside it;
- speaker, profile, relatives, kind and period: their value when positive, else 0 (the
  relatives' term is gate · bonus · flags, the flags read per user from the whole store:
  at most max(bonus, 0) · flags).

:class:`~souvenir.candidates.score_map.LazyScores` holds the exact score (the very bits of
:func:`~souvenir.read.scoring.fusion.fuse` over every memory: each term is elementwise once
the z statistics, read on the sample or over every memory as the full path reads them, are
given) on the shortlist and that bound elsewhere; :func:`~souvenir.read.selection.select`
proves its result from them (a memory whose bound can not win a place can not win it with
its score) and asks for exact values only where the proof needs them. Anything that reads
every score (the diagnostics' ranks, ``ContextResult.scores``) makes the full score, once.
Only the default levers' shape is served so (:func:`served`); any other lever, the full path.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import numpy as np

from souvenir.candidates.position_sets import union, unique

from souvenir.read.scoring.calibration import calibrated_z
from souvenir.read.scoring.fusion import ScoringConfig, fuse, zscore
from souvenir.read.scoring.shortlist import filled_at
from souvenir.candidates import Pool

__all__ = ["MARGIN", "Bounded", "served"]

#: Added to every bound: the composed affine map of C and the stepwise one of the full path
#: differ by rounding (scores of a few units, float64: ~1e-14), far below it.
MARGIN = 1e-6

#: First-stage parts (:func:`fuse`'s ``parts``) summed into a neighbour's first stage.
_FIRST = ("use", "e5", "bm25", "dated")


#: The levers this module knows (those of ``ScoringConfig`` when it was written; the
#: profile's and relatives' act through ``profile``, the speaker terms and
#: ``relatives``, bounded): any other
#: field, a lever added since, must hold its default value for the shortlist to be served
#: (its term is then not bounded here: the full score is computed).
_KNOWN = frozenset(
    """calibrated w_dense w_window w_lexical bm25_k1 bm25_b neighbour_alpha neighbour_reach
    speaker_penalty period_bonus period_slack_days window_global shortlist_from
    shortlist_size sample_per_group coarse_dims coarse_neighbours session_decay
    diversity_top expansion_weight expansion_top expansion_terms relative_periods
    window_floor cross_window speaker_bonus length_prior length_first neighbour_gate
    neighbour_gate_broad dated_bonus prf_weight prf_top prf_terms prf_broad prf_min_docs
    prf_temperature event_bonus ask_penalty acts_first acts_broad lexical_lang dense_lang
    dense_centre window_centre cross_use_max use_max_all use_max_rez use_max_top rank_fusion
    rank_fusion_k rank_fusion_cross w_sparse sparse_lang sparse_cross priors_gate
    priors_gate_at profile_bonus inference_w_lexical relative_bonus relative_gated kind_bonus
    kind_gated kind_broad context_weight context_lexical context_turns context_decay context_gate
    mood_bonus mood_any context_few pair_query short_names second_pair comfort_read inference_wide
    comfort_alone self_statement profile_gated""".split()
)
_DEFAULT = ScoringConfig()


def served(cfg: ScoringConfig) -> bool:
    """Whether the final score of ``cfg`` can be computed on a shortlist with bounds: the
    default shape (no second hop, rank fusion, sparse terms,
    diversity, cross-language factors; neighbours summed alike on
    both sides, ungated; priors after the neighbours; non-negative gate width), and every
    lever this module does not know at its default."""
    for f in fields(cfg):
        if f.name not in _KNOWN and getattr(cfg, f.name) != getattr(_DEFAULT, f.name):
            return False
    return (
        not cfg.expansion_weight
        and not cfg.rank_fusion
        and not cfg.w_sparse
        and not cfg.session_decay
        and not cfg.prf_weight
        and cfg.cross_window == 1.0
        and not cfg.cross_use_max
        and cfg.window_floor is None
        and not cfg.window_global
        and not cfg.window_centre
        and not cfg.lexical_lang
        and not cfg.dense_lang
        and not cfg.dense_centre
        and cfg.neighbour_alpha >= 0
        and not cfg.neighbour_gate
        and not cfg.length_first
        and not cfg.acts_first
        and cfg.priors_gate >= 0
    )


def scaled_length(cfg: ScoringConfig, lengths: np.ndarray, priors: dict | None, kept: dict) -> np.ndarray:
    """The length prior before the gate for every memory, ``length_prior · z(lengths)``, as
    :func:`fuse` keeps it in ``kept`` (read from there, or computed and kept the same way)."""
    prior = priors.get("length") if priors else None
    inputs = (lengths, prior, cfg.length_prior)
    held = kept.get("length")
    if isinstance(held, list):
        for key, out in held:
            if len(key) == 3 and key[0] is lengths and key[1] == prior and key[2] == cfg.length_prior:
                return out
    else:
        held = kept["length"] = []
    out = cfg.length_prior * (zscore(lengths) if prior is None else calibrated_z(lengths, prior))
    held.insert(0, (inputs, out))
    del held[4:]
    return out


class Bounded:
    """One message's final score: exact on an evaluated set of positions, bounded elsewhere.

    ``fit``: what the coarse path learnt (keys ``where``, ``C``, ``E`` and ``U`` exact on
    ``where``, ``lines_E`` / ``lines_U`` (slope, intercept per language), ``stats_E`` (per
    language (mean, sd) or ``None``), ``stats_U`` ((mean, sd) or ``None``), ``lexical_z``
    (BM25's z for every memory, or ``None``)). ``fused``: the final :func:`fuse`'s keyword
    arguments (the scorer's), ``static``: the user's columns. :meth:`values` gives the
    array a :class:`~souvenir.candidates.score_map.LazyScores` holds; :meth:`refine` makes more
    positions exact.
    """

    def __init__(self, cfg: ScoringConfig, fit: dict, fused: dict, static: Any, lexical: np.ndarray) -> None:
        self.cfg, self.fit, self.fused, self.static, self.lexical = cfg, fit, fused, static, lexical
        n = len(static.ids)
        self.n = n
        self.exact = np.zeros(n, dtype=bool)
        self._lifted = False  # the neighbour term added to the bounds (_neighbours_seen)
        self.array = self._bounds()
        self._evaluate(union(fit["where"], _placed(static)))
        if self._has_neighbours is not None and not self._lifted:
            rest = ~self.exact
            self.array[rest] = self._with_neighbours(rest)

    # -- exact values at a few positions: fuse over gathered columns --------------------------

    def _evaluate(self, positions: np.ndarray) -> None:
        """Exact scores at ``positions`` (and their neighbours' first stages, read for them)."""
        if self.exact.any():
            positions = positions[~self.exact[positions]]
        if not positions.size:
            return
        table: np.ndarray | None = self.fused.get("neighbours")
        use_neighbours = table is not None and bool(self.cfg.neighbour_alpha)
        if table is not None and use_neighbours:
            near = table[:, positions].ravel()
            span = union(positions, near[near >= 0])
        else:
            span = positions
        score, first = self._fuse_at(span, use_neighbours)
        at = np.searchsorted(span, positions)
        self.array[positions] = np.round(score[at], 6)
        self.exact[positions] = True
        if use_neighbours:
            self._neighbours_seen(span, first)

    def _fuse_at(self, span: np.ndarray, use_neighbours: bool) -> tuple[np.ndarray, np.ndarray]:
        """(score, first stage) at the sorted positions ``span`` (the score exact where every
        neighbour is in ``span``)."""
        cfg, fit, fused, static = self.cfg, self.fit, self.fused, self.static
        labels = static.languages
        where, C = fit["where"], fit["C"]
        here = labels[span]
        (sE, bE), (sU, bU) = fit["lines_E"], fit["lines_U"]
        E = filled_at(span, sE, bE, where, fit["E"], C[span], here)
        U = filled_at(span, sU, bU, where, fit["U"], E, here)
        memo: dict = {"window": (E, _z_groups(E, here, fit["stats_E"])), "dense": (U, _z_one(U, fit["stats_U"]))}
        lexical = self.lexical[span]
        if fit["lexical_z"] is not None:
            memo["lexical"] = (lexical, fit["lexical_z"][span])
        args = dict(fused)
        for name, value in fused.items():  # every per-memory column, whatever its name
            if isinstance(value, np.ndarray) and value.ndim == 1 and len(value) == self.n:
                args[name] = value[span]
        kept: dict = {}
        lengths = fused.get("lengths")
        if lengths is not None and cfg.length_prior:
            priors = fused.get("priors")
            prior = priors.get("length") if priors else None
            scaled = scaled_length(cfg, lengths, priors, static.kept)[span]
            kept["length"] = [((args["lengths"], prior, cfg.length_prior), scaled)]
        args.update(
            lexical=lexical,
            speakers=fused["speakers"][span],
            days=fused["days"][span],
            memo=memo,
            kept=kept,
            expansion=None,
            sparse=None,
            neighbours=_local_table(fused["neighbours"], span) if use_neighbours else None,
        )
        parts: dict = {}
        score = fuse(cfg, dense=U, window=E, parts=parts, **args)
        first = np.zeros(len(span))
        for name in _FIRST:
            if name in parts:
                first = first + parts[name]
        return score, first

    # -- bounds for every memory -------------------------------------------------------------

    def _bounds(self) -> np.ndarray:
        """Per memory, a value at least its rounded score (module docstring)."""
        cfg, fit, fused, static = self.cfg, self.fit, self.fused, self.static
        C = fit["C"]
        groups = len(fit["stats_E"])
        kappa, lam = np.zeros(groups), np.zeros(groups)
        (sE, bE), (sU, bU) = fit["lines_E"], fit["lines_U"]
        for g in range(groups):
            stats = fit["stats_E"][g]
            if stats is not None and np.isfinite(sE[g]) and np.isfinite(bE[g]) and cfg.w_window:
                kappa[g] += cfg.w_window * sE[g] / stats[1]
                lam[g] += cfg.w_window * (bE[g] - stats[0]) / stats[1]
            su = fit["stats_U"]
            if su is not None and cfg.w_dense and all(np.isfinite(v) for v in (sE[g], bE[g], sU[g], bU[g])):
                kappa[g] += cfg.w_dense * sU[g] * sE[g] / su[1]
                lam[g] += cfg.w_dense * (sU[g] * bE[g] + bU[g] - su[0]) / su[1]
        slack = MARGIN + 1e-9 * (np.abs(kappa).max(initial=0.0) + np.abs(lam).max(initial=0.0))
        if groups == 1:
            R = C * kappa[0]
            R += lam[0] + slack
        else:  # each memory's coefficients read from its language's (no gather of C, no scatter)
            labels = static.languages
            R = C * kappa.take(labels)
            R += (lam + slack).take(labels)
        np.nan_to_num(R, copy=False, nan=slack)  # no coarse value: no estimate, both z are 0
        if cfg.w_lexical and fit["lexical_z"] is not None:
            R += fit["lexical_z"] if cfg.w_lexical == 1.0 else cfg.w_lexical * fit["lexical_z"]
        table = fused.get("neighbours")
        self._has_neighbours = None if table is None or not cfg.neighbour_alpha else _has_neighbours(table, static)
        dated = fused.get("dated")
        if self._has_neighbours is not None:  # a first stage's bound, memory by memory (gate ≤ 1)
            positive = np.maximum(dated, 0.0) if dated is not None else 0.0
            self._first_out = R + positive * (max(cfg.dated_bonus, 0.0) * (1 + 1e-12)) if cfg.dated_bonus else R.copy()
        # the priors at gate 1 (the gate is at most 1): dated, length, acts
        score = R
        score += self._priors()
        for term in self._bonuses():
            score += term
        self._score_wo_neighbours = score
        if self._has_neighbours is None:
            return score
        self._near = np.full(self.n, -np.inf)
        # every bound is written once the first evaluated positions' neighbours are known
        # (:meth:`_neighbours_seen`, or ``__init__``): not twice
        return np.empty(self.n)

    def _priors(self) -> np.ndarray | float:
        """Per memory, the gated priors' largest value (at gate 1, each term at least 0:
        dated, length, acts), kept per user."""
        cfg, fused, static = self.cfg, self.fused, self.static
        lengths, events, questions = fused.get("lengths"), fused.get("events"), fused.get("questions")
        priors = fused.get("priors")
        dated = fused.get("dated")
        key = ("bounded priors", cfg.length_prior, cfg.event_bonus, cfg.ask_penalty, cfg.dated_bonus)
        held = static.kept.get(key)
        if (
            held is not None
            and held[0] is lengths
            and held[1] is events
            and held[2] is dated
            and held[3] == (priors or {}).get("length")
        ):
            return held[4]
        total: np.ndarray | float = 0.0
        if dated is not None and cfg.dated_bonus:
            total = total + np.maximum(cfg.dated_bonus * dated, 0.0) * (1 + 1e-12)
        if lengths is not None and cfg.length_prior:
            total = total + np.maximum(scaled_length(cfg, lengths, priors, static.kept), 0.0)
        acts = np.zeros(self.n)
        if events is not None and cfg.event_bonus:
            acts = acts + cfg.event_bonus * events
        if questions is not None and cfg.ask_penalty:
            acts = acts - cfg.ask_penalty * questions
        total = total + np.maximum(acts, 0.0)
        static.kept[key] = (lengths, events, dated, (priors or {}).get("length"), total)
        return total

    def _bonuses(self) -> list[np.ndarray | float]:
        """Speaker, profile, relatives, kind, mood and period terms: at most their positive value (terms
        to add)."""
        cfg, fused = self.cfg, self.fused
        out: list[np.ndarray | float] = []
        speaker = fused.get("speaker")
        if speaker is not None and cfg.speaker_bonus > 0:
            out.append(cfg.speaker_bonus * (fused["speakers"] == speaker))
        if speaker is not None and cfg.speaker_penalty < 0:
            out.append(-cfg.speaker_penalty)
        profile = fused.get("profile")
        if profile is not None and cfg.profile_bonus > 0:
            out.append(cfg.profile_bonus * profile)
        relatives = fused.get("relatives")
        if relatives is not None and cfg.relative_bonus > 0:
            if not isinstance(relatives, np.ndarray):
                raise TypeError("the relatives' term must be per memory to be bounded")
            out.append(cfg.relative_bonus * relatives)
        kinds = fused.get("kinds")
        if kinds is not None and cfg.kind_bonus > 0:
            out.append(cfg.kind_bonus * kinds)
        mood = fused.get("mood")
        if mood is not None and cfg.mood_bonus > 0:
            out.append(cfg.mood_bonus * mood)
        period = fused.get("period")
        if period is not None and cfg.period_bonus > 0:
            days = fused["days"]
            lo, hi = period[0].toordinal(), period[1].toordinal() + cfg.period_slack_days
            key = ("bounded period", lo, hi, cfg.period_bonus)
            held = self.static.kept.get(key)
            if held is None or held[0] is not days:
                periods = [k for k in list(self.static.kept) if isinstance(k, tuple) and k[0] == "bounded period"]
                for old in periods[:-3]:  # the last few periods asked
                    self.static.kept.pop(old, None)
                held = self.static.kept[key] = (days, cfg.period_bonus * ((days >= lo) & (days <= hi)))
            out.append(held[1])
        return out

    def _with_neighbours(self, rows: np.ndarray) -> np.ndarray:
        """The bound of the memories ``rows`` (bool mask) with the neighbour term added."""
        base = self._score_wo_neighbours
        if self._has_neighbours is None:
            return base.copy() if rows.all() else base[rows]
        outside = np.where(self.exact, -np.inf, self._first_out)
        top = float(outside.max(initial=-np.inf))  # any neighbour outside the evaluated set
        best = np.maximum(self._near, top)
        lift = self.cfg.neighbour_alpha * np.where(self._has_neighbours, np.maximum(best, -np.inf), 0.0)
        # a memory with neighbours: the best of them, never below 0 when none is finite
        lift = np.where(np.isfinite(lift), lift, 0.0)
        out = base + lift
        return out if rows.all() else out[rows]

    def _neighbours_seen(self, span: np.ndarray, first: np.ndarray) -> None:
        """Every memory next to an evaluated one may borrow that one's exact first stage."""
        table: np.ndarray = self.fused["neighbours"]
        near = table[:, span]
        values = np.broadcast_to(first + MARGIN, near.shape)
        ok = near >= 0
        np.maximum.at(self._near, near[ok], values[ok])
        rest = ~self.exact
        self.array[rest] = self._with_neighbours(rest)
        self._lifted = True

    # -- what the selection asks -------------------------------------------------------------

    def refine(self, positions: np.ndarray) -> None:
        """Make the scores at ``positions`` exact (the others stay bounds)."""
        self._evaluate(unique(np.asarray(positions, dtype=np.int64)))


def _placed(static: Any) -> np.ndarray:
    """Positions of the rules and the pinned memories (the selection places them by rank
    whatever their score, and orders them by it): exact from the start. Kept per user; read
    from the pool's selection columns when the candidates are a
    :class:`~souvenir.candidates.pool.Pool` (a Python pass over 100,000 memories was ~10 ms of
    a large user's first query after the warm-up)."""
    held = static.kept.get("placed positions")
    if held is None:
        memories = static._candidates
        if isinstance(memories, Pool):  # the selection's kept columns (the warm-up reads them)
            columns = memories.static()
            held = np.flatnonzero(columns.rule | columns.pinned)
        else:
            held = np.flatnonzero(np.fromiter((m.kind == "rule" or m.pinned for m in memories), bool, len(memories)))
        static.kept["placed positions"] = held
    return held


def _has_neighbours(table: np.ndarray, static: Any) -> np.ndarray:
    """Per memory, whether it has a session neighbour (bool): kept per user with ``table``."""
    held = static.kept.get("has neighbours")
    if held is None or held[0] is not table:
        held = static.kept["has neighbours"] = (table, (table >= 0).any(axis=0))
    return held[1]


def _z_groups(x: np.ndarray, labels: np.ndarray, stats: list) -> np.ndarray:
    """``zscore_sampled``'s values at gathered positions (``labels``: theirs)."""
    out = np.zeros(len(x))
    finite = np.isfinite(x)
    for g, st in enumerate(stats):
        if st is None:
            continue
        ok = (labels == g) & finite
        out[ok] = (x[ok] - st[0]) / st[1]
    return out


def _z_one(x: np.ndarray, stats: tuple | None) -> np.ndarray:
    """``zscore(·, sample=…)``'s values at gathered positions: (x − mean) · (1 / sd)."""
    out = np.zeros(len(x))
    if stats is None:
        return out
    np.subtract(x, stats[0], out=out, where=np.isfinite(x))
    out *= 1.0 / stats[1]
    return out


def _local_table(table: np.ndarray, span: np.ndarray) -> np.ndarray:
    """``table``'s columns at ``span`` with positions renumbered within ``span`` (−1 for a
    neighbour outside it)."""
    sub = table[:, span]
    at = np.minimum(np.searchsorted(span, sub), len(span) - 1)
    return np.where((sub >= 0) & (span[at] == sub), at, -1)


def bounded_or_none(
    cfg: ScoringConfig, fit: dict | None, fused: dict, static: Any, lexical: np.ndarray
) -> Bounded | None:
    """A :class:`Bounded` when ``cfg`` is :func:`served` and the fit is complete."""
    if fit is None or not served(cfg):
        return None
    return Bounded(cfg, fit, fused, static, lexical)
