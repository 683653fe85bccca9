"""An inference question about one person read as that person's own statement (issue #28,
session 26): :mod:`souvenir.read.scoring.self_statement` and the scorer's query text with
``ScoringConfig.self_statement`` — English, French, Chinese and Malay."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import datetime, timezone

import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.self_statement import as_statement
from tests.scoring_support import episode

NOW = datetime(2024, 3, 1, tzinfo=timezone.utc)

#: (the question, the person it names, the statement the embedders read) per language.
CASES = {
    "en": ("Would Caroline likely pursue writing as a career?", "Caroline", "I pursue writing as a career"),
    "en-possessive": ("What might John's financial status be?", "John", "my financial status be"),
    "en-that": ("Is it likely that Nate has friends besides Joanna?", "Nate", "I have friends besides joanna"),
    "en-pronoun": ("Would Melanie go camping with her kids?", "Melanie", "I go camping with my kids"),
    "fr": (
        "Caroline serait-elle partante pour un parc national ?",
        "Caroline",
        "je serais partante pour un parc national",
    ),
    "fr-elided": (
        "Est-ce que Jean aimerait vivre à Paris avec sa sœur ?",
        "Jean",
        "j'aimerais vivre à paris avec ma sœur",
    ),
    "zh": ("约翰会不会搬到国外？", "约翰", "我会搬到国外"),
    "zh-possessive": ("约翰的经济状况可能是怎样的？", "约翰", "我的经济状况是怎样的"),
    "ms": ("Adakah Tim mungkin suka buku C. S. Lewis?", "Tim", "saya suka buku c. s. lewis"),
    "ms-nya": ("Adakah Tim mungkin rindu keluarganya?", "Tim", "saya rindu keluarga saya"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_question_becomes_the_persons_statement(case: str) -> None:
    question, name, expected = CASES[case]
    assert as_statement(question, name) == expected


@pytest.mark.parametrize(
    ("question", "name"),
    [("Would Caroline like it?", "Melanie"), ("?", "Caroline"), ("Caroline?", "Caroline"), ("Would she?", "")],
)
def test_a_question_without_the_name_or_nothing_left_is_read_as_written(question: str, name: str) -> None:
    assert as_statement(question, name) == question


def test_the_scorer_embeds_the_statement_only_for_an_inference_question_naming_one() -> None:
    memories = [episode(1, "I love writing", speaker="Caroline"), episode(2, "Me too", speaker="Melanie")]
    on = Scorer(replace(ScoringConfig(), self_statement=True))
    question = CASES["en"][0]
    assert on.query_text(1, memories, question) == CASES["en"][2]
    assert on.query_text(1, memories, "What did Caroline write?") == "What did Caroline write?"  # no inference
    both = "Would Caroline and Melanie like camping?"
    assert on.query_text(1, memories, both) == "Would like camping?"  # two names: pair_query's rule
    assert Scorer(ScoringConfig()).query_text(1, memories, question) == question  # off by default


@pytest.mark.parametrize(
    "message",
    [
        "Would Caroline " + " " * 16_000 + "?",
        "Would Caroline's " * 1_000,
        "Caroline serait-elle " * 800,
        "约翰会不会" * 3_000,
    ],
    ids=["spaces", "possessives", "french", "han"],
)
def test_a_16_kb_message_is_read_in_linear_time(message: str) -> None:
    """Issue #27's bound (``tests/test_linear_time.py``): the rules read at most 4,096
    characters, none backtracks over a long run."""
    start = time.process_time()
    as_statement(message, "约翰" if "约翰" in message else "Caroline")
    assert time.process_time() - start < 2.0


def test_the_gated_profile_lifts_a_self_statement_as_much_as_it_is_relevant() -> None:
    """``profile_gated``: the profile part × the priors' relevance gate — in [0, bonus], the
    ungated part's value where the memory is relevant enough, and the diagnostics legend
    names it."""
    from souvenir.api.diagnostics_page import COLUMN_LEGEND

    mems = [
        episode(1, "I love being outdoors with the kids, away from crowds", speaker="Melanie"),
        episode(2, "I love my pottery class on Sundays", speaker="Melanie"),
        episode(3, "We went to the mall on Saturday", speaker="Melanie"),
        episode(4, "I love theme parks and roller coasters", speaker="Caroline"),
    ]
    question = "Would Melanie prefer a national park or a theme park?"
    flat: dict = {}
    gated: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, question, NOW, parts=flat)
    Scorer(replace(ScoringConfig(), profile_gated=True)).scores(1, mems, question, NOW, parts=gated)
    assert flat["profile"].tolist() == [4.0, 4.0, 0.0, 0.0]
    assert all(0.0 <= g <= f for g, f in zip(gated["profile"].tolist(), flat["profile"].tolist()))
    assert gated["profile"][2] == gated["profile"][3] == 0.0
    assert "profile_gated" in COLUMN_LEGEND["profile"] and "self_statement" in COLUMN_LEGEND["use"]
