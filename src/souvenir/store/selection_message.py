"""A kept selection's ``message`` column (issue #28, session 22): the message, then the turns of
the conversation it was read with (:mod:`souvenir.read.explain_conversation`), each after
:data:`SEP`. The diagnostics page splits them back; the erasure reads each part on its own
(:mod:`souvenir.store.erasure`): the question a selection answered is its message alone, not
the message and the turns glued together (a question's own turn carries the message, never
the glued text: it stayed in the store after its memory was forgotten)."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["CUT", "SEP", "clean", "joined", "split_message", "uncut"]

#: Separates the message from the turns read, and the turns (a control character a message
#: does not hold: one that did is read as a space).
SEP = "\x1e"
#: Ends a turn cut short.
CUT = "…"


def clean(text: str) -> str:
    """``text`` on one line, without :data:`SEP`."""
    return " ".join(text.replace(SEP, " ").split())


def joined(message: str, turns: Sequence[str]) -> str:
    """The column for ``message`` and the ``turns`` read (already cleaned, cut, redacted)."""
    return SEP.join([message.replace(SEP, " "), *turns])


def split_message(stored: str) -> tuple[str, list[str]]:
    """(the message, the turns read) of a kept selection's ``message`` column."""
    message, *turns = stored.split(SEP)
    return message, [t for t in turns if t]


def uncut(turn: str) -> str:
    """A turn read as kept, without the mark of a cut: what the turn's own text starts with."""
    return turn[: -len(CUT)] if turn.endswith(CUT) else turn
