"""The turn loop: record an exchange (``POST /v1/turns``), ask for a context
(``POST /v1/context``)."""

from __future__ import annotations

from fastapi import APIRouter

from souvenir.api.deps import EngineDep, RuntimeDep
from souvenir.schemas import ContextPublic, ContextQuery, TurnCreate, TurnRecorded, WritePublic

router = APIRouter(prefix="/v1", tags=["turns"])


@router.post("/turns", response_model=TurnRecorded)
def post_turn(body: TurnCreate, rt: RuntimeDep) -> TurnRecorded:
    """Store one exchange after the reply. With a chat model its reflection is queued (the
    worker runs it); without one, the user's message goes through the write path now."""
    turn_id, written = rt.engine.record_turn(
        body.channel, body.user, body.message, body.reply, time=body.time, story=body.story,
        language=body.language)
    if rt.worker is not None:
        rt.worker.wake()
    return TurnRecorded(turn_id=turn_id, reflection="queued" if rt.engine.chat is not None else None,
                        memory=None if written is None else WritePublic.from_result(written))


@router.post("/context", response_model=ContextPublic)
def post_context(body: ContextQuery, engine: EngineDep) -> ContextPublic:
    """The memories for the user's new message (24 by default), each with the pass that
    admitted it and why, and the block to put in the system prompt. Moves the forgetting
    counters (this is a turn); an unknown user gets an empty selection."""
    return ContextPublic.from_result(engine.context(body.channel, body.user, body.message, story=body.story))
