"""Parsers for the files Souvenir replays or imports. Pure: text in, records out.

Every parser reads the whole file before anything is written, and raises
:class:`~souvenir.ground.errors.FileFormatError` with the line number of the first bad record, so
a malformed file writes nothing. Only a regular file of at most :data:`MAX_FILE_BYTES` is
read (``/dev/zero`` was read until memory ran out, a FIFO waited for ever), and JSON nested
too deep is such an error too (it was a ``RecursionError`` traceback).

Formats:

- **LoCoMo** (``conv-N.json``; see ../shared/data/locomo/README.md): ``session_K`` lists of
  turns ``{speaker, dia_id, text, blip_caption?}`` dated by ``session_K_date_time``
  ("1:56 pm on 8 May, 2023"); ``qa`` questions with evidence turn ids.
- **Chat JSONL**: one exchange per line, ``{"message": str, "reply": str?, "time": ISO?,
  "user": str?, "story": str?}``.
- **Memories JSONL** (``souvenir import``): one memory per line, ``{"text": str, "kind":
  str?, "scope": str?, "date": "YYYY-MM-DD"?, "source": str?, "story": str?}``; the date
  may also come as ``time``, ``created_at`` or ``timestamp`` (ISO).
- **A user's export** (``souvenir export``, ``GET …/export``: ``{"channel", "user", "tables":
  {"memories": [...], "stories": [...], ...}}``), read by ``souvenir import`` as its active
  memories: a user moved to another store (SQLite to PostgreSQL) or another id.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import BinaryIO

from souvenir.replay.export_profile import ExportedProfile, exported_profile
from souvenir.ground.errors import FileFormatError, TextError
from souvenir.ground.limits import MAX_TEXT_BYTES, check_field, check_text, check_time
from souvenir.ground.timeutil import as_utc, parse_time, utcnow
from souvenir.ground.types import CANDIDATE_KINDS, KINDS, SCOPES


#: The largest file replayed or imported: a LoCoMo conversation is about 1 MB, a chat log
#: of a year's exchanges tens of MB; every record is held in memory before it is written.
MAX_FILE_BYTES = 256 * 1024 * 1024
_DEEP = "JSON nested too deep"


#: The longest line of a JSONL file (a chat exchange, a memory): a record's text is at most
#: :data:`~souvenir.ground.limits.MAX_TEXT_BYTES` (16 KiB) in UTF-8, six times that written as JSON
#: ``\uXXXX`` escapes, plus a reply and short fields: 1 MiB holds any record that can be kept.
#: A longer line is refused having read that much of it (a 50 MB one-line file was read whole
#: and parsed, 437 MB resident, before its text was refused).
MAX_LINE_BYTES = 1 << 20


@contextmanager
def _opened(path: Path) -> Iterator[BinaryIO]:
    """``path`` opened for reading; :class:`FileFormatError` for anything but a regular file,
    or one over :data:`MAX_FILE_BYTES` (checked before reading; a reader also stops past it).
    Opened once, non-blocking, and checked on the opened descriptor (``fstat``): a path
    swapped for a FIFO between a check by path and the open blocked the open for ever."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise FileFormatError(str(path), 0, f"cannot be read: {exc.strerror or exc}") from exc
    with os.fdopen(fd, "rb") as handle:
        held = os.fstat(fd)
        if not stat.S_ISREG(held.st_mode):
            raise FileFormatError(str(path), 0, "not a regular file (a device, a FIFO or a folder): nothing read")
        if held.st_size > MAX_FILE_BYTES:
            raise FileFormatError(str(path), 0, f"over {MAX_FILE_BYTES // 2**20} MiB: split it")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a regular file: O_NONBLOCK changes nothing, said plainly
        yield handle


def _read_bytes(path: Path) -> bytes:
    """``path``'s bytes, at most :data:`MAX_FILE_BYTES` (:func:`_opened`)."""
    with _opened(path) as handle:
        data = handle.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise FileFormatError(str(path), 0, f"over {MAX_FILE_BYTES // 2**20} MiB: split it")
    return data


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    """``path``'s lines (numbered from 1, without their end), read one at a time: a line over
    :data:`MAX_LINE_BYTES` is a :class:`FileFormatError` once that much of it is read, a line
    that is not UTF-8 one naming its number; the file bounded as :func:`_opened` bounds it."""
    read = 0
    with _opened(path) as handle:
        for number in itertools.count(1):
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            read += len(raw)
            if read > MAX_FILE_BYTES:
                raise FileFormatError(str(path), 0, f"over {MAX_FILE_BYTES // 2**20} MiB: split it")
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                raise FileFormatError(
                    str(path),
                    number,
                    f"a line over {MAX_LINE_BYTES // 2**20} MiB: a record holds a text of at most "
                    f"{MAX_TEXT_BYTES // 1024} KiB (one record a line; nothing read past it)",
                )
            try:
                yield number, raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError as exc:
                raise FileFormatError(str(path), number, "not valid UTF-8") from exc


