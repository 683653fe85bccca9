"""A salary told after a raise with no salary noun (issue #26, session 21): "Got a raise, now on
3,600 a month", « Augmentée, je suis à 2 400 € par mois », 涨薪了，现在一个月一万, "Gaji naik, sekarang
RM4k". The raise names what the amount is; the amount must still look like money (a currency, a
period, 万 / 千 / 元, "4k": ``keyed_values._MONEY``) and open the clause after the raise, behind at
most "now", "on", "at", "making" and the like. Read by :func:`souvenir.lexical.keyed.user_keys` for
a clause that keys nothing else.
"""

from __future__ import annotations

import re

from souvenir.lexical.keyed_values import money_amount

__all__ = ["RAISE", "raise_only", "raised_salary"]

#: A raise of the user's pay, in four languages ("got a raise", "pay rise", « augmenté(e) », « une
#: augmentation », 涨薪 / 加薪 / 涨工资, "naik gaji" / "gaji naik" / "kenaikan gaji").
RAISE = re.compile(
    r"\b(?:(?:got|had|get|gets|given|gave\s+me|landed)\s+a\s+(?:(?:big|small|nice|decent)\s+)?(?:pay\s+)?"
    r"(?:raise|rise)|pay\s+(?:raise|rise)|payrise|(?:j'ai\s+été\s+|a\s+été\s+|suis\s+)?augmentée?"
    r"|(?:eu|obtenu|décroché)\s+une\s+augmentation|naik\s+gaji|gaji\s+(?:saya\s+|aku\s+)?(?:dah\s+|sudah\s+)?naik"
    r"|kenaikan\s+gaji)\b|涨薪|加薪|涨工资|加工资|工资涨",
    re.I,
)

#: Words between the raise and the amount: a subject, "now", a preposition, a verb of being paid.
_LEAD = re.compile(
    r"(?:\s*(?:(?:and|et|dan|so|donc|jadi|i'm|i\s+am|am|je\s+suis|je\s+touche|touche|je\s+gagne|gagne|saya|aku"
    r"|dapat|now|currently|maintenant|désormais|sekarang|kini|on|at|making|earning|getting|paid|à|au)\b"
    r"|了|现在|目前|如今|每个月|一个月|每月|能拿|拿|有|到手)\s*)*",
    re.I,
)
_PUNCT = re.compile(r"^\s*(?:了|啦)?[\s,;:!.，；：！。…—–-]*")


def raised_salary(head: str, clause: str) -> str | None:
    """The salary ``clause`` tells when a raise is said in it (the amount after the raise) or in the
    ``head`` clause of its sentence, else ``None``."""
    m = RAISE.search(clause)
    if m:
        rest = clause[m.end() :]
        rest = rest[_PUNCT.match(rest).end() :]  # type: ignore[union-attr]
    elif RAISE.search(head):
        rest = clause
    else:
        return None
    rest = rest[_LEAD.match(rest).end() :]  # type: ignore[union-attr]
    return money_amount(rest)


def raise_only(clause: str) -> bool:
    """Whether ``clause`` says a raise and nothing else ("Got a raise!", 涨薪了, "Gaji naik")."""
    m = RAISE.search(clause)
    return m is not None and not _WORD.search(clause[: m.start()] + clause[m.end() :])


#: A word left beside the raise: anything but a pronoun, "just", "finally" and punctuation.
_WORD = re.compile(
    r"(?!(?:i|me|my|je|j|ai|enfin|finally|just|saya|aku|akhirnya|我|终于|了|啦|总算)\b)[^\W\d_]{1,}", re.I
)
