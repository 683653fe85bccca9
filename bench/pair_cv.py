"""Questions that name both speakers, embedded without the names, chosen by
cross-validation (issue #28, session 22: the two-name questions, multi-hop 0.38 /
open-domain 0.19).

"What do Jon and Gina both have in common?": in a two-person conversation every memory is
one of the two, and the turns that *address* the other by name ("Thanks, Gina!", "Hey Jon,
thanks for being there for me") hold both names, so USE, e5 and BM25 all rank those
vocatives first (the 24 places fill with them; the gold, "Lost my job as a banker…",
ranks 58–302). The speaker terms do not apply (two names: :func:`named_speaker` gives
none). The lever: such a question's query vectors are those of the question without the
names (:func:`souvenir.read.scoring.person_query.without_people`, the engine's
``ScoringConfig.pair_query``: "What do both have in common?"), or their normalised mean
with the question's own ("blend"); optionally BM25 reads the stripped text too
(``"_text": true``).

``--embed`` writes ``DIR/pair-NAME.npz`` (rows, use, e5, texts) with the runtime's USE and
e5 (query role); a grid of variants (the defaults first; ``"_query"``: ``"strip"`` /
``"blend"``, ``"_text"``, any :class:`ScoringConfig` override) is measured on the nine
folds of ``bench/cv_data.py``; each held-out fold takes the variant whose J is best on its
eight (a tie keeps the defaults). The files' memories carry no speaker: their questions are
never touched.

    .venv/bin/python -m bench.pair_cv --data /tmp/cv --embed
    .venv/bin/python -m bench.pair_cv --data /tmp/cv --grid '[{"_query": "strip"}]'

Research only (nothing in ``src/`` imports it). The evaluator scores the vectors of
``bench/cv_data.py`` (the question as written): the defaults row is the lever off.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load
from bench.query_swap_cv import embed, grid_cv, swapped

from souvenir.read.scoring.person_query import named_people, without_people


def touched(ds: Dataset) -> np.ndarray:
    names = sorted({m.speaker for m in ds.memories if getattr(m, "speaker", None)})
    return np.array([len(named_people(q.text, names)) >= 2 for q in ds.queries])


def embed_pairs(folder: Path) -> None:
    """``folder/pair-NAME.npz``: the questions naming both speakers, embedded without the names
    (a file already there is left)."""
    embed(
        folder,
        "pair",
        lambda text, names: len(named_people(text, names)) >= 2,
        without_people,
        "questions naming both",
        shown=3,
        again=False,
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--grid", default="[]", help="JSON list of variants (the defaults are added first)")
    ap.add_argument("--embed", action="store_true", help="write DIR/pair-NAME.npz and stop")
    ap.add_argument("--only", default="")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if args.embed:
        embed_pairs(args.data)
        return 0
    datasets = load(args.data)
    if args.only:
        datasets = [d for d in datasets if d.name in set(args.only.split(","))]

    def swap(key: tuple[str, bool]) -> list[Dataset]:
        how, text = key
        return swapped(datasets, args.data, "pair", how, text=text) if how or text else datasets

    return grid_cv(
        datasets,
        json.loads(args.grid),
        lambda over: (over.get("_query", ""), bool(over.get("_text", False))),
        swap,
        touched,
        count_touched=True,
        touched_by_category=True,
        json_path=args.json,
    )


if __name__ == "__main__":
    raise SystemExit(main())
