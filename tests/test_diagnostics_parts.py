"""The diagnostics page labels exactly the score parts the read path produces: every name
:func:`souvenir.read.scoring.fusion.fuse` writes into ``parts`` (every lever on) has its
column label and its legend line, and the page names no part that is no longer produced
(session 14's prune removed coverage, the session and information priors: their labels
stayed until session 15)."""

from __future__ import annotations

from datetime import date

import numpy as np

from souvenir.api.diagnostics_page import _BREAKS, COLUMN_LEGEND, PART_LABELS, PART_NAMES, RECORDED_PARTS, _legend
from souvenir.read.scoring import ScoringConfig
from souvenir.read.scoring.fusion import fuse
from souvenir.read.scoring.session_columns import neighbour_table

#: Every lever of the fused score turned on, so that each term is written into ``parts``.
EVERY_LEVER = ScoringConfig(
    w_sparse=1.0,
    rank_fusion=1.0,
    expansion_weight=0.5,
    session_decay=0.5,
    speaker_penalty=3.0,
    profile_bonus=4.0,
    relative_bonus=4.0,
    kind_bonus=2.0,
    mood_bonus=1.0,
    trait_bonus=2.0,
    appraisal_bonus=2.0,
    aspect_use=1.0,
    aspect_e5=1.0,
    period_bonus=3.0,
    neighbour_alpha=0.7,
    length_prior=0.5,
    dated_bonus=1.0,
    event_bonus=2.0,
    ask_penalty=1.0,
)


def produced_parts(config: ScoringConfig = EVERY_LEVER) -> set[str]:
    """The names :func:`fuse` writes into ``parts`` for six memories of three sessions, two
    speakers, one named by the message, dated in the period it names."""
    rng = np.random.default_rng(7)
    n = 6
    sessions = ["s1", "s1", "s2", "s2", "s3", "s3"]
    parts: dict = {}
    fuse(
        config,
        dense=rng.normal(size=n),
        window=rng.normal(size=n),
        lexical=np.abs(rng.normal(size=n)),
        sparse=np.abs(rng.normal(size=n)),
        languages=np.zeros(n, dtype=np.int64),
        neighbours=neighbour_table(list(range(n)), sessions, 1),
        speakers=np.array(["Ann", "Bob"] * 3, dtype=object),
        speaker="Ann",
        days=np.array([date(2025, 6, d).toordinal() for d in (1, 2, 3, 10, 11, 12)], dtype=np.int64),
        period=(date(2025, 6, 1), date(2025, 6, 3)),
        sessions=np.array([0, 0, 1, 1, 2, 2], dtype=np.int64),
        expansion=lambda first: np.abs(rng.normal(size=n)),
        lengths=np.log1p(np.array([3, 8, 5, 12, 2, 7], dtype=np.float64)),
        dated=np.array([1, 0, 1, 0, 0, 1], dtype=np.float64),
        events=np.array([1, 0, 0, 1, 0, 0], dtype=np.float64),
        questions=np.array([0, 1, 0, 0, 0, 0], dtype=np.float64),
        profile=np.array([True, False, False, False, True, False]),
        relatives=np.array([False, True, False, False, False, False]),
        kinds=np.array([False, False, True, False, False, False]),
        mood=np.array([False, False, False, True, False, False]),
        traits=np.array([True, False, False, False, False, False]),
        appraisal=np.array([False, True, False, False, False, False]),
        aspect=(rng.normal(size=n), rng.normal(size=n)),
        parts=parts,
    )
    return set(parts) | set(RECORDED_PARTS)  # and the parts the records make (the conversation's)


def test_every_lever_on_produces_the_parts_the_page_knows():
    produced = produced_parts()
    assert len(produced) >= 14, produced  # the call reached every term
    assert produced == set(PART_NAMES), (produced - set(PART_NAMES), set(PART_NAMES) - produced)


def test_every_part_has_a_label_and_a_legend_line_and_none_is_orphan():
    produced = produced_parts()
    assert set(PART_LABELS) == produced
    legend_keys = {"rank_fusion" if n == "rank" else n for n in produced} | {"score", "rank"}
    assert set(COLUMN_LEGEND) == legend_keys, (set(COLUMN_LEGEND) - legend_keys, legend_keys - set(COLUMN_LEGEND))
    words = {w for label in PART_LABELS.values() for w in label.split(" ")}
    assert set(_BREAKS) <= words, set(_BREAKS) - words  # a soft hyphen only for a word shown


def test_the_legend_names_every_part_by_its_label():
    html = _legend(list(PART_NAMES))
    for name in PART_NAMES:
        assert f"<dt>{PART_LABELS[name]}</dt>" in html.replace("&#x27;", "'"), name
