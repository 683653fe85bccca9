"""Levers for one class of questions chosen by cross-validation, at full size, with paired
bootstrap intervals of the held-out change (issue #28: a person's profile for inference
questions, ``ScoringConfig.profile_bonus`` / ``inference_w_lexical``).

A grid of :class:`ScoringConfig` overrides (the defaults first) is measured on every fold
(six LoCoMo conversations, three multilingual files: ``bench/cv_data.py``); each held-out
fold takes the override whose ``bench/cv_levers.py`` objective J (½ LoCoMo recall@24 pooled
+ ½ the files' mean of ½ (overall + cross)) is best on the eight others (a tie keeps the
defaults). Reported: every override's in-sample figures; the cross-validated figures beside
the defaults with a paired bootstrap interval (2,000 resamples of the questions, seeded) of
the held-out change of LoCoMo recall@24, of each category, and of the questions the lever
can touch (``--touched``: the inference questions naming one speaker).

    .venv/bin/python -m bench.profile_cv --data /tmp/cv --grid '[{"profile_bonus": 2.0}]' [--json F]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import numpy as np

from bench.cv_data import Dataset  # noqa: E402
from bench.relative_cv import run  # noqa: E402

from souvenir.read.scoring.fusion import named_speaker  # noqa: E402
from souvenir.read.scoring.inference import inference_question  # noqa: E402


def touched(ds: Dataset) -> np.ndarray:
    """Per query: an inference question that names one of the store's speakers."""
    names = sorted({m.speaker for m in ds.memories if getattr(m, "speaker", None)})
    return np.array([inference_question(q.text) and named_speaker(q.text, names) is not None for q in ds.queries])


def main() -> int:
    return run(touched, __doc__ or "")


if __name__ == "__main__":
    raise SystemExit(main())
