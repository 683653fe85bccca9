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

"Forget everything about me" (``ForgetMatch.whole``) erases every memory of the user but the
operator's rules, then every other text of theirs
(:meth:`~souvenir.store.base.SQLStore.erase_user_texts`: a question, chit-chat, a dropped
turn quoted in an event stayed), and their turn asks no reflection.

A request naming nothing but what was just said ("Actually, don't remember that", « En fait,
oublie ça », 算了，这事你别记了, "Eh tak payah ingat tu": :mod:`souvenir.lexical.forget_deixis`)
names what the user's previous turn in the conversation wrote (memories of source
``turn:N``, the proxy's key of that turn, or the caller's own source of that turn dated at its
time), when that turn was said at most
:data:`DEICTIC_WINDOW` before it; when the same message states something before the request
("I owe my cousin 500. Don't remember that."), it points at that instead (never kept: the
filter and the no-model turn keep nothing of it) and reaches no earlier turn. "Forget it,
I'll ask my mom" (never mind) and a previous turn that wrote nothing erase nothing.

Someone else's "forget…" relayed by the user is no request (:func:`own_requests`): "My
doctor told me: forget about sugar, my sister has diabetes too", « Elle m'a dit : oublie ce
que je t'ai dit sur mon frère », 我妈总说：忘掉你前男友吧, "Kakak saya kata: lupakan apa yang
saya cakap tentang abang" each erased the user's memory they name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timedelta

from souvenir.engine.identity import own_names
from souvenir.lexical import lexicon as lx
from souvenir.lexical.forget_cues import ForgetRequest, forget_requests, opens_on_the_user
from souvenir.lexical.forget_deixis import never_mind, points_back, statement_before
from souvenir.lexical.tagged import Tok, content_of, supported, tokenize
from souvenir.read.forget_note import ForgetNote
from souvenir.store.protocol import Store
from souvenir.ground.timeutil import aware, utcnow
from souvenir.ground.types import Memory
from souvenir.write.forget_relay import own_forget_requests
from souvenir.write.forget_match import ForgetMatch, match_forget
from souvenir.write.writelog import event_kind

__all__ = [
    "act_on_forget_request",
    "act_on_late_memories",
    "clear_request_turn",
    "forget_note",
    "memories_for_request",
    "own_requests",
    "reflections_pending",
]

#: Memories shown to the reflection model beside a request to forget, at most (the newest).
MAX_SHOWN = 30
#: How far back "don't remember that" reaches: the previous turn said at most this long before
#: the request. The usual bound of one sitting of a conversation — web analytics' session ends
#: after 30 minutes without activity (Google Analytics' default) —; past it, "that" points at
#: nothing the user can still see on their screen, and nothing is erased.
DEICTIC_WINDOW = timedelta(minutes=30)


def _written_by(before: dict | None, said: datetime | None, active: Sequence[Memory]) -> set[int]:
    """The ids of ``active`` that turn ``before`` (:meth:`~souvenir.store.base.SQLStore.turn_before`)
    wrote: source ``turn:N``, or the proxy's own key of that turn (``proxy:…``, one per
    request), or a caller's own source (``add_turn(source=…)``, ``/v1/turns``' ``source``: it may
    be shared by many turns, so only a memory of that source dated at that turn's time, the time
    its words were written with; only those of its story when another conversation's turn has that
    source and time too: ``before["elsewhere"]``) — when it was said at most :data:`DEICTIC_WINDOW` from ``said``."""
    if before is None or before["time"] is None or said is None:
        return set()
    at = aware(before["time"])
    if abs(aware(said) - at) > DEICTIC_WINDOW:
        return set()
    own = before["source"] or ""
    sources = {f"turn:{before['id']}"} | ({own} if own.startswith("proxy:") else set())
    written = {m.id for m in active if m.source in sources}
    if own and not own.startswith(("proxy:", "turn:")):
        mine = {m.id for m in active if m.source == own and _dated_at(m, at)}
        if before.get("elsewhere"):  # a turn of another conversation has that source and time too:
            # only what is kept in this turn's story is surely this turn's ("don't remember that"
            # in story B erased story A's episode and the facts of both)
            story = before.get("story_id")
            mine = {m.id for m in active if m.id in mine and story is not None and m.story_id == story}
        written |= mine
    return written


def _dated_at(memory: Memory, at: datetime) -> bool:
    """Whether ``memory``'s wording or first appearance is dated ``at`` (the same instant)."""
    return any(t is not None and aware(t) == at for t in (memory.updated_at, memory.created_at))


#: The event of a request pointing at an exchange the store did not record (``detail``:
#: ``turn:N``, the request's turn), read again by the request's reflection job.
ELSEWHERE = "forget_shown_elsewhere"


