"""The one orchestration module: store, vector index and chat model meet here.

Everything it decides is delegated to the pure core — :mod:`souvenir.write.filters` (keep or
drop), :mod:`souvenir.write.admission` (insert, absorb, replace, supersede) and
:mod:`souvenir.read.selection` (the 24 places) — and it only moves data between them and the
edges. A turn never waits on memory beyond the bounded query embedding; every degradation
is recorded as an event and counted.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from datetime import datetime

from souvenir import profile
from souvenir.write import admission
from souvenir.read.block import render_block
from souvenir.engine.chat_forget import act_on_forget_request
from souvenir.engine.curation import CurationMixin
from souvenir.engine.proposals import ReflectionMixin
from souvenir.errors import (
    EmbedderError, InputError, UnknownError,
)
from souvenir.write.filters import DIRECT_CHAIN, MODEL_CHAIN, Exchange, redact, run_filters
from souvenir.write.filters.secrets import redact_answer
from souvenir.index.vectors import PendingQuery, VectorIndex
from souvenir.lexical import content_words, normalize
from souvenir.limits import check_field, check_text, check_time, check_user_id
from souvenir.llm import ChatClient
from souvenir.redaction import refuse_credential
from souvenir.write.reflection import (
    DEFAULT_MIN_CONFIDENCE,
)
from souvenir.results import ContextResult, WriteResult
from souvenir.read.scoring import SCORE_FLOOR, DenseInput, Scorer, ScoringConfig
from souvenir.engine.search import SearchMixin
from souvenir.engine.turn_records import TurnRecordsMixin
from souvenir.read.selection import Scores, SelectionConfig, select
from souvenir.store.protocol import Store
from souvenir.write.story import SELF_CITATION_CHARS
from souvenir.threads import yield_to_turns
from souvenir.timeutil import aware, utcnow
from souvenir.timezones import TZ_KEY, canonical_zone, learned_zone, localize
from souvenir.types import Candidate, Memory
from souvenir.write.writelog import event_detail, event_kind

log = logging.getLogger(__name__)

#: Pending bookkeeping jobs (counters, selections, degraded events) past which new ones are
#: dropped and counted: a store locked for long must not grow the queue without bound.
MAX_BOOKKEEPING = 1000
#: Longest a read (diagnostics, export, forgotten…) waits for pending bookkeeping (seconds).
SETTLE_S = 2.0


class Engine(CurationMixin, SearchMixin, ReflectionMixin, TurnRecordsMixin):
    """Souvenir over one store, with an optional vector index (``None`` = no semantic pass)."""

    def __init__(self, store: Store, index: VectorIndex | None = None, limit: int = 24,
                 semantic_threshold: float = 0.32, chat: ChatClient | None = None,
                 reflection_model: str | None = None, reflection_timeout_s: float = 60.0,
                 min_confidence: float = DEFAULT_MIN_CONFIDENCE, summary_enabled: bool = True,
                 summary_model: str | None = None, history_turns: int = 20,
                 self_citation_chars: int = SELF_CITATION_CHARS,
                 scoring: ScoringConfig | None = None,
                 window_index: VectorIndex | None = None) -> None:
        self.store = store
        self.index = index
        self.window_index = window_index
        self.chat = chat
        self.history_turns = history_turns
        self.counters: Counter[str] = Counter()  # in-process counts for /metrics
        self.self_citation_chars = self_citation_chars
        self.summary_enabled = summary_enabled
        self.summary_model = summary_model or None
        self.reflection_model = reflection_model or None
        self.reflection_timeout_s = reflection_timeout_s
        self.min_confidence = min_confidence
        # Two read paths: ``scoring`` given (the product's default, see runtime.py) = the
        # fused score of souvenir.read.scoring, its floor and 18 semantic places (the 24 all go
        # by score: docs/benchmarks.md, "Recall levers"); otherwise the plain cosine.
        self.scorer = Scorer(scoring) if scoring is not None else None
        if self.scorer is not None:
            self.selection_config = SelectionConfig(
                limit=limit, semantic_threshold=SCORE_FLOOR, score_name="score",
                semantic_slots=max(0, limit - round(limit * 0.25)), relevance_floor=SCORE_FLOOR)
        else:  # promises and preferences the message recalls keep their quota (issue #18)
            self.selection_config = SelectionConfig(limit=limit, semantic_threshold=semantic_threshold,
                                                    relevance_floor=semantic_threshold)
        # Best-effort bookkeeping of the read path (forgetting counters, degraded-turn
        # events) runs here, off the turn: a locked store must not hold a context call.
        #: Degraded turns whose event the store refused (locked past its bound): still counted
        #: (/metrics, /health, :meth:`degraded_turns`), by this process only.
        self.degraded_unrecorded = 0
        self._unrecorded_lock = threading.Lock()
        self._bookkeeping = ThreadPoolExecutor(max_workers=1, thread_name_prefix="souvenir-counters",
                                               initializer=yield_to_turns)
        self._pending = 0
        self._pending_lock = threading.Lock()

    def flush(self, timeout_s: float | None = SETTLE_S) -> None:
        """Wait until the read path's bookkeeping submitted so far is written, at most
        ``timeout_s`` (default :data:`SETTLE_S`; ``None`` = until done): the reads that call
        it go on without it when the store is locked (each queued write waits its own bound)."""
        try:
            self._bookkeeping.submit(lambda: None).result(timeout=timeout_s)
        except FuturesTimeout:
            pass

    def _later(self, fn, *args) -> None:
        """Best-effort bookkeeping off the turn; dropped (and counted) past
        :data:`MAX_BOOKKEEPING` pending jobs, when the store stays locked."""
        with self._pending_lock:
            if self._pending >= MAX_BOOKKEEPING:
                self.counters["bookkeeping_dropped"] += 1
                if fn == self._record_degraded:  # still a degraded turn
                    with self._unrecorded_lock:
                        self.degraded_unrecorded += 1
                return
            self._pending += 1

        def run() -> None:
            try:
                fn(*args)
            finally:
                with self._pending_lock:
                    self._pending -= 1

        self._bookkeeping.submit(run)

    def close(self) -> None:
        """Finish pending bookkeeping (counters, events) and stop its worker."""
        self._bookkeeping.shutdown(wait=True)

    # -- identity ----------------------------------------------------------------------------
    def user_id(self, channel: str, external_id: str, create: bool = False,
                now: datetime | None = None) -> int | None:
        """The user keyed by (channel, external id); created when ``create``."""
        if create:
            return self.store.ensure_user(channel, external_id, now or utcnow())
        return self.store.find_user(channel, external_id)

    @staticmethod
    def _check_ids(channel: str, external_id: str, story: str | None = None) -> None:
        refuse_credential(check_user_id(channel, "channel"), "channel")  # every route can address it
        refuse_credential(check_user_id(external_id, "user id"), "user id")  # and ids are kept in clear
        refuse_credential(check_field(story, "story", 256), "story")

    def _story_id(self, user_id: int, story: str | None, create: bool, now: datetime) -> int | None:
        if not story:
            return None
        if create:
            return self.store.ensure_story(user_id, story, now)
        return self.store.find_story(user_id, story)

    # -- write path --------------------------------------------------------------------------
    def remember(self, channel: str, external_id: str, candidate: Candidate,
                 exchange: Exchange | None = None, story: str | None = None,
                 now: datetime | None = None) -> WriteResult:
        """Write one candidate through filters and dedup for the user.

        ``exchange`` given = a model proposed it from that exchange (the full filter chain);
        otherwise a person or an import wrote it (the secrets filter only). ``candidate.time``
        is when it was said (default ``now``); its own UTC offset is the user's local day for
        grounding "tomorrow"; a naive time, a date alone or a UTC time is read in the user's
        zone (profile key ``tz``, :func:`souvenir.timezones.localize`). Raises
        :class:`InputError` for unusable text, ids or time, or a story-scoped memory without
        a story.
        """
        now = aware(now or utcnow())
        self._check_ids(channel, external_id, story)
        text = check_text(candidate.text, "memory text")
        check_field(candidate.source, "source", 1024)
        check_time(candidate.time, "memory time")
        if candidate.scope == "story" and candidate.story_id is None and not story:
            raise InputError("a story-scoped memory needs a story")
        user_id = self.store.ensure_user(channel, external_id, now)
        # the user's local time: "tomorrow" is grounded in their day (souvenir.timezones)
        said_at = localize(candidate.time, self.store.kv_get(user_id, TZ_KEY), now)
        story_id = candidate.story_id
        if story_id is None and candidate.scope == "story":
            story_id = self._story_id(user_id, story, True, now)
        candidate = Candidate(
            text=text, kind=candidate.kind, scope=candidate.scope,
            confidence=min(1.0, max(0.0, float(candidate.confidence))), source=candidate.source,
            story_id=story_id, time=said_at, pinned=candidate.pinned,
            speaker=candidate.speaker, session=candidate.session,
        )
        chain = MODEL_CHAIN if exchange is not None else DIRECT_CHAIN
        verdict = run_filters(candidate, exchange or Exchange(user_message=text), chain)
        if not verdict.kept:
            # The decision's candidate is the redacted one: a dropped secret is never echoed.
            reason = f"{verdict.filter}: {verdict.reason}"
            self.store.record_event(user_id, event_kind("dropped", verdict.filter),
                                    event_detail(reason, verdict.candidate.text), now)
            return WriteResult("dropped", None, verdict.candidate.text, reason=reason, code=verdict.filter)
        candidate = verdict.candidate
        with self.store.transaction():
            self.store.lock_user(user_id)  # replicas: decide and apply from one fresh read
            existing = self.store.memories(user_id, "active")
            decision = admission.decide(candidate, existing, said_at)
            previous = next((m.text for m in existing if m.id == decision.target_id), None)
            self.store.record_event(user_id, event_kind(decision.action, decision.code),
                                    event_detail(decision.reason, decision.text, decision.target_id, previous), now)
            return self._apply(user_id, candidate, decision, said_at, now, previous)

    def _apply(self, user_id: int, candidate: Candidate, decision, said_at: datetime,
               now: datetime, previous: str | None = None) -> WriteResult:
        text = decision.text
        said = {"reason": decision.reason, "code": decision.code, "previous": previous}
        if decision.action in ("absorb", "replace", "supersede"):
            self._drop_windows_around(decision.target_id)
        if decision.action == "absorb":
            self.store.absorb(decision.target_id, text, candidate.source, said_at, now)
            return WriteResult("absorb", decision.target_id, text, **said)
        if decision.action == "replace":
            self.store.replace_wording(decision.target_id, text, candidate.confidence,
                                       candidate.source, said_at, now)
            self._wake_indexer()
            return WriteResult("replace", decision.target_id, text, **said)
        new_id = self.store.insert_memory(
            user_id, text, candidate.kind, candidate.scope, candidate.story_id,
            candidate.confidence, candidate.pinned, candidate.source, said_at,
            speaker=candidate.speaker, session=candidate.session,
        )
        if candidate.session is not None and self.window_index is not None:
            # the previous episode's window now ends on this one: re-embed it
            self.store.drop_neighbour_vectors(new_id, self.window_index.name, after=False)
        if decision.action == "supersede":
            self.store.supersede(decision.target_id, new_id, said_at)  # superseded when said
            self._wake_indexer()
            return WriteResult("supersede", new_id, text, superseded_id=decision.target_id, **said)
        self._wake_indexer()
        return WriteResult("insert", new_id, text, **said)

    def _wake_indexer(self) -> None:
        for index in (self.index, self.window_index):
            if index is not None:
                index.wake()

    def record_turn(self, channel: str, external_id: str, message: str, reply: str | None = None,
                    time: datetime | None = None, story: str | None = None,
                    source: str | None = None, now: datetime | None = None,
                    language: str | None = None,
                    timezone: str | None = None) -> tuple[int, WriteResult | None]:
        """Store one exchange. With a chat model, a reflection job is queued in the same
        transaction (the worker runs it after the reply); in no-model mode the user's
        message becomes an ``episode`` (of the story when ``story`` is given, else global). A command (``/start``) or a
        message without a content word ("ok", "merci", "好的") is kept as a turn only.

        ``time`` keeps its own UTC offset; a naive or UTC time is read in the user's zone
        (``timezone``, an IANA name or offset, sets it first; a ``time`` with another offset
        than the stored zone's teaches it: :func:`souvenir.timezones.learned_zone`).

        Returns (turn id, what the write path did with the message, or ``None`` for a
        command). Raises :class:`TextError` for an unusable message, :class:`InputError`
        for an unknown zone.
        """
        now = aware(now or utcnow())
        self._check_ids(channel, external_id, story)
        message = check_text(message, "message")
        check_field(reply, "reply")
        check_field(source, "source", 1024)
        check_time(time)
        zone_text = canonical_zone(timezone) if timezone else None
        # Secrets never reach the store, whichever path writes (seed 001 §9).
        message = redact(message)[0]
        reply = None if reply is None else redact(reply)[0]
        with self.store.transaction():  # the turn, its profile update and its memory, or nothing
            user_id = self.store.ensure_user(channel, external_id, now)
            self.store.lock_user(user_id)  # replicas: the profile read below is written back
            time = self._local_time(user_id, time, zone_text, now)
            story_id = self._story_id(user_id, story, True, now)
            # the answer to an assistant that asked for a secret ("What's your password?" →
            # "Hunter2xyz!") is the secret alone: no phrasing rule sees it
            prior = self.store.recent_turns(user_id, story_id, 1)
            if prior:
                message = redact_answer(message, prior[-1]["reply"])
            turn_id = self.store.add_turn(user_id, story_id, message, reply, time, source)
            before = self.store.kv_all(user_id)  # the profile as it was before this turn
            queries = profile.push_query(before.get(profile.QUERIES_KEY), message)
            if queries is not None:
                self.store.kv_set(user_id, profile.QUERIES_KEY, queries, now)
            written: WriteResult | None = None
            # a request to forget acts on the memories it names and never becomes one (#26)
            asked = act_on_forget_request(self.store, user_id, message, turn_id, now,
                                          before_erase=self._drop_windows_around)
            if profile.is_command(message):
                written = self._not_remembered(user_id, message, "command", "a bot command (/start…)", now)
            elif self.chat is not None:  # model mode: the reflection proposes the memories
                self.store.enqueue(user_id, turn_id, "reflection", now)
            elif asked is not None:
                written = WriteResult("dropped", None, message, reason=f"forget_request: {asked.reason}",
                                      code="forget_request")
            elif profile.is_acknowledgement(content_words(normalize(message))):
                written = self._not_remembered(user_id, message, "acknowledgement",
                                               "a bare acknowledgement (ok, merci, 好的, terima kasih…)", now)
            else:
                # its session: the story, else the day it was said (neighbours for the read path)
                episode = Candidate(text=message, kind="episode", scope="story" if story else "global",
                                    source=source or f"turn:{turn_id}", time=time,
                                    session=f"story:{story}" if story else f"day:{time.date().isoformat()}")
                written = self.remember(channel, external_id, episode, story=story, now=now)
            new_facts = int(written is not None and written.action in ("insert", "replace", "supersede"))
            self._profile_turn(user_id, turn_id, before, message, language, new_facts, now)
            return turn_id, written

    def _not_remembered(self, user_id: int, message: str, code: str, what: str, now: datetime) -> WriteResult:
        """A turn's message kept as a turn only, with its event (the write log shows every
        drop with its reason)."""
        reason = f"{code}: {what}, kept in the conversation, not as a memory"
        self.store.record_event(user_id, event_kind("dropped", code), event_detail(reason, message), now)
        return WriteResult("dropped", None, message, reason=reason, code=code)

    def _local_time(self, user_id: int, time: datetime | None, zone_text: str | None,
                    now: datetime) -> datetime:
        """The turn's local time; stores the zone given or learned from ``time``."""
        stored = self.store.kv_get(user_id, TZ_KEY)
        learned = zone_text if zone_text and zone_text != stored else learned_zone(stored, time)
        if learned:
            self.store.kv_set(user_id, TZ_KEY, learned, now)
            stored = learned
        return localize(time, stored, now)

    def set_timezone(self, channel: str, external_id: str, tz: str,
                     now: datetime | None = None) -> str:
        """Set the user's zone (profile key ``tz``; an IANA name or an offset, created
        user included); returns its canonical text. Raises :class:`InputError`."""
        self._check_ids(channel, external_id)
        value = canonical_zone(tz)
        now = now or utcnow()
        user_id = self.store.ensure_user(channel, external_id, now)
        self.store.kv_set(user_id, TZ_KEY, value, now)
        return value

    def _profile_turn(self, user_id: int, turn_id: int, before: dict[str, str], message: str,
                      language: str | None, new_facts: int, now: datetime) -> None:
        """Seed 001's rule-based profile updates after a turn: ``lang`` (channel code > stored
        > detected) and the summariser trigger (only on new facts; queued, never inline)."""
        update = profile.update_language(language, before.get(profile.LANG_KEY), message)
        if update.write and update.language:
            self.store.kv_set(user_id, profile.LANG_KEY, update.language, now)
        turns = profile.count_turn(before, message)
        fire, why = profile.should_summarize(before, message, update.changed, new_facts, turns)
        if self.chat is not None and self.summary_enabled:
            self.counters["summaries_queued" if fire else "summaries_skipped"] += 1
        if fire and self.chat is not None and self.summary_enabled:
            self.store.enqueue(user_id, turn_id, "summary", now)
            turns = 0  # counted from the scheduling: turns during the run are not lost
            log.debug("summary queued for user %s: %s", user_id, why)
        self.store.kv_set(user_id, profile.TURNS_KEY, str(turns), now)

    # -- read path ---------------------------------------------------------------------------
    def context(self, channel: str, external_id: str, message: str, story: str | None = None,
                now: datetime | None = None, count: bool = True,
                tz: str | None = None) -> ContextResult:
        """Select the memories for ``message`` (at most ``limit``, rules outside the budget).

        Counters and degraded-turn events are written in the background (see
        :meth:`flush`). An unknown user gets an empty selection. The query embedding is bounded (see
        :class:`VectorIndex`); on failure the selection runs without scores, the turn is
        marked degraded, an event is recorded, and no counter moves. ``tz``: the zone the
        user's days are shown in (default the stored ``tz``; the proxy's header).

        The window embedder's query (the longest part of a turn) starts as soon as the user
        is known, and everything that does not need it — the candidates, the main embedder's
        query, the score's other signals, the profile, history and story reads — runs while
        it is computed.
        """
        now = now or utcnow()
        self._check_ids(channel, external_id, story)
        message = check_text(message, "message")
        parts: dict = {}
        with self.store.read_turn():  # the user, the story and the user's tick: one round trip
            user_id, story_id = self.store.find_user_story(channel, external_id, story)
            if user_id is None:
                return ContextResult(block=render_block([], [], {}))
            pending = self._start_window_query(message)
            if story and story_id is None:
                story_id = -1  # an unknown story: only global memories qualify
            candidates = self.store.candidates(user_id, story_id)
            scores, cause, around = self._scores(user_id, message, candidates, now, parts, pending,
                                                 lambda: self._around(user_id, story_id, tz))
        result = select(candidates, scores, self.selection_config, now, story_id)
        if cause is not None:
            self._later(self._record_degraded, user_id, cause, now)
        elif count:
            self._later(self._count, user_id, story_id, candidates, list(result.memories))
        kv, tz, history, story_layer, prior_reply = around
        if count:
            self._later(self._record_selection, user_id, story_id, message, now,
                        list(result.rules) + list(result.memories), cause, scores, parts, prior_reply)
        return ContextResult(
            memories=list(result.memories), rules=list(result.rules), profile=kv,
            block=render_block(result.memories, result.rules, kv, story_layer, tz), history=history,
            tz=tz,
            story=story_layer,
            degraded=cause is not None, degraded_cause=cause, scores=scores or {},
        )

    def _around(self, user_id: int, story_id: int | None, tz: str | None) -> tuple:
        """What a context shows beside the memories: (public profile, time zone, history,
        story layer, the reply of the turn before this message), read while the window
        embedder's query runs."""
        stored = self.store.kv_all(user_id)
        kv = profile.public_profile(stored)
        tz = tz or stored.get(TZ_KEY)  # (one read for both)
        turns = (self.store.recent_turns(user_id, story_id, max(self.history_turns, 1))
                 if story_id is None or story_id > 0 else [])
        history = turns[-self.history_turns:] if self.history_turns else []
        # what the assistant said last, read now: the selection is kept in the background,
        # once this message's own turn may be recorded (redact_answer)
        prior_reply = turns[-1]["reply"] if turns else None
        story_layer = None
        if story_id is not None and story_id > 0:
            story_layer = {"summary": self.store.story_summary(story_id),
                           "anchors": [a["text"] for a in self.store.anchors(story_id)],
                           "positions": self.store.positions(user_id, story_id)}
        return kv, tz, history, story_layer, prior_reply

    def _start_window_query(self, message: str) -> PendingQuery | str | None:
        """The window embedder's query, started now (:meth:`VectorIndex.start_query`): the
        pending query, the cause when it cannot start (breaker open), ``None`` without a
        window embedder (or on the cosine read path)."""
        if self.scorer is None or self.window_index is None:
            return None
        try:
            return self.window_index.start_query(message, hand_over=True)
        except EmbedderError as exc:
            return f"window embedder: {exc}"

    def _scores(self, user_id: int, message: str, candidates: Sequence[Memory], now: datetime,
                parts: dict | None = None, pending: PendingQuery | str | None = None,
                meanwhile=None):
        """(scores, degradation cause) for ``message``; with ``meanwhile`` (a call run while
        the window embedder's query is computed), (scores, cause, its result)."""
        if self.scorer is not None:
            if pending is None and candidates:
                pending = self._start_window_query(message)
            return self._fused_scores(user_id, message, candidates, now, parts, pending, meanwhile)
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

    def _fused_scores(self, user_id: int, message: str, candidates: Sequence[Memory],
                      now: datetime, parts: dict | None, pending: PendingQuery | str | None,
                      meanwhile=None):
        """The fused score (souvenir.read.scoring). Each query embedding is bounded by its index;
        the window embedder's (``pending``, started by the caller) runs while the main
        embedder's query, the score's other signals and ``meanwhile`` are computed. A failed
        embedder leaves the other signals (the BM25 part always scores) and marks the turn
        degraded with its cause."""
        causes: list[str] = []
        dense_query = window_query = None
        if self.index is not None and candidates:
            try:
                dense_query = self.index.embed_query(message)
            except EmbedderError as exc:
                causes.append(f"embedder: {exc}")
        prepared = self.scorer.prepare(user_id, candidates, message, now,  # type: ignore[union-attr]
                                       self._side(self.index, user_id, dense_query))
        around = meanwhile() if meanwhile is not None else None
        if isinstance(pending, str):
            if candidates:
                causes.append(pending)
        elif pending is not None and candidates:
            try:
                window_query = pending.result()  # bounded from its start: queue and lock waits count
            except EmbedderError as exc:
                causes.append(f"window embedder: {exc}")
        for cause in causes:
            log.warning("degraded turn: %s", cause)
        scores = prepared.finish(self._side(self.window_index, user_id, window_query), parts)
        degraded = "; ".join(causes) or None
        return (scores, degraded) if meanwhile is None else (scores, degraded, around)

    def _side(self, index: VectorIndex | None, user_id: int, query) -> DenseInput | None:
        """One embedder's side of the fused score (``None`` without an index or a vector)."""
        if index is None or query is None:
            return None
        dims = self.scorer.config.coarse_dims  # type: ignore[union-attr]
        coarse = (lambda: index.coarse_scores(user_id, query, dims)) \
            if dims > 0 and hasattr(index, "coarse_scores") else None
        return DenseInput(query, lambda vector, ids=None: index.scores(user_id, vector, ids), coarse=coarse)

    def fused_scores(self, user_id: int, candidates, message: str, now: datetime,
                     dense_query=None, window_query=None, parts: dict | None = None) -> Scores:
        """The fused score of ``candidates`` for ``message`` with the query vectors given
        (``None``: that signal is left out): what :meth:`context` runs after embedding
        the message (``souvenir bench latency`` times it). ``parts``: filled with the
        score's terms (:meth:`Scorer.scores`)."""
        return self.scorer.scores(user_id, candidates, message, now,  # type: ignore[union-attr]
                                  self._side(self.index, user_id, dense_query),
                                  self._side(self.window_index, user_id, window_query), parts)

    # -- reading the store -------------------------------------------------------------------
    def memories(self, channel: str, external_id: str, status: str | None = "active") -> list[Memory]:
        """The user's memories (empty for an unknown user)."""
        user_id = self.store.find_user(channel, external_id)
        return [] if user_id is None else self.store.memories(user_id, status)

    def own_memory(self, channel: str, external_id: str, memory_id: int) -> Memory:
        """The memory ``memory_id`` if it belongs to that user; else :class:`InputError`
        (one user never reaches another's memory by guessing an id)."""
        user_id = self.store.find_user(channel, external_id)
        memory = self.store.get_memory(memory_id) if user_id is not None else None
        if memory is None or memory.user_id != user_id:
            raise UnknownError(f"no memory {memory_id} for user {channel}:{external_id}")
        return memory

    def pin(self, channel: str, external_id: str, memory_id: int, pinned: bool = True) -> Memory:
        """Pin or unpin a memory by hand (the pinned pass serves up to limit − reserve)."""
        self.own_memory(channel, external_id, memory_id)
        self.store.set_pinned(memory_id, pinned)
        return self.own_memory(channel, external_id, memory_id)

    def delete_memory(self, channel: str, external_id: str, memory_id: int,
                      now: datetime | None = None) -> None:
        """Forget a memory: an explicit act only. Its text, past wordings and vectors go, and
        every stored text that carries it (its turns, the summary, anchors…: see
        :mod:`souvenir.store.erasure`); a textless tombstone stays for counts."""
        self.own_memory(channel, external_id, memory_id)
        self._drop_windows_around(memory_id)
        self.store.delete_memory(memory_id, now or utcnow())

    def _drop_windows_around(self, memory_id: int) -> None:
        """A memory's words leave (delete) or change (replace, absorb, supersede): its
        session neighbours' window vectors held them, so they are re-embedded."""
        if self.window_index is not None:
            self.store.drop_neighbour_vectors(memory_id, self.window_index.name)

    def forgotten(self, channel: str, external_id: str, min_candidate: int = 10) -> list[Memory]:
        """Memories that were candidates at least ``min_candidate`` times and never served,
        most often passed over first."""
        self.flush()
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            return []
        active = {m.id: m for m in self.store.memories(user_id, "active")}
        return [active[row[0]] for row in self.store.forgotten(user_id, min_candidate) if row[0] in active]

    def export_user(self, channel: str, external_id: str) -> dict:
        """Everything stored about the user (:class:`UnknownError` for an unknown user)."""
        self.flush()
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            raise UnknownError(f"no user {channel}:{external_id}")
        return {"channel": channel, "user": external_id, "tables": self.store.export_user(user_id)}

    def delete_user(self, channel: str, external_id: str) -> dict[str, int]:
        """Delete the user and everything derived from them; rows removed per table."""
        self.flush()
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            raise UnknownError(f"no user {channel}:{external_id}")
        return self.store.delete_user(user_id)

    def degraded_turns(self) -> int:
        """Degraded turns: the store's events, plus those this process could not record
        (the store stayed locked past its bound)."""
        self.flush()
        return self.store.count_events("degraded_turn") + self.degraded_unrecorded
