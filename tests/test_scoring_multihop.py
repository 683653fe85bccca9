"""The multi-hop levers of the fused score (issue #18): broad questions, the speaker
bonus, the length prior, dated memories, the neighbour gate, the e5 query role. Pure: data in, data out."""

from __future__ import annotations

from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.breadth import broad_question, query_role
from souvenir.read.scoring.fusion import fuse, neighbour_table
from souvenir.read.scoring.bm25 import bm25_tokens
from souvenir.read.scoring.periods import names_a_date
from tests.scoring_support import episode

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    "text",
    [
        "What activities has Melanie done with her family?",
        "What LGBTQ+ events has Caroline participated in?",
        "Which cities has Jon visited?",
        "What kind of art does Caroline make?",
        "What are Melanie's pets' names?",
        "In what ways is Caroline participating in the LGBTQ community?",
        "How many times has Melanie gone to the beach in 2023?",
        "What do Jon and Gina both have in common?",
        "Quels livres as-tu lus cette année ?",
        "Quelles sortes de gâteaux fait-elle ?",
        "Combien de fois suis-je allé à Lyon ?",
        "她去过哪些城市？",
        "我去了几次医院？",
        "berapa kali saya pergi ke Ipoh?",
    ],
)
def test_broad_questions_are_read_in_every_language(text):
    assert broad_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "What is Caroline's identity?",
        "What does Melanie do to destress?",
        "When did Melanie go camping?",
        "What did Caroline research?",
        "Where did Caroline move from 4 years ago?",
        "Quel est mon groupe sanguin ?",
        "洗牙约的是几号几点？",
        "mata kanan tu bila kena op?",
        "",
    ],
)
def test_narrow_questions_are_not_broad(text):
    assert not broad_question(text)


def test_query_role():
    assert query_role("query", "Which cities has Jon visited?") == "query"
    assert query_role("passage", "What is my cat called?") == "passage"
    assert query_role("broad-passage", "Which cities has Jon visited?") == "passage"
    assert query_role("broad-passage", "What is my cat called?") == "query"
    with pytest.raises(ValueError):
        query_role("document", "x")


def test_names_a_date():
    moment = datetime(2023, 7, 3, tzinfo=timezone.utc)
    assert names_a_date("I signed up for a pottery class yesterday (2023-07-02).", moment)
    assert names_a_date("Last week (2023-W26) I went to a pride parade", moment)
    assert names_a_date("We married in July 2019", moment)
    assert names_a_date("我2024年去了上海", moment)
    assert not names_a_date("I love pottery, it is so calming", moment)
    assert not names_a_date("I have 2023 reasons", moment)


def _fuse(lexical, speakers=None, config=None, **kw):
    n = len(lexical)
    config = config or ScoringConfig()
    return fuse(
        config,
        dense=None,
        window=None,
        lexical=np.array(lexical, dtype=float),
        languages=np.array(["en"] * n),
        neighbours=kw.pop("neighbours", None),
        speakers=np.array(speakers or [None] * n, dtype=object),
        days=np.full(n, -1),
        **kw,
    )


def test_speaker_bonus_lifts_the_named_speakers_own_memories_only():
    speakers = ["Caroline", "Melanie", None]
    plain = _fuse([1, 1, 1], speakers, ScoringConfig(speaker_penalty=0.0, speaker_bonus=0.0), speaker="Caroline")
    bonus = _fuse([1, 1, 1], speakers, ScoringConfig(speaker_penalty=0.0, speaker_bonus=2.0), speaker="Caroline")
    assert np.allclose(bonus - plain, [2.0, 0.0, 0.0])
    parts: dict = {}
    both = _fuse(
        [1, 1, 1], speakers, ScoringConfig(speaker_penalty=3.0, speaker_bonus=2.0), speaker="Caroline", parts=parts
    )
    assert np.allclose(parts["speaker"], [2.0, -3.0, 0.0]) and both[0] > both[2] > both[1]
    # no name in the question: nothing moves (the default bonus included)
    assert np.allclose(_fuse([1, 1, 1], speakers, ScoringConfig()), plain)
    assert ScoringConfig().speaker_bonus == 4.0  # chosen by cross-validation (docs/journal.md)


