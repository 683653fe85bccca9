"""Secrets are never kept: the last line before anything is written or logged.

:func:`scrub` is :func:`souvenir.filters.secrets.redact` for a field (``None`` passes). The
store applies it to every free-text column it writes — turns, memories and their history,
sources, profile values (the model's summary too), story summaries, anchors, positions,
events, selections, outbox errors — whichever path wrote them, so a path that forgot to
redact upstream still stores nothing in clear. :func:`install_log_redaction` does the same
for every log record of the process (message, arguments and traceback).
"""

from __future__ import annotations

import logging
from typing import overload

from souvenir.filters.secrets import REDACTED, redact

__all__ = ["REDACTED", "install_log_redaction", "scrub"]


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


_installed = False


def install_log_redaction() -> None:
    """Redact every log record made from now on in this process (idempotent): its formatted
    message replaces ``msg``/``args``, and a traceback is formatted and redacted at once."""
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
        record.msg, record.args = redact(message)[0], None
        if record.exc_info and record.exc_info[0] is not None:
            record.exc_text = redact(formatter.formatException(record.exc_info))[0]
            record.exc_info = None
        if record.stack_info:
            record.stack_info = redact(record.stack_info)[0]
        return record

    logging.setLogRecordFactory(factory)
