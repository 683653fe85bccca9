"""Secrets are never kept: the last line before anything is written or logged.

:func:`scrub` is :func:`souvenir.privacy.detection.redact` for a field (``None`` passes). The
store applies it to every free-text column it writes — turns, memories and their history,
sources, profile values (the model's summary too), story summaries, anchors, positions,
events, selections, outbox errors — whichever path wrote them, so a path that forgot to
redact upstream still stores nothing in clear. :func:`install_log_redaction` does the same
for every log record of the process (message, arguments and traceback; a secret
percent-encoded in a URL too, as uvicorn's access line quotes the path and query string).
"""

from __future__ import annotations

import logging
from typing import overload
from urllib.parse import unquote_plus

from souvenir.ground.errors import TextError
from souvenir.privacy.configured import configured_count
from souvenir.privacy.detection import redact
from souvenir.privacy.marker import REDACTED
from souvenir.lexical.text_cache import text_cache

__all__ = ["REDACTED", "install_log_redaction", "refuse_credential", "scrub", "scrub_repeated"]


@overload
def scrub(text: str) -> str: ...
@overload
def scrub(text: None) -> None: ...
@overload
def scrub(text: str | None) -> str | None: ...
def scrub(text: str | None) -> str | None:
    """``text`` with every secret replaced by ``[redacted]`` (``None`` stays ``None``)."""
    if text is None or not isinstance(text, str):
        return text
    return redact(text)[0]


def scrub_repeated(text: str | None) -> str | None:
    """:func:`scrub`, remembered for the last :data:`_REPEATED` texts while no secret is newly
    configured: for texts that come back turn after turn (a kept selection's reasons, ~33 a
    turn: their scrub was ~15 ms of the bookkeeping's CPU at 100,000 memories; docs/journal.md,
    "Session 12, lane speed")."""
    if type(text) is not str:  # None, or already redacted (a Redacted comes back as it is)
        return scrub(text)
    return _scrubbed(text, configured_count())


#: Texts :func:`scrub_repeated` remembers (a few turns of reasons).
_REPEATED = 4096


@text_cache(_REPEATED)
def _scrubbed(text: str, configured: int) -> str:
    return redact(text)[0]


#: What redaction finds that no id should carry. A 32+ character hex or base64 id ("token")
#: is let through: a hash of the user's e-mail is what OpenAI asks for in ``user``; a long
#: number ("card", "otp", "iban") may be an account's id.
_ID_KINDS = frozenset(
    {"api_key", "url_credentials", "webhook", "password", "pin", "seed_phrase", "detect_secrets", "configured"}
)


def refuse_credential(value: str | None, what: str) -> str | None:
    """``value`` (a user id, channel or story name about to be written); raises
    :class:`~souvenir.ground.errors.TextError` when it carries a credential — an API key, a JWT, a
    login with its password: ids are stored in clear, logged and shown, never redacted."""
    if value is None:
        return None
    kinds = set(redact(value)[1]) & _ID_KINDS
    if kinds:
        raise TextError(
            f"{what} looks like it carries a credential ({', '.join(sorted(kinds))}); "
            "send instead a stable id that is not a secret (a hash of it, for instance)"  # no "…: use", read as a password
        )
    return value


_installed = False


def install_log_redaction() -> None:
    """Redact every log record made from now on in this process (idempotent).

    A record whose formatted message holds no secret is left as it is (its ``args`` too:
    uvicorn's access formatter rebuilds its line from them). Otherwise each string argument
    is redacted in place when that leaves no secret in the message (the record keeps its
    shape); else the redacted message replaces ``msg``/``args``. A traceback is formatted
    and redacted at once."""
    global _installed
    if _installed:
        return
    _installed = True
    previous = logging.getLogRecordFactory()
    formatter = logging.Formatter()

    def factory(*args, **kwargs) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a bad format string is logging's to report
            return record
        clean = redact(message)[0]
        if clean != message:
            _redact_record(record, clean)
        elif ("%" in message or "+" in message) and redact(decoded := unquote_plus(message))[0] != decoded:
            # a secret percent-encoded in a URL (uvicorn's access line: a path or a query
            # string, "password%3Dhunter2…", "alice%3Ahunter2pass%40host")
            _redact_record(record, redact(decoded)[0], _scrub_encoded)
        if record.exc_info and record.exc_info[0] is not None:
            record.exc_text = redact(formatter.formatException(record.exc_info))[0]
            record.exc_info = None
        if record.stack_info:
            record.stack_info = redact(record.stack_info)[0]
        return record

    logging.setLogRecordFactory(factory)


def _scrub_encoded(text: str) -> str:
    """``text`` percent-decoded and redacted when the decoded form holds a secret, else as it is."""
    if "%" not in text and "+" not in text:
        return scrub(text)
    decoded = unquote_plus(text)
    clean = scrub(decoded)
    return clean if clean != decoded else text


def _leaks(message: str) -> bool:
    return redact(message)[0] != message or (
        ("%" in message or "+" in message) and redact(decoded := unquote_plus(message))[0] != decoded
    )


def _redact_record(record: logging.LogRecord, clean: str, scrub_arg=scrub) -> None:
    """Redact ``record`` whose message holds a secret (``clean``: the message redacted;
    ``scrub_arg``: how each string argument is redacted)."""
    if isinstance(record.args, tuple) and isinstance(record.msg, str):
        args = tuple(scrub_arg(a) if isinstance(a, str) else a for a in record.args)
        try:
            message = record.msg % args
        except (TypeError, ValueError):
            message = None
        if message is not None and not _leaks(message):
            record.args = args
            return
    record.msg, record.args = clean, None
