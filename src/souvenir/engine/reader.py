"""The read path's orchestration (:class:`ContextReader`): one message's context — the
user's candidates, their scores (:class:`~souvenir.engine.query_scores.QueryScorer`), the
24 places (:func:`souvenir.read.selection.select`, pure), the block, the profile, history and
story layer beside them — and its records queued off the turn
(:class:`~souvenir.engine.turn_records.TurnRecords`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from souvenir import profile
from souvenir.engine.identity import check_ids
from souvenir.engine.query_scores import QueryScorer
from souvenir.engine.turn_records import TurnRecords
from souvenir.ground.limits import check_text
from souvenir.engine.cache_budget import read_long
from souvenir.engine.chat_forget import forget_note
from souvenir.llm.prompt_bound import data_tokens
from souvenir.read.block import memory_lines, render_block
from souvenir.read.block_budget import READ_TIME_REASON, within_budget
from souvenir.read.scoring import SCORE_FLOOR
from souvenir.read.ended import select_current
from souvenir.read.in_prompt import MAX_PROMPT_MESSAGES, in_prompt, prompt_hashes
from souvenir.read.selection import SelectionConfig
from souvenir.ground.results import ContextResult
from souvenir.store.protocol import Store
from souvenir.ground.timeutil import utcnow
from souvenir.ground.timezones import TZ_KEY

__all__ = ["ContextReader", "selection_config"]


def selection_config(limit: int, semantic_threshold: float, fused: bool) -> SelectionConfig:
    """The selection of the read path. ``fused`` (the product's default, see runtime.py): the
    fused score of :mod:`souvenir.read.scoring`, its floor and 18 semantic places of 24 (the
    places all go by score: docs/benchmarks.md, "Recall levers"); otherwise the plain cosine
    at ``semantic_threshold``, where promises and preferences the message recalls keep their
    quota (issue #18)."""
    if fused:
        return SelectionConfig(
            limit=limit,
            semantic_threshold=SCORE_FLOOR,
            score_name="score",
            semantic_slots=max(0, limit - round(limit * 0.25)),
            relevance_floor=SCORE_FLOOR,
        )
    return SelectionConfig(limit=limit, semantic_threshold=semantic_threshold, relevance_floor=semantic_threshold)


class ContextReader:
    """Contexts over ``store``: scored by ``scores``, selected by ``config``, recorded by
    ``records``; ``history_turns``: the recent turns shown beside the memories."""

    def __init__(
        self, store: Store, scores: QueryScorer, records: TurnRecords, config: SelectionConfig, history_turns: int
    ) -> None:
        self.store = store
        self.scores = scores
        self.records = records
        self.config = config
        self.history_turns = history_turns

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
        """Select the memories for ``message`` (at most ``limit``, rules outside the budget).

        Counters and degraded-turn events are written in the background (see
        :meth:`Engine.flush`). An unknown user gets an empty selection. The query embedding is
        bounded (see :class:`VectorIndex`); on failure the selection runs without scores, the
        turn is marked degraded, an event is recorded, and no counter moves. ``tz``: the zone
        the user's days are shown in (default the stored ``tz``; the proxy's header).

        The window embedder's query (the longest part of a turn) starts as soon as the user
        is known (on the text it will read: a message naming two of the user's speakers
        without their names, read from the user's held columns; a user none are held of,
        once the candidates are read), and everything that does not need it — the candidates, the main embedder's
        query, the score's other signals, the profile, history and story reads — runs while
        it is computed.

        ``messages``: the texts the model's prompt already shows (the conversation so far,
        as the caller sends it; the last :data:`~souvenir.read.in_prompt.MAX_PROMPT_MESSAGES`
        read): a memory whose text is one of them takes no place
        (:mod:`souvenir.read.in_prompt`) and is recorded for diagnostics as "in the prompt".
        ``conversation``: the turns of the chat among them (what the user and the assistant
        said, oldest first), read as the query's context of a short message (:meth:`turns`);
        ``None``: ``messages`` are the turns. A system prompt or a tool's output is shown to
        the model (``messages``) but is no turn of the conversation (the proxy).

        ``block_tokens``: the most tokens the memories' lines may take in the block (the proxy's
        read budget on a slow single-slot server, :mod:`souvenir.llm.block_bound`): the
        lowest-ranked memories past it are left out (:mod:`souvenir.read.block_budget`), counted
        (``prompt_bounded:block:memories`` a context cut, ``block_memories_left_out`` a memory) and
        recorded for diagnostics with the pass ``read_time``; they move no counter of being served.
        """
        now = now or utcnow()
        check_ids(channel, external_id, story)
        message = check_text(message, "message")
        read_long(message)  # a long message's readings are not kept for ever (cache_budget)
        shown_hashes = prompt_hashes(messages)
        parts: dict = {}
        with self.store.read_turn():  # the user, the story and the user's tick: one round trip
            user_id, story_id, clock = self.store.find_user_story_clock(channel, external_id, story)
            if user_id is None:
                return ContextResult(block=render_block([], [], {}), erasure_clock=clock)
            # the text e5 reads, from the speakers of the user's held columns when there are
            # (a message naming two is read without the names): started before the candidates
            early = self.scores.window_text(user_id, message)
            pending = self.scores.start_window_query(early) if early is not None else None
            if story and story_id is None:
                story_id = -1  # an unknown story: only global memories qualify
            candidates = self.store.candidates(user_id, story_id)
            if early is None and candidates:  # no columns held: the candidates' speakers
                pending = self.scores.start_window_query(
                    self.scores.window_text(user_id, message, candidates) or message
                )
            scores, cause, around = self.scores.scores(
                user_id,
                message,
                candidates,
                now,
                parts,
                pending,
                lambda: self.around(user_id, story_id, tz, message),
                self.turns(messages if conversation is None else conversation),
            )
        kv, tz, history, story_layer, prior_reply, note = around
        # an ended temporary fact ranks as history: no durable place (#26 round 5)
        shown = in_prompt(candidates, shown_hashes)
        result = select_current(candidates, scores, self.config, now, story_id, tz, shown)
        self.scores.settle_pool(user_id, candidates)  # a new large pool: out of the collector
        left_out: list = []
        if block_tokens is not None and result.memories:
            lines = memory_lines(result.memories, kv, tz, now)
            kept, left_out = within_budget(result.memories, lines, block_tokens, data_tokens)
            if left_out:
                result = replace(result, memories=kept)
                counters = self.records.bookkeeping.counters
                counters["prompt_bounded:block:memories"] += 1
                counters["block_memories_left_out"] += len(left_out)
        self.records.after_context(
            user_id,
            story_id,
            message,
            now,
            candidates,
            result,
            cause,
            scores,
            parts,
            prior_reply,
            count,
            self.config.semantic_threshold,
            shown,
            left_out,
            READ_TIME_REASON.format(tokens=block_tokens),
        )
        return ContextResult(
            memories=list(result.memories),
            rules=list(result.rules),
            profile=kv,
            block=render_block(result.memories, result.rules, kv, story_layer, tz, now, note),
            history=history,
            tz=tz,
            story=story_layer,
            degraded=cause is not None,
            degraded_cause=cause,
            scores=scores or {},
            erasure_clock=clock,
        )

    def turns(self, messages: Sequence[str] | None) -> list[str]:
        """The conversation before the message, oldest first, when the conversation levers
        are on (``ScoringConfig.context_weight`` / ``context_lexical``): the caller's
        ``messages`` (their last :data:`~souvenir.read.in_prompt.MAX_PROMPT_MESSAGES`). The
        recorded turns are not read: a context without ``messages`` (a question to the
        store, LoCoMo's, the suites') is the message alone."""
        scorer = self.scores.scorer
        if not messages or scorer is None or not (scorer.config.context_weight or scorer.config.context_lexical):
            return []
        return [t for t in list(messages)[-MAX_PROMPT_MESSAGES:] if isinstance(t, str)]

    def around(self, user_id: int, story_id: int | None, tz: str | None, message: str) -> tuple:
        """What a context shows beside the memories: (public profile, time zone, history,
        story layer, the reply of the turn before this message, the note of what a request
        to forget in ``message`` erases), read while the window embedder's query runs (none
        of it reads the scores: the note was ~0.4–0.7 ms of the worker after that query,
        on the reply's critical path; docs/journal.md, "Session 17, lane speed2")."""
        stored = self.store.kv_all(user_id)
        kv = profile.public_profile(stored)
        tz = tz or stored.get(TZ_KEY)  # (one read for both)
        turns = (
            self.store.recent_turns(user_id, story_id, max(self.history_turns, 1))
            if story_id is None or story_id > 0
            else []
        )
        history = turns[-self.history_turns :] if self.history_turns else []
        # what the assistant said last, read now: the selection is kept in the background,
        # once this message's own turn may be recorded (redact_answer)
        prior_reply = turns[-1]["reply"] if turns else None
        story_layer = None
        if story_id is not None and story_id > 0:
            story_layer = {
                "summary": self.store.story_summary(story_id),
                "anchors": [a["text"] for a in self.store.anchors(story_id)],
                "positions": self.store.positions(user_id, story_id),
            }
        note = forget_note(self.store, user_id, message, story_id)  # what a request to forget erases: the reply says it
        return kv, tz, history, story_layer, prior_reply, note