def test_length_prior_and_dated_bonus():
    lengths = np.log1p(np.array([2.0, 20.0, 8.0]))
    off = _fuse([1, 1, 1], config=ScoringConfig(length_prior=0.0), lengths=lengths)
    assert np.allclose(off, off[0])  # off: the lengths change nothing
    assert np.allclose(_fuse([1, 1, 1], lengths=None), off)  # no lengths given: nothing either
    parts: dict = {}
    on = _fuse([1, 1, 1], lengths=lengths, parts=parts)  # the default: 0.5, on the final score
    assert on[1] > on[2] > on[0] and np.isclose(parts["length"].sum(), 0)
    dated = np.array([False, True, False])
    s = _fuse([1, 1, 1], config=ScoringConfig(dated_bonus=1.0), dated=dated)
    assert np.allclose(s - s[0], [0, 1, 0])
    # in the first stage, a neighbour inherits it through the neighbour term
    table = neighbour_table([1, 2, 3], ["a", "a", "a"], 1)
    near = _fuse([0, 0, 0], config=ScoringConfig(dated_bonus=1.0, neighbour_alpha=0.5), dated=dated, neighbours=table)
    assert np.allclose(near, [0.5, 1.0, 0.5])
    # the length prior on the first stage is inherited too; on the final score it is not
    first, final = {}, {}
    _fuse(
        [0, 0, 0],
        config=ScoringConfig(length_first=True, neighbour_alpha=0.5),
        lengths=lengths,
        neighbours=table,
        parts=first,
    )
    _fuse(
        [0, 0, 0],
        config=ScoringConfig(length_first=False, neighbour_alpha=0.5),
        lengths=lengths,
        neighbours=table,
        parts=final,
    )
    assert first["neighbours"][0] > 0 and np.allclose(final["neighbours"], 0)


def test_neighbours_are_summed():
    table = neighbour_table([1, 2, 3], ["a", "a", "a"], 1)
    parts: dict = {}
    summed = _fuse([0, 0, 9], config=ScoringConfig(neighbour_alpha=0.5), neighbours=table, parts=parts)
    first = parts["bm25"]  # [-0.707, -0.707, 1.414]
    assert np.allclose(summed - first, 0.5 * np.array([first[1], first[2], first[1]]))


def test_neighbour_gate_lets_a_short_reply_borrow_less():
    table = neighbour_table([1, 2, 3], ["a", "a", "a"], 1)
    lengths = np.log1p(np.array([1.0, 9.0, 9.0]))  # median 9 words: memory 1 is short
    plain, gated = {}, {}
    _fuse([0, 9, 0], config=ScoringConfig(neighbour_alpha=1.0), neighbours=table, lengths=lengths, parts=plain)
    _fuse(
        [0, 9, 0],
        config=ScoringConfig(neighbour_alpha=1.0, neighbour_gate=1.0),
        neighbours=table,
        lengths=lengths,
        parts=gated,
    )
    assert np.allclose(gated["neighbours"], plain["neighbours"] * np.array([0.2, 1.0, 1.0]))
    _fuse(
        [0, 9, 0],
        config=ScoringConfig(neighbour_alpha=1.0, neighbour_gate=2.0),
        neighbours=table,
        lengths=lengths,
        parts=gated,
    )
    assert np.allclose(gated["neighbours"], plain["neighbours"] * np.array([0.04, 1.0, 1.0]))


def test_neighbour_gate_reads_broad_questions_only_by_default():
    mems = [
        episode(1, "Melanie: we went camping with the kids last summer in the forest", "Melanie", "s1"),
        episode(2, "Caroline: cool", "Caroline", "s1"),
        episode(3, "Melanie: pottery class with my family was fun and messy", "Melanie", "s1"),
    ]
    cfg = ScoringConfig(neighbour_gate=2.0)
    narrow = "Did Melanie go camping?"
    assert dict(Scorer(cfg).scores(1, mems, narrow, NOW)) == dict(Scorer().scores(1, mems, narrow, NOW))
    broad = "What activities has Melanie done with her family?"
    assert Scorer(cfg).scores(1, mems, broad, NOW)[2] < Scorer().scores(1, mems, broad, NOW)[2]


def test_bm25_terms_of_ies_plurals_meet_their_singular():
    assert bm25_tokens("activities families parties stories") == bm25_tokens("activity family party story")
    # French plurals in "-ies" keep light_stem's singular
    assert bm25_tokens("mes amies et leurs copies") == bm25_tokens("mon amie et sa copie")
