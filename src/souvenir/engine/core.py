"""The engine (:class:`Engine`): the one place where the store, the vector indexes and the
chat model meet, composed of one part per concept:

- :class:`~souvenir.engine.writer.Writer` — a memory through the filters and admission;
- :class:`~souvenir.engine.turn_writer.TurnWriter` — an exchange stored, with its memory;
- :class:`~souvenir.engine.reader.ContextReader` — a message's context, scored by
  :class:`~souvenir.engine.query_scores.QueryScorer`;
- :class:`~souvenir.engine.turn_records.TurnRecords` — what a context leaves (counters,
  selections, degraded turns), written off the turn by
  :class:`~souvenir.engine.bookkeeping.Bookkeeping`, and the diagnostics that read it;
- :class:`~souvenir.engine.search.Search`, :class:`~souvenir.engine.curation.Curation` —
  search, and what a person does to a user's memories;
- :class:`~souvenir.engine.proposals.Proposals` — a model's answers applied.

Everything they decide is delegated to the pure core (:mod:`souvenir.write`,
:mod:`souvenir.read`); a turn never waits on memory beyond the bounded query embedding, and
every degradation is recorded as an event and counted. :class:`Engine` keeps one method per
operation, with the parts' signatures (the library, the worker and the lab call them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from souvenir.engine.bookkeeping import MAX_BOOKKEEPING, SETTLE_S, Bookkeeping
from souvenir.engine.curation import Curation
from souvenir.engine.proposals import Proposals
from souvenir.engine.query_scores import QueryScorer
from souvenir.engine.refresh_reads import ReadRefresher
from souvenir.engine.warm_reads import ReadWarmer
from souvenir.engine.reader import ContextReader, selection_config
from souvenir.engine.search import Search, SearchFilter
from souvenir.engine.turn_records import TurnRecords, retrieved
from souvenir.engine.turn_writer import TurnWriter
from souvenir.engine.writer import Writer
from souvenir.index.vectors import VectorIndex
from souvenir.llm import ChatClient
from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.calibration import calibration_for
from souvenir.candidates import Scores
from souvenir.read.selection import SelectionConfig
from souvenir.ground.results import ContextResult, WriteResult
from souvenir.store.protocol import Job, Store
from souvenir.ground.timeutil import utcnow
from souvenir.ground.types import Candidate, Memory, Selection
from souvenir.write.filters import Exchange
from souvenir.write.reflection import DEFAULT_MIN_CONFIDENCE, Reflection
from souvenir.write.story import SELF_CITATION_CHARS

__all__ = ["MAX_BOOKKEEPING", "SETTLE_S", "Engine"]


class Engine:
    """Souvenir over one store, with an optional vector index (``None`` = no semantic pass),
    window index and chat model (``None`` = no-model mode: a message becomes an episode).

    ``limit``: the places of a context; ``semantic_threshold``: the cosine read path's
    threshold (used when ``scoring`` is ``None``; otherwise the fused score of
    :mod:`souvenir.read.scoring` with its floor); ``history_turns``: the recent turns a context
    shows; the reflection settings go to :class:`~souvenir.engine.proposals.Proposals`."""

    def __init__(
        self,
        store: Store,
        index: VectorIndex | None = None,
        limit: int = 24,
        semantic_threshold: float = 0.32,
        chat: ChatClient | None = None,
        reflection_model: str | None = None,
        reflection_timeout_s: float = 60.0,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        summary_enabled: bool = True,
        summary_model: str | None = None,
        history_turns: int = 20,
        self_citation_chars: int = SELF_CITATION_CHARS,
        scoring: ScoringConfig | None = None,
        window_index: VectorIndex | None = None,
    ) -> None:
        self.store = store
        self.index = index
        self.window_index = window_index
        self.chat = chat
        self.reflection_timeout_s = reflection_timeout_s  # the worker's bound on a job
        self.counters: Counter[str] = Counter()  # in-process counts for /metrics
        self.bookkeeping = Bookkeeping(self.counters)
        self.writer = Writer(store, index, window_index)
        self.turns = TurnWriter(
            store, self.writer, self.counters, reflect=chat is not None, summarize=chat is not None and summary_enabled
        )
        scorer = (
            Scorer(
                scoring,
                calibration=calibration_for(  # small stores' priors, per embedder (#28)
                    *(getattr(getattr(i, "embedder", None), "name", None) for i in (index, window_index))
                ),
            )
            if scoring is not None
            else None
        )
        self.query_scorer = QueryScorer(index, window_index, scorer)
        cache = getattr(store, "_read_cache", None)
        self.warmer = ReadWarmer(  # started by the service (Operations.warm_reads)
            store,
            self.query_scorer,
            [(i, i is window_index) for i in (index, window_index) if i is not None],
            shortlist_from=scoring.shortlist_from if scoring is not None else 0,
            coarse_dims=scoring.coarse_dims if scoring is not None else 0,
            capacity=getattr(cache, "max_memories", None),
            write_pools=self.writer.pools,  # each warmed user's write index too, after the reads
        )
        self.query_scorer.warming = self.warmer.busy
        #: a large user's columns read again after a reflection's non-append writes, off the turn
        self.refresher = ReadRefresher(store, self.query_scorer)
        self.refresher.also_erased = self.writer.pools.forget  # nor the erased texts' reach keys
        for vectors in (index, window_index):  # the indexer's writes re-read their memories
            if vectors is not None:
                vectors.on_written = self.refresher.vectors_written
        self.records = TurnRecords(store, index, window_index, self.bookkeeping)
        self.reader = ContextReader(
            store,
            self.query_scorer,
            self.records,
            selection_config(limit, semantic_threshold, fused=scoring is not None),
            history_turns,
        )
        self.warmer.selection = self.reader.config  # the warm-up's rehearsed context selects so
        self.searcher = Search(store, self.query_scorer, self.counters)
        self.curation = Curation(store, self.writer, self.bookkeeping)
        self.curation.changed = self.refresher.changed  # an edit or a forget by hand, off the next turn
        self.turns.changed = self.refresher.changed  # a forget request in chat, a no-model turn's rewording
        self.turns.erased = self.refresher.erased  # what a request in chat erased is held no more
        self.proposals = Proposals(
            store,
            self.writer,
            chat,
            reflection_model,
            summary_model,
            reflection_timeout_s,
            min_confidence,
            summary_enabled,
            self_citation_chars,
            counters=self.counters,
        )
        self.proposals.erased = self.refresher.erased  # a forget the model named, as the user's own

    # -- the parts' settings the lab swaps ----------------------------------------------------
    @property
    def scorer(self) -> Scorer | None:
        """The fused score of the read path (``None`` = the plain cosine)."""
        return self.query_scorer.scorer

    @scorer.setter
    def scorer(self, scorer: Scorer | None) -> None:
        self.query_scorer.scorer = scorer

    @property
    def selection_config(self) -> SelectionConfig:
        """The read path's selection (:func:`~souvenir.engine.reader.selection_config`)."""
        return self.reader.config

    @selection_config.setter
    def selection_config(self, config: SelectionConfig) -> None:
        self.reader.config = config

    @property
    def degraded_unrecorded(self) -> int:
        """Degraded turns whose event the store refused: counted by this process only."""
        return self.records.unrecorded

    # -- lifecycle -----------------------------------------------------------------------------
    def flush(self, timeout_s: float | None = SETTLE_S) -> None:
        """Wait for the read path's bookkeeping (:meth:`Bookkeeping.flush`)."""
        self.bookkeeping.flush(timeout_s)

    def close(self) -> None:
        """Finish pending bookkeeping (counters, events) and read path refreshes, and stop
        their workers."""
        self.refresher.close()
        self.records.explanations.close()  # the held selections' ranks, written before the end
        self.bookkeeping.close()
        # nothing of a user held once closed: the engine's parts refer to each other (a cycle the
        # collector frees later), and a ``gc.freeze`` before that (another engine's large user,
        # ``settle_pool``) pinned every memory they held for the life of the process
        if self.scorer is not None:
            self.scorer.clear()
        self.query_scorer.vectors.clear()
        self.writer.pools.clear()

    # -- identity --------------------------------------------------------------------------------
    def user_id(self, channel: str, external_id: str, create: bool = False, now: datetime | None = None) -> int | None:
        """The user keyed by (channel, external id); created when ``create``."""
        if create:
            return self.store.ensure_user(channel, external_id, now or utcnow())
        return self.store.find_user(channel, external_id)

    # -- write path (Writer, TurnWriter) ---------------------------------------------------------
    def remember(
        self,
        channel: str,
        external_id: str,
        candidate: Candidate,
        exchange: Exchange | None = None,
        story: str | None = None,
        now: datetime | None = None,
    ) -> WriteResult:
        """Write one candidate through filters and dedup (:meth:`Writer.remember`)."""
        return self.writer.remember(channel, external_id, candidate, exchange, story, now)

    def record_turn(
        self,
        channel: str,
        external_id: str,
        message: str,
        reply: str | None = None,
        time: datetime | None = None,
        story: str | None = None,
        source: str | None = None,
        now: datetime | None = None,
        language: str | None = None,
        timezone: str | None = None,
        question: str | None = None,
        unless_erased_since: datetime | int | None = None,
    ) -> tuple[int, WriteResult | None]:
        """Store one exchange (:meth:`TurnWriter.record_turn`)."""
        return self.turns.record_turn(
            channel,
            external_id,
            message,
            reply,
            time,
            story,
            source,
            now,
            language,
            timezone,
            question,
            unless_erased_since,
        )

    def set_timezone(self, channel: str, external_id: str, tz: str, now: datetime | None = None) -> str:
        """Set the user's zone (:meth:`TurnWriter.set_timezone`)."""
        return self.turns.set_timezone(channel, external_id, tz, now)

    # -- read path (ContextReader, QueryScorer, Search, TurnRecords) -----------------------------
    def context(
        self,
        channel: str,
        external_id: str,
        message: str,
        story: str | None = None,
        now: datetime | None = None,
        count: bool = True,
        tz: str | None = None,
        messages: Sequence[str] | None = None,
        conversation: Sequence[str] | None = None,
        block_tokens: int | None = None,
    ) -> ContextResult:
        """Select the memories for ``message`` (:meth:`ContextReader.context`; ``messages``:
        the texts the model's prompt already shows, whose memories take no place;
        ``conversation``: the chat's turns among them, ``None`` for all of them;
        ``block_tokens``: the memory lines' token budget, the lowest-ranked left out past it)."""
        return self.reader.context(
            channel, external_id, message, story, now, count, tz, messages, conversation, block_tokens
        )

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
        """The fused score of ``candidates`` for given query vectors (:meth:`QueryScorer.fused_scores`)."""
        return self.query_scorer.fused_scores(user_id, candidates, message, now, dense_query, window_query, parts)

    def search(
        self,
        channel: str,
        external_id: str,
        query: str,
        where: SearchFilter = SearchFilter(),
        story: str | None = None,
        limit: int = 10,
        now: datetime | None = None,
    ) -> tuple[list[tuple[Memory, float | None]], str | None]:
        """The user's memories ranked for ``query`` (:meth:`Search.search`)."""
        return self.searcher.search(channel, external_id, query, where, story, limit, now)

    def diagnostics(self, channel: str, external_id: str, story: str | None = None) -> dict:
        """The diagnostics page's data (:meth:`TurnRecords.diagnostics`)."""
        return self.records.diagnostics(channel, external_id, story)

    def degraded_turns(self) -> int:
        """Degraded turns, recorded or not (:meth:`TurnRecords.degraded_turns`)."""
        return self.records.degraded_turns()

    def _retrieved(self, sel: Selection) -> bool:
        """Whether a served memory counts as retrieved (:func:`~souvenir.engine.turn_records.retrieved`)."""
        return retrieved(sel, self.reader.config.semantic_threshold)

    # -- a user's memories (Curation) ----------------------------------------------------------
    def memories(self, channel: str, external_id: str, status: str | None = "active") -> list[Memory]:
        """The user's memories (:meth:`Curation.memories`)."""
        return self.curation.memories(channel, external_id, status)

    def memories_page(
        self, channel: str, external_id: str, status: str | None = "active", limit: int = 100, cursor: str | None = None
    ) -> tuple[list[Memory], str | None]:
        """One page of the user's memories (:meth:`Curation.memories_page`)."""
        return self.curation.memories_page(channel, external_id, status, limit, cursor)

    def own_memory(self, channel: str, external_id: str, memory_id: int) -> Memory:
        """That user's memory ``memory_id`` (:meth:`Curation.own_memory`)."""
        return self.curation.own_memory(channel, external_id, memory_id)

    def memory_history(self, channel: str, external_id: str, memory_id: int) -> tuple[Memory, list[dict[str, Any]]]:
        """A memory and its chain (:meth:`Curation.memory_history`)."""
        return self.curation.memory_history(channel, external_id, memory_id)

    def update_memory(
        self,
        channel: str,
        external_id: str,
        memory_id: int,
        text: str,
        source: str | None = None,
        said_at: datetime | None = None,
        now: datetime | None = None,
    ) -> WriteResult:
        """A person's new wording for a memory (:meth:`Curation.update_memory`)."""
        return self.curation.update_memory(channel, external_id, memory_id, text, source, said_at, now)

    def remember_many(
        self,
        channel: str,
        external_id: str,
        candidates: Sequence[Candidate],
        stories: Sequence[str | None] | None = None,
        now: datetime | None = None,
    ) -> list[WriteResult]:
        """Write a batch, all checked first (:meth:`Curation.remember_many`)."""
        return self.curation.remember_many(channel, external_id, candidates, stories, now)

    def pin(self, channel: str, external_id: str, memory_id: int, pinned: bool = True) -> Memory:
        """Pin or unpin a memory (:meth:`Curation.pin`)."""
        return self.curation.pin(channel, external_id, memory_id, pinned)

    def delete_memory(self, channel: str, external_id: str, memory_id: int, now: datetime | None = None) -> None:
        """Forget a memory and every text that carries it (:meth:`Curation.delete_memory`)."""
        self.curation.delete_memory(channel, external_id, memory_id, now)
        user_id = self.store.find_user(channel, external_id)
        if user_id is not None:
            self.refresher.erased(user_id)  # nothing of the erased text held in the process

    def users_page(
        self, channel: str, limit: int = 100, cursor: str | None = None
    ) -> tuple[list[tuple[str, str, int]], str | None]:
        """One page of the channel's users (:meth:`Curation.users_page`)."""
        return self.curation.users_page(channel, limit, cursor)

    def forgotten(self, channel: str, external_id: str, min_candidate: int = 10) -> list[Memory]:
        """Memories never served (:meth:`Curation.forgotten`)."""
        return self.curation.forgotten(channel, external_id, min_candidate)

    def profile(self, channel: str, external_id: str) -> dict[str, Any]:
        """The user-level profile (:meth:`Curation.profile`)."""
        return self.curation.profile(channel, external_id)

    def export_user(self, channel: str, external_id: str) -> dict:
        """Everything stored about the user (:meth:`Curation.export_user`)."""
        return self.curation.export_user(channel, external_id)

    def delete_user(self, channel: str, external_id: str) -> dict[str, int]:
        """Delete the user and everything derived (:meth:`Curation.delete_user`), and nothing
        of them held in the process (:meth:`ReadRefresher.erased`)."""
        user_id = self.store.find_user(channel, external_id)
        done = self.curation.delete_user(channel, external_id)
        if user_id is not None:
            self.refresher.erased(user_id, rebuild=False)
        return done

    # -- a model's answers (Proposals; the worker calls them) -----------------------------------
    def reflect(
        self,
        channel: str,
        external_id: str,
        message: str,
        reply: str,
        answer: str | bytes | dict,
        time: datetime | None = None,
        story: str | None = None,
        source: str | None = None,
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        now: datetime | None = None,
    ) -> tuple[Reflection, list[WriteResult]]:
        """Apply a model's reflection ``answer`` on one exchange (:meth:`Proposals.reflect`)."""
        return self.proposals.reflect(
            channel, external_id, message, reply, answer, time, story, source, min_confidence, now
        )

    def run_reflection(self, job: Job, now: datetime | None = None) -> tuple[Reflection, list[WriteResult]]:
        """Run one claimed reflection job (:meth:`Proposals.run_reflection`)."""
        return self.proposals.run_reflection(job, now)

    def run_summary(self, job: Job, now: datetime | None = None) -> str | None:
        """Run one claimed summary job (:meth:`Proposals.run_summary`)."""
        return self.proposals.run_summary(job, now)

    def after_reflection(self, job: Job, results: list[WriteResult], now: datetime) -> None:
        """New facts queue a summary (:meth:`Proposals.after_reflection`); a reworded or
        contradicted memory of a large user has its read path rebuilt now, off the next
        turn (:class:`~souvenir.engine.refresh_reads.ReadRefresher`)."""
        self.proposals.after_reflection(job, results, now)
        self.refresher.after_writes(job["user_id"], results)

    def store_summary(self, user_id: int, answer: str | None, now: datetime) -> str | None:
        """Store a summariser's answer (:meth:`Proposals.store_summary`)."""
        return self.proposals.store_summary(user_id, answer, now)
