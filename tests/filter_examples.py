"""Calibration examples of the write-path filters, per filter and language.

Each example is what a small extractor emits from a chat turn, with the turn; ``kept`` is
the right outcome. Examples marked ``known`` are documented false positives (wrong drops)
or misses: not asserted, but counted in the printed precision / recall table.
"""

from __future__ import annotations

from tests.filter_examples_acts import INSTRUCTION, SPEECH_ACT
from tests.filter_examples_assistant import ASSISTANT_ONLY
from tests.filter_examples_person import CHARACTER, NEGATION, SUBJECT
from tests.filter_examples_secrets import SECRETS

EXAMPLES = {
    "instruction": INSTRUCTION,
    "speech_act": SPEECH_ACT,
    "subject": SUBJECT,
    "negation": NEGATION,
    "character": CHARACTER,
    "assistant_only": ASSISTANT_ONLY,
    "secrets": SECRETS,
}
