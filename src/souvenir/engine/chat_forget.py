"""A request to forget said in chat, applied to the store (called by ``TurnWriter.record_turn``
for every turn, and by ``Proposals.reflect`` when the model names memory ids).

The request is found by :mod:`souvenir.lexical.forget_cues`, matched to the user's
memories by :mod:`souvenir.write.forget_match` (pure); here the named memories are
forgotten the way ``forget`` forgets them (:meth:`~souvenir.store.base.SQLStore.delete_memory`:
text, past wordings, vectors and every text carrying them erased), each tombstone's
history saying ``erased`` with the source ``request:turn:N``. Every request is an event:
``write:forget:user_request`` (what was erased, by id, never by text) or
``write:forget:ambiguous`` (nothing erased). A request that names its topic keeps no copy of
it: its turn is emptied (:func:`clear_request_turn`) and it never enters ``last_queries``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime

from souvenir.engine.identity import own_names
from souvenir.lexical.forget_cues import forget_requests
from souvenir.store.protocol import Store
from souvenir.write.forget_match import ForgetMatch, match_forget
from souvenir.write.writelog import event_kind

__all__ = ["act_on_forget_request", "act_on_late_memories", "clear_request_turn", "memories_for_request"]

#: Memories shown to the reflection model beside a request to forget, at most (the newest).
MAX_SHOWN = 30


def act_on_forget_request(
    store: Store,
    user_id: int,
    message: str,
    turn_id: int | None,
    now: datetime,
    proposed: Iterable[int] = (),
    before_erase: Callable[[int], None] | None = None,
) -> ForgetMatch | None:
    """Forget what ``message`` asks to forget; ``None`` when it asks nothing. ``proposed``:
    memory ids a model named (accepted only by matching). ``before_erase(id)``: the engine's
    own bookkeeping before each erasure (its window vectors)."""
    requests = forget_requests(message, own_names(store, user_id, message))
    if not requests:
        return None
    decision = match_forget(requests, store.memories(user_id, "active"), proposed)
    why = f"request:turn:{turn_id}" if turn_id is not None else "request"
    erased = []
    for memory_id in decision.erase:
        if before_erase is not None:
            before_erase(memory_id)
        if store.delete_memory(memory_id, now, why):
            erased.append(memory_id)
    code = "user_request" if erased else "ambiguous"
    store.record_event(user_id, event_kind("forget", code), decision.reason, now)
    return decision


def act_on_late_memories(
    store: Store,
    user_id: int,
    message: str,
    turn_id: int,
    now: datetime,
    before_erase: Callable[[int], None] | None = None,
) -> list[int]:
    """Called by the request's own reflection job: forget what ``message`` asks among the
    memories of the user's *earlier* turns (source ``turn:K``, K < ``turn_id``), which with a
    model are written by those turns' jobs and may not have existed when the request was
    recorded ("我住在上海" then at once "忘记我住在哪里"). The decision is taken on every
    active memory (two matches still ask which); only such late ones are erased, and an
    event is recorded only when one is (the record-time call already recorded its decision).
    Returns the erased ids (empty when ``message`` asks nothing or nothing late matches)."""
    requests = forget_requests(message, own_names(store, user_id, message))
    if not requests:
        return []
    active = store.memories(user_id, "active")
    late = {m.id for m in active if (_turn_of(m.source) or turn_id) < turn_id}
    decision = match_forget(requests, active)
    erased = []
    for memory_id in decision.erase:
        if memory_id not in late:
            continue
        if before_erase is not None:
            before_erase(memory_id)
        if store.delete_memory(memory_id, now, f"request:turn:{turn_id}"):
            erased.append(memory_id)
    if erased:
        store.record_event(user_id, event_kind("forget", "user_request"), decision.reason, now)
    return erased


def _turn_of(source: str | None) -> int | None:
    """``turn:K`` → K; any other source → ``None``."""
    if source and source.startswith("turn:") and source[5:].isdigit():
        return int(source[5:])
    return None


def memories_for_request(store: Store, user_id: int, message: str) -> list[dict] | None:
    """The user's newest active memories (id and text) for the reflection model to name
    the ones a request to forget is about; ``None`` when ``message`` asks nothing."""
    if not forget_requests(message, own_names(store, user_id, message)):
        return None
    active = [m for m in store.memories(user_id, "active") if m.kind != "rule"]
    active.sort(key=lambda m: m.id, reverse=True)
    return [{"id": m.id, "text": m.text} for m in active[:MAX_SHOWN]]


def clear_request_turn(store: Store, message: str, turn_id: int | None, user_id: int | None = None) -> bool:
    """Empty the request's own turn (message and reply) when ``message`` asks to forget
    something it names ("forget what I asked about my HIV medication"): the request carries
    its topic, and the reply often repeats it. A request naming nothing ("forget that") keeps
    its turn. Called once the request was acted on (with a model: after its reflection,
    which reads the turn). ``user_id``: whose turn (their names sort a pasted transcript's
    lines). Returns whether the turn was emptied."""
    names = own_names(store, user_id, message) if user_id is not None else frozenset()
    if turn_id is None or not any(r.topic for r in forget_requests(message, names)):
        return False
    store.clear_turn(turn_id)
    return True