def _read_text(path: Path) -> str:
    raw = _read_bytes(path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileFormatError(str(path), raw[: exc.start].count(b"\n") + 1, "not valid UTF-8") from exc


@dataclass(frozen=True, slots=True)
class LocomoTurn:
    """One LoCoMo turn; ``time`` is its session's date plus its index in seconds (order)."""

    speaker: str
    dia_id: str
    text: str
    time: datetime
    session: int


@dataclass(frozen=True, slots=True)
class LocomoQuestion:
    question: str
    category: int
    evidence: tuple[str, ...]
    answer: str | None


@dataclass(frozen=True, slots=True)
class LocomoObservation:
    """One gold fact of ``session_K_observation``: who it is about, the sentence, the turns
    that support it (normalised ids, possibly several), its session's date and number."""

    speaker: str
    text: str
    evidence: tuple[str, ...]
    time: datetime
    session: int


@dataclass(slots=True)
class LocomoConversation:
    name: str
    speakers: tuple[str, str]
    turns: list[LocomoTurn]
    questions: list[LocomoQuestion]
    malformed_evidence: int = 0
    observations: list[LocomoObservation] = field(default_factory=list)
    malformed_observation_evidence: int = 0


_SESSION = re.compile(r"^session_(\d+)$")
_DIA = re.compile(r"^D(\d+):(\d+)$")


def normalise_dia_id(raw: str) -> tuple[str | None, bool]:
    """("DK:T", was_malformed) for an evidence id; ``None`` when it cannot be read.

    Malformed forms seen in LoCoMo: inner spaces ("D 1:3"), a stray colon ("D:11:26"),
    lower case, several ids in one string are handled by the caller.
    """
    cleaned = re.sub(r"\s+", "", str(raw)).upper()
    if _DIA.match(cleaned):
        return cleaned, cleaned != raw
    match = re.match(r"^D:?(\d+):+(\d+)$", cleaned)
    if match:
        return f"D{int(match.group(1))}:{int(match.group(2))}", True
    return None, True


def parse_session_time(text: str) -> datetime:
    """LoCoMo's "1:56 pm on 8 May, 2023" as an aware UTC datetime."""
    cleaned = re.sub(r"\s+", " ", text.strip())
    for fmt in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y", "%I:%M %p on %B %d, %Y"):
        try:
            return as_utc(datetime.strptime(cleaned, fmt))  # type: ignore[return-value]
        except ValueError:
            continue
    raise ValueError(f"unreadable session date {text!r}")


def _load_json(path: Path):
    raw = _read_bytes(path)
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise FileFormatError(str(path), 0, f"not UTF-8 ({exc.reason} at byte {exc.start})") from exc
    except json.JSONDecodeError as exc:
        raise FileFormatError(str(path), exc.lineno, f"invalid JSON: {exc.msg}") from exc
    except RecursionError:
        raise FileFormatError(str(path), 0, _DEEP) from None


def _not_locomo(path: Path) -> str:
    """What to do with a file read as LoCoMo that is not: a chat JSONL under another suffix
    (``chat.json``, ``chat.txt``) is named as such, anything else gets the two formats."""
    try:
        first = next((line for _, line in _lines(path) if line.strip()), "")
        record = json.loads(first)
    except (ValueError, UnicodeError, RecursionError, FileFormatError):
        record = None
    if isinstance(record, dict) and "message" in record:
        return f": its lines are chat exchanges: name it {path.stem}.jsonl to replay it as a chat file"
    return " (replay reads a LoCoMo .json conversation, or a chat .jsonl file of {user, message, reply, time} lines)"


def parse_locomo(path: str | Path) -> LocomoConversation:
    """Read a LoCoMo conversation file. Raises :class:`FileFormatError`."""
    path = Path(path)
    try:
        data = _load_json(path)
    except FileFormatError as exc:
        if isinstance(exc.__cause__, json.JSONDecodeError):
            raise FileFormatError(
                str(path), exc.line, f"invalid JSON: {exc.__cause__.msg}" + _not_locomo(path)
            ) from exc
        raise
    if not isinstance(data, dict):
        raise FileFormatError(str(path), 1, "a LoCoMo file is a JSON object" + _not_locomo(path))
    conv = data.get("conversation", data)
    try:
        speakers = (str(conv["speaker_a"]), str(conv["speaker_b"]))
    except (KeyError, TypeError) as exc:
        raise FileFormatError(str(path), 0, "missing speaker_a / speaker_b" + _not_locomo(path)) from exc
    turns: list[LocomoTurn] = []
    sessions = sorted(int(m.group(1)) for k in conv if (m := _SESSION.match(k)))
    for number in sessions:
        items = conv[f"session_{number}"]
        if not items:
            continue
        try:
            start = parse_session_time(str(conv.get(f"session_{number}_date_time", "")))
        except ValueError as exc:
            raise FileFormatError(str(path), 0, f"session_{number}: {exc}") from exc
        for i, turn in enumerate(items):
            try:
                text = str(turn["text"])
                caption = turn.get("blip_caption")
                if caption:
                    text = f"{text} [shares a photo: {caption}]"
                turns.append(
                    LocomoTurn(str(turn["speaker"]), str(turn["dia_id"]), text, start + timedelta(seconds=i), number)
                )
            except (KeyError, TypeError) as exc:
                raise FileFormatError(str(path), 0, f"session_{number} turn {i}: missing {exc}") from exc
    questions, malformed = _parse_questions(data.get("qa", []))
    observations, malformed_obs = _parse_observations(conv, data)
    return LocomoConversation(path.stem, speakers, turns, questions, malformed, observations, malformed_obs)


def _evidence_ids(raw_ids) -> tuple[list[str], int]:
    """Normalised turn ids of an evidence field (a list, or one string holding one or
    several ids), and how many were malformed (normalised or unreadable)."""
    ids: list[str] = []
    malformed = 0
    for raw in raw_ids if isinstance(raw_ids, list) else [raw_ids]:
        for part in re.split(r"[;,]|\s(?=D)", str(raw)):
            if not part.strip():
                continue
            dia, bad = normalise_dia_id(part.strip())
            malformed += int(bad)
            if dia:
                ids.append(dia)
    return ids, malformed


def _parse_questions(items) -> tuple[list[LocomoQuestion], int]:
    questions, malformed = [], 0
    for qa in items or []:
        evidence, bad = _evidence_ids(qa.get("evidence", []) or [])
        malformed += bad
        answer = qa.get("answer")
        questions.append(
            LocomoQuestion(
                str(qa.get("question", "")),
                int(qa.get("category", 0)),
                tuple(evidence),
                None if answer is None else str(answer),
            )
        )
    return questions, malformed


def _parse_observations(conv: dict, data: dict) -> tuple[list[LocomoObservation], int]:
    """Gold facts per session, each once (the fields sit beside the turns or at the top
    level), with every evidence id normalised; and the count of malformed evidence ids."""
    found: list[LocomoObservation] = []
    malformed = 0
    items = dict(data) if conv is data else {**data, **conv}
    for key, value in items.items():
        match = re.match(r"^session_(\d+)_observation$", key)
        if not match or not isinstance(value, dict):
            continue
        try:
            when = parse_session_time(str(conv.get(f"session_{match.group(1)}_date_time", "")))
        except ValueError:
            continue
        for speaker, facts in value.items():
            for fact in facts or []:
                if isinstance(fact, list) and len(fact) >= 2:
                    ids, bad = _evidence_ids(fact[1])
                    malformed += bad
                    found.append(LocomoObservation(str(speaker), str(fact[0]), tuple(ids), when, int(match.group(1))))
    return found, malformed


@dataclass(frozen=True, slots=True)
class ChatLine:
    message: str
    reply: str | None
    time: datetime | None
    user: str | None
    story: str | None


def _jsonl(path: Path):
    for number, line in _lines(path):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise FileFormatError(str(path), number, f"invalid JSON: {exc.msg}") from exc
        except RecursionError:
            raise FileFormatError(str(path), number, _DEEP) from None
        if not isinstance(record, dict):
            raise FileFormatError(str(path), number, "each line must be a JSON object")
        yield number, record


def _text(path: Path, number: int, record: dict, key: str, required: bool = True) -> str | None:
    value = record.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise FileFormatError(str(path), number, f"'{key}' must be a non-empty string" + _other_format(record, key))
    try:
        if key in ("message", "text"):
            check_text(value, key)
        else:
            check_field(value, key, 256 if key in ("user", "story") else MAX_TEXT_BYTES)
    except TextError as exc:
        raise FileFormatError(str(path), number, str(exc)) from exc
    return value


def _other_format(record: dict, key: str) -> str:
    """A hint when a line missing ``key`` has the other JSONL format's key: a memories file
    given to ``replay`` (its lines have ``text``) or a chat file given to ``import`` (``message``)."""
    if key == "message" and "message" not in record and "text" in record:
        return ": this line has 'text', as a memories file has: import it (`souvenir import FILE --user U`)"
    if key == "text" and "text" not in record and "message" in record:
        return ": this line has 'message', as a chat file has: replay it (`souvenir replay FILE`)"
    if key not in record and record:  # a misspelt key ("txt"): name the line's keys, never values
        keys = sorted(str(k)[:40] for k in record)
        more = f" and {len(keys) - 8} more" if len(keys) > 8 else ""
        return f" (it has no '{key}'; its keys: {', '.join(repr(k) for k in keys[:8])}{more})"
    return ""


def _time(path: Path, number: int, value) -> datetime | None:
    if value in (None, ""):
        return None
    try:
        said = parse_time(str(value))
    except ValueError as exc:
        raise FileFormatError(str(path), number, f"unreadable time {value!r}: {exc}") from exc
    try:
        return check_time(said, now=utcnow())  # nor a line dated ahead of the clock (limits.MAX_AHEAD_S)
    except TextError as exc:
        raise FileFormatError(str(path), number, str(exc)) from exc


def parse_chat_jsonl(path: str | Path) -> list[ChatLine]:
    """Read a chat JSONL file (see module docstring). Raises :class:`FileFormatError`."""
    path = Path(path)
    lines = []
    for number, rec in _jsonl(path):
        lines.append(
            ChatLine(
                message=_text(path, number, rec, "message"),  # type: ignore[arg-type]
                reply=_text(path, number, rec, "reply", required=False),
                time=_time(path, number, rec.get("time")),
                user=_text(path, number, rec, "user", required=False),
                story=_text(path, number, rec, "story", required=False),
            )
        )
    if not lines:
        raise FileFormatError(str(path), 0, "no exchange in the file")
    return lines


@dataclass(frozen=True, slots=True)
class ImportLine:
    """One memory to import; ``origin`` names where it is in the file ("line 4", "memory 7
    of the export") for the answer that says why it was dropped."""

    text: str
    kind: str
    scope: str
    date: datetime | None
    source: str | None
    story: str | None
    origin: str = ""
    pinned: bool = False
    session: str | None = None
    speaker: str | None = None


#: Keys an import line's date may come under (the first present wins): another system's
#: export names it ``time`` or ``created_at`` as often as ``date``. A memory keeps its own
#: date; one imported without any is dated by the import.
DATE_KEYS = ("date", "time", "created_at", "timestamp")


def _first(rec: dict, keys: tuple[str, ...]):
    return next((rec[k] for k in keys if rec.get(k) not in (None, "")), None)


def parse_memories_jsonl(path: str | Path) -> list[ImportLine]:
    """Read a memories JSONL file, or a user's export (``souvenir export``, ``GET
    …/export``: its active memories); see the module docstring. Raises :class:`FileFormatError`."""
    path = Path(path)
    exported = _export_of(path)
    if exported is not None:
        return _export_lines(path, exported)
    lines = []
    for number, rec in _jsonl(path):
        kind = rec.get("kind", "fact")
        scope = rec.get("scope", "global")
        if kind not in KINDS:
            raise FileFormatError(str(path), number, f"kind {kind!r} is not one of {', '.join(KINDS)}")
        if scope not in SCOPES:
            raise FileFormatError(str(path), number, f"scope {scope!r} is not global or story")
        story = _text(path, number, rec, "story", required=False)
        if scope == "story" and not story:
            raise FileFormatError(str(path), number, "a story-scoped memory needs 'story'")
        lines.append(
            ImportLine(
                text=_text(path, number, rec, "text"),  # type: ignore[arg-type]
                kind=kind,
                scope=scope,
                date=_time(path, number, _first(rec, DATE_KEYS)),
                source=_text(path, number, rec, "source", required=False),
                story=story,
                origin=f"line {number}",
            )
        )
    if not lines:
        raise FileFormatError(str(path), 0, "no memory in the file")
    return lines


#: An export's opening: ``souvenir export`` and ``GET …/export`` write ``channel``, ``user``
#: (each at most 256 characters) then ``tables``: within the first :data:`_HEAD_BYTES`.
_EXPORT_HEAD = re.compile(rb'^\s*\{.*?"tables"\s*:\s*\{', re.S)
_HEAD_BYTES = 64 * 1024


def _export_of(path: Path) -> dict | None:
    """The whole file as an export of one user (a JSON object with ``tables.memories``, as
    ``souvenir export`` writes it indented, or ``GET …/export`` on one line), or None. Parsed
    whole only when its first :data:`_HEAD_BYTES` open an object with a ``tables`` key: a
    JSONL file is then read line by line (:func:`_lines`), never parsed whole."""
    with _opened(path) as handle:
        head = handle.read(_HEAD_BYTES)
    if not _EXPORT_HEAD.match(head):
        return None
    text = _read_text(path)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if isinstance(data, dict) and isinstance(data.get("tables"), dict) and "memories" in data["tables"]:
        return data
    return None


def _export_lines(path: Path, data: dict) -> list[ImportLine]:
    """An export's active memories, oldest first, each with its kind, scope and story, its
    date (the current wording's), its source, pin, speaker and session. A superseded or
    forgotten memory is not imported (a forgotten one has no text). A source ``turn:N``
    names a turn of the exporting store: left out. The user's turns, profile and history
    are not imported (the new store writes its own)."""
    tables = data["tables"]
    stories = {row.get("id"): row.get("name") for row in tables.get("stories") or [] if isinstance(row, dict)}
    lines = []
    rows = [row for row in tables.get("memories") or [] if isinstance(row, dict)]
    for row in rows:
        if row.get("status", "active") != "active":
            continue
        number = row.get("id", 0) if isinstance(row.get("id"), int) else 0
        origin = f"memory {number} of the export"
        kind, scope = row.get("kind", "fact"), row.get("scope", "global")
        if kind not in KINDS or scope not in SCOPES:
            raise FileFormatError(str(path), 0, f"{origin}: kind {kind!r} / scope {scope!r} unknown")
        story = stories.get(row.get("story_id")) if row.get("story_id") is not None else None
        if scope == "story" and not story:
            raise FileFormatError(str(path), 0, f"{origin}: a story-scoped memory whose story is not in the export")
        source = row.get("source")
        source = None if not isinstance(source, str) or re.fullmatch(r"turn:\d+", source) else source
        lines.append(
            ImportLine(
                text=_text(path, number, row, "text"),  # type: ignore[arg-type]
                kind=kind,
                scope=scope,
                date=_time(path, number, row.get("updated_at") or row.get("created_at")),
                source=source,
                story=story,
                origin=origin,
                pinned=bool(row.get("pinned")),
                session=row.get("session") if isinstance(row.get("session"), str) else None,
                speaker=row.get("speaker") if isinstance(row.get("speaker"), str) else None,
            )
        )
    if not lines:
        raise FileFormatError(str(path), 0, "no active memory in the export")
    lines.sort(key=lambda line: line.date or datetime.min.replace(tzinfo=timezone.utc))
    return lines


def export_profile_of(path: str | Path) -> ExportedProfile | None:
    """The profile of a user's export at ``path`` (:mod:`souvenir.replay.export_profile`);
    ``None`` when the file is no export (a memories JSONL file carries no profile)."""
    exported = _export_of(Path(path))
    return exported_profile(exported) if exported is not None else None


def export_channel_of(path: str | Path) -> str | None:
    """The channel a user's export at ``path`` was taken from (its ``"channel"``: a string of
    at most 256 characters), or ``None``: no export, or no channel of that shape in it. An
    import of an export with no channel asked goes back to that channel: the default ``api``
    put a ``wechat`` user's restored memories beside another user's, and past the marks of
    what the ``wechat`` user erased (session 25)."""
    exported = _export_of(Path(path))
    channel = exported.get("channel") if exported is not None else None
    return channel if isinstance(channel, str) and 0 < len(channel) <= 256 else None


__all__ = [
    "CANDIDATE_KINDS",
    "export_channel_of",
    "export_profile_of",
    "ChatLine",
    "ImportLine",
    "LocomoConversation",
    "LocomoObservation",
    "LocomoQuestion",
    "LocomoTurn",
    "normalise_dia_id",
    "parse_chat_jsonl",
    "parse_locomo",
    "parse_memories_jsonl",
    "parse_session_time",
]
