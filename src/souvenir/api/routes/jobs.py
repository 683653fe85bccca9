"""``/v1/jobs``: the reflection and summary outbox, for operators (admin key only).

An operator's routes in their own router, included behind the service's authentication and
with :func:`~souvenir.api.auth.require_admin` on the whole router: they see every user's
jobs, so a channel-scoped key gets 403. Jobs carry no message text: their user, model,
attempts and the real cause of their last failure.

* ``GET /v1/jobs?status=parked&limit=100`` → ``{"jobs": [...]}``, newest first;
* ``POST /v1/jobs/retry`` ``{"ids": [..]}`` or ``{"parked": true}`` → ``{"requeued": N}``:
  due now with a fresh failure clock (a parked job is retried only this way).
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Depends, Query
from pydantic import BaseModel, Field

from souvenir.api.auth import require_admin
from souvenir.api.deps import RuntimeDep
from souvenir.errors import InputError
from souvenir.schemas import RowId
from souvenir.timeutil import utcnow

router = APIRouter(prefix="/v1/jobs", tags=["jobs (admin)"], dependencies=[Depends(require_admin)])

JobStatus = Literal["pending", "running", "done", "parked"]


class Job(BaseModel):
    """One outbox job: no text, its user, the model of its last real failure and the cause."""

    id: int
    job: str
    status: str
    turn_id: int
    channel: str
    user: str
    attempts: int
    model: str | None = None
    error: str | None = None
    failing_since: str | None = None
    next_attempt_at: str | None = None
    created_at: str | None = None
    updated_at: str | None = None


class JobList(BaseModel):
    jobs: list[Job]


class JobRetry(BaseModel):
    """Which jobs to requeue: ``ids`` (parked or pending ones), or every parked job."""

    ids: list[RowId] = Field(default_factory=list, max_length=10_000)
    parked: bool = Field(False, description="Requeue every parked job (with ids: only those parked).")


class JobsRequeued(BaseModel):
    requeued: int


@router.get("", response_model=JobList)
def list_jobs(rt: RuntimeDep, status: JobStatus | None = None,
              limit: int = Query(100, ge=1, le=10_000)) -> JobList:
    """Outbox jobs, newest first (``status``: pending, running, done or parked)."""
    return JobList(jobs=[Job.model_validate(j) for j in rt.store.jobs(status, limit=limit)])


@router.post("/retry", response_model=JobsRequeued)
def retry_jobs(body: JobRetry, rt: RuntimeDep) -> JobsRequeued:
    """Requeue jobs now (after a model or its configuration was fixed)."""
    if not body.ids and not body.parked:
        raise InputError("give 'ids' or 'parked': true")
    count = rt.store.requeue(utcnow(), ids=body.ids or None, parked=body.parked)
    if rt.worker is not None:
        rt.worker.wake()
    return JobsRequeued(requeued=count)
