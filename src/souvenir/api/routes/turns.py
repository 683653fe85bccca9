"""The turn loop: record an exchange (``POST /v1/turns``), ask for a context
(``POST /v1/context``)."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from souvenir.api.auth import check_channel
from souvenir.api.deps import SouvenirDep
from souvenir.schemas import ContextPublic, ContextQuery, TurnCreate, TurnRecorded

router = APIRouter(prefix="/v1", tags=["turns"])


@router.post("/turns", response_model=TurnRecorded)
def post_turn(body: TurnCreate, mem: SouvenirDep, request: Request) -> TurnRecorded:
    """Store one exchange after the reply. With a chat model its reflection is queued (the
    worker runs it); without one, the user's message goes through the write path now."""
    check_channel(request, body.channel)
    return mem.add_turn(
        body.user,
        body.message,
        body.reply,
        story=body.story,
        time=body.time,
        language=body.language,
        channel=body.channel,
        timezone=body.timezone,
        question=body.question,
        source=body.source,
    )


@router.post("/context", response_model=ContextPublic)
def post_context(body: ContextQuery, mem: SouvenirDep, request: Request) -> Response:
    """The memories for the user's new message (24 by default), each with the pass that
    admitted it and why, and the block to put in the system prompt. Moves the forgetting
    counters (this is a turn); an unknown user gets an empty selection."""
    check_channel(request, body.channel)
    answer = mem.context(
        body.user,
        body.message,
        story=body.story,
        channel=body.channel,
        messages=body.messages,
        conversation=body.conversation,
    )
    # The library built and validated it: sent as FastAPI sends a response model (the same
    # bytes), without validating it again on another pool thread (one hop less a turn).
    return Response(answer.model_dump_json(), media_type="application/json")
