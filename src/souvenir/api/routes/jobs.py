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

from fastapi import APIRouter, Depends, Query

from souvenir.api.auth import require_admin
from souvenir.api.deps import SouvenirDep
from souvenir.ground.errors import InputError
from souvenir.schemas import Job, JobList, JobRetry, JobsRequeued, JobStatus

router = APIRouter(prefix="/v1/jobs", tags=["jobs (admin)"], dependencies=[Depends(require_admin)])

__all__ = ["Job", "JobList", "JobRetry", "JobStatus", "JobsRequeued", "router"]


@router.get("", response_model=JobList)
def list_jobs(mem: SouvenirDep, status: JobStatus | None = None, limit: int = Query(100, ge=1, le=10_000)) -> JobList:
    """Outbox jobs, newest first (``status``: pending, running, done or parked)."""
    return mem.jobs(status, limit=limit)


@router.post("/retry", response_model=JobsRequeued)
def retry_jobs(body: JobRetry, mem: SouvenirDep) -> JobsRequeued:
    """Requeue jobs now (after a model or its configuration was fixed)."""
    if not body.ids and not body.parked:
        raise InputError("give 'ids' or 'parked': true")
    return mem.retry_jobs(body.ids, parked=body.parked)
