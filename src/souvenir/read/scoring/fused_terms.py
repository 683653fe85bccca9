"""The terms of one message that the fused score reads besides the columns (pure: data in,
data out): the calibrated priors for the message's language, the second hop's expansion, the
relatives it asks about, and BM25's z handed from :meth:`~souvenir.read.scoring.scorer.Scorer.prepare`
to the first stage; and whether a user's held columns still read the same candidates
(split from ``scorer.py``, session 19, lane debt)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from souvenir.read.scoring.bm25 import bm25_tokens
from souvenir.read.scoring.kinship import kin_concepts
from souvenir.read.scoring.calibration import Calibration
from souvenir.read.scoring.fusion import ScoringConfig
from souvenir.read.scoring.memory_language import memory_language
from souvenir.read.scoring.user_columns import UserColumns as _Static
from souvenir.ground.types import Memory

__all__ = ["LEXICAL_READY", "expansion", "lexical_ready", "priors", "relatives", "same_marks"]


def same_marks(held: Sequence[Memory], candidates: Sequence[Memory]) -> bool:
    """Whether ``candidates`` are ``held``'s memories one for one with the same marks (id,
    content hash, session, speaker, date: what the columns read), most of them the very
    objects (the read cache re-reads only the changed rows): a few milliseconds at 100,000
    where hashing every mark took ~100 ms (docs/journal.md, "Session 17, lane speed2")."""
    if len(held) != len(candidates):
        return False
    for a, b in zip(held, candidates):
        if a is not b and (a.id, a.content_hash, a.session, a.speaker, a.created_at) != (
            b.id,
            b.content_hash,
            b.session,
            b.speaker,
            b.created_at,
        ):
            return False
    return True


#: The key of ``memo`` under which :meth:`Scorer.prepare` leaves BM25's z for the first stage.
LEXICAL_READY = "lexical (prepared)"


def lexical_ready(memo: dict) -> None:
    """Before a large user's first-stage :func:`fuse` (no priors): BM25's z that
    :meth:`Scorer.prepare` computed, under the name that call reads it by (the same
    ``zscore`` of the same array: the same bits). Not before the final call alone, which
    reads it with the calibrated prior when there is one."""
    held = memo.pop(LEXICAL_READY, None)
    if held is not None:
        memo.setdefault("lexical", held)


def priors(cal: Calibration, language_names: np.ndarray, message: str) -> dict | None:
    """The ``priors`` argument of :func:`fuse` for this message: the window embedder's
    prior per memory language (same as the message's, or across)."""
    if cal == Calibration():
        return None
    asked = memory_language(message)
    return {
        "dense": cal.dense,
        "lexical": cal.lexical,
        "length": cal.length,
        "window": [cal.window_same if str(name) == asked else cal.window_cross for name in language_names],
    }


def expansion(static: _Static, query: tuple[str, ...], cfg: ScoringConfig) -> Any:
    """``fuse``'s ``expansion`` (``None``: off): the second hop (:func:`expanded`)."""
    if not cfg.expansion_weight:
        return None
    return lambda first: expanded(static, first, query, cfg)


def expanded(static: _Static, first: np.ndarray, query: tuple[str, ...], cfg: ScoringConfig) -> np.ndarray | None:
    """The second hop's BM25: the rarest terms of the first stage's best memories (with
    ``expansion_shared`` ≥ 2, of the terms at least that many of them hold: the words the
    first hop's evidence agrees on — "pride parade", "marshmallows" —, not one memory's
    oddities)."""
    top = cfg.expansion_top
    if top <= 0 or first.size == 0:
        return None
    best = np.argpartition(-first, min(top, first.size) - 1)[:top]
    asked = set(query)
    if cfg.expansion_shared >= 2:  # the words several of the best memories share, none of the message's
        skip = asked | {t for name in static.speaker_names for t in bm25_tokens(name)}  # "Thanks, Gina!"
        held: dict[str, int] = {}
        for i in best.tolist():
            for t in set(static.tokens[i]) - skip:
                held[t] = held.get(t, 0) + 1
        terms = {t for t, count in held.items() if count >= cfg.expansion_shared}
    else:
        terms = {t for i in best.tolist() for t in static.tokens[i] if t not in asked}
    if not terms:
        return None
    rare = sorted(terms, key=lambda t: (static.lexical.document_frequency(t), t))[: cfg.expansion_terms]
    return static.lexical.scores(rare)


def relatives(cfg: ScoringConfig, message: str, static: Any) -> np.ndarray | None:
    """``fuse``'s ``relatives``: per memory, names a relative the message asks about
    (the user's relation columns, :meth:`UserColumns.kin`), or ``None`` (no relation named,
    or a question naming a speaker: ``relative_bonus`` is then 0)."""
    if not cfg.relative_bonus or not kin_concepts(message):
        return None  # no relation named: no term, and nothing to read
    return static.kin().flags(message)
