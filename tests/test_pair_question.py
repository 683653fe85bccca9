"""The speaker a question about two people asks about (``ScoringConfig.first_speaker_bonus``,
research, off: docs/journal.md "Session 13, lane recall2")."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.fusion import name_at
from souvenir.read.scoring.pair_question import subject_speaker
from souvenir.types import Memory

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)
NAMES = ["Jon", "Gina"]


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("What did Jon say about Gina's progress with her store?", "Jon"),
        ("What advice does Gina give to Jon?", "Gina"),
        ("Qu'a dit Gina à Jon sur son studio ?", "Gina"),
        ("Qu'est-ce que Jon a promis à Gina ?", "Jon"),
        ("Gina为Jon做了什么？", "Gina"),
        ("Jon跟Gina说了什么？", None),  # 跟 also joins two subjects: read as "Jon and Gina"
        ("Apa yang Gina cadangkan kepada Jon?", "Gina"),
        ("Apa kata Jon tentang kedai Gina?", "Jon"),
    ],
)
def test_the_speaker_named_first_in_four_languages(text, subject):
    assert subject_speaker(text, NAMES) == subject


@pytest.mark.parametrize(
    "text",
    [
        "What do Jon and Gina both have in common?",
        "Did Jon or Gina win the contest?",
        "Qu'ont fait Jon et Gina ensemble ?",
        "Jon和Gina都喜欢什么？",
        "Jon与Gina去了哪里？",
        "Apa yang Jon dan Gina suka?",
        "Where did Jon go?",  # one name: the named speaker's own terms
        "What did they say?",
    ],
)
def test_no_subject_for_a_pair_one_name_or_none(text):
    assert subject_speaker(text, NAMES) is None


def test_name_at_reads_names_as_words():
    assert name_at("What did Jon say?", "Jon") == 9
    assert name_at("Jonathan said", "Jon") == -1
    assert name_at("Jon都去过哪里", "jon") == 0
    assert name_at("", "Jon") == -1


def _mem(i, text, speaker):
    return Memory(
        id=i,
        user_id=1,
        text=text,
        kind="episode",
        session=None,
        speaker=speaker,
        content_hash=str(i),
        created_at=NOW,
        updated_at=NOW,
    )


def test_the_first_speaker_terms_reach_the_score():
    mems = [
        _mem(1, "Jon: way to go, your store looks great", "Jon"),
        _mem(2, "Gina: my store opened today", "Gina"),
    ]
    q = "What did Jon say about Gina's store?"
    parts: dict = {}
    cfg = ScoringConfig(first_speaker_bonus=4.0, first_speaker_penalty=1.0, priors_gate=0.0)
    on = Scorer(cfg).scores(1, mems, q, NOW, parts=parts)
    off = Scorer(ScoringConfig(priors_gate=0.0)).scores(1, mems, q, NOW)
    assert parts["speaker"].tolist() == [4.0, -1.0]
    assert [on[i] - off[i] for i in (1, 2)] == pytest.approx([4.0, -1.0], abs=1e-5)
    # off by default; a pair joined as one subject: nothing moves
    both = "What do Jon and Gina both sell?"
    assert dict(Scorer(cfg).scores(1, mems, both, NOW)) == dict(
        Scorer(ScoringConfig(priors_gate=0.0)).scores(1, mems, both, NOW)
    )
