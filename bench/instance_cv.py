"""List questions' instances chosen by cross-validation (issue #28, session 15:
``ScoringConfig.instance_bonus`` / ``instance_broad``; :mod:`souvenir.read.scoring.instances`).

The same folds, choice and report as :mod:`bench.relative_cv` (each held-out fold takes the
override whose J is best on the other folds; paired bootstrap of the held-out change);
*touched* = a list question (:func:`souvenir.read.scoring.breadth.broad_question`).

    .venv/bin/python -m bench.instance_cv --data /tmp/cv --grid '[{"instance_bonus": 2.0}]' [--only …] [--json F]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import numpy as np

from bench.cv_data import Dataset  # noqa: E402
from bench.relative_cv import run  # noqa: E402

from souvenir.read.scoring.breadth import broad_question  # noqa: E402


def touched(ds: Dataset) -> np.ndarray:
    """Per query: a list question."""
    return np.array([broad_question(q.text) for q in ds.queries])


def main() -> int:
    return run(touched, __doc__ or "")


if __name__ == "__main__":
    raise SystemExit(main())