def same_exchange(shown: str, reply: str | None) -> bool:
    """Whether ``shown`` — what the assistant said just before the request, as the caller shows
    it (the proxy's last assistant message, ``/v1/turns``' ``question``) — is the recorded
    previous turn's ``reply``: equal once blanks are collapsed, or, for texts cut to the store's
    bound, sharing their first or last 200 characters. A recorded turn with no reply is taken
    as shown (a caller that records no reply)."""
    if not reply:
        return True
    a, b = " ".join(shown.split()), " ".join(reply.split())
    if a == b:
        return True
    return min(len(a), len(b)) >= 200 and (a[:200] == b[:200] or a[-200:] == b[-200:])


def _shown_elsewhere(store: Store, user_id: int, turn_id: int) -> bool:
    return any(e["kind"] == ELSEWHERE and e["detail"] == f"turn:{turn_id}" for e in store.degraded_events(user_id, 50))


def _just_said(
    store: Store,
    user_id: int,
    message: str,
    turn_id: int | None,
    requests: Sequence[ForgetRequest],
    active: Sequence[Memory],
) -> set[int]:
    """What a request pointing at what was just said names (module docstring): the memories the
    turn before ``turn_id`` wrote; none when no request points back, when the same message
    states something before it (that is what it points at), outside the window, or when the
    exchange the caller showed before the request was not that turn's (:data:`ELSEWHERE`)."""
    deictic = [r for r in requests if points_back(r, message)]
    if turn_id is None or not deictic or any(statement_before(message, r) for r in deictic):
        return set()
    before = store.turn_before(turn_id)
    if before is not None and _shown_elsewhere(store, user_id, turn_id):
        return set()
    return _written_by(before, before["said"] if before else None, active)


def points_in_message(message: str, requests: Sequence[ForgetRequest]) -> bool:
    """Whether a request of ``message`` points at what the same message said before it
    ("I owe my cousin 500. Don't remember that.")."""
    return any(points_back(r, message) and statement_before(message, r) for r in requests)


def own_requests(store: Store, user_id: int | None, message: str) -> list[ForgetRequest]:
    """The requests to forget in ``message`` that are the user's own
    (:func:`~souvenir.lexical.forget_cues.forget_requests`, less someone else's relayed
    words: :func:`souvenir.write.forget_relay.own_forget_requests`)."""
    names = own_names(store, user_id, message) if user_id is not None else frozenset()
    return own_forget_requests(message, names)


#: Negations (fr/en/ms; 不 / 没 for zh): a clause denying a memory does not restate it.
_DENIES = lx.NEGATORS | {"不", "没", "没有", "别"}


def restated(message: str, text: str) -> bool:
    """Whether a clause of ``message`` about the user (opening on them, or with no subject
    and no other person: "allergic to peanuts", "alahan saya teruk"), that asks nothing and
    denies nothing, says memory ``text`` again: every content word of it ("Lupakan kek
    kacang tu, saya alah kacang" restates the allergy its "never mind the cake" names), or,
    with the request's clause naming the thing, every word its topic does not hold
    (« Oublie le gâteau aux arachides, je suis allergique »: the topic says the peanuts, the
    clause the allergy). The clause must add a word of the memory's own: "Forget that I live
    in Lyon, I live in Paris now" restates no Lyon (the topic holds every word it shares)."""
    content = content_of(tokenize(text))
    if not content:
        return False
    parts = [part.strip() for part in re.split(r"[.!?。！？\n,;:，；：]", message)]
    topic = [tok for part in parts for request in forget_requests(part) for tok in request.topic]
    topic_key = "".join(tok.key for tok in topic if tok.cjk)
    rest = [tok for tok in content if not supported(tok, topic, topic_key)]
    for clause in parts:
        if not _about_user(clause) or forget_requests(clause):
            continue
        tokens = tokenize(clause)
        if any(tok.key in _DENIES or (tok.cjk and tok.key[:1] in "不没别") for tok in tokens):
            continue
        key = "".join(tok.key for tok in tokens if tok.cjk)
        if all(supported(tok, tokens, key) for tok in content):
            return True
        if rest and len(rest) < len(content) and all(_held(tok, tokens, key) for tok in rest):
            return True
    return False


#: Malay endings that make a noun of a word ("alah" → "alahan": "alahan saya teruk").
_MS_ENDINGS = ("an", "nya", "annya")


def _held(tok: Tok, tokens: list[Tok], key: str) -> bool:
    """``supported``, or the same Malay word with a noun ending (alah / alahan)."""
    if supported(tok, tokens, key):
        return True
    return len(tok.key) >= 4 and any(
        other.key.startswith(tok.key) and other.key[len(tok.key) :] in _MS_ENDINGS for other in tokens
    )


