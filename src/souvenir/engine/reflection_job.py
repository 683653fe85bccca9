"""A claimed reflection job's answers applied in one transaction (:class:`JobApplication`): the
job owned (:func:`own_job`), each answer reflected on the job's exchange (the whole message, or
each part of one over the read bound), the message kept whole where the notes do not carry it
(never worse than no model, issue #25), the job finished. The model is asked elsewhere
(:class:`souvenir.engine.proposals.Proposals`); what an answer writes on one exchange is
:meth:`~souvenir.engine.proposals.Proposals.reflect`, passed in as ``reflect``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime
from typing import Any

from souvenir import profile
from souvenir.engine.chat_forget import clear_request_turn
from souvenir.engine.identity import own_names
from souvenir.engine.writer import Writer
from souvenir.ground.errors import ErasedMeanwhileError, InputError, StaleJobError
from souvenir.lexical import content_words, normalize
from souvenir.lexical.chitchat import chit_chat
from souvenir.lexical.durable import fleeting
from souvenir.lexical.tokens import load_jieba_for
from souvenir.ground.results import WriteResult
from souvenir.store.protocol import Job, Store
from souvenir.ground.types import Candidate
from souvenir.ground.timeutil import utcnow
from souvenir.write.carry import carried, drops_a_clause
from souvenir.write.forget_relay import own_forget_requests
from souvenir.write.reflection import Reflection

__all__ = ["JobApplication", "own_job", "read_mark"]


def read_mark(store: Store) -> datetime | int:
    """What a job's reads are ordered against, taken before it reads the user's data: the
    store's erasure number (an erasure numbered above it committed after the read, on whichever
    replica: exact), else the time now (a store before migration 0026: wall clocks)."""
    number = store.erasure_number()
    return utcnow() if number is None else number


#: ``reflect(channel, external_id, message, reply, answer, **options)`` → the parsed answer and
#: what the write path did (:meth:`souvenir.engine.proposals.Proposals.reflect`)
Reflect = Callable[..., tuple[Reflection, list[WriteResult]]]


def own_job(store: Store, job: Job, now: datetime, read_at: datetime | int) -> None:
    """Inside the apply transaction: lock the user and mark the outbox job (a reflection or a
    summary) done, if it is still this claim's and nothing of the user was erased since
    ``read_at`` (:func:`read_mark`, taken before what the model was given was read: a summary or story built from it may
    carry what the user asked to forget meanwhile); else :class:`StaleJobError`
    (:class:`ErasedMeanwhileError`) rolls the transaction back, nothing written."""
    store.lock_user(job["user_id"])
    if not store.finish(job["id"], now, attempts=job["attempts"]):
        raise StaleJobError(f"outbox job {job['id']} was claimed again by another worker")
    if store.erased_since(job["channel"], job["user"], read_at):
        raise ErasedMeanwhileError(
            f"outbox job {job['id']}: the user erased something while the model read their data: nothing written"
        )


class JobApplication:
    """Applies a claimed reflection job's answers to ``store``: each through ``reflect`` (at
    ``min_confidence``), the message through ``writer`` where it is kept whole, counted
    ``reflection_message_kept`` in ``counters``."""

    def __init__(
        self, store: Store, writer: Writer, reflect: Reflect, min_confidence: float, counters: Counter[str]
    ) -> None:
        self.store = store
        self.writer = writer
        self.reflect = reflect
        self.min_confidence = min_confidence
        self.counters = counters

    def apply(
        self,
        job: Job,
        answer: str | dict,
        now: datetime,
        read_at: datetime | int,
        model: str | None,
        story_add: bool = False,
        cut: bool = False,
    ) -> tuple[Reflection, list[WriteResult]]:
        """Apply a reflection ``answer`` (``{"memories": []}``: the turn not sent to the model,
        its message kept as the no-model path keeps it) and finish the job, in one transaction.
        ``story_add``: the story's summary was not sent, the answer's is what the exchange adds;
        ``cut``: the answer ended at its bound or in a loop (its story summary is not taken)."""
        load_jieba_for(job["message"], job["reply"], answer if isinstance(answer, str) else "")  # never under the lock
        with self.store.transaction():
            own_job(self.store, job, now, read_at)
            parsed, results = self._reflect_job(
                job, job["reply"] or "", answer, now, model, story_add=story_add, cut=cut
            )
            self.keep_the_message(job, results, now, bool(parsed.set_aside))  # not a reflected fact: no summary trigger
            clear_request_turn(self.store, job["message"], job["turn_id"], job["user_id"])  # read: now no copy of it
        return parsed, results

    def apply_parts(
        self, job: Job, answers: list[tuple[str, str]], now: datetime, read_at: datetime | int, model: str | None
    ) -> tuple[Reflection, list[WriteResult]]:
        """Apply each part's answer grounded in its part, then keep the whole message where the
        notes of every part do not carry it, and finish the job, in one transaction."""
        load_jieba_for(job["message"], *(answer for _, answer in answers))  # never under the lock
        with self.store.transaction():
            own_job(self.store, job, now, read_at)
            merged = Reflection()
            results: list[WriteResult] = []
            for at, (part, answer) in enumerate(answers):
                parsed, written = self._reflect_job(job, "", answer, now, model, part=part, reads_forget=at == 0)
                merged.candidates += parsed.candidates
                merged.dropped += parsed.dropped
                merged.set_aside += parsed.set_aside
                results += written
            self.keep_the_message(job, results, now, bool(merged.set_aside))
            clear_request_turn(self.store, job["message"], job["turn_id"], job["user_id"])
        return merged, results

    def _reflect_job(
        self, job: Job, reply: str, answer: str | dict, now: datetime, model: str | None, **options: Any
    ) -> tuple[Reflection, list[WriteResult]]:
        """``reflect`` on an outbox job's exchange (its user, message, time, story, turn) with
        ``reply`` and ``answer``; ``options``: ``part``, ``reads_forget``, ``story_add``, ``cut``."""
        return self.reflect(
            job["channel"],
            job["user"],
            job["message"],
            reply,
            answer,
            time=job["time"],
            story=job["story"],
            source=f"turn:{job['turn_id']}",
            min_confidence=self.min_confidence,
            now=now,
            model=model,
            episode_due=lambda texts: self.episode_due(job, texts),
            **options,
        )

    def keep_the_message(
        self, job: Job, results: list[WriteResult], now: datetime, set_aside: bool = False
    ) -> WriteResult | None:
        """Never worse than no model (issue #25): when the reflection kept nothing of a turn
        the no-model path would keep — a message that is neither a command nor a bare
        acknowledgement nor chit-chat — the message itself goes through the same write path as an
        ``episode``, as the no-model turn does. A weak model can only add to what no model
        keeps. The same when the reflection kept notes that do not carry the message (under
        half of its fact words: :func:`souvenir.write.carry.carried`): the message is kept
        beside them, so a partial note loses nothing; and when a copy of a piece of the
        message was set aside for the notes that hold most of it (``set_aside``: its rest is
        in the message only). Returns what the write path did,
        ``None`` when the notes carry the message or the message is not one the no-model
        path keeps."""
        message = job["message"]
        kept = [r for r in results if r.action != "dropped"]
        if not self.episode_due(
            job, [] if set_aside else [r.text for r in kept] + [r.previous for r in kept if r.previous]
        ):
            return None
        story, time = job["story"], job["time"] or now
        episode = Candidate(
            text=message,
            kind="episode",
            scope="story" if story else "global",
            source=f"turn:{job['turn_id']}",
            time=time,
            session=f"story:{story}" if story else f"day:{time.date().isoformat()}",
        )
        try:
            written = self.writer.remember(job["channel"], job["user"], episode, story=story, now=now)
        except InputError:
            return None
        self.counters["reflection_message_kept"] += 1
        return written

    def episode_due(self, job: Job, notes: list[str]) -> bool:
        """Whether the turn's message is kept whole as its episode beside ``notes`` (the texts
        kept, none: nothing kept): the notes do not carry it, and the no-model path keeps it."""
        message = job["message"]
        if notes and carried(message, notes) and not drops_a_clause(message, notes):
            return False
        if profile.is_command(message) or profile.is_acknowledgement(content_words(normalize(message))):
            return False
        if chit_chat(message) is not None or fleeting(message):  # no fact: not kept without a model either
            return False
        return not own_forget_requests(message, own_names(self.store, job["user_id"], message))  # never a memory (#26)
