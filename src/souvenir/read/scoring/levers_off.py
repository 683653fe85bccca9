"""The fused score's levers measured and left off by default (broad questions, Rocchio
feedback, MMR diversity): what :class:`~souvenir.read.scoring.Scorer` runs when a
configuration turns them on (docs/journal.md, "Multi-hop levers")."""

from __future__ import annotations

import numpy as np

from souvenir.read.scoring.fusion import ScoringConfig, diversified
from souvenir.read.scoring.scorer_input import DenseInput, aligned

__all__ = ["broad_levers", "diverse", "feedback"]


def broad_levers(cfg: ScoringConfig) -> bool:
    """Whether any lever reads :func:`broad_question` (else it is not computed)."""
    return (
        cfg.broad_neighbour_alpha is not None
        or cfg.broad_session_decay is not None
        or cfg.broad_neighbour_mode is not None
        or (bool(cfg.neighbour_gate) and cfg.neighbour_gate_broad)
        or bool(cfg.coverage_bonus)
        or (bool(cfg.feedback_weight) and cfg.feedback_broad)
        or (bool(cfg.mmr_lambda) and cfg.mmr_broad)
        or cfg.broad_length_prior is not None
        or cfg.broad_dated_bonus is not None
        or cfg.broad_speaker_bonus is not None
        or cfg.broad_w_dense is not None
        or cfg.broad_w_window is not None
        or cfg.broad_w_lexical is not None
        or (bool(cfg.prf_weight) and cfg.prf_broad)
        or (bool(cfg.session_prior) and cfg.session_prior_broad)
        or (bool(cfg.info_prior) and cfg.info_broad)
        or (bool(cfg.event_bonus or cfg.ask_penalty) and cfg.acts_broad)
    )


def diverse(side: DenseInput | None, ids: np.ndarray, score: np.ndarray, cfg: ScoringConfig) -> np.ndarray:
    """:func:`diversified` over the ``mmr_top`` best, by the cosines of ``side``'s vectors
    (a memory without a vector is similar to none); ``score`` itself without vectors."""
    if side is None or side.vectors is None or cfg.mmr_top <= 0 or not len(score):
        return score
    m = min(cfg.mmr_top, len(score))
    top = np.argpartition(-score, m - 1)[:m]
    top = top[np.argsort(-score[top], kind="stable")]
    vectors = np.nan_to_num(np.asarray(side.vectors(ids[top]), dtype=np.float64), nan=0.0)
    return diversified(score, top, vectors @ vectors.T, cfg.mmr_lambda)


def feedback(
    side: DenseInput | None, values: np.ndarray | None, ids: np.ndarray, score: np.ndarray, cfg: ScoringConfig
) -> np.ndarray | None:
    """One embedder's cosines for the Rocchio query q + β · mean(best memories' vectors)
    (``values`` itself when that side cannot move: no vectors, none of the best has one)."""
    if side is None or values is None or side.vectors is None or cfg.feedback_top <= 0:
        return values
    top = min(cfg.feedback_top, len(score))
    best = np.argpartition(-score, top - 1)[:top]
    best = best[np.isfinite(score[best])]  # a memory left out (−inf) is never read
    vectors = np.asarray(side.vectors(ids[best]), dtype=np.float64)
    vectors = vectors[np.isfinite(vectors).all(axis=1)]
    if not len(vectors):
        return values
    moved = side.query.astype(np.float64) + cfg.feedback_weight * vectors.mean(axis=0)
    moved /= np.linalg.norm(moved) or 1.0
    found = aligned(ids, side.cosines(moved.astype(np.float32)))
    return values if found is None else found