#: Words that put another person in a clause (he, she, you, they, il, elle, tu, dia, awak, 他, 你…).
_OTHERS = lx.SECOND_PERSON | lx.THIRD_PERSON


def _about_user(clause: str) -> bool:
    """A clause that opens on the user, or names no other person and opens on a lower-case
    word (no subject: "allergic to peanuts", "alahan saya teruk"; not "Bob is allergic")."""
    clause = clause.strip()
    if not clause:
        return False
    if opens_on_the_user(clause):
        return True
    tokens = tokenize(clause)
    if any(tok.key in _OTHERS or (tok.cjk and tok.key[:1] in "他她你您") for tok in tokens):
        return False
    return clause[:1].islower()


def _restated_ids(store: Store, user_id: int, message: str, ids: Iterable[int]) -> set[int]:
    texts = {m.id: m.text for m in store.memories(user_id, "active")}
    return {i for i in ids if i in texts and restated(message, texts[i])}


def act_on_forget_request(
    store: Store,
    user_id: int,
    message: str,
    turn_id: int | None,
    now: datetime,
    proposed: Iterable[int] = (),
    before_erase: Callable[[int], None] | None = None,
    said: datetime | None = None,
    shown: str | None = None,
) -> ForgetMatch | None:
    """Forget what ``message`` asks to forget; ``None`` when it asks nothing. ``proposed``:
    memory ids a model named (accepted only by matching). ``before_erase(id)``: the engine's
    own bookkeeping before each erasure (its window vectors). ``said``: when the request was
    said (the proxy records it after the reply): a memory whose wording was said after it —
    saved through another face while the model answered — is not the request's to erase;
    ``None`` (a turn sent with no time: said now) erases every memory recorded before it, one
    stamped a little ahead of the clock too. ``shown``: what the assistant said just before the
    request as the caller shows it (the proxy's last assistant message; ``None``: a caller that
    sends the message alone): when it is not the recorded previous turn's reply, the caller's
    conversation is another than the recorded one (a new chat, an edited history) and "don't
    remember that" points at nothing recorded — noted (:data:`ELSEWHERE`) for the request's
    reflection job too."""
    requests = own_requests(store, user_id, message)
    if not requests:
        return None
    if shown is not None and turn_id is not None and any(points_back(r, message) for r in requests):
        before = store.turn_before(turn_id)
        if before is not None and not same_exchange(shown, before.get("reply")):
            store.record_event(user_id, ELSEWHERE, f"turn:{turn_id}", now)
    active = store.memories(user_id, "active")
    after = {
        m.id for m in active if said is not None and m.updated_at is not None and aware(m.updated_at) > aware(said)
    }
    pointed = _just_said(store, user_id, message, turn_id, requests, active)
    if all(points_back(r, message) for r in requests) and points_in_message(message, requests):
        reason = "the user asked in chat not to keep what the same message said before the request; nothing stored"
        store.record_event(user_id, event_kind("forget", "user_request"), reason, now)
        return ForgetMatch((), False, reason)
    if any(never_mind(r, message) for r in requests):  # "Forget it. I'll ask my mom.": not on a model's word
        proposed = ()
    # earlier turns still being reflected: the memory named may not be written yet, so nothing
    # is taken in its stead by other words; the request's own job decides on the whole pool
    near = turn_id is None or not reflections_pending(store, user_id, turn_id)
    decision = match_forget(requests, [m for m in active if m.id not in after], proposed, pointed, near=near)
    why = f"request:turn:{turn_id}" if turn_id is not None else "request"
    if decision.whole:  # every memory and every text of theirs, in bulk (one by one: minutes)
        keep = _restated_ids(store, user_id, message, decision.erase) | after
        store.erase_user_memories(user_id, now, why, keep=keep)
        store.erase_user_texts(user_id, now, turn_id, said=said)
        store.record_event(user_id, event_kind("forget", "user_request"), decision.reason, now)
        return decision
    erased = []
    kept = _restated_ids(store, user_id, message, decision.erase)  # said again in this message
    for memory_id in decision.erase:
        if memory_id in kept:
            continue
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
    When the record-time call erased something, nothing is matched in other words here: what
    it named is gone, and another memory would be taken in its stead (session 21: ``dlg3-ms``'s
    "…pasal hutang dia" erased the home *loan* once the debt was gone; no model keeps it).
    The record-time call, for its part, matches nothing in other words while earlier turns'
    reflections are pending (:func:`reflections_pending`): the memory named may not be
    written yet.
    Returns the erased ids (empty when ``message`` asks nothing or nothing late matches)."""
    requests = own_requests(store, user_id, message)
    if not requests:
        return []
    active = store.memories(user_id, "active")
    late = {m.id for m in active if (_turn_of(m.source) or turn_id) < turn_id}
    # what the request named and erased when recorded is gone from the pool: in other words
    # another memory would be taken in its stead (no model: the named one was there, and no
    # other was read in other words)
    answered = any(m.source == f"request:turn:{turn_id}" for m in store.memories(user_id, "deleted"))
    pointed = _just_said(store, user_id, message, turn_id, requests, active)
    decision = match_forget(requests, active, (), pointed, near=not answered)
    erased = []
    kept = _restated_ids(store, user_id, message, decision.erase)
    for memory_id in decision.erase:
        if memory_id not in late or memory_id in kept:
            continue
        if before_erase is not None:
            before_erase(memory_id)
        if store.delete_memory(memory_id, now, f"request:turn:{turn_id}"):
            erased.append(memory_id)
    if erased:
        store.record_event(user_id, event_kind("forget", "user_request"), decision.reason, now)
    return erased


def reflections_pending(store: Store, user_id: int, turn_id: int | None) -> bool:
    """Whether a reflection of one of the user's turns before ``turn_id`` (``None``: any turn)
    is pending or running (model mode: the memories of that turn are not written yet)."""
    return any(
        job["job"] == "reflection" and job["turn_id"] is not None and (turn_id is None or job["turn_id"] < turn_id)
        for status in ("pending", "running")
        for job in store.jobs(status, user_id, limit=1000)
    )


def _turn_of(source: str | None) -> int | None:
    """``turn:K`` → K; any other source → ``None``."""
    if source and source.startswith("turn:") and source[5:].isdigit():
        return int(source[5:])
    return None


def forget_note(
    store: Store, user_id: int, message: str, story_id: int | None = None, now: datetime | None = None
) -> ForgetNote | None:
    """A dry run of the request to forget in ``message`` on the user's active memories, for
    the block the model answers with (:mod:`souvenir.read.forget_note`); ``None`` when the
    message asks nothing, or only not to keep what it says itself. The same match the turn's
    record then acts on (the message not recorded yet: "don't remember that" reads the user's
    latest turn, said at most :data:`DEICTIC_WINDOW` before ``now``). ``story_id``: the
    context's story (``None`` or below 1: none); a candidate of another story is counted in
    the note, never quoted (the block shows no other story's memory)."""
    requests = own_requests(store, user_id, message)
    if not requests or (all(points_back(r, message) for r in requests) and points_in_message(message, requests)):
        # "I owe my cousin 500. Don't remember that.": nothing stored to erase, nor to say
        return None
    active = store.memories(user_id, "active")
    pointed: set[int] = set()
    if any(points_back(r, message) for r in requests) and (story_id is None or story_id > 0):
        pointed = _written_by(store.last_turn(user_id, story_id), now or utcnow(), active)  # not recorded yet
    decision = match_forget(requests, active, (), pointed)
    if decision.whole:
        return ForgetNote(True, (), ())
    texts = {m.id: m.text for m in active}
    kept = _restated_ids(store, user_id, message, decision.erase)
    erased = tuple(texts[i] for i in decision.erase if i in texts and i not in kept)
    shown = {m.id for m in active if m.scope == "global" or (story_id is not None and m.story_id == story_id)}
    candidates = [i for i in decision.candidates if i in texts]
    quoted = tuple(texts[i] for i in candidates if i in shown)
    pending = not erased and not candidates and reflections_pending(store, user_id, None)
    return ForgetNote(False, erased, quoted, len(candidates) - len(quoted), pending)


def memories_for_request(store: Store, user_id: int, message: str) -> list[dict] | None:
    """The user's newest active memories (id and text) for the reflection model to name
    the ones a request to forget is about; ``None`` when ``message`` asks nothing."""
    if not own_requests(store, user_id, message):
        return None
    active = [m for m in store.memories(user_id, "active") if m.kind != "rule"]
    active.sort(key=lambda m: m.id, reverse=True)
    return [{"id": m.id, "text": m.text} for m in active[:MAX_SHOWN]]


def clear_request_turn(store: Store, message: str, turn_id: int | None, user_id: int | None = None) -> bool:
    """Empty the request's own turn (message and reply) when ``message`` asks to forget
    something it names ("forget what I asked about my HIV medication"): the request carries
    its topic, and the reply often repeats it; so does one pointing at what the same message
    said before it ("I owe my cousin 500. Don't remember that."). A request naming nothing
    ("forget that") keeps its turn. Called once the request was acted on (with a model: after its reflection,
    which reads the turn). ``user_id``: whose turn (their names sort a pasted transcript's
    lines). Returns whether the turn was emptied."""
    requests = own_requests(store, user_id, message)
    if turn_id is None or not (any(r.topic for r in requests) or points_in_message(message, requests)):
        return False
    store.clear_turn(turn_id)
    return True
