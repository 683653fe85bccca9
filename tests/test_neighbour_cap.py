"""The neighbour term's cap (issue #28, small stores: ``ScoringConfig.neighbour_cap``):
borrowed relevance never ranks a memory above the neighbour it borrows from. Pure: data
in, data out."""

from __future__ import annotations

import numpy as np
import pytest

from souvenir.read.scoring import ScoringConfig
from souvenir.read.scoring.fusion import fuse
from souvenir.read.scoring.session_columns import neighbour_lender, neighbour_table


def _fuse(lexical, lengths, config, sessions=None):
    n = len(lexical)
    parts: dict = {}
    score = fuse(
        config,
        dense=None,
        window=None,
        lexical=np.array(lexical, dtype=float),
        languages=np.array(["en"] * n),
        neighbours=neighbour_table(list(range(1, n + 1)), sessions or ["s"] * n, 2),
        speakers=np.array([None] * n, dtype=object),
        days=np.full(n, -1),
        lengths=np.log1p(np.array(lengths, dtype=float)),
        parts=parts,
    )
    return score, parts


def test_the_lender_is_the_best_neighbour():
    table = neighbour_table([1, 2, 3, 4], ["s", "s", "s", "t"], 2)
    assert neighbour_lender(np.array([0.0, 5.0, 1.0, 9.0]), table).tolist() == [1, 2, 1, -1]


def test_a_debt_said_beside_an_allergy_does_not_outrank_it():
    # one session holds the allergy (matches the question's words) and a longer debt that
    # matches less; two other sessions match nothing. The plain term lends the debt most of
    # the allergy's relevance: it leads
    lexical, lengths, sessions = [3.0, 1.5, 0.0, 0.0], [4, 8, 5, 5], ["s", "s", "t", "u"]
    plain, _ = _fuse(lexical, lengths, ScoringConfig(calibrated=False), sessions)
    assert plain[1] > plain[0]
    own, _ = _fuse(lexical, lengths, ScoringConfig(calibrated=False, neighbour_cap="own"), sessions)
    assert own[0] >= own[1]  # at most the lender's own score
    gap, parts = _fuse(lexical, lengths, ScoringConfig(calibrated=False, neighbour_cap="gap"), sessions)
    assert gap[0] > gap[1] > gap[2]  # α of the way to the lender: below it, above the rest
    assert gap[0] == plain[0] and parts["neighbours"][1] > 0


@pytest.mark.parametrize("cap", ["own", "gap"])
def test_a_reply_still_borrows_from_the_matching_turn(cap):
    # five turns of one session, the second matches: its neighbours rise above the other
    # turns, below the match
    lexical = [0.0, 3.0, 0.0, 0.0, 0.0]
    capped, parts = _fuse(lexical, [5] * 5, ScoringConfig(calibrated=False, neighbour_cap=cap))
    assert capped[1] == capped.max()
    assert parts["neighbours"][0] > 0 and parts["neighbours"][2] > 0
    assert capped[2] > capped[4]


def test_no_cap_is_the_plain_term():
    plain, a = _fuse([2.0, 0.0, 1.0], [3, 9, 4], ScoringConfig(calibrated=False))
    again, b = _fuse([2.0, 0.0, 1.0], [3, 9, 4], ScoringConfig(calibrated=False, neighbour_cap=""))
    assert np.array_equal(plain, again) and np.array_equal(a["neighbours"], b["neighbours"])
