"""Privacy: secrets are never kept, and never relayed. The one home of detection and
redaction, below the store (it imports nothing from write/, read/, engine/, store/ or api/):

- :mod:`~souvenir.privacy.detection`: :func:`redact`, every kind of secret in a text
  (:mod:`~souvenir.privacy.phrasings`: said in words; :mod:`~souvenir.privacy.shaped`: known by
  their shape; :mod:`~souvenir.privacy.national_ids`; :mod:`~souvenir.privacy.values`: whether a
  match is a value; :mod:`~souvenir.privacy.words`);
- :mod:`~souvenir.privacy.answer`: a bare answer to a request for a secret;
- :mod:`~souvenir.privacy.turn`: a turn's texts read once and redacted together;
- :mod:`~souvenir.privacy.marker`: ``[redacted]`` and the mark of a text already read;
- :mod:`~souvenir.privacy.configured`: the process's own secrets (model keys);
- :mod:`~souvenir.privacy.scrub`: the store's and the logs' last line;
- :mod:`~souvenir.privacy.relay`: what the proxy relays.
"""

from souvenir.privacy.answer import redact_answer
from souvenir.privacy.configured import configured_secrets, known_secrets
from souvenir.privacy.detection import redact
from souvenir.privacy.marker import REDACTED, Redacted, marked
from souvenir.privacy.turn import TurnTexts, answer_to, redact_turn, secret_values

__all__ = [
    "REDACTED",
    "Redacted",
    "marked",
    "TurnTexts",
    "answer_to",
    "configured_secrets",
    "known_secrets",
    "redact",
    "redact_answer",
    "redact_turn",
    "secret_values",
]
