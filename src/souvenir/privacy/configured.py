"""The secrets this process was configured with: redacted wherever they appear, whatever
their shape (the chat model's and embedder's keys, a configured URL's password); the proxy
scrubs what it relays of them (:mod:`souvenir.privacy.relay`)."""

from __future__ import annotations

from souvenir.privacy.marker import REDACTED

__all__ = ["configured_count", "configured_secrets", "known_secrets", "without_configured"]

#: The secrets this process was configured with (:func:`known_secrets`).
_KNOWN: set[str] = set()


def known_secrets(*values: str | None) -> None:
    """Redact each of ``values`` wherever it appears, whatever its shape, from now on in this
    process: the chat model's or embedder's API key, the password of a configured URL. A
    model server that refuses the key echoes it in its answer ("Invalid API key: …"), which
    became a parked job's cause (the store, ``/v1/jobs``, a user's diagnostics) and a log
    line when no pattern knew its shape. Only values of 8 characters or more that are not a
    bare word: a database password "souvenir" must not redact every memory of a souvenir."""
    for value in values:
        value = (value or "").strip()
        if len(value) >= 8 and not value.isalpha():
            _KNOWN.add(value)


def configured_count() -> int:
    """How many secrets are configured: they are only ever added, so a redaction computed
    at one count holds while the count is the same (:func:`souvenir.privacy.scrub.scrub_repeated`)."""
    return len(_KNOWN)


def configured_secrets() -> tuple[str, ...]:
    """The values :func:`known_secrets` was given (the proxy scrubs what it relays of them)."""
    return tuple(_KNOWN)


def without_configured(text: str, found: list[str]) -> str:
    """``text`` with each configured secret replaced by ``[redacted]`` (``"configured"``
    appended to ``found`` for each)."""
    for secret in _KNOWN:
        if secret in text:
            text = text.replace(secret, REDACTED)
            found.append("configured")
    return text
