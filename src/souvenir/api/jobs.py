"""``/v1/jobs``: the reflection and summary outbox, for operators.

An operator's routes, kept in their own router so that the service's admin authentication
applies to them as a whole (they see every user's jobs). Jobs carry no message text: their
user, model, attempts and the real cause of their last failure.

* ``GET /v1/jobs?status=parked&limit=100`` → ``{"jobs": [...]}``, newest first;
* ``POST /v1/jobs/retry`` ``{"ids": [..]}`` or ``{"parked": true}`` → ``{"requeued": N}``:
  due now with a fresh failure clock (a parked job is retried only this way).
"""

from __future__ import annotations

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from souvenir.timeutil import utcnow

STATUSES = ("pending", "running", "done", "parked")


class RetryIn(BaseModel):
    """Which jobs to requeue: ``ids`` (parked or pending ones), or every parked job."""

    ids: list[int] = Field(default_factory=list, max_length=10_000)
    parked: bool = Field(False, description="Requeue every parked job (with ids: only those parked).")


def build_router(get_runtime) -> APIRouter:
    """The jobs routes; ``get_runtime()`` returns the :class:`Runtime`."""
    router = APIRouter(tags=["jobs (admin)"])

    @router.get("/v1/jobs")
    def list_jobs(status: str | None = None, limit: int = 100) -> dict:
        """Outbox jobs, newest first (``status``: pending, running, done or parked)."""
        if status is not None and status not in STATUSES:
            raise HTTPException(422, f"status must be one of {', '.join(STATUSES)}")
        if not 1 <= limit <= 10_000:
            raise HTTPException(422, "limit must be between 1 and 10000")
        return {"jobs": get_runtime().store.jobs(status, limit=limit)}

    @router.post("/v1/jobs/retry")
    def retry_jobs(body: RetryIn) -> dict:
        """Requeue jobs now (after a model or configuration was fixed)."""
        if not body.ids and not body.parked:
            raise HTTPException(422, "give 'ids' or 'parked': true")
        rt = get_runtime()
        count = rt.store.requeue(utcnow(), ids=body.ids or None, parked=body.parked)
        if rt.worker is not None:
            rt.worker.wake()
        return {"requeued": count}

    return router
