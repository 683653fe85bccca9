"""A turn's texts redacted together (issue #27).

A value found in the user's message is a secret wherever else it appears in the same turn:
the assistant's reply repeating it ("Sure, I'll remember Kangaroo#2024 for you") carries it
in no phrasing the patterns know, and 26 of 91 secrets of the evaluation battery were kept
that way. :func:`redact_turn` therefore:

1. redacts the message (its phrasings, :func:`~souvenir.privacy.detection.redact`), then,
   when the assistant's last question asked for a secret, a bare answer
   (:func:`~souvenir.privacy.answer.redact_answer`);
2. redacts the reply as a text of its own;
3. removes every value found in either from the other (values of 3 characters or more:
   shorter ones — a 3-digit CVV is the shortest secret kept by the patterns — would redact
   ordinary words), as typed, in NFKC form and in full-width (a value typed in full-width
   and repeated in ASCII is the same secret).

Each text is read once. ``question`` is the assistant's last message before this one, as
the caller holds it (the proxy: the request's ``messages``; ``/v1/turns``: its ``question``
field), else the previous recorded turn's reply.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from souvenir.privacy.answer import answer_kind, redact_answer
from souvenir.privacy.detection import redact
from souvenir.privacy.marker import REDACTED, Redacted, marked

__all__ = ["TurnTexts", "answer_to", "redact_turn", "secret_values"]

#: Shortest value removed from the other texts of its turn (characters): a CVV.
MIN_VALUE = 3


@dataclass(frozen=True)
class TurnTexts:
    """A turn's texts with every secret redacted, and the values that were found."""

    message: str
    reply: str | None
    values: tuple[str, ...]


def secret_values(original: str, redacted: str) -> list[str]:
    """The values :func:`redact` replaced in ``original`` to give ``redacted``: the text
    between the pieces ``redacted`` keeps. Empty when the two do not align (a secret found
    only in the text's NFKC form changes the text elsewhere too). Linear in the text."""
    pieces = redacted.split(REDACTED)
    if len(pieces) == 1 or not original.startswith(pieces[0]) or not original.endswith(pieces[-1]):
        return []
    values: list[str] = []
    pos = len(pieces[0])
    for piece in pieces[1:-1]:
        at = original.find(piece, pos) if piece else pos
        if at < 0:
            return values
        values.append(original[pos:at])
        pos = at + len(piece)
    end = len(original) - len(pieces[-1])
    if end >= pos:
        values.append(original[pos:end])
    return [v.strip() for v in values if len(v.strip()) >= MIN_VALUE and v.strip() != REDACTED]


def _widths(value: str) -> set[str]:
    """``value`` as typed, in its NFKC form and in full-width: an IME left in full-width mode
    types Ｋａｎｇａｒｏｏ＃２０２４, and the reply repeats it in ASCII (or the other way round)."""
    plain = unicodedata.normalize("NFKC", value)
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else ("\u3000" if c == " " else c) for c in plain)
    return {value, plain, wide}


def _without(text: str, values: list[str]) -> str:
    forms = {form for value in values for form in _widths(value) if len(form.strip()) >= MIN_VALUE}
    for value in sorted(forms, key=len, reverse=True):  # the longest first: one inside another
        if value in text:
            text = text.replace(value, REDACTED)
    return text


def redact_turn(message: str, reply: str | None = None, question: str | None = None) -> TurnTexts:
    """``message`` and ``reply`` with every secret of either redacted from both (module
    docstring); ``question``: the assistant's last question before ``message``."""
    clean, kinds = redact(message)
    answered = redact_answer(clean, question)
    if answered != clean:
        kinds = [*kinds, answer_kind(question)]
    values = secret_values(message, answered)
    reply_clean = None
    reply_kinds: list[str] = []
    if reply is not None:
        reply_clean, reply_kinds = redact(reply)
        reply_values = secret_values(reply, reply_clean)
        reply_clean = _without(reply_clean, values)
        without = _without(answered, reply_values)
        if without != answered:  # a value of the reply's, in the message too
            kinds = [*kinds, *reply_kinds]
        answered = without
        values += reply_values
    # both read whole: the store's last line and the write path's filter need not read them again
    return TurnTexts(
        marked(answered, kinds),
        None if reply_clean is None else marked(reply_clean, [*reply_kinds, *kinds]),
        tuple(dict.fromkeys(values)),
    )


def answer_to(texts: TurnTexts, question: str | None) -> TurnTexts:
    """``texts`` (already :func:`redact_turn`'d) once the assistant's question is known later
    (the previous recorded turn's reply, read in the write's transaction): a bare answer to a
    request for a secret is redacted, from the reply too."""
    answered = redact_answer(texts.message, question)
    if answered == texts.message:
        return texts
    values = secret_values(texts.message, answered)
    kind = answer_kind(question)
    reply = None if texts.reply is None else marked(_without(texts.reply, values), [*_kinds(texts.reply), kind])
    return TurnTexts(marked(answered, [*_kinds(texts.message), kind]), reply, texts.values + tuple(values))


def _kinds(text: str) -> tuple[str, ...]:
    return text.kinds if isinstance(text, Redacted) else ()
