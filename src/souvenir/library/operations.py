"""What :class:`~souvenir.library.Souvenir` has for the service and its operators: the
index, the outbox (reflection and summary jobs), the API keys, the worker and the counters.
It is the class's base, kept apart from the turn loop and the memories."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any


from souvenir.ground.config import Settings
from souvenir.engine.core import Engine
from souvenir.ground.errors import InputError
from souvenir.ground.limits import check_seconds
from souvenir.llm.budget import REPLY_TOKENS
from souvenir.library.access_keys import create_key, keys_in_force
from souvenir.engine.runtime import Runtime
from souvenir.schemas import (
    ApiKey,
    Job,
    JobList,
    JobsRequeued,
    JobStatus,
    checked_arguments,
)
from souvenir.ground.timeutil import utcnow


@checked_arguments  # a wrongly typed argument is an InputError naming it, not a TypeError
class Operations:
    """The service's side of :class:`~souvenir.library.Souvenir` (its base class): every
    method reads ``self.runtime`` (the store, indexes, worker and settings it was opened
    with)."""

    runtime: Runtime

    @property
    def engine(self) -> Engine:
        return self.runtime.engine

    @property
    def embedders(self) -> list[str]:
        """The names of the embedders this instance embeds with (the main one first)."""
        return [i.name for i in self.runtime.indexes]

    @property
    def chat_model(self) -> str | None:
        """The chat model's name (``None``: no chat model configured, so no reflection and
        no :meth:`complete`)."""
        chat = self.engine.chat
        return None if chat is None else (getattr(chat, "model", None) or "default")

    def complete(self, messages: list[dict[str, Any]], max_tokens: int | None = REPLY_TOKENS) -> str | None:
        """One completion of the configured chat model for OpenAI-style ``messages`` (within
        ``llm_timeout_s``), at most ``max_tokens`` tokens (default
        :data:`~souvenir.llm.budget.REPLY_TOKENS`; ``None``: the server's own bound);
        ``None`` without a chat model. Raises :class:`~souvenir.ground.errors.ModelError` when the
        model fails."""
        chat = self.engine.chat
        if chat is None:
            return None
        return chat.complete(messages, timeout_s=self.runtime.settings.llm_timeout_s, max_tokens=max_tokens)

    def index(self, *, rescan: bool = False, progress: Callable[[str, int, int], None] | None = None) -> int:
        """Embed every memory whose vector is missing or stale, now, with each embedder
        (loaded first); ``rescan`` first scans the whole store for stale memories the queue
        missed. ``progress(embedder, done, backlog)`` after each batch. Returns the vectors
        computed; raises :class:`~souvenir.ground.errors.EmbedderError` when an embedder fails."""
        done = 0
        for index in self.runtime.indexes:
            index.warm_up()
            if rescan:
                index.rescan()
            backlog = index.backlog()
            mine = 0
            while backlog and (n := index.run_once(max_batches=1)):
                mine += n
                if progress is not None:
                    progress(index.name, mine, backlog)
            done += mine
        return done

    def backlog(self) -> int:
        """Memories waiting for a vector, summed over this instance's embedders."""
        return sum(i.backlog() for i in self.runtime.indexes)

    def kept_embedders(self) -> dict[str, int]:
        """Every embedder whose queue the store keeps → memories queued for it (those of
        other settings or replicas included)."""
        return self.runtime.store.kept_embedders()

    def retire_embedder(self, name: str, *, drop_vectors: bool = False) -> dict[str, int]:
        """Stop keeping embedder ``name``'s queue (and, with ``drop_vectors``, delete its
        vectors); rows removed by kind. :class:`InputError` when this instance embeds with
        it (its queue would be kept again at once)."""
        if name in self.embedders:
            raise InputError(
                f"{name!r} is an embedder these settings use (SOUVENIR_EMBEDDER / "
                "SOUVENIR_WINDOW_EMBEDDER): switch them first, then retire it"
            )
        return self.runtime.store.retire_embedder(name, drop_vectors=drop_vectors)

    def jobs(self, status: JobStatus | None = None, *, limit: int = 100) -> JobList:
        """The reflection and summary outbox, newest first (every user's: an operator's
        view): each job's user, model, attempts and the real cause of its last failure,
        never a message's text. ``status``: pending, running, done or parked."""
        if status is not None and status not in ("pending", "running", "done", "parked"):
            raise InputError("status must be pending, running, done or parked")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 10_000:
            raise InputError("limit must be an integer from 1 to 10000")
        return JobList(jobs=[Job.model_validate(j) for j in self.runtime.store.jobs(status, limit=limit)])

    def retry_jobs(self, ids: Iterable[int] | None = None, *, parked: bool = False) -> JobsRequeued:
        """Requeue jobs now with a fresh failure clock (after a model or its settings were
        fixed): ``ids`` (parked or pending ones) or every parked job; the worker is woken."""
        wanted = list(ids or [])
        if not wanted and not parked:
            raise InputError("give job ids or parked=True")
        count = self.runtime.store.requeue(utcnow(), ids=wanted or None, parked=parked)
        if self.runtime.worker is not None:
            self.runtime.worker.wake()
        return JobsRequeued(requeued=count)

    def keys(self) -> list[ApiKey]:
        """The REST service's API keys, revoked ones included (never a key, only its first
        characters)."""
        return [ApiKey.model_validate(r) for r in self.runtime.store.api_keys()]

    def keys_in_force(self) -> bool:
        """Whether the service requires a key: once any key was created (revoked or not)."""
        return keys_in_force(self.runtime.store)

    def create_key(self, name: str, *, admin: bool = False, channels: Iterable[str] = ()) -> tuple[str, ApiKey]:
        """Make an API key: ``admin`` (every channel, rules, operators' routes) or limited to
        ``channels``. Returns the key — shown this once, only its hash is kept — and its row.
        :class:`InputError` for a taken or empty name, or a key reaching nothing."""
        key, row = create_key(self.runtime.store, name, admin, list(channels), utcnow())
        return key, ApiKey.model_validate(row)

    def revoke_key(self, key: str) -> ApiKey | None:
        """Revoke the active key with that id or name (a running service refuses it within a
        second); its row, or ``None`` when no active key has that id or name."""
        row = self.runtime.store.revoke_api_key(key, utcnow())
        return None if row is None else ApiKey.model_validate(row)

    def active_keys(self) -> int:
        """How many keys are active (0 with keys in force: the service refuses every call)."""
        return len(self.runtime.store.active_key_hashes())

    @property
    def settings(self) -> Settings:
        """The settings this instance was opened with."""
        return self.runtime.settings

    @property
    def key_table(self) -> Any:
        """Where the API keys are kept (this store: ``active_key_hashes()``, ``api_keys()``),
        for the service's :class:`~souvenir.api.keys.KeyRing`."""
        return self.runtime.store

    def start_worker(self) -> None:
        """Start the reflection worker (when there is a chat model and it is not running)."""
        if self.runtime.worker is not None:
            self.runtime.worker.start()

    def warm_reads(self, max_users: int | None = None) -> None:
        """Build the read path of the most recently served users in the background, now
        (``max_users``, default the settings' ``read_warm_users``; :mod:`souvenir.engine.warm_reads`):
        their first context after start is then as fast as the next. Returns at once."""
        users = self.runtime.settings.read_warm_users if max_users is None else max_users
        self.engine.warmer.start(users)

    def drain(self, timeout_s: float = 30.0) -> bool:
        """Stop the reflection worker and run the outbox's jobs in this thread until none is
        pending, for at most ``timeout_s`` seconds (a CLI session's last turns reflected
        before it exits; a job waiting for its retry is waited for); ``False`` when some were
        left (at once when the model's breaker stays open past the deadline). Nothing to do
        without a chat model."""
        timeout_s = check_seconds(timeout_s, "timeout_s")  # a day at most (InputError past it, or not finite)
        worker = self.runtime.worker
        if worker is None:
            return True
        worker.stop()
        return worker.drain(timeout_s=timeout_s)

    def stop_worker(self) -> None:
        """Stop the reflection worker and the read path's warm-up (the store stays open)."""
        self.engine.warmer.stop()
        if self.runtime.worker is not None:
            self.runtime.worker.stop()

    def status(self) -> dict[str, Any]:
        """Service-wide counters: reflections and summaries by outcome, the outbox by status,
        the chat breaker, degraded turns, the replicas' coordination."""
        return self.runtime.status()

    def degraded_turns(self) -> int:
        """Turns answered degraded so far (an embedder failed or timed out), the store's
        events plus those this process could not record."""
        return self.engine.degraded_turns()
