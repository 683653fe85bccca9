"""Input limits shared by the API, the CLI and the write path."""

from __future__ import annotations

from souvenir.errors import TextError

#: Largest message or memory text accepted, in UTF-8 bytes (16 KiB, issue #2).
MAX_TEXT_BYTES = 16 * 1024


def check_text(text: object, what: str = "text") -> str:
    """Return ``text`` stripped, or raise :class:`TextError` saying why it is unusable.

    Unusable: not a string, not encodable as UTF-8 (lone surrogates), empty after
    stripping, or longer than :data:`MAX_TEXT_BYTES` bytes of UTF-8.
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
    stripped = text.strip()
    if not stripped:
        raise TextError(f"{what} is empty")
    return stripped
