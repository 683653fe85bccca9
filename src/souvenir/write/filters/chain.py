"""Run filters in order; the first drop decides.

Two chains:

- :data:`MODEL_CHAIN` for candidates a model proposed from an exchange:
  secrets first (so that no decision, kept or dropped, ever carries a secret
  into logs or diagnostics), then a request to forget, standing instruction, speech act, a message
  that only asks for a thing told before or drops a subject (``asks_only``), a request the message
  withdraws (``withdrawn``), subject,
  negation, character, assistant-only.
- :data:`DIRECT_CHAIN` for memories a person, an agent or an import writes directly:
  secrets, then a text that is itself a request to forget ("oublie mon allergie": an act,
  not a memory) — there is no exchange to compare with, and a person's own wording is not
  otherwise second-guessed.

Shape::

    run_filters(Candidate("Aime le café"), Exchange("Je n'aime pas le café."))
    -> FilterDecision(kept=False, filter="negation", reason="the user said the opposite: ...", candidate=...)
"""

from __future__ import annotations

from collections.abc import Sequence

from souvenir.ground.types import Candidate
from souvenir.write.filters.asks_only import asks_only_filter
from souvenir.write.filters.assistant_only import assistant_only_filter
from souvenir.write.filters.shapes import PASSED, Exchange, Filter, FilterDecision
from souvenir.write.filters.character import character_filter
from souvenir.write.filters.forget_request import direct_forget_request_filter, forget_request_filter
from souvenir.write.filters.instruction import instruction_filter
from souvenir.write.filters.negation import negation_filter
from souvenir.write.filters.secrets import secrets_filter
from souvenir.write.filters.speech_act import speech_act_filter
from souvenir.write.filters.subject import subject_filter
from souvenir.write.filters.withdrawn import withdrawn_filter

MODEL_CHAIN: tuple[Filter, ...] = (
    secrets_filter,
    forget_request_filter,
    instruction_filter,
    speech_act_filter,
    asks_only_filter,
    withdrawn_filter,
    subject_filter,
    negation_filter,
    character_filter,
    assistant_only_filter,
)
DIRECT_CHAIN: tuple[Filter, ...] = (secrets_filter, direct_forget_request_filter)
DEFAULT_CHAIN = MODEL_CHAIN


def run_filters(
    candidate: Candidate,
    exchange: Exchange | None = None,
    chain: Sequence[Filter] = DEFAULT_CHAIN,
) -> FilterDecision:
    """Apply ``chain`` in order; stop at the first drop.

    Each filter sees the candidate as the previous one left it (redacted).
    When all keep, the decision's ``filter`` is :data:`PASSED` and ``reason``
    joins the notes filters left (e.g. ``"secrets: redacted: card"``).
    """
    exchange = exchange if exchange is not None else Exchange(user_message="")
    notes: list[str] = []
    for step in chain:
        decision = step(candidate, exchange)
        candidate = decision.candidate
        if not decision.kept:
            return decision
        if decision.reason:
            notes.append(f"{decision.filter}: {decision.reason}")
    return FilterDecision(True, PASSED, "; ".join(notes) or None, candidate)
