"""Which marked-sarcasm unit a liking rests on (pure; issue #26, session 20).

A sentence marked as sarcasm (:func:`souvenir.lexical.questions.sarcastic`) names the thing it
mocks in few words, often after the sentence that tells the mishap: "45 minutes on hold with the
energy company, then they hung up. fantastic customer service, loving it /s", « 2 h de retard
avec la SNCF. Super service, j'adore 🙃 », 快递又丢了，这服务真是爱了爱了🙂, "Grab cancel lagi.
Terbaik la servis dia 🙄". The candidate "Loves the energy company's customer service" takes its
names from the mishap and its liking from the sarcasm, so no unit holds half of it.

A sarcasm unit carries a candidate's liking when it holds half of the candidate's content words
(the speech-act filter's first reading), or — read here — one of them at least and an attitude
word is said in both (loving / j'adore / 爱 / terbaik: the attitude role). The speech-act filter then drops the
liking unless the user's own assertions say one too.

Shape::

    ironic_liking(candidate, content_of(tokenize(candidate.text)), unit) -> True | False
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from souvenir.lexical.tagged import Tok, supported, tokenize

if TYPE_CHECKING:
    from souvenir.ground.types import Candidate

__all__ = ["ironic_liking"]


class _Unit(Protocol):
    tokens: list[Tok]
    cjk_key: str


def ironic_liking(candidate: Candidate, content: list[Tok], unit: _Unit) -> bool:
    """Whether the sarcasm ``unit`` carries ``candidate``'s liking (module docstring);
    ``content``: the candidate's content words (not empty)."""
    held = sum(supported(tok, unit.tokens, unit.cjk_key) for tok in content)
    liked = any(t.role == "pos" for t in tokenize(candidate.text))
    return held >= 1 and liked and any(t.role == "pos" for t in unit.tokens)
