"""The fused score's levers measured and left off by default that read whether a question
is broad: :func:`broad_levers` tells :class:`~souvenir.read.scoring.Scorer` whether to
compute :func:`~souvenir.read.scoring.breadth.broad_question` (docs/journal.md, "Multi-hop
levers")."""

from __future__ import annotations

from souvenir.read.scoring.fusion import ScoringConfig

__all__ = ["broad_levers"]


def broad_levers(cfg: ScoringConfig) -> bool:
    """Whether any lever reads :func:`broad_question` (else it is not computed)."""
    return (
        (bool(cfg.neighbour_gate) and cfg.neighbour_gate_broad)
        or (bool(cfg.prf_weight) and cfg.prf_broad)
        or (bool(cfg.event_bonus or cfg.ask_penalty) and cfg.acts_broad)
    )
