"""What a turn leaves behind, and the view that reads it back (a mixin of
:class:`~souvenir.engine.core.Engine`).

After each context, off the reply's path (:meth:`Engine._later`): the forgetting counters
(seed 000: candidate, selected, retrieved), the selection kept for diagnostics (each
memory with its pass, reason, score, rank and the score's parts), or the degraded-turn
event with its cause. :meth:`TurnRecordsMixin.diagnostics` reads them back, with the
indexer's backlog, parked jobs and the profile. A store that fails here never breaks the
turn: it is logged, and a degraded turn that could not be written is counted in
``degraded_unrecorded`` (this process only).
"""

from __future__ import annotations

import logging
import threading
from datetime import datetime
from typing import TYPE_CHECKING

from souvenir import profile
from souvenir.errors import StoreError, UnknownError
from souvenir.read.explain import explain, never_served
from souvenir.write.filters.secrets import redact_answer
from souvenir.schemas import memory_json, selected_json
from souvenir.store.counters import counted_ids
from souvenir.timezones import TZ_KEY
from souvenir.types import Memory, Selection

if TYPE_CHECKING:  # pragma: no cover
    from souvenir.index.vectors import VectorIndex
    from souvenir.read.selection import SelectionConfig
    from souvenir.store.protocol import Store

__all__ = ["TurnRecordsMixin"]

log = logging.getLogger(__name__)


class TurnRecordsMixin:
    """Needs the engine's ``store``, ``index``, ``window_index``, ``selection_config``,
    ``flush``, ``degraded_unrecorded`` and ``_unrecorded_lock``."""

    if TYPE_CHECKING:  # pragma: no cover - provided by souvenir.engine.core.Engine
        store: Store
        index: VectorIndex | None
        window_index: VectorIndex | None
        selection_config: SelectionConfig
        degraded_unrecorded: int
        _unrecorded_lock: threading.Lock

        def flush(self) -> None: ...

        @staticmethod
        def _check_ids(channel: str, external_id: str, story: str | None = None) -> None: ...

    def _record_selection(self, user_id: int, story_id: int | None, message: str, now: datetime,
                          selected: list[Selection], cause: str | None, scores=None,
                          parts: dict | None = None, prior_reply: str | None = None) -> None:
        why = explain(scores, parts, [s.memory.id for s in selected])
        try:
            # the answer to an assistant that asked for a secret (record_turn); ``prior_reply``:
            # the reply of the turn before the message, read with the context
            message = redact_answer(message, prior_reply)
            self.store.record_selection(
                user_id, story_id, message, now,
                [(s.memory.id, s.pass_name, s.reason, s.score, *why[s.memory.id]) for s in selected],
                cause is not None, cause)
        except StoreError as exc:
            log.warning("selection not kept for diagnostics: %s", exc)

    def diagnostics(self, channel: str, external_id: str, story: str | None = None) -> dict:
        """One dict for the diagnostics page and its JSON twin: the last selections (each
        memory with its reason, pass and score), the forgetting counters, degraded turns with
        time and cause, the indexer's backlog, parked reflections, the profile.
        Raises :class:`UnknownError` for an unknown user."""
        self._check_ids(channel, external_id, story)  # a NUL in ?story= is a 422, not the store's 500
        self.flush()
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
            "selections": [sel | {"items": [selected_json(every[i["memory_id"]], i["pass"], i["reason"], i["score"], tz)
                                            | {"rank": i.get("rank"), "parts": i.get("parts")}
                                            for i in sel["items"] if i["memory_id"] in every]}
                           for sel in self.store.last_selections(user_id, story_id if story else None)],
            "counters": [memory_json(m) for m in sorted(memories, key=lambda m: (-m.candidate_count, m.id))],
            "never_served": never_served(memories),
            "degraded": self.store.degraded_events(user_id),
            "writes": self.store.write_events(user_id),
            "index": {"embedder": self.index.name if self.index else None,
                      "backlog": backlogs[self.index.name] if self.index else 0,
                      "indexes": backlogs},
            "parked": self.store.parked_jobs(user_id),
            "profile": profile.public_profile(self.store.kv_all(user_id)),
        }

    def _record_degraded(self, user_id: int, cause: str, now: datetime) -> None:
        try:
            self.store.record_event(user_id, "degraded_turn", cause, now)
        except StoreError as exc:  # counting must not break the turn either
            with self._unrecorded_lock:
                self.degraded_unrecorded += 1
            log.warning("could not record a degraded turn (counted in this process only): %s", exc)

    def _count(self, user_id: int, story_id: int | None, candidates: list[Memory],
               selected: list[Selection]) -> None:
        try:
            self.store.bump_counters(
                user_id, story_id, counted_ids(candidates),
                [s.memory.id for s in selected],
                [s.memory.id for s in selected if self._retrieved(s)],
            )
        except StoreError as exc:
            log.warning("forgetting counters not updated: %s", exc)

    def _retrieved(self, sel: Selection) -> bool:
        """Served because the message recalled it (seed 000's third counter): the semantic
        pass, or the global pass taking it for its cosine — not admitted by rank alone."""
        if sel.pass_name == "semantic":
            return True
        threshold = self.selection_config.semantic_threshold
        return sel.pass_name == "global" and sel.score is not None and sel.score >= threshold
