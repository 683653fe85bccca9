"""The cross-validated lever search's evaluator: per-query recall@24 of a configuration on
one dataset (``bench/cv_data.py``), through the product's :class:`~souvenir.read.scoring.Scorer`
and :func:`~souvenir.read.selection.select`; and the split of a configuration into the
scoring / selection configurations and the bench-only options.

The grid runner (chains, cross-validation, figures) is ``bench/cv_levers.py``; the extra
signals a dataset may carry (e5 of another build, sparse terms, passage-role questions),
``bench/cv_inputs.py``.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_centring import language_pull, language_subspace  # noqa: E402
from bench.cv_data import Dataset  # noqa: E402
from bench.cv_inputs import sparse_products  # noqa: E402

from souvenir.read.scoring import DenseInput, Scorer, ScoringConfig  # noqa: E402
from souvenir.read.scoring.breadth import query_role  # noqa: E402
from souvenir.read.scoring.calibration import calibration_for  # noqa: E402
from souvenir.read.selection import Scores, SelectionConfig, select  # noqa: E402

_SCORING_FIELDS = {f.name for f in fields(ScoringConfig)}
_SELECTION_FIELDS = {f.name for f in fields(SelectionConfig)}


#: Bench-only options :meth:`Evaluator.selections` reads from a configuration (not
#: :class:`ScoringConfig` / :class:`SelectionConfig` fields): how e5 embeds the question,
#: the sparse product's form, the language-subspace removal and the centring.
BENCH_OPTIONS = frozenset(
    {
        "window_query_role",
        "sparse_form",
        "dense_lir",
        "window_lir",
        "dense_qcentre",
        "window_qcentre",
        "qcentre_gate",
        "qcentre_mean",
    }
)


def _split(cfg: dict, allowed: frozenset[str] | set[str] = frozenset()) -> tuple[ScoringConfig, SelectionConfig, dict]:
    """``cfg`` as (scoring, selection, the bench options). A key that is none of the two
    configurations' fields, nor in :data:`BENCH_OPTIONS`, nor in the caller's ``allowed``
    raises ``ValueError`` naming it: a grid naming a removed lever would otherwise measure
    the defaults."""
    unknown = sorted(set(cfg) - _SCORING_FIELDS - _SELECTION_FIELDS - BENCH_OPTIONS - set(allowed))
    if unknown:
        raise ValueError(
            f"unknown configuration key(s): {', '.join(unknown)} (not a ScoringConfig / SelectionConfig field nor a bench option)"
        )
    scoring = ScoringConfig(**{k: v for k, v in cfg.items() if k in _SCORING_FIELDS})
    selection = SelectionConfig(
        **(
            {"limit": 24, "semantic_threshold": 2.0, "score_name": "score", "semantic_slots": 18}
            | {k: v for k, v in cfg.items() if k in _SELECTION_FIELDS}
        )
    )
    rest = {k: v for k, v in cfg.items() if k not in _SCORING_FIELDS | _SELECTION_FIELDS}
    return scoring, selection, rest


class Evaluator:
    """Per-query recall@24 of a configuration on a dataset, memoised."""

    def __init__(self, datasets: list[Dataset]) -> None:
        self.datasets = datasets
        self._memo: dict[tuple[str, str], np.ndarray] = {}
        self._pre: dict[str, tuple] = {}
        self._sparse: dict[str, dict[str, np.ndarray]] = {}
        self._pulls: dict[tuple[str, str], np.ndarray] = {}
        for ds in datasets:
            ids = np.array([m.id for m in ds.memories], dtype=np.int64)
            with np.errstate(invalid="ignore"):
                cu = np.round((ds.q_use.astype(np.float64) @ ds.use.T.astype(np.float64)), 6)
                ce = np.round((ds.q_e5.astype(np.float64) @ ds.e5.T.astype(np.float64)), 6)
            self._pre[ds.name] = (ds.pool(), ids, cu, ce)
            if "sparse" in ds.extra:
                self._sparse[ds.name] = sparse_products(ds.extra["sparse"], ds.extra["q_sparse"])
        self.evaluations = 0
        self.role = "query"

    def recall(self, ds: Dataset, cfg: dict) -> np.ndarray:
        key = (ds.name, json.dumps(cfg, sort_keys=True))
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._run(ds, cfg)
            self.evaluations += 1
        return found

    def selections(self, ds: Dataset, cfg: dict):
        """Per query: (the SelectionResult, the Scores) — for diagnostics."""
        scoring, selection, rest = _split(cfg)
        pool, ids, cu, ce = self._pre[ds.name]
        scorer = Scorer(scoring, calibration=calibration_for("use-m3", "e5-small"))  # the data's embedders
        # how e5 embeds the question (bench only: the engine always uses the query role)
        self.role = rest.get("window_query_role", "query")
        sparse = self._sparse.get(ds.name, {}).get(rest.get("sparse_form", "dot"))
        if rest.get("dense_lir") or rest.get("window_lir"):
            cu = cu - rest.get("dense_lir", 0.0) * self._language_subspace(ds, "use")
            ce = ce - rest.get("window_lir", 0.0) * self._language_subspace(ds, "e5")
        if rest.get("dense_qcentre") or rest.get("window_qcentre"):
            gate, mean_of = rest.get("qcentre_gate"), rest.get("qcentre_mean", "question")
            cu = cu - rest.get("dense_qcentre", 0.0) * self._language_pull(ds, "use", gate, mean_of)
            ce = ce - rest.get("window_qcentre", 0.0) * self._language_pull(ds, "e5", gate, mean_of)
        for i, q in enumerate(ds.queries):
            scores = self._scores(scorer, ds, pool, ids, cu[i], ce[i], q.text, i, None if sparse is None else sparse[i])
            yield select(pool, scores, selection, ds.now), scores

    def _language_pull(
        self, ds: Dataset, side: str, gate: float | None = None, mean_of: str = "question"
    ) -> np.ndarray:
        """:func:`cv_centring.language_pull`, memoised per dataset."""
        key = (ds.name, side, gate, mean_of)
        if key not in self._pulls:
            self._pulls[key] = language_pull(ds, side, gate, mean_of)
        return self._pulls[key]

    def _language_subspace(self, ds: Dataset, side: str) -> np.ndarray:
        """:func:`cv_centring.language_subspace`, memoised per dataset."""
        key = (ds.name, side, "lir")
        if key not in self._pulls:
            self._pulls[key] = language_subspace(ds, side)
        return self._pulls[key]

    @staticmethod
    def _side(query: np.ndarray, ids: np.ndarray, row: np.ndarray) -> DenseInput:
        """The query's precomputed cosines ``row`` (row i = ``ids[i]``; NaN: no vector)."""
        have = np.isfinite(row)
        found = Scores(ids[have], row[have])
        return DenseInput(query, lambda vector, wanted=None: found)

    def _scores(self, scorer, ds, pool, ids, cu_row, ce_row, text, qi=0, sparse_row=None):
        q_e5 = ds.q_e5[qi]
        passages = ds.extra.get("q_e5_passage")
        if passages is not None and query_role(self.role, text) == "passage":
            q_e5 = passages[qi]
            with np.errstate(invalid="ignore"):
                ce_row = np.round(ds.e5.astype(np.float64) @ q_e5.astype(np.float64), 6)
        return scorer.scores(
            0,
            pool,
            text,
            ds.now,
            self._side(ds.q_use[qi], ids, cu_row),
            self._side(q_e5, ids, ce_row),
            sparse=None if sparse_row is None else self._side(np.zeros(1), ids, sparse_row),
        )

    def _run(self, ds: Dataset, cfg: dict) -> np.ndarray:
        out = np.zeros(len(ds.queries))
        for i, (result, _) in enumerate(self.selections(ds, cfg)):
            q = ds.queries[i]
            found: set[str] = set()
            for s in result.memories:
                found |= ds.sources.get(s.memory.id, set())
            out[i] = len(q.gold & found) / len(q.gold)
        return out
