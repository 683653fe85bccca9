"""A caller's own ``source`` for a turn (``POST /v1/turns``, ``Souvenir.add_turn(source=…)``; issue #26,
session 21): the id the caller gives the exchange ("tg:12345:678", "ticket-8812#3"). The memories the
turn writes carry it, and a request to forget "that" said in the next turn names them by it
(``engine.chat_forget``). Checked here, before anything is written:

* at most :data:`MAX_SOURCE_CHARS` characters, not blank, no control or format character (a newline,
  a zero-width space);
* not one of the prefixes Souvenir writes itself (``turn:``, ``proxy:``, ``request:``): a caller cannot
  pass for another turn, the proxy's retry key or an erasure;
* no secret (:func:`souvenir.privacy.redact` finds none): a source is stored as given, never redacted, so
  an id that holds a card number or a token is refused (422), not stored.

Raises ``ValueError`` (a 422 on the REST service, :class:`pydantic.ValidationError` in the library).
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_SOURCE_CHARS", "RESERVED_PREFIXES", "check_source"]

#: The longest caller source: an id, not a text (the store's column takes 1,024 bytes).
MAX_SOURCE_CHARS = 256
#: The sources Souvenir writes itself.
RESERVED_PREFIXES = ("turn:", "proxy:", "request:")


def check_source(value: str | None) -> str | None:
    """``value`` when it is a valid caller source (module docstring), ``None`` for ``None``."""
    if value is None:
        return None
    if not value.strip():
        raise ValueError("source must not be blank")
    if len(value) > MAX_SOURCE_CHARS:
        raise ValueError(f"source is longer than {MAX_SOURCE_CHARS} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in value):
        raise ValueError("source must not hold a control or format character")
    if value.casefold().startswith(RESERVED_PREFIXES):
        raise ValueError(f"source must not start with {', '.join(RESERVED_PREFIXES)} (Souvenir writes those)")
    from souvenir.privacy import redact  # the secret detectors, loaded by the first check (not `souvenir --help`)

    if redact(value)[1]:
        raise ValueError("source holds a secret; give an id that holds none")
    return value
