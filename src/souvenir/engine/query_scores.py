"""The scores of a user's candidates for one message (:class:`QueryScorer`): the query
embeddings, each bounded by its index, and the fused score of :mod:`souvenir.read.scoring`
(or the plain cosine when the engine runs without a scorer). A failed embedder degrades the
answer with its cause; it never raises."""

from __future__ import annotations

import functools
import gc
import logging

import numpy as np
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from souvenir.engine.warm_reads import WARMING_CAUSE
from souvenir.ground.errors import EmbedderError
from souvenir.index.query_vectors import QueryVectors
from souvenir.index.vectors import PendingQuery, VectorIndex
from souvenir.read.explain_conversation import CONVERSATION, ConversationRead
from souvenir.read.scoring import DenseInput, Scorer
from souvenir.candidates import Scores
from souvenir.ground.types import Memory

__all__ = ["SETTLED_USERS", "SETTLE_FROM", "QueryScorer", "WindowQuery", "settle_young"]

log = logging.getLogger("souvenir.engine.core")

#: Candidates from which a user whose scoring columns were read whole is moved out of the
#: cycle collector's generations (:func:`settle_young`): at 100,000 memories its ~190,000
#: objects made a later full collection 0.1–0.3 s (docs/journal.md, "Session 12, lane speed").
SETTLE_FROM = 10_000


def settle_young() -> None:
    """Collect the young generations (a few thousand objects at most) and freeze what the
    process holds (``gc.freeze``): a user read into the caches after the start's warm-up
    (:func:`~souvenir.engine.warm_reads.settle_heap`) is not walked by every later full
    collection. No full collection here (it would hold the turn 0.1–0.3 s): a cycle older
    than the young generations at this moment is no longer collected (none is expected)."""
    gc.collect(1)
    gc.freeze()


#: Users whose last settled pool :class:`QueryScorer` remembers (the oldest forgotten first).
SETTLED_USERS = 4096


class WindowQuery:
    """The window embedder's query under way (:meth:`QueryScorer.start_window_query`) and
    the text it embeds (the score reads it only when that is the text the embedders read
    for the message: :meth:`Scorer.query_text <souvenir.read.scoring.Scorer.query_text>`)."""

    def __init__(self, pending: PendingQuery, text: str) -> None:
        self.pending = pending
        self.text = text

    def result(self) -> np.ndarray:
        """The vector (:meth:`PendingQuery.result`: bounded from the query's start; raises
        :class:`~souvenir.ground.errors.EmbedderError` as it does)."""
        return self.pending.result()


