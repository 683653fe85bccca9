"""Levers for list questions about one person, chosen by cross-validation (issue #28,
multi-hop): "What activities does Melanie partake in?", "Quels livres a-t-il lus ?".

A grid of variants (the defaults first) is measured on the nine folds of
``bench/cv_data.py``; each held-out fold takes the variant whose ``bench/cv_levers.py``
objective J is best on the eight others (a tie keeps the defaults). A variant is a
:class:`ScoringConfig` override, optionally with ``"_query"``: the questions naming one
speaker scored with other query vectors — ``"strip"``: the question without the person's
name (:func:`souvenir.read.scoring.person_query.without_person`), embedded by ``--embed``
with the runtime's USE and e5 (query role) into ``DIR/strip-NAME.npz`` (rows, use, e5,
texts); ``"blend"``: the normalised mean of those and the question's own vectors — and
``"_scope"``: ``"broad"`` to swap them only for broad questions
(:func:`~souvenir.read.scoring.breadth.broad_question`), ``"topic"`` for broad and
inference questions (:func:`~souvenir.read.scoring.inference.inference_question`), else
every question naming one speaker. Reported: every variant's
in-sample figures and its figures on the *touched* questions (broad, naming one speaker);
the held-out figures beside the defaults with a paired bootstrap interval (2,000 resamples
of the questions) of the change, overall, per category, on the touched questions.

    .venv/bin/python -m bench.list_cv --data /tmp/recall-cv --embed   # once: strip-NAME.npz
    .venv/bin/python -m bench.list_cv --data /tmp/recall-cv --grid '[{"_query": "strip"}]'

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load
from bench.query_swap_cv import embed, grid_cv, swapped

from souvenir.read.scoring.breadth import broad_question
from souvenir.read.scoring.fusion import named_speaker
from souvenir.read.scoring.inference import inference_question
from souvenir.read.scoring.person_query import without_person


def touched(ds: Dataset) -> np.ndarray:
    """Per query: a broad question that names one of the store's speakers."""
    names = sorted({m.speaker for m in ds.memories if getattr(m, "speaker", None)})
    return np.array([broad_question(q.text) and named_speaker(q.text, names) is not None for q in ds.queries])


def in_scope(scope: str):
    """Which named-speaker questions take the vectors: every one (``scope`` "all"), the broad
    ones ("broad"), or the broad and the inference ones ("topic")."""
    if scope == "broad":
        return broad_question
    if scope == "topic":
        return lambda text: broad_question(text) or inference_question(text)
    return lambda text: True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", default="[]", help="JSON list of variants (the defaults are added first)")
    ap.add_argument("--embed", action="store_true", help="write DIR/strip-NAME.npz and stop")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if args.embed:
        embed(
            args.data,
            "strip",
            lambda text, names: named_speaker(text, names) is not None,
            without_person,
            "questions naming one speaker",
        )
        return 0
    datasets = load(args.data)

    def swap(key: tuple[str, str]) -> list[Dataset]:
        how, scope = key
        return swapped(datasets, args.data, "strip", how, in_scope(scope)) if how else datasets

    return grid_cv(
        datasets,
        json.loads(args.grid),
        lambda over: (over.get("_query", ""), over.get("_scope", "all")),
        swap,
        touched,
        json_path=args.json,
    )


if __name__ == "__main__":
    raise SystemExit(main())
