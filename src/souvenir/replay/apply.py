"""Feed parsed files through the engine's write path (replay a conversation, import memories).

Every record is validated before the first write, so a bad file writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from souvenir.engine.core import Engine
from souvenir.engine.identity import check_ids
from souvenir.ground.errors import FileFormatError, TextError
from souvenir.ground.limits import check_text
from souvenir.replay.export_profile import ExportedProfile
from souvenir.replay.formats import ChatLine, ImportLine, LocomoConversation
from souvenir.ground.results import ERASED_CODE, ERASED_REASON, WriteResult
from souvenir.schemas import DEFAULT_CHANNEL
from souvenir.ground.timeutil import utcnow
from souvenir.ground.types import Candidate

Progress = Callable[[int], None]


def _noop(_: int) -> None:
    pass


def _erased(engine: Engine, channel: str, user: str, texts: list[str]) -> set[int]:
    """The positions of ``texts`` the user erased (:mod:`souvenir.store.erased_texts`)."""
    check_ids(channel, user)  # an id no store can hold is bad input before the store is asked
    return engine.store.erased_texts(channel, user, texts)


def _first_seen(engine: Engine, channel: str, user: str) -> bool:
    """The user's row made now, by this process's clock, when it is new: "first seen"
    (``users.created_at``, ``souvenir users``, ``GET /v1/users``) is when this store first
    recorded the user, whichever door — not the date of the first line an import or a LoCoMo
    replay writes "as of" its own time (a line dated 2001 made a user first seen in 2001).
    Called before the first write only: a file whose every line is left out makes no user.
    Returns ``True`` (done)."""
    engine.user_id(channel, user, create=True)
    return True


def _left_out() -> WriteResult:
    return WriteResult("dropped", None, "", reason=ERASED_REASON, code=ERASED_CODE)


def _validate(path: str, texts: list[tuple[int, str]]) -> None:
    for line, text in texts:
        try:
            check_text(text)
        except TextError as exc:
            raise FileFormatError(path, line, str(exc)) from exc


def replay_locomo(
    engine: Engine,
    conv: LocomoConversation,
    channel: str = DEFAULT_CHANNEL,
    user: str | None = None,
    speaker: str | None = None,
    progress: Progress = _noop,
) -> list[WriteResult]:
    """Store a LoCoMo conversation under ``user`` (default: the file's name, e.g. ``conv-26``).

    Without ``speaker`` every turn becomes an ``episode`` memory "Speaker: text" with its
    turn id as source, dated by its session. With ``speaker``, that speaker's turns are the
    user's messages and the next turn of the other speaker their reply (no-model mode then
    keeps the user's messages as episodes). Raises :class:`FileFormatError` for an unknown
    speaker or an unusable turn, before any write.
    """
    user = user or conv.name
    _validate(conv.name, [(0, t.text) for t in conv.turns])
    results: list[WriteResult] = []
    seen = False
    if speaker is None:
        gone = _erased(engine, channel, user, [f"{t.speaker}: {t.text}" for t in conv.turns])
        for at, turn in enumerate(conv.turns):
            if at in gone:
                results.append(_left_out())
                progress(1)
                continue
            seen = seen or _first_seen(engine, channel, user)
            candidate = Candidate(
                text=f"{turn.speaker}: {turn.text}",
                kind="episode",
                scope="global",
                source=turn.dia_id,
                time=turn.time,
                speaker=turn.speaker,
                session=f"session_{turn.session}",
            )
            results.append(engine.remember(channel, user, candidate, now=turn.time))
            progress(1)
        return results
    if speaker not in conv.speakers:
        raise FileFormatError(conv.name, 0, f"speaker {speaker!r} is not one of {conv.speakers}")
    turns = conv.turns
    gone = _erased(engine, channel, user, [t.text for t in turns])
    for i, turn in enumerate(turns):
        if turn.speaker == speaker and i in gone:
            results.append(_left_out())
        elif turn.speaker == speaker:
            seen = seen or _first_seen(engine, channel, user)
            reply = turns[i + 1].text if i + 1 < len(turns) and turns[i + 1].speaker != speaker else None
            _, written = engine.record_turn(
                channel, user, turn.text, reply, time=turn.time, source=turn.dia_id, now=turn.time
            )
            if written is not None:
                results.append(written)
        progress(1)
    return results


def replay_chat(
    engine: Engine,
    path: str,
    lines: list[ChatLine],
    channel: str = DEFAULT_CHANNEL,
    user: str | None = None,
    progress: Progress = _noop,
) -> list[WriteResult]:
    """Record each exchange of a chat JSONL file; ``user`` overrides each line's ``user``."""
    missing = [i for i, line in enumerate(lines, 1) if not (user or line.user)]
    if missing:
        raise FileFormatError(path, missing[0], "no 'user' on this line and no --user given")
    _validate(path, [(i, line.message) for i, line in enumerate(lines, 1)])
    results = []
    gone: dict[str, set[int]] = {}
    for name in {user or line.user for line in lines}:
        assert name is not None
        gone[name] = _erased(engine, channel, name, [ln.message for ln in lines if (user or ln.user) == name])
    seen: dict[str, int] = {}
    for line in lines:
        name = user or line.user
        assert name is not None
        at = seen[name] = seen.get(name, -1) + 1
        if at in gone[name]:
            results.append(_left_out())
            progress(1)
            continue
        _, written = engine.record_turn(
            channel,
            user or line.user,  # type: ignore[arg-type]
            line.message,
            line.reply,
            time=line.time,
            story=line.story,
        )
        if written is not None:
            results.append(written)
        progress(1)
    return results


def import_memories(
    engine: Engine, path: str, lines: list[ImportLine], channel: str, user: str, progress: Progress = _noop
) -> list[WriteResult]:
    """Write each memory of a memories JSONL file (or a user's export) through the write path;
    a line whose text the user erased is left out (``dropped``, code :data:`ERASED_CODE`, no
    text): an old export restored does not bring back what the user asked to forget."""
    _validate(path, [(i, line.text) for i, line in enumerate(lines, 1)])
    gone = _erased(engine, channel, user, [line.text for line in lines])
    results = []
    seen = False
    for at, line in enumerate(lines):
        if at in gone:
            results.append(_left_out())
            progress(1)
            continue
        seen = seen or _first_seen(engine, channel, user)
        candidate = Candidate(
            text=line.text,
            kind=line.kind,
            scope=line.scope,
            source=line.source,
            time=line.date,
            pinned=line.pinned,
            session=line.session,
            speaker=line.speaker,
        )
        results.append(engine.remember(channel, user, candidate, story=line.story, now=line.date))
        progress(1)
    return results


#: The profile keys read from the user's words (forget-everything erases them): an import
#: carries them only to a user who erased nothing here. ``tz`` is the client's clock or the
#: operator's setting, kept by every erasure: always carried.
WORDS_KEYS = ("lang", "summary", "last_queries")


def import_profile(
    engine: Engine, channel: str, user: str, profile: ExportedProfile, now: datetime | None = None
) -> ExportedProfile:
    """Write an export's profile (:func:`~souvenir.replay.export_profile.exported_profile`)
    for the user; returns what was carried (``values``) and what was not, with why. A key
    the user already has here is kept as it is (the store's own is newer). A value read from
    the user's words (``lang``, ``summary``, ``last_queries``, ``state:*``) is carried only
    when the user erased nothing in this store (an erasure's mark, kept as long as the
    store): what an erasure took — the summary naming it, a question about it, the language
    "forget everything" reset — does not come back with an old export; nor a query the user
    erased as a message."""
    check_ids(channel, user)
    now = now or utcnow()
    done = ExportedProfile(left_out=dict(profile.left_out))
    if not profile.values:
        return done
    user_id = engine.store.ensure_user(channel, user, now)
    held = engine.store.kv_all(user_id)
    erased = engine.store.erased_any(channel, user)
    for key, value in profile.values.items():
        if key in held:
            done.left_out[key] = "the user has one here already"
        elif erased and (key in WORDS_KEYS or key.startswith("state:")):
            done.left_out[key] = "read from the user's words, and the user erased something here"
        else:
            engine.store.kv_set(user_id, key, value, now)
            done.values[key] = value
    return done
