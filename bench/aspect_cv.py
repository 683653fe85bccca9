"""The asked kind read alone (issue #28, session 25, lane recall11): a question naming the
kind of its answer ("What European countries has Maria been to?") also read by that part
alone ("European countries", :func:`souvenir.read.scoring.asked_aspect.asked_aspect`), its
USE and e5 cosines to each memory a term of the relevance (``ScoringConfig.aspect_use``,
``aspect_e5``), on the nine folds of ``bench/cv_data.py`` with ``bench/unasked_cv.py``'s
grid, choice per held-out fold and report.

``--embed`` writes ``DIR/aspect-NAME.npz`` (rows, use, e5, texts) for every dataset, the
three files included (:func:`bench.query_swap_cv.embed` reads LoCoMo's only: the files'
questions are embedded here the same way), through the runtime's USE and e5 (query role).

    .venv/bin/python -m bench.aspect_cv --data DIR --embed
    .venv/bin/python -m bench.aspect_cv --data DIR --grid '[{"aspect_use": 1.0}, {"aspect_e5": 1.0}]'

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np

from bench.cv_data import Dataset, load, log
from bench.cv_evaluator import Evaluator
from bench.unasked_cv import main as grid_main

from souvenir.read.scoring import DenseInput
from souvenir.read.scoring.asked_aspect import asked_aspect

PREFIX = "aspect"


def embed(folder: Path) -> None:
    """``folder/aspect-NAME.npz`` for every dataset: the questions naming an asked kind, that
    kind's words through the runtime's USE and e5 query embedders."""
    from souvenir.ground.config import Settings
    from souvenir.engine.runtime import open_runtime

    with tempfile.TemporaryDirectory(prefix="aspect-cv-") as tmp:
        settings = Settings(_env_file=None).model_copy(
            update={"database_url": f"sqlite:///{tmp}/s.db", "llm_base_url": "", "query_embedding_timeout_s": 120.0}
        )
        rt = open_runtime(settings)
        try:
            for ds in load(folder):
                rows = [i for i, q in enumerate(ds.queries) if asked_aspect(q.text)]
                texts = [str(asked_aspect(ds.queries[i].text)) for i in rows]
                use = np.stack([np.asarray(rt.index.embed_query(t), np.float32) for t in texts]) if rows else None
                e5 = np.stack([np.asarray(rt.window_index.embed_query(t), np.float32) for t in texts]) if rows else None
                np.savez(
                    folder / f"{PREFIX}-{ds.name}.npz",
                    rows=np.array(rows, dtype=np.int64),
                    use=use if use is not None else np.zeros((0, ds.use.shape[1]), np.float32),
                    e5=e5 if e5 is not None else np.zeros((0, ds.e5.shape[1]), np.float32),
                    texts=np.array(texts),
                )
                log(f"{ds.name}: {len(rows)} of {len(ds.queries)} questions name a kind, e.g. {texts[:6]}")
        finally:
            rt.close()


class AspectEvaluator(Evaluator):
    """:class:`Evaluator` passing each question's asked kind (USE, e5) to the scorer."""

    def __init__(self, datasets: list[Dataset], folder: Path) -> None:
        super().__init__(datasets)
        self._aspects: dict[str, dict[int, tuple[DenseInput, DenseInput]]] = {}
        for ds in datasets:
            path = folder / f"{PREFIX}-{ds.name}.npz"
            if not path.exists():
                continue
            data = np.load(path)
            ids = np.array([m.id for m in ds.memories], dtype=np.int64)
            found = {}
            for j, i in enumerate(data["rows"].tolist()):
                with np.errstate(invalid="ignore"):
                    cu = np.round(ds.use.astype(np.float64) @ data["use"][j].astype(np.float64), 6)
                    ce = np.round(ds.e5.astype(np.float64) @ data["e5"][j].astype(np.float64), 6)
                found[i] = (self._side(data["use"][j], ids, cu), self._side(data["e5"][j], ids, ce))
            self._aspects[ds.name] = found

    def _scores(self, scorer, ds, pool, ids, cu_row, ce_row, text, qi=0, sparse_row=None):
        aspect = self._aspects.get(ds.name, {}).get(qi)
        if aspect is None:
            return super()._scores(scorer, ds, pool, ids, cu_row, ce_row, text, qi, sparse_row)
        return scorer.scores(
            0,
            pool,
            text,
            ds.now,
            self._side(ds.q_use[qi], ids, cu_row),
            self._side(ds.q_e5[qi], ids, ce_row),
            aspect=aspect,
        )


def main() -> int:
    if "--embed" in sys.argv:
        folder = Path(sys.argv[sys.argv.index("--data") + 1]) if "--data" in sys.argv else Path("/tmp/cv")
        embed(folder)
        return 0
    folder = Path(sys.argv[sys.argv.index("--data") + 1]) if "--data" in sys.argv else Path("/tmp/cv")
    return grid_main(lambda datasets: AspectEvaluator(datasets, folder), __doc__)


if __name__ == "__main__":
    raise SystemExit(main())
