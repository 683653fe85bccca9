"""The data every filter takes and returns.

Shapes::

    Exchange(user_message="Je n'aime pas le café.", assistant_reply="Noté !")
    FilterDecision(kept=False, filter="negation", reason="...", candidate=Candidate(...))

A filter is a pure function ``(Candidate, Exchange) -> FilterDecision``. It keeps
(``kept=True``, possibly with a redacted candidate and a ``reason`` note) or drops
with a human ``reason`` for the diagnostics page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from souvenir.ground.types import Candidate

#: ``FilterDecision.filter`` when every filter of the chain kept the candidate.
PASSED = "passed"


@dataclass(frozen=True, slots=True)
class Exchange:
    """One turn: what the user wrote and, when there is one, what the assistant answered.

    ``character_names`` (optional) are the names the assistant plays, when the
    caller knows them; names announced in the reply itself ("(as Captain Mira)",
    "Mira: ...") are found without it. ``user_names`` (optional, folded keys): the
    user's own names, so that a pasted transcript's "Caroline:" lines are the user's
    own when the user is Caroline (:func:`souvenir.lexical.speakers.transcript_lines`).
    """

    user_message: str
    assistant_reply: str | None = None
    character_names: tuple[str, ...] = field(default=())
    user_names: frozenset[str] = field(default=frozenset())


@dataclass(frozen=True, slots=True)
class FilterDecision:
    """Outcome of one filter or of a chain.

    ``filter`` names the filter that dropped the candidate, the filter that
    kept it (single filter call), or :data:`PASSED` for a chain that kept it.
    ``candidate`` is the candidate as it should be stored (secrets redacted).
    """

    kept: bool
    filter: str
    reason: str | None
    candidate: Candidate


Filter = Callable[[Candidate, Exchange], FilterDecision]


def keep(name: str, candidate: Candidate, reason: str | None = None) -> FilterDecision:
    return FilterDecision(True, name, reason, candidate)


def drop(name: str, candidate: Candidate, reason: str) -> FilterDecision:
    return FilterDecision(False, name, reason, candidate)
