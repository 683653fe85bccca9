"""What a context leaves behind, and the view that reads it back (:class:`TurnRecords`).

After each context, off the reply's path (:class:`~souvenir.engine.bookkeeping.Bookkeeping`):
the forgetting counters (seed 000: candidate, selected, retrieved), the selection kept for
diagnostics (each memory with its pass, reason, score, rank and the score's parts), or the
degraded-turn event with its cause. :meth:`TurnRecords.diagnostics` reads them back, with the
indexer's backlog, parked jobs and the profile. A store that fails here never breaks the
turn: it is logged, and a degraded turn that could not be written is counted in
:attr:`TurnRecords.unrecorded` (this process only).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, Sequence
from datetime import datetime

from souvenir import profile
from souvenir.candidates.score_map import LazyScores
from souvenir.engine.bookkeeping import Bookkeeping
from souvenir.engine.explanations import Explanations
from souvenir.ground.errors import StoreError, UnknownError
from souvenir.index.vectors import VectorIndex
from souvenir.read.block_budget import READ_TIME
from souvenir.read.explain import explain, never_served
from souvenir.read.explain_conversation import CONVERSATION, ConversationRead, kept_message, split_message
from souvenir.schemas import memory_json, selected_json
from souvenir.store.counters import counted_ids
from souvenir.store.protocol import Store
from souvenir.ground.timezones import TZ_KEY
from souvenir.ground.types import Memory, Selection, SelectionResult
from souvenir.lexical.erased_readings import forget_readings
from souvenir.lexical.forget_cues import forget_requests
from souvenir.ground.limits import check_field, check_user_id
from souvenir.privacy import redact_answer
from souvenir.write.writelog import memory_of

__all__ = ["IN_PROMPT", "TurnRecords", "retrieved"]

log = logging.getLogger(__name__)

#: The pass name a memory left out as already in the prompt is recorded with, and why.
IN_PROMPT = "in_prompt"
IN_PROMPT_REASON = (
    "in_prompt: already in the prompt, word for word (one of the messages the model is sent), "
    "so it takes no place: its place went to a memory the prompt does not show"
)
#: Left-out memories kept per selection for diagnostics (a bound on the row).
SHOWN_KEPT = 24


def _score(scores: Mapping[int, float] | None, memory_id: int) -> float | None:
    value = scores.get(memory_id) if scores else None
    return None if value is None or value != value else float(value)


def _unless_forget(turn: str) -> str:
    """A turn read with the message as the selection keeps it: nothing of a request to forget
    a topic it names (its own turn keeps no copy of it)."""
    return "" if any(r.topic for r in forget_requests(turn)) else turn


def retrieved(sel: Selection, threshold: float) -> bool:
    """Served because the message recalled it (seed 000's third counter): the semantic
    pass, or the global pass taking it for its cosine (at least ``threshold``, the
    selection's semantic threshold) — not admitted by rank alone."""
    if sel.pass_name == "semantic":
        return True
    return sel.pass_name == "global" and sel.score is not None and sel.score >= threshold


class TurnRecords:
    """The records of the contexts of ``store``, written through ``bookkeeping``;
    ``indexes``: the vector indexes whose backlog the diagnostics show (the main one first,
    ``None`` for an absent one)."""

    def __init__(
        self, store: Store, index: VectorIndex | None, window_index: VectorIndex | None, bookkeeping: Bookkeeping
    ) -> None:
        self.store = store
        self.index = index
        self.window_index = window_index
        self.bookkeeping = bookkeeping
        #: Degraded turns whose event the store refused (locked past its bound, or the
        #: bookkeeping queue full): still counted (/metrics, /health, :meth:`degraded_turns`),
        #: by this process only.
        self.unrecorded = 0
        self._unrecorded_lock = threading.Lock()
        #: a large user's ranks and parts, made when read (:mod:`~souvenir.engine.explanations`)
        self.explanations = Explanations(store, bookkeeping)
        #: ``False``: every selection's ranks and parts made at once, in the bookkeeping job
        #: that keeps it (the same values; as before session 18)
        self.deferred = True

    def after_context(
        self,
        user_id: int,
        story_id: int | None,
        message: str,
        now: datetime,
        candidates: Sequence[Memory],
        result: SelectionResult,
        cause: str | None,
        scores: Mapping[int, float] | None,
        parts: dict | None,
        prior_reply: str | None,
        count: bool,
        threshold: float,
        shown: Sequence[int] = (),
        left_out: Sequence[Selection] = (),
        left_out_reason: str = "",
    ) -> None:
        """Queue what one context leaves: the degraded-turn event (``cause`` given) or the
        forgetting counters (``count``), then the selection kept for diagnostics
        (``count``). ``threshold``: the selection's semantic threshold (:func:`retrieved`);
        ``shown``: the candidates left out as already in the prompt, recorded after the
        selection (at most :data:`SHOWN_KEPT`); ``left_out``: the memories selected and left out
        of the block for its read time (:mod:`souvenir.read.block_budget`), recorded after the
        selection with the pass ``read_time`` and ``left_out_reason``."""
        if cause is not None:
            self.bookkeeping.later(self.record_degraded, user_id, cause, now, on_drop=self._one_unrecorded)
        elif count:
            self.bookkeeping.later(self.count, user_id, story_id, candidates, list(result.memories), threshold)
        # the turns the message was read with: the page's part, made in the job below
        conversation = parts.pop(CONVERSATION, None) if parts else None
        if count:
            self.bookkeeping.later(
                self.record_selection,
                user_id,
                story_id,
                message,
                now,
                list(result.rules)
                + list(result.memories)
                + [Selection(s.memory, READ_TIME, left_out_reason, s.score) for s in left_out],
                cause,
                scores,
                parts,
                prior_reply,
                list(shown[:SHOWN_KEPT]),
                getattr(candidates, "serial", None),
                conversation,
            )

    def record_selection(
        self,
        user_id: int,
        story_id: int | None,
        message: str,
        now: datetime,
        selected: list[Selection],
        cause: str | None,
        scores: Mapping[int, float] | None = None,
        parts: dict | None = None,
        prior_reply: str | None = None,
        shown: Sequence[int] = (),
        pool: int | None = None,
        conversation: ConversationRead | None = None,
    ) -> None:
        """Keep one context's selection for diagnostics (logged, never raised, on a store
        error); ``shown``: ids left out as already in the prompt, kept after the selection
        with the pass ``in_prompt`` and their score. A message asking to forget a topic it names
        is kept without its text (its turn is emptied: :func:`~souvenir.engine.chat_forget.clear_request_turn`).
        A large user's scores not read whole (``LazyScores``, nothing shown): the ranks and
        parts are made when read (:class:`~souvenir.engine.explanations.Explanations`;
        ``pool``: the candidates' serial). ``conversation``: the turns the message was read
        with; its part is made with the ranks and parts (the message alone scored again,
        :mod:`~souvenir.read.explain_conversation`) and the turns kept after the message."""
        ids = [s.memory.id for s in selected] + list(shown)
        later = self.deferred and isinstance(scores, LazyScores) and not scores.completed and not shown
        if later:
            why: dict = {mid: (None, None) for mid in ids}
        else:
            with self.bookkeeping.computing():  # work, not a stalled store: a read waits for it
                if isinstance(scores, LazyScores):
                    scores.complete()  # every score and its parts, made here off the turn
                why = explain(scores, parts, ids)
                if conversation is not None and scores:
                    why = conversation.explained(why, scores, ids)
        try:
            # the answer to an assistant that asked for a secret (record_turn); ``prior_reply``:
            # the reply of the turn before the message, read with the context
            asked, message = message, redact_answer(message, prior_reply)
            if any(r.topic for r in forget_requests(message)):  # its turn keeps no copy of it either
                message = ""
            elif conversation is not None:  # the turns read, after it (the page's reason)
                message = kept_message(message, [_unless_forget(t) for t in conversation.turns])
            kept = self.store.record_selection(
                user_id,
                story_id,
                message,
                now,
                [(s.memory.id, s.pass_name, s.reason, s.score, *why[s.memory.id]) for s in selected]
                + [(mid, IN_PROMPT, IN_PROMPT_REASON, _score(scores, mid), *why[mid]) for mid in shown],
                cause is not None,
                cause,
            )
        except StoreError as exc:
            log.warning("selection not kept for diagnostics: %s", exc)
            return
        if kept is None:  # the user erased since this read: nothing read of its question stays
            forget_readings([asked])
        if later and kept is not None:
            self.explanations.hold(user_id, kept, scores, parts, ids, pool, conversation)  # type: ignore[arg-type]

    def diagnostics(self, channel: str, external_id: str, story: str | None = None) -> dict:
        """One dict for the diagnostics page and its JSON twin: the last selections (each
        memory with its reason, pass and score), the forgetting counters, degraded turns with
        time and cause, the indexer's backlog, parked reflections, the profile.
        Raises :class:`UnknownError` for an unknown user, :class:`InputError` for an unusable
        id or story (a NUL in ``?story=`` is a 422, not the store's 500)."""
        check_user_id(channel, "channel")
        check_user_id(external_id, "user id")
        check_field(story, "story", 256)
        self.bookkeeping.flush()
        user_id = self.store.find_user(channel, external_id)
        if user_id is None:
            raise UnknownError(f"no user {channel}:{external_id}")
        story_id = self.store.find_story(user_id, story) if story else None
        every = {m.id: m for m in self.store.memories(user_id, None)}
        memories = [m for m in every.values() if m.status == "active"]
        backlogs = {i.name: i.backlog(user_id) for i in (self.index, self.window_index) if i}
        tz = self.store.kv_get(user_id, TZ_KEY)
        return {
            "user": {"channel": channel, "id": external_id, "story": story},
            "selections": [
                sel
                | dict(zip(("message", "conversation"), split_message(sel["message"])))
                | {
                    "items": [
                        selected_json(every[i["memory_id"]], i["pass"], i["reason"], i["score"], tz)
                        | {"rank": i.get("rank"), "parts": i.get("parts")}
                        for i in sel["items"]
                        if i["memory_id"] in every
                    ]
                }
                for sel in self.store.last_selections(user_id, story_id if story else None)
            ],
            "counters": [memory_json(m) for m in sorted(memories, key=lambda m: (-m.candidate_count, m.id))],
            "never_served": never_served(memories),
            "incidents": self.store.degraded_events(user_id),
            "writes": [w | {"memory_id": memory_of(w["detail"])} for w in self.store.write_events(user_id)],
            "index": {
                "embedder": self.index.name if self.index else None,
                "backlog": backlogs[self.index.name] if self.index else 0,
                "indexes": backlogs,
            },
            "parked": self.store.parked_jobs(user_id),
            "profile": profile.public_profile(self.store.kv_all(user_id)),
        }

    def degraded_turns(self) -> int:
        """Degraded turns: the store's events, plus those this process could not record
        (the store stayed locked past its bound)."""
        self.bookkeeping.flush()
        return self.store.count_events("degraded_turn") + self.unrecorded

    def _one_unrecorded(self) -> None:
        with self._unrecorded_lock:
            self.unrecorded += 1

    def record_degraded(self, user_id: int, cause: str, now: datetime) -> None:
        """Record a degraded turn's event (counted in :attr:`unrecorded` on a store error)."""
        try:
            self.store.record_event(user_id, "degraded_turn", cause, now)
        except StoreError as exc:  # counting must not break the turn either
            self._one_unrecorded()
            log.warning("could not record a degraded turn (counted in this process only): %s", exc)

    def count(
        self,
        user_id: int,
        story_id: int | None,
        candidates: Sequence[Memory],
        selected: list[Selection],
        threshold: float,
    ) -> None:
        """Move the forgetting counters of one context (logged, never raised, on a store error)."""
        try:
            self.store.bump_counters(
                user_id,
                story_id,
                counted_ids(candidates),
                [s.memory.id for s in selected],
                [s.memory.id for s in selected if retrieved(s, threshold)],
            )
        except StoreError as exc:
            log.warning("forgetting counters not updated: %s", exc)
