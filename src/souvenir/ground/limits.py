"""Input limits shared by the API, the CLI and the write path."""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timezone

from souvenir.ground.errors import TextError

#: Largest message or memory text accepted, in UTF-8 bytes (16 KiB, issue #2).
MAX_TEXT_BYTES = 16 * 1024

#: Most messages a context reads of the prompt the caller sends the model (``messages``:
#: the memories they show take no place, :mod:`souvenir.read.in_prompt`); older ones are
#: ignored. Twice ``Settings.history_turns``' upper bound (200 exchanges of two messages).
MAX_PROMPT_MESSAGES = 400


def check_text(text: object, what: str = "text") -> str:
    """Return ``text`` stripped, or raise :class:`TextError` saying why it is unusable.

    Unusable: not a string, not encodable as UTF-8 (lone surrogates), containing NUL,
    empty after stripping, or longer than :data:`MAX_TEXT_BYTES` bytes of UTF-8.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise TextError(f"{what} is not valid UTF-8 (byte {exc.start})") from exc
    if not isinstance(text, str):
        raise TextError(f"{what} must be a string, not {type(text).__name__}")
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise TextError(f"{what} is not valid UTF-8 (character {exc.start})") from exc
    if size > MAX_TEXT_BYTES:
        raise TextError(f"{what} is {size} bytes of UTF-8; the limit is {MAX_TEXT_BYTES}")
    if "\x00" in text:
        raise TextError(f"{what} contains a NUL character")
    stripped = text.strip()
    if not stripped:
        raise TextError(f"{what} is empty")
    return stripped


#: Times outside these years are refused: grounding "tomorrow" on 9999-12-31 overflows, and
#: no chat message was said before 1900.
MIN_YEAR, MAX_YEAR = 1900, 2200


def check_field(value: str | None, what: str, max_bytes: int = MAX_TEXT_BYTES) -> str | None:
    """An optional text field (reply, user id, story, source): ``None`` passes; otherwise it
    must be valid UTF-8 (no lone surrogate), without NUL, at most ``max_bytes`` bytes.
    Raises :class:`TextError`."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise TextError(f"{what} must be a string, not {type(value).__name__}")
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise TextError(f"{what} is not valid UTF-8 (character {exc.start})") from exc
    if "\x00" in value:
        raise TextError(f"{what} contains a NUL character")
    if size > max_bytes:
        raise TextError(f"{what} is {size} bytes of UTF-8; the limit is {max_bytes}")
    return value


#: How far ahead of the server's clock a time said may be, in seconds: the clock skew between a
#: client and the server (NTP keeps it under a second, a phone's hand-set clock within a few
#: minutes). A time later than that is refused (an :class:`InputError`, 422 on REST): a client
#: whose clock runs ahead, or that sends its local time as UTC east of Greenwich (UTC+8:
#: eight hours ahead), would date memories in the future and ground "tomorrow" on the wrong
#: day. Said on a turn, a memory, an edit or an import line; not on search bounds.
MAX_AHEAD_S = 300


def check_time(value, what: str = "time", now: datetime | None = None):
    """A datetime within [MIN_YEAR, MAX_YEAR], or ``None``; with ``now`` (aware), also at most
    :data:`MAX_AHEAD_S` seconds after it (a naive ``value`` is read as UTC). Raises
    :class:`TextError` naming the time, the server's clock and the allowance."""
    if value is not None and not (MIN_YEAR <= value.year <= MAX_YEAR):
        raise TextError(f"{what} {value.isoformat()} is outside the years {MIN_YEAR}-{MAX_YEAR}")
    if value is not None and now is not None:
        said = value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)
        ahead = (said - now).total_seconds()
        if ahead > MAX_AHEAD_S:
            raise TextError(
                f"{what} {_utc_text(said)} is in the future: {_ahead_text(ahead)} after the server's clock "
                f"({_utc_text(now)}); at most {MAX_AHEAD_S // 60} minutes ahead are accepted (clock skew). "
                "Send the time the message was said, in UTC or with its offset"
            )
    return value


def _utc_text(value: datetime) -> str:
    return value.astimezone(timezone.utc).replace(microsecond=0, tzinfo=None).isoformat() + "Z"


def _ahead_text(seconds: float) -> str:
    if seconds < 2 * 3600:
        return f"{round(seconds / 60)} minutes"
    if seconds < 2 * 86400:
        return f"{round(seconds / 3600)} hours"
    return f"{round(seconds / 86400)} days"


#: Most memories one page lists (the library, ``GET …/memories``, MCP's ``memories``).
MAX_PAGE = 1000
#: Largest user id, channel or story name, in UTF-8 bytes.
MAX_ID_BYTES = 256
#: Longest language code a channel sends (BCP 47's practical maximum, RFC 5646 §4.4.1).
MAX_LANGUAGE_CHARS = 35
_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*")


def check_language(value: str | None, what: str = "language") -> str | None:
    """A channel's language code (BCP 47: ``en``, ``fr``, ``zh-CN``, ``ms_MY``…) or ``None``;
    a language's name (``french``) raises :class:`TextError` naming the codes, where it used
    to be read as no code at all (the profile's ``lang`` then fell back to detection)."""
    check_field(value, what, MAX_LANGUAGE_CHARS)
    if value is not None and not _LANGUAGE_TAG.fullmatch(value.strip()):
        raise TextError(f"{what} must be a language code such as en, fr, zh, ms or zh-CN (BCP 47), not a name")
    return value


