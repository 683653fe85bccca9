"""The kind a list question asks for, read by a lexicon of instances, chosen by
cross-validation (issue #28, session 19: ``ScoringConfig.kind_bonus`` / ``kind_gated``;
:mod:`souvenir.read.scoring.instance_kinds`).

"What activities has Melanie done?" ← "we went hiking": the question names a kind, the
evidence an instance of it. The product's term (the memories naming an instance of an
asked kind gain ``kind_bonus``) is measured like every class lever
(:mod:`bench.relative_cv`): a grid of overrides on the nine folds (six LoCoMo
conversations, three multilingual files: ``bench/cv_data.py``), each held-out fold taking
the override whose J is best on the eight others (a tie keeps the defaults), paired
bootstrap intervals of the held-out change; ``touched``: the questions that ask a kind.

    .venv/bin/python -m bench.kind_lexicon_cv --data /tmp/cv \\
        --grid '[{"kind_bonus": 1.0}, {"kind_bonus": 2.0, "kind_gated": true}]' [--json F]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import numpy as np

from bench.cv_data import Dataset  # noqa: E402
from bench.relative_cv import run  # noqa: E402

from souvenir.read.scoring.instance_kinds import asked_kinds  # noqa: E402


def touched(ds: Dataset) -> np.ndarray:
    """Per query: the question asks for a kind of the lexicon."""
    return np.array([bool(asked_kinds(q.text)) for q in ds.queries])


def main() -> int:
    return run(touched, __doc__ or "")


if __name__ == "__main__":
    raise SystemExit(main())
