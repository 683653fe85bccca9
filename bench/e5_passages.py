"""Each question's e5 vector in the *passage* role ("passage: " + question, as a memory is
embedded) for every dataset of ``bench/cv_data.py``: the input of the lever
``ScoringConfig.window_query_role`` in ``bench/cv_levers.py --e5-passages DIR``.

    .venv/bin/python -m bench.e5_passages --data /tmp/cv --out /tmp/cv-e5p

Writes ``DIR/e5p-NAME.npy`` (q × 384 float32, the questions' order). About 30 s for the
nine datasets (1,023 questions, one at a time as a turn embeds them). Research only.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import load, log  # noqa: E402

from souvenir.embedding.local import E5Embedder  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--out", type=Path, default=Path("/tmp/cv-e5p"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    e5 = E5Embedder(threads=1)
    for ds in load(args.data):
        vectors = np.stack([e5.encode([q.text])[0] for q in ds.queries]).astype(np.float32)
        np.save(args.out / f"e5p-{ds.name}.npy", vectors)
        log(f"{ds.name}: {vectors.shape[0]} questions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
