"""The read's candidates as data, shared by the store, the index and the read rules (ground):

- :mod:`~souvenir.candidates.pool` — :class:`Pool`, candidates whose selection columns are
  read once (the store's read cache keeps them);
- :mod:`~souvenir.candidates.selection_columns` — those columns (kind, pinned, scope, story,
  confidence, id);
- :mod:`~souvenir.candidates.score_map` — :class:`Scores` / :class:`LazyScores`, memory id →
  score as aligned arrays (the vector index's answer);
- :mod:`~souvenir.candidates.moments` — a memory's moment (UTC, microseconds, in words).
"""

from souvenir.candidates.pool import Pool
from souvenir.candidates.score_map import LazyScores, Scores

__all__ = ["LazyScores", "Pool", "Scores"]
