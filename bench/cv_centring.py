"""The question's language component taken out of the dense signals: bench transformations
of the cosines that ``bench/cv_evaluator.py``'s ``Evaluator`` subtracts (session 7's
``*_qcentre`` and ``*_lir`` fields, session 8's gate; docs/journal.md "Cross-language
levers, session 7" and "Monolingual centring, session 8"). Pure functions of a dataset
(``bench/cv_data.py``'s ``Dataset``: ``use`` / ``e5`` n×d memory vectors, NaN rows where
none; ``q_use`` / ``q_e5`` q×d; ``memories`` with ``text``; ``queries`` with ``text``).

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import numpy as np

from souvenir.read.scoring.memory_language import memory_language

__all__ = ["language_pull", "language_subspace"]


def language_pull(ds, side: str, gate: float | None = None, mean_of: str = "question") -> np.ndarray:
    """Per question and memory: the memory's cosine with the mean vector of the user's
    memories written in the question's language (q × n, float64 rounded to 6 decimals; 0
    where that language has no memory) — subtracted, it centres the question on its own
    language: the query vector minus its language's mean direction. ``side``: "use" or
    "e5".

    ``gate`` (session 8): only when the user's most frequent memory language holds at
    least that share of their memories (else 0 everywhere); then ``mean_of`` "question"
    pulls the questions written in that language only (by that language's mean), "user"
    every question (by that language's mean, whatever the question's language)."""
    matrix = (ds.use if side == "use" else ds.e5).astype(np.float64)
    langs = np.array([memory_language(m.text) for m in ds.memories])
    found = np.zeros((len(ds.queries), len(ds.memories)))
    means = {}
    for lang in set(langs.tolist()):
        rows = matrix[langs == lang]
        rows = rows[np.isfinite(rows).all(axis=1)]
        if len(rows):
            with np.errstate(invalid="ignore"):
                means[lang] = matrix @ rows.mean(axis=0)
    names, counts = np.unique(langs, return_counts=True)
    main = str(names[np.argmax(counts)]) if len(names) else None
    shut = gate is not None and (not len(names) or counts.max() / counts.sum() < gate)
    for i, q in enumerate(ds.queries):
        asked = memory_language(q.text)
        if shut or (gate is not None and mean_of == "question" and asked != main):
            continue
        pull = means.get(main if gate is not None and mean_of == "user" else asked)
        if pull is not None:
            found[i] = np.nan_to_num(pull, nan=0.0)
    return np.round(found, 6)


def language_subspace(ds, side: str) -> np.ndarray:
    """Per question and memory: (P q) · m, P the projection on the span of the user's
    language mean directions (each language's mean vector minus the mean of all);
    subtracted, the cosine is q · (I − P) m — both vectors with their language component
    removed ("language information removal"). Zero with one language. q × n, float64
    rounded to 6 decimals."""
    matrix = (ds.use if side == "use" else ds.e5).astype(np.float64)
    queries = (ds.q_use if side == "use" else ds.q_e5).astype(np.float64)
    langs = np.array([memory_language(m.text) for m in ds.memories])
    ok = np.isfinite(matrix).all(axis=1)
    overall = matrix[ok].mean(axis=0)
    directions = [
        matrix[ok & (langs == g)].mean(axis=0) - overall
        for g in sorted(set(langs.tolist()))
        if (ok & (langs == g)).any()
    ]
    found = np.zeros((len(ds.queries), len(ds.memories)))
    if len(directions) > 1:
        basis, sv, _ = np.linalg.svd(np.stack(directions).T, full_matrices=False)
        basis = basis[:, sv > 1e-9 * sv.max()]
        projected = (queries @ basis) @ basis.T
        with np.errstate(invalid="ignore"):
            found = np.nan_to_num(projected @ matrix.T, nan=0.0)
    return np.round(found, 6)
