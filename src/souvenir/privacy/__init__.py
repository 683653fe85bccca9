"""Privacy: what a turn may keep. :mod:`souvenir.privacy.turn` reads a turn's texts once —
the message, the assistant's question before it, the reply — and redacts every secret value
found in any of them from all of them. Detection itself lives in
:mod:`souvenir.write.filters.secrets` (the patterns) and :mod:`souvenir.redaction` (the
store's and the logs' last line)."""

from souvenir.privacy.turn import TurnTexts, answer_to, redact_turn, secret_values
from souvenir.write.filters.secrets import redact, redact_answer

__all__ = ["TurnTexts", "answer_to", "redact", "redact_answer", "redact_turn", "secret_values"]