class QueryScorer:
    """Scores for one message over ``index`` (the main embedder) and ``window_index`` (the
    window embedder), either ``None`` to leave that signal out. ``scorer``: the fused score
    (``None`` = the plain cosine of ``index``, the window embedder unused)."""

    def __init__(self, index: VectorIndex | None, window_index: VectorIndex | None, scorer: Scorer | None) -> None:
        self.index = index
        self.window_index = window_index
        self.scorer = scorer
        #: candidates from which a user read whole is frozen out of the collector (:data:`SETTLE_FROM`)
        self.settle_from = SETTLE_FROM
        #: per user, the serial of the last candidate pool frozen out of the collector
        #: (:meth:`settle_pool`)
        self._settled: dict[int, int] = {}
        #: ``warming(user_id)``: the user's read path is being built at start
        #: (:class:`~souvenir.engine.warm_reads.ReadWarmer`): the turn is not made to wait
        self.warming: Callable[[int], bool] | None = None
        #: the recent query vectors of each user's texts: a conversation's earlier turns are
        #: read from here, not embedded again (:mod:`~souvenir.index.query_vectors`)
        self.vectors = QueryVectors()

    def settle_pool(self, user_id: int, candidates: Sequence[Memory]) -> bool:
        """After a context over a large user's pool not seen before (the first after a write:
        the read cache made a new :class:`~souvenir.read.selection.Pool`, its selection
        columns, the BM25 tokens and texts extended): move what the process holds out of the
        cycle collector's generations (``gc.freeze``, no collection). Those containers hold
        one entry a memory (lists of 100,000 ids, stories, texts, token tuples; the pool's
        100,000 memories): while they were young, each collection of the young generation
        walked them all — 41–62 ms at 100,000 memories, inside whichever turn it fell, and
        more at each older generation (docs/journal.md, "Session 16, lane speed"). Frozen
        objects are still freed by reference counting; a garbage cycle not yet collected at
        that moment is kept (as with :func:`settle_young`). ``True`` when it froze."""
        serial = getattr(candidates, "serial", None)
        if serial is None or len(candidates) < self.settle_from or self._settled.get(user_id) == serial:
            return False
        if len(self._settled) >= SETTLED_USERS:
            self._settled.pop(next(iter(self._settled)), None)
        self._settled[user_id] = serial
        gc.freeze()
        return True

    def start_window_query(self, message: str) -> WindowQuery | str | None:
        """The window embedder's query, started now (:meth:`VectorIndex.start_query`): the
        pending query, the cause when it cannot start (breaker open), ``None`` without a
        window embedder (or on the cosine read path)."""
        if self.scorer is None or self.window_index is None:
            return None
        try:
            return WindowQuery(self.window_index.start_query(message, hand_over=True), message)
        except EmbedderError as exc:
            return f"window embedder: {exc}"

    def window_text(self, user_id: int, message: str, candidates: Sequence[Memory] | None = None) -> str | None:
        """The text the embedders will read for ``message``
        (:meth:`Scorer.query_text <souvenir.read.scoring.Scorer.query_text>`: without the
        names when it names two of the user's speakers), read before the user's columns are:
        from the speaker names of the held columns, else from ``candidates``' own speakers
        (one pass over them); ``None`` when neither is known yet (no columns held, no
        candidates given). So the window embedder's query, started before the candidates
        are scored, is the one the score reads (issue #28, session 23: a message naming two
        speakers was embedded twice)."""
        scorer = self.scorer
        if scorer is None or not (scorer.config.pair_query or scorer.config.self_statement):
            return message
        names = scorer.held_speakers(user_id)
        if names is None:
            if candidates is None:
                return None
            names = sorted({m.speaker for m in candidates if m.speaker})
        return scorer.text_for(message, names)

    def scores(
        self,
        user_id: int,
        message: str,
        candidates: Sequence[Memory],
        now: datetime,
        parts: dict | None = None,
        pending: WindowQuery | str | None = None,
        meanwhile: Callable[[], Any] | None = None,
        turns: Sequence[str] | None = None,
    ) -> tuple:
        """(scores, degradation cause) for ``message``; with ``meanwhile`` (a call run while
        the window embedder's query is computed), (scores, cause, its result). ``pending``:
        the window embedder's query when the caller started it (:meth:`start_window_query`).
        ``turns``: the conversation before the message, oldest first (the query context of
        :meth:`Scorer.conversation <souvenir.read.scoring.Scorer.conversation>`; read only
        when its levers are on).
        While the user's read path is being warmed at start (:attr:`warming`): no scores, at
        once, the turn degraded with :data:`~souvenir.engine.warm_reads.WARMING_CAUSE`."""
        if self.warming is not None and candidates and self.warming(user_id):
            log.warning("degraded turn: %s", WARMING_CAUSE)
            return (None, WARMING_CAUSE) if meanwhile is None else (None, WARMING_CAUSE, meanwhile())
        if self.scorer is not None:
            if pending is None and candidates:
                pending = self.start_window_query(self.window_text(user_id, message, candidates) or message)
            return self._fused(
                self.scorer, user_id, message, candidates, now, parts, pending, meanwhile, turns, keep=True
            )
        scores: Mapping[int, float] | None = {}
        cause: str | None = None
        if self.index is not None:
            try:
                query = self.index.embed_query(message)
                scores = self.index.scores(user_id, query)
            except EmbedderError as exc:
                log.warning("degraded turn: %s", exc)
                scores, cause = None, f"embedder: {exc}"
        return (scores, cause) if meanwhile is None else (scores, cause, meanwhile())

    def _fused(
        self,
        scorer: Scorer,
        user_id: int,
        message: str,
        candidates: Sequence[Memory],
        now: datetime,
        parts: dict | None,
        pending: WindowQuery | str | None,
        meanwhile: Callable[[], Any] | None,
        turns: Sequence[str] | None = None,
        keep: bool = False,
    ) -> tuple:
        """The fused score. The window embedder's query (``pending``, started by the caller)
        runs while the main embedder's query, the score's other signals and ``meanwhile`` are
        computed. A failed embedder leaves the other signals (the BM25 part always scores)
        and marks the answer degraded with its cause. The earlier ``turns`` that count
        (:meth:`Scorer.conversation`) are mixed into both query vectors at
        ``context_weight`` and into BM25 at ``context_lexical``; a turn that cannot be
        embedded is left out (the message alone still scores: no degradation). With turns
        read, ``parts`` also holds a :class:`~souvenir.read.explain_conversation.ConversationRead`
        (the page's ``conversation`` part, made off the turn by the records). A turn's vector
        kept from an earlier context is read from :attr:`vectors`; ``keep``: the vectors
        computed here are kept there (not the warm-up's)."""
        causes: list[str] = []
        dense_query = window_query = alone_dense = alone_window = None
        cfg = scorer.config
        kept = self.vectors
        generation = kept.generation  # an erasure from now on: nothing computed here is kept
        built = scorer.built  # before the first read of the user's columns (query_text's speakers)
        query_text = scorer.query_text(user_id, candidates, message)  # two people named: without the names
        if isinstance(pending, WindowQuery) and pending.text != query_text:
            # started on another text (a caller's that did not read the speakers, or a new
            # speaker since the held columns): its vector goes unread
            pending = self.start_window_query(query_text)
        context = scorer.conversation(user_id, candidates, message, turns) if turns else []
        mixed = [(text, cfg.context_weight * w) for text, w in context] if cfg.context_weight else []
        window_turns = self._start_turns(self.window_index, user_id, mixed, generation)
        if self.index is not None and candidates:
            try:
                dense_query = self.index.embed_query(query_text)
            except EmbedderError as exc:
                causes.append(f"embedder: {exc}")
            else:
                if keep:  # kept by the text it embedded
                    kept.put(user_id, self.index.name, query_text, dense_query, generation)
                alone_dense = dense_query
                dense_query = _mixed(
                    dense_query, [(self._turn_query(self.index, user_id, text, generation), w) for text, w in mixed]
                )
        lexical = [(text, cfg.context_lexical * w) for text, w in context] if cfg.context_lexical else None
        prepared = scorer.prepare(
            user_id, candidates, message, now, self._side(scorer, self.index, user_id, dense_query), context=lexical
        )
        if scorer.built != built and len(candidates) >= self.settle_from:
            settle_young()
        around = meanwhile() if meanwhile is not None else None
        if isinstance(pending, str):
            if candidates:
                causes.append(pending)
        elif pending is not None and candidates:
            try:
                window_query = pending.result()  # bounded from its start: queue and lock waits count
            except EmbedderError as exc:
                causes.append(f"window embedder: {exc}")
            else:
                if keep and self.window_index is not None:
                    kept.put(user_id, self.window_index.name, query_text, window_query, generation)
                alone_window = window_query
                window_query = _mixed(window_query, window_turns)
        for cause in causes:
            log.warning("degraded turn: %s", cause)
        scores = prepared.finish(self._side(scorer, self.window_index, user_id, window_query), parts)
        if context and parts is not None and candidates:  # the page's part: the message alone, off the turn
            parts[CONVERSATION] = ConversationRead(
                tuple(text for text, _ in context),
                functools.partial(self._alone, user_id, candidates, message, now, alone_dense, alone_window),
            )
        degraded = "; ".join(causes) or None
        return (scores, degraded) if meanwhile is None else (scores, degraded, around)

    def rehearse(self, user_id: int, message: str, candidates: Sequence[Memory], now: datetime) -> Scores | None:
        """The fused score of ``message`` as a context computes it (both query embeddings,
        the user's columns, the large user's shortlist, bounds and kept terms), whether or
        not the user is being warmed, without counting anything: the read path's warm-up
        runs it so that the lazily kept parts (a relation message's kin columns, the placed
        memories, the priors' bounds…) and the first calls of the code are paid before the
        first context (:class:`~souvenir.engine.warm_reads.ReadWarmer`). ``None`` on the
        cosine read path."""
        if self.scorer is None or not candidates:
            return None
        text = self.window_text(user_id, message, candidates) or message
        scores, _ = self._fused(
            self.scorer, user_id, message, candidates, now, None, self.start_window_query(text), None
        )
        return scores

    def _alone(
        self,
        user_id: int,
        candidates: Sequence[Memory],
        message: str,
        now: datetime,
        dense: Any,
        window: Any,
        parts: dict,
    ) -> Scores | None:
        """The message alone's fused score over ``candidates`` (the page's conversation part,
        off the turn); ``None`` once the user's held columns are of another pool (a write
        since): scoring the old one would read its columns again and evict the new ones."""
        scorer = self.scorer
        if scorer is None or not scorer.holds(user_id, candidates):
            return None
        return self.fused_scores(user_id, candidates, message, now, dense, window, parts)

    def _turn_query(self, index: VectorIndex, user_id: int, text: str, generation: int) -> Callable[[], np.ndarray]:
        """An earlier turn's vector on ``index``: the one kept (:attr:`vectors`), else
        embedded now (bounded as the message's) and kept."""
        kept = self.vectors.get(user_id, index.name, text)
        if kept is not None:
            return _given(kept)

        def embed() -> np.ndarray:
            vector = index.embed_query(text)
            self.vectors.put(user_id, index.name, text, vector, generation)
            return vector

        return embed

    def _start_turns(
        self, index: VectorIndex | None, user_id: int, mixed: list[tuple[str, float]], generation: int
    ) -> list[tuple[Callable[[], np.ndarray], float]]:
        """The window embedder's vectors of the context turns: the kept ones, and the others'
        queries started now (none once the breaker refuses one)."""
        out: list[tuple[Callable[[], np.ndarray], float]] = []
        if index is None:
            return out
        for text, weight in mixed:
            kept = self.vectors.get(user_id, index.name, text)
            if kept is not None:
                out.append((_given(kept), weight))
                continue
            try:
                pending = index.start_query(text)
            except EmbedderError:
                break  # the breaker is open: the message's own query says so
            out.append((functools.partial(self._kept_result, pending, user_id, index.name, text, generation), weight))
        return out

    def _kept_result(self, pending: PendingQuery, user_id: int, name: str, text: str, generation: int) -> np.ndarray:
        vector = pending.result()
        self.vectors.put(user_id, name, text, vector, generation)
        return vector

    @staticmethod
    def _side(scorer: Scorer, index: VectorIndex | None, user_id: int, query: Any) -> DenseInput | None:
        """One embedder's side of the fused score (``None`` without an index or a vector)."""
        if index is None or query is None:
            return None
        dims = scorer.config.coarse_dims
        coarse = (
            (lambda: index.coarse_scores(user_id, query, dims))
            if dims > 0 and hasattr(index, "coarse_scores")
            else None
        )
        return DenseInput(query, lambda vector, ids=None: index.scores(user_id, vector, ids), coarse=coarse)

    def fused_scores(
        self,
        user_id: int,
        candidates: Sequence[Memory],
        message: str,
        now: datetime,
        dense_query: Any = None,
        window_query: Any = None,
        parts: dict | None = None,
    ) -> Scores:
        """The fused score of ``candidates`` for ``message`` with the query vectors given
        (``None``: that signal is left out): what a context runs after embedding the message
        (``souvenir bench latency`` times it). ``parts``: filled with the score's terms
        (:meth:`Scorer.scores`). Raises ``RuntimeError`` on the cosine read path."""
        scorer = self.scorer
        if scorer is None:
            raise RuntimeError("the fused score needs a scorer (SOUVENIR_SCORING=fused)")
        return scorer.scores(
            user_id,
            candidates,
            message,
            now,
            self._side(scorer, self.index, user_id, dense_query),
            self._side(scorer, self.window_index, user_id, window_query),
            parts,
        )


def _given(vector: np.ndarray) -> Callable[[], np.ndarray]:
    return lambda: vector


def _mixed(query: np.ndarray, turns: list[tuple[Callable[[], np.ndarray], float]]) -> np.ndarray:
    """``query`` + Σ weight · the turn's vector, as a unit vector; a turn whose vector fails
    is left out."""
    if not turns:
        return query
    out = np.asarray(query, dtype=np.float64).copy()
    for embed, weight in turns:
        try:
            vector = embed()
        except EmbedderError:
            continue
        out += weight * np.asarray(vector, dtype=np.float64)
    norm = float(np.linalg.norm(out))
    return (out / norm).astype(np.float32) if norm > 0 else np.asarray(query)
