"""Scores for one message over one user's candidates: the fused score's inputs assembled.

Pure given its inputs (the query vectors and the user's vectors are passed in; the engine
does the I/O); the only state is a memo of each user's BM25 index, keyed by the
candidates' (id, content hash) so that any write rebuilds it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from threading import Lock
from typing import Any

import numpy as np

from souvenir.read.scoring.breadth import broad_question
from souvenir.read.scoring.inference import for_inference
from souvenir.read.scoring.pair_question import subject_speaker
from souvenir.read.scoring.relatives import relative_flags
from souvenir.read.scoring.calibration import Calibration
from souvenir.read.scoring.fusion import (
    ScoringConfig,
    coverage,
    diversified,
    fuse,
    named_speaker,
    zscore,
)
from souvenir.read.scoring.memory_language import memory_language
from souvenir.read.scoring.bm25 import bm25_tokens
from souvenir.read.scoring.periods import query_period
from souvenir.read.scoring.relevance import relevance_terms
from souvenir.read.scoring.shortlist import (
    MIN_COVERAGE,
    MIN_POINTS,
    fill_by_fit,
    fit_points,
    shortlist,
    zscore_sampled,
)
from souvenir.read.selection import Pool, Scores
from souvenir.read.scoring.user_columns import UserColumns as _Static
from souvenir.types import Memory

__all__ = ["DenseInput", "Prepared", "Scorer"]


@dataclass(frozen=True, slots=True)
class DenseInput:
    """One embedder's side of a query.

    ``query``: the query's unit vector (d,); ``cosines(vector, ids=None)``: its dot product
    with each of the user's embedded memories (only ``ids``, an int64 array, when given), as
    a mapping memory id → value (a :class:`~souvenir.read.selection.Scores` from the vector
    index, or a dict).
    """

    query: np.ndarray
    cosines: Callable[..., Mapping[int, float]]
    #: ``vectors(ids)``: the unit vectors of those memories (k×d, NaN rows where none),
    #: for the feedback step (``ScoringConfig.feedback_weight``); ``None``: no feedback.
    vectors: Callable[[np.ndarray], np.ndarray] | None = None
    #: ``coarse()``: the query's coarse cosine with each embedded memory (both projected on
    #: the leading directions of the user's vectors, :func:`souvenir.blas.leading_directions`),
    #: as ``cosines`` answers; ``None`` where the index has none (then the large user's
    #: path computes this embedder exactly for every memory).
    coarse: Callable[[], Mapping[int, float]] | None = None

    @classmethod
    def from_matrix(
        cls, query: np.ndarray, ids: Sequence[int], matrix: np.ndarray | None, basis: np.ndarray | None = None
    ) -> DenseInput:
        """From vectors in memory (``matrix`` n×d, row i = memory ``ids[i]``): tests, benches.
        ``basis`` (d×k, orthonormal columns): also the coarse cosines on it."""
        ids = list(ids)
        pos = {mid: i for i, mid in enumerate(ids)}
        dim = query.shape[0]

        def cosines(vector: np.ndarray, wanted: np.ndarray | None = None) -> Mapping[int, float]:
            if matrix is None or matrix.shape[1] != dim:
                return {}
            if wanted is None:
                return dict(zip(ids, (matrix @ vector.astype(np.float32)).tolist()))
            keep = [int(m) for m in wanted if int(m) in pos]
            return dict(zip(keep, (matrix[[pos[m] for m in keep]] @ vector.astype(np.float32)).tolist()))

        def vectors(wanted: np.ndarray) -> np.ndarray:
            if matrix is None:
                return np.full((len(wanted), dim), np.nan, dtype=np.float32)
            return (
                np.stack([matrix[pos[int(m)]] if int(m) in pos else np.full(dim, np.nan, np.float32) for m in wanted])
                if len(wanted)
                else np.zeros((0, dim), np.float32)
            )

        def coarse() -> Mapping[int, float]:
            if matrix is None or basis is None or matrix.shape[1] != dim:
                return {}
            b = basis.astype(np.float32)
            return dict(zip(ids, ((matrix @ b) @ (query.astype(np.float32) @ b)).tolist()))

        return cls(query, cosines, vectors, coarse if basis is not None else None)


def _aligned(ids: np.ndarray, found: Mapping[int, float]) -> np.ndarray | None:
    """Values of ``found`` for ``ids`` (float64, NaN where missing); ``None`` when empty."""
    if not found:
        return None
    if isinstance(found, Scores):
        return found.lookup(ids, copy=False)  # float64, read only here
    return np.array([found.get(int(i), np.nan) for i in ids], dtype=np.float64)


class Scorer:
    """The read path's scores (see :mod:`souvenir.read.scoring.fusion` for the formula).

    Keeps, per user, what it read of the candidates (languages, neighbours, the BM25
    index…) until they change: the same candidates object again (the store's read cache
    returns the same :class:`~souvenir.read.selection.Pool` while nothing changed) costs
    nothing; another one costs one pass to compare ids, hashes, sessions and speakers.
    When the new candidates are the held ones followed by new memories (a pool
    :meth:`~souvenir.read.selection.Pool.extended` from the held one, or the same marks
    then more), the columns are extended (:meth:`UserColumns.extended`: the same bits as a
    rebuild, reading only the new memories).
    """

    def __init__(
        self, config: ScoringConfig | None = None, max_users: int = 256, calibration: Calibration | None = None
    ) -> None:
        self.config = config or ScoringConfig()
        #: the small-store priors (:mod:`souvenir.read.scoring.calibration`), used when
        #: ``config.calibrated``; none by default (the engine passes those read for its
        #: embedders, :func:`~souvenir.read.scoring.calibration.calibration_for`)
        self.calibration = calibration if calibration is not None else Calibration()
        self._cache: OrderedDict[int, tuple[Sequence[Memory], int | None, _Static]] = OrderedDict()
        self._max_users = max_users
        self._lock = Lock()

    def _static(self, user_id: int, candidates: Sequence[Memory]) -> _Static:
        with self._lock:
            hit = self._cache.get(user_id)
        if hit is not None and hit[0] is candidates and isinstance(candidates, Pool):
            return hit[2]  # an immutable pool: nothing changed
        key: int | None = None
        if (
            hit is not None
            and isinstance(candidates, Pool)
            and isinstance(hit[0], Pool)
            and candidates.bases.get(hit[0].serial) == len(hit[0])
        ):  # the held pool followed by new memories (the read cache after a write)
            static = hit[2].extended(candidates, self.config)
        else:
            marks = [(m.id, m.content_hash, m.session, m.speaker, m.created_at) for m in candidates]
            key = hash(tuple(marks))
            if hit is not None and hit[1] == key:
                static = hit[2]
            elif hit is not None and len(hit[0]) < len(marks) and hit[1] == hash(tuple(marks[: len(hit[0])])):
                static = hit[2].extended(candidates, self.config)  # the same ones, then new ones
            else:
                static = _Static(candidates, self.config)
        with self._lock:
            self._cache[user_id] = (candidates, key, static)
            self._cache.move_to_end(user_id)
            while len(self._cache) > self._max_users:
                self._cache.popitem(last=False)
        return static

    def scores(
        self,
        user_id: int,
        candidates: Sequence[Memory],
        message: str,
        now: datetime,
        dense: DenseInput | None = None,
        window: DenseInput | None = None,
        parts: dict | None = None,
        sparse: DenseInput | None = None,
        context: Sequence[tuple[str, float]] | None = None,
    ) -> Scores:
        """Memory id → fused score (rounded to 6 decimals) for every candidate, as
        :class:`~souvenir.read.selection.Scores`.

        ``dense``: the main embedder (USE); ``window``: the window embedder (e5 on each
        episode with its neighbours). Either may be ``None`` (off, failed, or nothing
        embedded yet): the other signals still score. Above ``shortlist_from`` candidates
        the dense signals come from a shortlist (:mod:`souvenir.read.scoring.shortlist`).
        ``sparse``: the message's sparse latent terms and their dot products with the
        memories' (``ScoringConfig.w_sparse``; benches only, the engine passes none).
        ``context``: earlier turns of the conversation as (text, weight), read by BM25 with
        each term at its turn's weight (benches: ``bench/dialogue_recall.py``; the engine
        passes none — measured, not kept).
        ``parts``: a dict filled with ``ids`` (int64, the candidates' order) and each term
        of the score as an array aligned with them (:func:`~souvenir.read.scoring.fusion.fuse`).
        The same as :meth:`prepare` then :meth:`Prepared.finish`.
        """
        return self.prepare(user_id, candidates, message, now, dense, sparse, context).finish(window, parts)

    def prepare(
        self,
        user_id: int,
        candidates: Sequence[Memory],
        message: str,
        now: datetime,
        dense: DenseInput | None = None,
        sparse: DenseInput | None = None,
        context: Sequence[tuple[str, float]] | None = None,
    ) -> Prepared:
        """Everything of :meth:`scores` that does not need the window embedder's query
        vector (the candidates' columns, BM25, the main embedder's cosines below
        ``shortlist_from``, the message's language, period, speaker and breadth): the
        engine runs it while that vector is being computed."""
        if not candidates:
            return Prepared(None, {})
        cfg = self.config
        static = self._static(user_id, candidates)
        ids = static.ids
        lexical = static.lexical.scores(bm25_tokens(message))
        if context:  # the conversation's earlier turns, each term at its turn's weight
            weights: dict[str, float] = {}
            for text, weight in context:
                for term in bm25_tokens(text):
                    weights[term] = weights.get(term, 0.0) + weight
            lexical = lexical + static.lexical.weighted_scores(weights)
        memo: dict = {}
        common: dict[str, Any] = dict(
            languages=static.language_positions,
            neighbours=static.neighbours,
            speakers=static.speakers,
            days=static.days,
            memo=memo,
            kept=static.kept,
        )
        sample = static.sample(cfg.sample_per_group) if 0 < cfg.shortlist_from < len(ids) else None
        # a large user's USE comes from the shortlist once the window signal is known
        U = _aligned(ids, dense.cosines(dense.query)) if dense is not None and sample is None else None
        query = bm25_tokens(message)
        cross = None
        if (
            cfg.cross_window != 1.0 or cfg.cross_use_max or cfg.rank_fusion_cross or (cfg.sparse_cross and cfg.w_sparse)
        ) and len(static.language_names) > 1:
            asked = memory_language(message)
            cross = np.asarray(static.language_names != asked)[static.languages]
        broad = _broad_levers(cfg) and broad_question(message)
        if broad and cfg.broad_neighbour_alpha is not None:
            cfg = replace(cfg, neighbour_alpha=cfg.broad_neighbour_alpha)
        if broad and cfg.broad_neighbour_mode is not None:
            cfg = replace(cfg, neighbour_mode=cfg.broad_neighbour_mode)
        if not broad and cfg.neighbour_gate and cfg.neighbour_gate_broad:
            cfg = replace(cfg, neighbour_gate=0.0)
        if broad and cfg.broad_session_decay is not None:
            cfg = replace(cfg, session_decay=cfg.broad_session_decay)
        if broad and cfg.broad_length_prior is not None:
            cfg = replace(cfg, length_prior=cfg.broad_length_prior)
        if broad and cfg.broad_dated_bonus is not None:
            cfg = replace(cfg, dated_bonus=cfg.broad_dated_bonus)
        if broad and cfg.broad_speaker_bonus is not None:
            cfg = replace(cfg, speaker_bonus=cfg.broad_speaker_bonus)
        for name in ("w_dense", "w_window", "w_lexical"):
            if broad and getattr(cfg, "broad_" + name) is not None:
                cfg = replace(cfg, **{name: getattr(cfg, "broad_" + name)})
        if not broad and cfg.session_prior and cfg.session_prior_broad:
            cfg = replace(cfg, session_prior=0.0)
        if not broad and cfg.info_prior and cfg.info_broad:
            cfg = replace(cfg, info_prior=0.0)
        if not broad and (cfg.event_bonus or cfg.ask_penalty) and cfg.acts_broad:
            cfg = replace(cfg, event_bonus=0.0, ask_penalty=0.0)
        speaker = named_speaker(message, static.speaker_names)
        cfg, profile = for_inference(cfg, message, speaker, static.speakers, static.candidate_texts)
        subject = subject_speaker(message, static.speaker_names) if cfg.first_speaker_bonus else None
        if speaker is not None and cfg.relative_bonus != cfg.relative_speaker_bonus:
            cfg = replace(cfg, relative_bonus=cfg.relative_speaker_bonus)
        if speaker is None and subject is not None:  # the speaker terms, on the one named first
            cfg = replace(cfg, speaker_bonus=cfg.first_speaker_bonus, speaker_penalty=cfg.first_speaker_penalty)
        acts = static.acts() if cfg.event_bonus or cfg.ask_penalty else (None, None)
        if speaker is not None and cfg.speaker_session_decay is not None:
            cfg = replace(cfg, session_decay=cfg.speaker_session_decay)
        priors = _priors(self.calibration, static.language_names, message) if cfg.calibrated else None
        fused = dict(
            priors=priors,
            lexical=lexical,
            cross=cross,
            speaker=subject if speaker is None else speaker,
            period=query_period(message, now, cfg.relative_periods),
            expansion=(lambda first: _expanded(static, first, query, cfg)) if cfg.expansion_weight else None,
            sessions=static.sessions,
            lengths=static.lengths() if cfg.length_prior or cfg.neighbour_gate else None,
            dated=static.dated() if cfg.dated_bonus else None,
            information=static.information() if cfg.info_prior else None,
            events=acts[0],
            questions=acts[1],
            sparse=_aligned(ids, sparse.cosines(sparse.query)) if sparse is not None and cfg.w_sparse else None,
            profile=profile,
            relatives=_relatives(cfg, message, speaker, static),
            **common,
        )
        return Prepared(
            self,
            dict(
                static=static,
                cfg=cfg,
                lexical=lexical,
                common=common,
                sample=sample,
                dense=dense,
                U=U,
                query=query,
                broad=broad,
                fused=fused,
            ),
        )

    def _from_shortlist(
        self,
        static: _Static,
        dense: DenseInput,
        window: DenseInput,
        lexical: np.ndarray,
        common: dict,
        sample: np.ndarray,
    ) -> tuple[np.ndarray | None, np.ndarray | None]:
        """(U, E) of a large user: the window embedder's cosines for every memory, USE's on
        the ``shortlist_size`` best by BM25 and the window signal, and on ``sample``;
        elsewhere USE's estimated (:func:`fill_by_fit`), its z statistics read on the
        sample. The exact score (both for every memory) when the window index covers less
        than ``MIN_COVERAGE`` of the memories, or when the sample holds fewer than
        ``MIN_POINTS`` memories with both values (``sample_per_group`` 0 or 1, USE's index
        far behind)."""
        cfg, ids = self.config, static.ids
        if window.coarse is not None and cfg.coarse_dims > 0:
            found = self._from_coarse(static, dense, window, lexical, common, sample)
            if found is not None:
                return found
        E = _aligned(ids, window.cosines(window.query))
        if E is not None and np.isfinite(E).mean() >= MIN_COVERAGE and sample.size >= MIN_POINTS:
            partial = fuse(
                replace(cfg, neighbour_alpha=0.0, speaker_penalty=0.0, speaker_bonus=0.0, period_bonus=0.0),
                dense=None,
                window=E,
                lexical=lexical,
                **common,
            )
            where = shortlist(partial, cfg.shortlist_size, sample)
            exact = _aligned(ids[where], dense.cosines(dense.query, ids[where]))
            if exact is None:
                return None, E
            if fit_points(where, exact, E, sample) >= MIN_POINTS:
                U = fill_by_fit(len(ids), where, exact, E, sample, static.languages)
                common["memo"]["dense"] = (U, zscore(U, sample=sample))
                return U, E
        # The window index behind (an import being embedded) or no line to draw: USE exact.
        return _aligned(ids, dense.cosines(dense.query)), E

    def _from_coarse(
        self,
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
        cfg, ids = self.config, static.ids
        C = _aligned(ids, window.coarse())  # type: ignore[misc]
        if C is None or np.isfinite(C).mean() < MIN_COVERAGE or sample.size < MIN_POINTS:
            return None
        partial = fuse(
            replace(cfg, neighbour_alpha=0.0, speaker_penalty=0.0, speaker_bonus=0.0, period_bonus=0.0),
            dense=None,
            window=C,
            lexical=lexical,
            **common,
        )
        where = shortlist(partial, cfg.shortlist_size, sample)
        if static.neighbours is not None and cfg.neighbour_alpha and cfg.coarse_neighbours > 0:
            # the neighbour term reads the best neighbour's first-stage score: exact for the
            # session neighbours of the best shortlisted memories too, not estimated
            best = where[
                np.argsort(-np.nan_to_num(partial[where], nan=-np.inf), kind="stable")[: cfg.coarse_neighbours]
            ]
            near = static.neighbours[:, best].ravel()
            where = np.union1d(where, near[near >= 0])
        exact = _aligned(ids[where], window.cosines(window.query, ids[where]))
        if exact is None or fit_points(where, exact, C, sample) < MIN_POINTS:
            return None
        E = fill_by_fit(len(ids), where, exact, C, sample, static.languages)
        memo = common["memo"]
        memo["window"] = (E, zscore_sampled(E, static.language_positions, static.languages, sample))
        found = _aligned(ids[where], dense.cosines(dense.query, ids[where]))
        if found is None:
            return None, E  # as on the caller's path: USE has no vector there
        if fit_points(where, found, E, sample) < MIN_POINTS:
            return _aligned(ids, dense.cosines(dense.query)), E
        U = fill_by_fit(len(ids), where, found, E, sample, static.languages)
        memo["dense"] = (U, zscore(U, sample=sample))
        return U, E


class Prepared:
    """One message's score before the window embedder's query vector: :meth:`finish`
    completes it (:meth:`Scorer.prepare`)."""

    def __init__(self, scorer: Scorer | None, state: dict) -> None:
        self._scorer = scorer
        self._state = state

    def finish(self, window: DenseInput | None = None, parts: dict | None = None) -> Scores:
        """The fused scores (:meth:`Scorer.scores`) with the window embedder's side
        ``window`` (``None``: off, failed or not embedded)."""
        if self._scorer is None:
            return Scores([], [])
        st = self._state
        static, cfg, dense, common = st["static"], st["cfg"], st["dense"], st["common"]
        ids = static.ids
        if parts is not None:
            parts["ids"] = ids
        U = st["U"]
        if st["sample"] is not None and dense is not None and window is not None:
            U, E = self._scorer._from_shortlist(static, dense, window, st["lexical"], common, st["sample"])
        else:
            if st["sample"] is not None and dense is not None:
                U = _aligned(ids, dense.cosines(dense.query))
            E = _aligned(ids, window.cosines(window.query)) if window is not None else None
        fused = st["fused"]
        score = fuse(cfg, dense=U, window=E, parts=parts, **fused)
        broad = st["broad"]
        speaker = st["fused"]["speaker"]
        if cfg.feedback_weight and (broad or not cfg.feedback_broad) and (speaker or not cfg.feedback_speaker):
            ranked = np.where(static.speakers == speaker, score, -np.inf) if cfg.feedback_speaker else score
            moved = [_feedback(side, values, ids, ranked, cfg) for side, values in ((dense, U), (window, E))]
            if any(m is not values for m, values in zip(moved, (U, E))):
                common["memo"].clear()
                score = fuse(cfg, dense=moved[0], window=moved[1], parts=parts, **fused)
        if cfg.prf_weight and (broad or not cfg.prf_broad) and (speaker or not cfg.prf_speaker):
            skip = set(st["query"]) | {t for n in static.speaker_names for t in bm25_tokens(n)}
            ranked = np.where(static.speakers == speaker, score, -np.inf) if cfg.prf_speaker else score
            terms = relevance_terms(
                static.tokens, ranked, cfg.prf_top, cfg.prf_terms, skip, cfg.prf_min_docs, cfg.prf_temperature
            )
            if terms:
                second = static.lexical.weighted_scores(terms)
                score = fuse(
                    replace(cfg, expansion_weight=cfg.prf_weight),
                    dense=U,
                    window=E,
                    parts=parts,
                    **(fused | {"expansion": lambda first: second}),
                )
        if broad and cfg.coverage_bonus:
            names = [t for n in static.speaker_names for t in bm25_tokens(n)]
            chosen = coverage(static.lexical, st["query"], names, score, cfg.coverage_per_term)
            if chosen.size:
                bonus = np.zeros(len(score))
                bonus[chosen] = cfg.coverage_bonus
                score = score + bonus
                if parts is not None:
                    parts["coverage"] = bonus
        if cfg.mmr_lambda and (broad or not cfg.mmr_broad):
            score = _diverse(window if cfg.mmr_side == "e5" else dense, ids, score, cfg)
        return Scores(ids, np.round(score, 6))


def _priors(cal: Calibration, language_names: np.ndarray, message: str) -> dict | None:
    """The ``priors`` argument of :func:`fuse` for this message: the window embedder's
    prior per memory language (same as the message's, or across)."""
    if cal == Calibration():
        return None
    asked = memory_language(message)
    return {
        "dense": cal.dense,
        "lexical": cal.lexical,
        "length": cal.length,
        "window": [cal.window_same if str(name) == asked else cal.window_cross for name in language_names],
    }


def _expanded(static: _Static, first: np.ndarray, query: tuple[str, ...], cfg: ScoringConfig) -> np.ndarray | None:
    """The second hop's BM25: the rarest terms of the first stage's best memories."""
    top = cfg.expansion_top
    if top <= 0 or first.size == 0:
        return None
    best = np.argpartition(-first, min(top, first.size) - 1)[:top]
    asked = set(query)
    terms = {t for i in best.tolist() for t in static.tokens[i] if t not in asked}
    if not terms:
        return None
    rare = sorted(terms, key=lambda t: (static.lexical.document_frequency(t), t))[: cfg.expansion_terms]
    return static.lexical.scores(rare)


def _broad_levers(cfg: ScoringConfig) -> bool:
    """Whether any lever reads :func:`broad_question` (else it is not computed)."""
    return (
        cfg.broad_neighbour_alpha is not None
        or cfg.broad_session_decay is not None
        or cfg.broad_neighbour_mode is not None
        or (bool(cfg.neighbour_gate) and cfg.neighbour_gate_broad)
        or bool(cfg.coverage_bonus)
        or (bool(cfg.feedback_weight) and cfg.feedback_broad)
        or (bool(cfg.mmr_lambda) and cfg.mmr_broad)
        or cfg.broad_length_prior is not None
        or cfg.broad_dated_bonus is not None
        or cfg.broad_speaker_bonus is not None
        or cfg.broad_w_dense is not None
        or cfg.broad_w_window is not None
        or cfg.broad_w_lexical is not None
        or (bool(cfg.prf_weight) and cfg.prf_broad)
        or (bool(cfg.session_prior) and cfg.session_prior_broad)
        or (bool(cfg.info_prior) and cfg.info_broad)
        or (bool(cfg.event_bonus or cfg.ask_penalty) and cfg.acts_broad)
    )


def _diverse(side: DenseInput | None, ids: np.ndarray, score: np.ndarray, cfg: ScoringConfig) -> np.ndarray:
    """:func:`diversified` over the ``mmr_top`` best, by the cosines of ``side``'s vectors
    (a memory without a vector is similar to none); ``score`` itself without vectors."""
    if side is None or side.vectors is None or cfg.mmr_top <= 0 or not len(score):
        return score
    m = min(cfg.mmr_top, len(score))
    top = np.argpartition(-score, m - 1)[:m]
    top = top[np.argsort(-score[top], kind="stable")]
    vectors = np.nan_to_num(np.asarray(side.vectors(ids[top]), dtype=np.float64), nan=0.0)
    return diversified(score, top, vectors @ vectors.T, cfg.mmr_lambda)


def _feedback(
    side: DenseInput | None, values: np.ndarray | None, ids: np.ndarray, score: np.ndarray, cfg: ScoringConfig
) -> np.ndarray | None:
    """One embedder's cosines for the Rocchio query q + β · mean(best memories' vectors)
    (``values`` itself when that side cannot move: no vectors, none of the best has one)."""
    if side is None or values is None or side.vectors is None or cfg.feedback_top <= 0:
        return values
    top = min(cfg.feedback_top, len(score))
    best = np.argpartition(-score, top - 1)[:top]
    best = best[np.isfinite(score[best])]  # a memory left out (−inf) is never read
    vectors = np.asarray(side.vectors(ids[best]), dtype=np.float64)
    vectors = vectors[np.isfinite(vectors).all(axis=1)]
    if not len(vectors):
        return values
    moved = side.query.astype(np.float64) + cfg.feedback_weight * vectors.mean(axis=0)
    moved /= np.linalg.norm(moved) or 1.0
    found = _aligned(ids, side.cosines(moved.astype(np.float32)))
    return values if found is None else found


def _relatives(cfg: ScoringConfig, message: str, speaker: str | None, static: Any) -> Any:
    """``fuse``'s ``relatives``: a function of the first stage, or ``None``. With a named
    speaker only that speaker's own memories, at ``relative_speaker_bonus``."""
    if not cfg.relative_bonus:
        return None
    if speaker is None:
        return lambda first: relative_flags(message, static.candidate_texts, first)

    def own(first: np.ndarray) -> np.ndarray | None:
        flags = relative_flags(message, static.candidate_texts, first)
        return None if flags is None else flags & (static.speakers == speaker)

    return own
