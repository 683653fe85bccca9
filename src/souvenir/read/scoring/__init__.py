"""The read path's score: dense + window + lexical signals fused per memory (pure).

:class:`Scorer` assembles the inputs (see :mod:`souvenir.read.scoring.fusion` for the formula
and where each weight was measured).
"""

from souvenir.read.scoring.fusion import SCORE_FLOOR, ScoringConfig
from souvenir.read.scoring.scorer import DenseInput, Scorer

__all__ = ["SCORE_FLOOR", "DenseInput", "Scorer", "ScoringConfig"]
