"""Scores for one message over one user's candidates: the fused score's inputs assembled.

Pure given its inputs (the query vectors and the user's vectors are passed in; the engine
does the I/O); the only state is a memo of each user's BM25 index, keyed by the
candidates' (id, content hash) so that any write rebuilds it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from threading import Lock
from typing import Any

import numpy as np

from souvenir.read.scoring.breadth import broad_question
from souvenir.read.scoring.comfort import asks_for_good, mood_flags
from souvenir.read.scoring.inference import for_inference, inference_question
from souvenir.read.scoring.instance_kinds import instance_flags
from souvenir.read.scoring.trait_events import trait_flags
from souvenir.read.scoring.appraisal import appraisal_flags
from souvenir.read.scoring.calibration import Calibration
from souvenir.read.scoring.conversation import context_weights, refers_back
from souvenir.read.scoring.fusion import (
    ScoringConfig,
    fuse,
    named_speaker,
    zscore,
)
from souvenir.read.scoring.memory_language import memory_language
from souvenir.read.scoring.bm25 import bm25_tokens
from souvenir.read.scoring.periods import query_period
from souvenir.read.scoring.person_query import named_people, without_people
from souvenir.read.scoring.self_statement import as_statement
from souvenir.read.scoring.relevance import relevance_terms
from souvenir.read.scoring.fused_terms import LEXICAL_READY as _LEXICAL_READY
from souvenir.read.scoring.fused_terms import expansion as _expansion
from souvenir.read.scoring.fused_terms import priors as _priors
from souvenir.read.scoring.fused_terms import relatives as _relatives
from souvenir.read.scoring.fused_terms import same_marks
from souvenir.read.scoring.final_shortlist import Bounded, served
from souvenir.read.scoring.levers_off import broad_levers
from souvenir.read.scoring.scorer_input import DenseInput, aligned
from souvenir.read.scoring.large_user import coarse_fill, coarse_fit, from_shortlist
from souvenir.candidates.score_map import LazyScores
from souvenir.candidates import Pool, Scores
from souvenir.read.scoring.user_columns import UserColumns as _Static
from souvenir.ground.types import Memory

__all__ = ["DenseInput", "Prepared", "Scorer"]


class Scorer:
    """The read path's scores (see :mod:`souvenir.read.scoring.fusion` for the formula).

    Keeps, per user, what it read of the candidates (languages, neighbours, the BM25 index…) until they change:
    the same candidates object again (the store's read cache returns the same :class:`Pool` while nothing
    changed) costs nothing; another one costs one pass to compare ids, hashes, sessions and speakers.
    When the new candidates are the held ones followed by new memories (a pool
    :meth:`~souvenir.candidates.pool.Pool.extended` from the held one, or the same marks
    then more), the columns are extended (:meth:`UserColumns.extended`: the same bits as a
    rebuild, reading only the new memories).
    """

    def __init__(
        self, config: ScoringConfig | None = None, max_users: int = 256, calibration: Calibration | None = None
    ) -> None:
        self.config = config or ScoringConfig()
        #: the small-store priors (:mod:`souvenir.read.scoring.calibration`) if ``config.calibrated``; none by
        #: default (the engine passes those of its embedders, :func:`~.calibration.calibration_for`)
        self.calibration = calibration if calibration is not None else Calibration()
        self._cache: OrderedDict[int, tuple[Sequence[Memory], int | None, _Static]] = OrderedDict()
        self._max_users = max_users
        self._lock = Lock()
        #: how many times a user's columns were read whole (not extended, not held)
        self.built = 0

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
        elif hit is not None and same_marks(hit[0], candidates):
            # the same memories, re-read (a vector written, a counter moved): no pass to hash
            static, key = hit[2], hit[1]
        else:
            marks = [(m.id, m.content_hash, m.session, m.speaker, m.created_at) for m in candidates]
            key = hash(tuple(marks))
            if hit is not None and hit[1] == key:
                static = hit[2]
            elif hit is not None and len(hit[0]) < len(marks) and hit[1] == hash(tuple(marks[: len(hit[0])])):
                static = hit[2].extended(candidates, self.config)  # the same ones, then new ones
            else:
                static = _Static(candidates, self.config)
                self.built += 1
        # a pool is immutable; any other sequence is copied (its caller may append to it)
        held = candidates if isinstance(candidates, Pool) else tuple(candidates)
        with self._lock:
            self._cache[user_id] = (held, key, static)
            self._cache.move_to_end(user_id)
            while len(self._cache) > self._max_users:
                self._cache.popitem(last=False)
        return static

    def holding(self, memory_ids: Sequence[int], min_size: int) -> list[int]:
        """The users whose held columns are of at least ``min_size`` candidates and hold one
        of ``memory_ids``."""
        with self._lock:
            held = [(user_id, hit[2].ids) for user_id, hit in self._cache.items() if len(hit[0]) >= min_size]
        wanted = np.asarray(memory_ids, dtype=np.int64)
        return [user_id for user_id, ids in held if wanted.size and bool(np.isin(wanted, ids).any())]

    def drop(self, user_id: int) -> None:
        """Hold nothing of the user (an erasure: the held candidates carry the erased texts)."""
        with self._lock:
            self._cache.pop(user_id, None)

    def clear(self) -> None:
        """Hold nothing of any user (the engine closed)."""
        with self._lock:
            self._cache.clear()

    def holds(self, user_id: int, candidates: Sequence[Memory]) -> bool:
        """Whether the user's held columns are those of ``candidates``: scoring them again
        reads no column and evicts none (a pool a write has replaced since would)."""
        with self._lock:
            hit = self._cache.get(user_id)
        return hit is not None and (hit[0] is candidates or same_marks(hit[0], candidates))

    def held(self, user_id: int) -> int:
        """How many candidates the user's held columns are of (0: none held)."""
        with self._lock:
            hit = self._cache.get(user_id)
        return 0 if hit is None else len(hit[0])

    def refresh(self, user_id: int, candidates: Sequence[Memory]) -> bool:
        """Read the user's columns for ``candidates`` now, with the message-independent
        columns a context reads (dated, acts, lengths, the sample; the relation columns when
        the held ones had them): what the next context over these candidates would build
        first (after a write that is not an append, hundreds of milliseconds at 100,000
        memories; docs/journal.md, "Session 17, lane speed2"). The same objects a context
        would build (the same calls on the same candidates). ``False`` when these
        candidates' columns were already held (nothing read)."""
        if not candidates:
            return False
        with self._lock:
            hit = self._cache.get(user_id)
        if hit is not None and hit[0] is candidates and isinstance(candidates, Pool):
            return False
        had_kin = hit is not None and hit[2]._kin is not None
        had_kinds = hit is not None and hit[2]._kinds is not None
        static = self._static(user_id, candidates)
        cfg = self.config
        if cfg.dated_bonus:
            static.dated()
        if cfg.event_bonus or cfg.ask_penalty:
            static.acts()
        if cfg.length_prior or cfg.neighbour_gate:
            static.lengths()
        if 0 < cfg.shortlist_from < len(static.ids):
            static.sample(cfg.sample_per_group)
        if had_kin and cfg.relative_bonus:
            static.kin()
        if had_kinds and cfg.kind_bonus:
            static.kinds()
        return True

    def conversation(
        self, user_id: int, candidates: Sequence[Memory], message: str, turns: Sequence[str] | None
    ) -> list[tuple[str, float]]:
        """The earlier turns that count as query context for ``message`` (oldest first), as
        (text, weight): the newest 1, each older × ``context_decay``, at most
        ``context_turns`` — when the levers are on and ``context_gate`` opens (by default a
        message of at most ``context_few`` index terms; or one that points back, or names
        nothing the store holds); else none (and none for a message asking for something good
        with ``comfort_alone``: :func:`~souvenir.read.scoring.comfort.asks_for_good`). ``turns``: the
        conversation before the message (oldest first; a last text equal to the message
        itself is not read)."""
        cfg = self.config
        texts = [t for t in turns or () if isinstance(t, str)]
        while texts and texts[-1].strip() == message.strip():
            texts.pop()
        if not texts or not candidates or not (cfg.context_weight or cfg.context_lexical):
            return []
        if cfg.comfort_alone and asks_for_good(message):
            return []  # comfort by contrast: the earlier turns hold the worry
        gate = cfg.context_gate
        terms = set(bm25_tokens(message))
        if "few" in gate and len(terms) > cfg.context_few:
            return []  # the message says enough by itself
        opened = gate in ("all", "few") or ("refers" in gate and refers_back(message))
        if not opened and "unnamed" in gate:
            lexical = self._static(user_id, candidates).lexical
            opened = not any(lexical.document_frequency(t) for t in terms)
        return context_weights(texts, cfg.context_turns, 1.0, cfg.context_decay) if opened else []

    def query_text(self, user_id: int, candidates: Sequence[Memory], message: str) -> str:
        """The text the embedders read for ``message``: without the speakers' names when it
        names two or more of the user's speakers and ``pair_query`` is on
        (:func:`~souvenir.read.scoring.person_query.without_people`); an inference question
        naming one as that speaker's own statement when ``self_statement`` is on
        (:func:`~souvenir.read.scoring.self_statement.as_statement`); else the message."""
        if not (self.config.pair_query or self.config.self_statement) or not candidates:
            return message
        return self.text_for(message, self._static(user_id, candidates).speaker_names)

    def text_for(self, message: str, names: Sequence[str]) -> str:
        """:meth:`query_text` for the speaker names ``names`` (read by the caller: the held
        columns' (:meth:`held_speakers`) or the candidates' own, before any column is read)."""
        if self.config.self_statement and inference_question(message):
            one = named_speaker(message, names, self.config.short_names)
            if one is not None:
                return as_statement(message, one)
        if not self.config.pair_query or len(names) < 2:
            return message
        return without_people(message, names, self.config.short_names)

    def held_speakers(self, user_id: int) -> list[str] | None:
        """The speaker names of the user's held columns (sorted), ``None`` when none are held:
        what :meth:`query_text` would read when the candidates are these again or the held
        ones followed by new memories (a write rarely brings a new speaker; when it does, the
        caller's :meth:`query_text` after the candidates says so)."""
        with self._lock:
            hit = self._cache.get(user_id)
        return None if hit is None else list(hit[2].speaker_names)

    def read_kinds(self, user_id: int, candidates: Sequence[Memory]) -> None:
        """Read the user's kinds column now (:meth:`UserColumns.kinds`, when the kind term is on):
        the warm-up's, so that a first list question reads one column, not every text."""
        if self.config.kind_bonus and candidates:
            self._static(user_id, candidates).kinds()

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
        aspect: tuple[DenseInput | None, DenseInput | None] | None = None,
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
        ``aspect``: (USE, e5) query sides of the kind the message asks for, read alone
        (:func:`~souvenir.read.scoring.asked_aspect.asked_aspect`; ``ScoringConfig.aspect_use``
        / ``aspect_e5``; research: benches pass it, the engine none); not read above
        ``shortlist_from`` candidates.
        ``parts``: a dict filled with ``ids`` (int64, the candidates' order) and each term
        of the score as an array aligned with them (:func:`~souvenir.read.scoring.fusion.fuse`);
        on a large user's coarse path the scores are a
        :class:`~souvenir.candidates.score_map.LazyScores` (exact on the shortlist, bounded
        elsewhere: :mod:`~souvenir.read.scoring.final_shortlist`) and ``parts`` is filled
        when they are read whole (``array``, ``lookup``, items, ``complete()``).
        The same as :meth:`prepare` then :meth:`Prepared.finish`.
        """
        return self.prepare(user_id, candidates, message, now, dense, sparse, context, aspect).finish(window, parts)

    def prepare(
        self,
        user_id: int,
        candidates: Sequence[Memory],
        message: str,
        now: datetime,
        dense: DenseInput | None = None,
        sparse: DenseInput | None = None,
        context: Sequence[tuple[str, float]] | None = None,
        aspect: tuple[DenseInput | None, DenseInput | None] | None = None,
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
        if sample is not None and cfg.w_lexical and not (cfg.lexical_lang >= 1 and len(static.language_positions) > 1):
            # the first stage's BM25 z (fuse's, with no prior), read now: the engine runs this
            # while the window query is computed, :meth:`Prepared.finish` after it
            memo[_LEXICAL_READY] = (lexical, zscore(lexical))
        # a large user's USE comes from the shortlist once the window signal is known
        U = aligned(ids, dense.cosines(dense.query)) if dense is not None and sample is None else None
        query = bm25_tokens(message)
        cross = None
        if (
            cfg.cross_window != 1.0 or cfg.cross_use_max or cfg.rank_fusion_cross or (cfg.sparse_cross and cfg.w_sparse)
        ) and len(static.language_names) > 1:
            asked = memory_language(message)
            cross = np.asarray(static.language_names != asked)[static.languages]
        broad = broad_levers(cfg) and broad_question(message)
        if not broad and cfg.neighbour_gate and cfg.neighbour_gate_broad:
            cfg = replace(cfg, neighbour_gate=0.0)
        if not broad and (cfg.event_bonus or cfg.ask_penalty) and cfg.acts_broad:
            cfg = replace(cfg, event_bonus=0.0, ask_penalty=0.0)
        speaker = named_speaker(message, static.speaker_names, cfg.short_names)
        if cfg.second_pair:  # the second hop and RM3 for a message naming two speakers only
            if len(named_people(message, static.speaker_names, cfg.short_names)) >= 2:
                cfg = replace(cfg, prf_broad=False)
            else:
                cfg = replace(cfg, expansion_weight=0.0, prf_weight=0.0)
        cfg, profile = for_inference(cfg, message, speaker, static.speakers, static.candidate_texts)
        if speaker is not None and cfg.relative_bonus:  # a question naming a speaker: no relative term
            cfg = replace(cfg, relative_bonus=0.0)
        acts = static.acts() if cfg.event_bonus or cfg.ask_penalty else (None, None)
        priors = _priors(self.calibration, static.language_names, message) if cfg.calibrated else None
        fused = dict(
            priors=priors,
            lexical=lexical,
            cross=cross,
            speaker=speaker,
            period=query_period(message, now, cfg.relative_periods),
            expansion=_expansion(static, query, cfg),
            sessions=static.sessions,
            lengths=static.lengths() if cfg.length_prior or cfg.neighbour_gate else None,
            dated=static.dated() if cfg.dated_bonus else None,
            events=acts[0],
            questions=acts[1],
            sparse=aligned(ids, sparse.cosines(sparse.query)) if sparse is not None and cfg.w_sparse else None,
            profile=profile,
            relatives=_relatives(cfg, message, static),
            kinds=instance_flags(message, speaker, static.speakers, static.kinds, cfg),
            mood=mood_flags(cfg, message, static.good, static.preferences),
            traits=trait_flags(cfg, message, speaker, static.speakers, static.candidate_texts),
            appraisal=appraisal_flags(cfg, message, static.speaker_names, static.speakers, static.candidate_texts),
            aspect=_aspect(cfg, ids, aspect) if sample is None else None,
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


def _aspect(
    cfg: ScoringConfig, ids: np.ndarray, aspect: tuple[DenseInput | None, DenseInput | None] | None
) -> tuple[np.ndarray | None, np.ndarray | None] | None:
    """The asked kind's (USE, e5) cosines aligned with ``ids`` when its weights are on."""
    if aspect is None or not (cfg.aspect_use or cfg.aspect_e5):
        return None
    use, e5 = aspect
    return (
        aligned(ids, use.cosines(use.query)) if use is not None and cfg.aspect_use else None,
        aligned(ids, e5.cosines(e5.query)) if e5 is not None and cfg.aspect_e5 else None,
    )


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
        static, dense, common = st["static"], st["dense"], st["common"]
        st["window"] = window
        ids = static.ids
        if parts is not None:
            parts["ids"] = ids
        U: np.ndarray | None = st["U"]
        E: np.ndarray | None
        if st["sample"] is not None and dense is not None and window is not None:
            if window.coarse is not None and self._scorer.config.coarse_dims > 0:
                found = coarse_fit(self._scorer.config, static, dense, window, st["lexical"], common, st["sample"])
                if isinstance(found, dict):
                    lazy = self._bounded(found, parts)
                    if lazy is not None:
                        return lazy
                    U, E = coarse_fill(static, found, common, st["sample"])
                elif found is not None:
                    U, E = found
                else:
                    U, E = from_shortlist(
                        self._scorer.config, static, dense, window, st["lexical"], common, st["sample"], coarse=False
                    )
            else:
                U, E = from_shortlist(self._scorer.config, static, dense, window, st["lexical"], common, st["sample"])
        else:
            if st["sample"] is not None and dense is not None:
                U = aligned(ids, dense.cosines(dense.query))
            E = aligned(ids, window.cosines(window.query)) if window is not None else None
        return self._final(U, E, parts)

    def _bounded(self, fit: dict, parts: dict | None) -> LazyScores | None:
        """The large user's scores exact on the shortlist and bounded elsewhere
        (:mod:`souvenir.read.scoring.final_shortlist`), the full score made when read
        whole; ``None`` when the levers or the columns do not allow it."""
        st = self._state
        static, cfg = st["static"], st["cfg"]
        ids = static.ids
        if not served(cfg) or (cfg.w_lexical and fit["lexical_z"] is None):
            return None
        if any(callable(v) for name, v in st["fused"].items() if name != "expansion"):
            return None  # a term read from the whole first stage (unknown here): not bounded
        if ids.size > 1 and not (ids[1:] > ids[:-1]).all():
            return None
        bounded = Bounded(cfg, fit, st["fused"], static, st["lexical"])
        common, sample = st["common"], st["sample"]

        def complete() -> np.ndarray:
            if parts is not None:
                parts["ids"] = ids
            U, E = coarse_fill(static, fit, common, sample)
            return self._final(U, E, parts).array

        return LazyScores(ids, bounded.array, bounded.exact, bounded.refine, complete)

    def _final(self, U: np.ndarray | None, E: np.ndarray | None, parts: dict | None) -> Scores:
        """The fused score from both embedders' columns (every memory)."""
        st = self._state
        static, cfg = st["static"], st["cfg"]
        ids = static.ids
        fused = st["fused"]
        score = fuse(cfg, dense=U, window=E, parts=parts, **fused)
        broad = st["broad"]
        if cfg.prf_weight and (broad or not cfg.prf_broad):
            skip = set(st["query"]) | {t for n in static.speaker_names for t in bm25_tokens(n)}
            terms = relevance_terms(
                static.tokens, score, cfg.prf_top, cfg.prf_terms, skip, cfg.prf_min_docs, cfg.prf_temperature
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
        return Scores(ids, np.round(score, 6))
