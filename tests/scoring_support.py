"""What the scoring tests share: a memory of user 1 (an episode of a LoCoMo-like conversation
by default), and the fused score's plain inputs (seeded signals over eight memories in two
languages)."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np

from souvenir.ground.types import Memory


JULY_2023 = datetime(2023, 7, 1, tzinfo=timezone.utc)


def memory(
    i: int,
    text: str,
    kind: str = "episode",
    speaker: str | None = None,
    session: str | None = None,
    at: datetime = JULY_2023,
) -> Memory:
    """Memory ``i`` of user 1: ``text`` of ``kind`` said by ``speaker`` in ``session``, written
    and updated ``at``."""
    return Memory(
        id=i,
        user_id=1,
        text=text,
        kind=kind,
        session=session,
        speaker=speaker,
        content_hash=str(hash(text)),
        created_at=at,
        updated_at=at,
    )


def episode(i: int, text: str, speaker: str | None = None, session: str | None = None) -> Memory:
    """Memory ``i`` of user 1: an episode said by ``speaker`` in ``session``, of 2023-07-01."""
    return memory(i, text, speaker=speaker, session=session)


def fuse_inputs(n: int = 8, seed: int = 3) -> dict:
    """:func:`souvenir.read.scoring.fusion.fuse`'s keyword arguments for ``n`` memories (the
    first half language 0, the rest language 1; ``n`` = 8): seeded USE, e5 and BM25, no
    neighbours, no speaker, undated."""
    rng = np.random.default_rng(seed)
    return dict(
        dense=rng.normal(size=n),
        window=rng.normal(size=n),
        lexical=np.abs(rng.normal(size=n)),
        languages=np.array([0, 0, 0, 0, 1, 1, 1, 1]),
        neighbours=None,
        speakers=np.array([None] * n, dtype=object),
        days=np.full(n, -1, dtype=np.int64),
    )