#: Unicode's line and paragraph separators (a log line split in two) and the bidirectional
#: controls (an id shown reversed: "nimda" as "admin") an id may not hold either.
_LINE_AND_BIDI = frozenset("\u2028\u2029\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Characters that show as nothing: "ann" and "ann" + U+200B listed as two users that look
#: alike (format characters, Unicode category Cf, and the Hangul fillers); the zero-width
#: joiner and non-joiner stay (Persian or Indic names, emoji sequences need them).
_JOINERS = frozenset("\u200c\u200d")
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")


def _invisible(c: str) -> bool:
    return c in _FILLERS or (unicodedata.category(c) == "Cf" and c not in _JOINERS)


def check_user_id(value: object, what: str = "user id") -> str:
    """A channel or user id every route can address as one URL path segment
    (``/v1/users/{channel}/{user}/…``): 1 to :data:`MAX_ID_BYTES` bytes of UTF-8, not blank,
    without ``/`` or ``\\`` (a path separator to URLs and to some clients), control
    characters (NUL, newlines, U+2028 / U+2029, bidirectional controls…), invisible ones
    (U+200B, U+FEFF, U+00AD, tags, Hangul fillers: not the joiners U+200C / U+200D) or lone surrogates, and not ``.`` or ``..`` (clients remove
    those segments). Returns ``value``; raises :class:`TextError` saying why."""
    text = check_field(value, what, MAX_ID_BYTES)  # type: ignore[arg-type]
    if text is None or not text.strip():
        raise TextError(f"{what} is empty")
    if "/" in text or "\\" in text:
        raise TextError(f"{what} may not contain '/' or '\\': no URL path could address it")
    if any(ord(c) < 32 or 127 <= ord(c) < 160 or c in _LINE_AND_BIDI for c in text):
        raise TextError(f"{what} may not contain control characters (line breaks or bidirectional controls)")
    if any(_invisible(c) for c in text):
        raise TextError(
            f"{what} may not contain invisible characters (zero-width spaces, fillers…): it would look like another id"
        )
    if text in (".", ".."):
        raise TextError(f"{what} may not be '.' or '..': no URL path could address it")
    return text


#: Scripts whose letters look like Latin ones ("аnn" with a Cyrillic а, "Αnn" with a Greek Α).
_LOOKALIKE_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def lookalike(value: str) -> str | None:
    """Why a *new* channel or user id ``value`` would look like another, or ``None``: blanks
    at its start or end (" ann", "ann "), a form other than Unicode NFC ("josé" written
    e + U+0301, shown as "josé"), Latin letters mixed with Cyrillic or Greek ones ("аnn" with
    a Cyrillic а). An id already stored keeps working (:meth:`Store.ensure_user` asks only of
    a new one); :func:`check_user_id` refuses what could never be addressed, this what would
    be mistaken for another id when an operator reads, exports or deletes it."""
    if value != value.strip():
        return "may not start or end with a blank: it would look like the id without it"
    if value.isascii():
        return None
    if unicodedata.normalize("NFC", value) != value:
        return "must be in Unicode NFC (composed accents): this one looks like its composed form, another id"
    scripts = {
        script
        for c in value
        if c.isalpha() and (script := unicodedata.name(c, "").split(" ", 1)[0]) in _LOOKALIKE_SCRIPTS
    }
    if len(scripts) > 1:
        return f"mixes {' and '.join(sorted(s.title() for s in scripts))} letters: it would look like another id"
    return None


#: The longest window a caller's duration argument may name (seconds): a day, as long as an
#: erasure's mark is kept (``store.userdata.ERASURE_MARK``) and past any retry of a request.
MAX_WINDOW_S = 86400.0


def check_seconds(value: object, what: str, most: float = MAX_WINDOW_S) -> float:
    """``value`` as seconds from 0 to ``most``; raises :class:`~souvenir.ground.errors.InputError`
    naming ``what`` for a number that is not finite (``inf``, ``nan``: ``timedelta`` raised
    ``OverflowError``/``ValueError`` out of the library), negative, or above ``most``."""
    from souvenir.ground.errors import InputError

    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(f"{what}: a number of seconds, not {type(value).__name__}")
    seconds = float(value)
    if not (0.0 <= seconds <= most):  # NaN fails both comparisons
        raise InputError(f"{what}: seconds from 0 to {most:g}")
    return seconds


#: The largest erasure number a store keeps (a signed 64-bit integer: PostgreSQL's BIGINT,
#: SQLite's INTEGER).
MAX_ERASURE_NUMBER = 2**63 - 1


def check_erased_since(value: object, what: str = "unless_erased_since") -> object:
    """``value`` as given when it is a time (a ``datetime``) or the store's erasure number read
    by a context (an int from 0 to :data:`MAX_ERASURE_NUMBER`); ``None`` as it is. Raises
    :class:`~souvenir.ground.errors.InputError` naming ``what`` otherwise (``2**70`` raised SQLite's
    ``OverflowError`` out of the library; ``True`` is no number)."""
    from souvenir.ground.errors import InputError

    if value is None or isinstance(value, datetime):
        return value
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_ERASURE_NUMBER:
        raise InputError(f"{what}: a time, or the erasure number a context read (ContextResult.erasure_clock)")
    return value
