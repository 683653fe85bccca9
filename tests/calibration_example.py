"""One calibration example of a write-path filter (``tests/filter_examples*.py``).

``text``: what a small extractor emits from a chat turn; ``user`` / ``reply``: the turn;
``kept``: the right outcome; ``known``: a documented false positive (a wrong drop) or a
miss, counted in the printed precision / recall table but not asserted.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Ex:
    lang: str
    kept: bool
    text: str
    user: str
    reply: str | None = None
    known: str | None = None


K, D = True, False  # kept, dropped
