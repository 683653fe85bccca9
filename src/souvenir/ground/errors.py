"""One exception tree for Souvenir, mapped where errors enter from outside.

    SouvenirError
    ├── InputError            bad input from a caller: a clear message, nothing written
    │   ├── TextError         empty, oversize (bytes) or non-UTF-8 text
    │   ├── FileFormatError   a malformed replay/import file (carries the line number)
    │   └── UnknownError      no such user or memory (for that user)
    ├── StoreError            the store (SQLite/PostgreSQL) failed
    │   ├── StoreBusyError    locked or unavailable; the caller may retry later
    │   └── StaleJobError     an outbox job was requeued and claimed again meanwhile
    ├── EmbedderError         the embedding model failed, timed out or is unreachable
    │   └── EmbedderBusyError the model was busy (indexing) for the whole bound: not broken
    ├── ModelError            a chat model failed, timed out or answered garbage
    │   ├── ModelUnavailableError  its breaker is open: not called (not an attempt)
    │   ├── ModelBusyError    gave way to live requests on its server (not an attempt)
    │   ├── ModelAnswerError  answered, but nothing usable (retried with another request)
    │   ├── ModelTimeoutError a bounded call did not finish in its time
    │   └── ModelConfigError  every request format refused: a configuration error
    └── ServiceError          (HTTP client) the REST service answered an unmapped error
        ├── AccessDeniedError no key, a revoked key, or a key without this scope (401, 403)
        └── ServiceUnreachableError  the service could not be reached or timed out

The HTTP client (:mod:`souvenir.client`) raises the same classes the library does for the
same failure: 422 → :class:`InputError`, 404 → :class:`UnknownError`, 503 →
:class:`StoreBusyError`, 500 → :class:`StoreError`.

Library errors are wrapped with ``raise … from exc`` at the boundary that calls the library
(``store``, ``embedding``), never deeper. No class shadows a builtin (no ``MemoryError``).
"""

from __future__ import annotations


class SouvenirError(Exception):
    """Base of every error Souvenir raises on purpose."""


class InputError(SouvenirError, ValueError):
    """A caller gave input that cannot be used; nothing was written."""


class TextError(InputError):
    """Text that is empty, too long (in UTF-8 bytes) or not valid UTF-8."""


class CapacityError(InputError):
    """A write refused because the user is at the configured memory cap (HTTP 409)."""


class FileFormatError(InputError):
    """A malformed input file. ``line`` is 1-based (0 when the whole file is unreadable)."""

    def __init__(self, path: str, line: int, message: str) -> None:
        self.path = path
        self.line = line
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")


class UnknownError(InputError, LookupError):
    """No such user, or no such memory for that user."""


class ErasedError(SouvenirError):
    """The user was deleted, or one of their memories forgotten, after the exchange being
    written began: it is not written (a late write must not undo an erasure)."""


class StoreError(SouvenirError):
    """The store failed (a bug, a corrupt file, a failed migration)."""


class StoreBusyError(StoreError):
    """The store is locked or down; nothing was lost, the operation can be retried."""


class StaleJobError(StoreError):
    """The outbox job is no longer this worker's (requeued as abandoned, then claimed by
    another replica): its result was not written, and the job must not be retried here."""


class ErasedMeanwhileError(StaleJobError):
    """The user erased something (a memory forgotten) while the model read the job's data:
    its result, built from what was read before, was not written; the job runs again on
    what is left."""


class EmbedderError(SouvenirError):
    """The embedder failed, timed out, or is unreachable."""


class EmbedderBusyError(EmbedderError):
    """The model lock stayed held (a background batch) past the bound; the embedder works."""


class ModelError(SouvenirError):
    """A chat model failed, timed out, or answered something unusable. ``model``: its name
    (the one the call used, not necessarily the main one)."""

    def __init__(self, message: str = "", model: str | None = None) -> None:
        super().__init__(message)
        self.model = model


class ModelUnavailableError(ModelError):
    """The model's circuit breaker is open: the call was refused without reaching it.
    ``retry_in_s``: seconds until the breaker lets a trial call through."""

    def __init__(self, message: str = "", model: str | None = None, retry_in_s: float = 0.0) -> None:
        super().__init__(message, model)
        self.retry_in_s = retry_in_s


class ModelBusyError(ModelError):
    """A background call gave way to live requests on its model server (it waited for the
    server's budget in vain, or was stopped at a token for a live reply): not an attempt,
    not a failure of the model."""


class ModelAnswerError(ModelError):
    """The model answered, but nothing in the answer is usable (no JSON, an echo of the
    input, a cut before anything readable): retried with a changed request, parked after
    a few such answers."""


class ModelTimeoutError(ModelError):
    """A bounded call did not finish within its time (a stall, or an answer slower than
    its token bound allows): retried with a smaller bound."""


class ModelConfigError(ModelError):
    """The server refused the request in every format (HTTP 4xx): the model name, the URL or
    the server's capabilities are wrong; retrying cannot help until the configuration does."""


class ServiceError(SouvenirError):
    """The REST service answered an error no other class names (``status_code``, ``detail``)."""

    def __init__(self, message: str, status_code: int | None = None) -> None:
        self.status_code = status_code
        super().__init__(message)


class AccessDeniedError(ServiceError):
    """The service refused the request's key: missing or revoked (401), or outside the
    key's scope (403)."""


class ServiceUnreachableError(ServiceError):
    """The service could not be reached, or did not answer within the client's timeout."""


def plain(exc: BaseException) -> str:
    """``exc`` said for a person: its own text, never its repr (``PastDeadline('…')`` reached a
    client's 504); with no text, its class name in words (``ReadTimeout`` → "read timeout")."""
    text = str(exc).strip()
    if text:
        return text
    name = type(exc).__name__
    return "".join(" " + c.lower() if c.isupper() and i else c.lower() for i, c in enumerate(name))
