"""Write-path filters: the model proposes, the code decides.

Each filter is a pure function ``(Candidate, Exchange) -> FilterDecision``:

- :func:`forget_request_filter` — not made of a request to forget (P3-01, P3-02): the
  request acts on the stored memories it names instead.
- :func:`instruction_filter` — not an order to the assistant to waive its checks or
  rules (P2-03); only the operator's ``rule`` memories change how it behaves.
- :func:`speech_act_filter` — not a question, a condition, a hypothesis, a quotation or
  someone else's relayed words (B2-31, B2-41, B2-48, P2-04).
- :func:`subject_filter` — about the user, not the assistant, the character,
  the setting or a third person named in the message (R05a).
- :func:`negation_filter` — not the opposite of the user's words (R04c, A29).
- :func:`character_filter` — not the character's attitude (R06).
- :func:`assistant_only_filter` — not something only the assistant said (R07).
- :func:`secrets_filter` — no password, key, code, card number or IBAN (spec 001 §9).

:func:`run_filters` applies a chain: :data:`MODEL_CHAIN` for what a model
extracted from an exchange, :data:`DIRECT_CHAIN` (secrets, a request to forget) for what a
person, an agent or an import writes directly.
"""

from souvenir.write.filters.assistant_only import assistant_only_filter
from souvenir.write.filters.shapes import PASSED, Exchange, Filter, FilterDecision
from souvenir.write.filters.chain import DEFAULT_CHAIN, DIRECT_CHAIN, MODEL_CHAIN, run_filters
from souvenir.write.filters.character import character_filter
from souvenir.write.filters.forget_request import forget_request_filter
from souvenir.write.filters.instruction import instruction_filter
from souvenir.write.filters.negation import negation_filter
from souvenir.write.filters.secrets import secrets_filter
from souvenir.write.filters.speech_act import speech_act_filter
from souvenir.write.filters.subject import subject_filter

__all__ = [
    "DEFAULT_CHAIN",
    "DIRECT_CHAIN",
    "MODEL_CHAIN",
    "PASSED",
    "Exchange",
    "Filter",
    "FilterDecision",
    "assistant_only_filter",
    "character_filter",
    "forget_request_filter",
    "instruction_filter",
    "negation_filter",
    "run_filters",
    "secrets_filter",
    "speech_act_filter",
    "subject_filter",
]
