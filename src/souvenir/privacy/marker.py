"""The mark a secret leaves, and a text known to be read.

:data:`REDACTED` replaces each secret value (``[redacted]``, in every store, export, log and
relayed body). :class:`Redacted` marks a text :func:`souvenir.privacy.detection.redact` has
read, so that the layers a turn's text passes through read it once."""

from __future__ import annotations

__all__ = ["REDACTED", "Redacted", "marked"]

REDACTED = "[redacted]"


class Redacted(str):
    """A text :func:`redact` has read (its output, or a turn's texts redacted together):
    :func:`redact` returns it as it is, so each text of a turn is read once however many
    layers pass it on (the write path's filter, the store's last line). Any new string made
    from it — sliced, stripped, joined — is a plain ``str`` again and is read again.

    Reading a redacted text again finds nothing new (checked on the secret battery, the six
    LoCoMo conversations and the multilingual files: 5,339 texts); it only wrapped a Chinese
    ``密码：[redacted]`` once more (``[[redacted]]``).

    ``kinds``: what was redacted from it (``password``, ``pin``…), for the write log's reason
    when a layer after the redaction drops what is left ("only a secret (pin)")."""

    kinds: tuple[str, ...] = ()


def marked(text: str, kinds: tuple[str, ...] | list[str] = ()) -> Redacted:
    """``text`` marked as read, with the ``kinds`` of secret redacted from it."""
    out = Redacted(text)
    if kinds:
        out.kinds = tuple(dict.fromkeys(kinds))
    return out
