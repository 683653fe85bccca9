"""A question naming both speakers is embedded without their names (issue #28, session 22:
``ScoringConfig.pair_query``, :func:`souvenir.read.scoring.person_query.without_people`):
the rule in English, French, Chinese and Malay, what it leaves alone, the scorer's query
text, and the engine over a real SQLite file whose embedder is an OpenAI-compatible server
on loopback (the text it is sent is the one the rule gives)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import pytest

from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.person_query import named_people, without_people
from souvenir.ground.types import Candidate
from tests.scoring_support import episode
from tests.servers import EmbeddingServer

SPEAKERS = ["Jon", "Gina"]

#: (the question naming both, the text the embedders read) per language.
CASES = {
    "en": ("What do Jon and Gina both have in common?", "What do both have in common?"),
    "fr": ("Qu'est-ce que Jon et Gina ont en commun ?", "Qu'est-ce que ont en commun?"),
    "zh": ("Jon和Gina都喜欢什么运动？", "都喜欢什么运动？"),
    "ms": ("Apa yang Jon dan Gina suka buat bersama?", "Apa yang suka buat bersama?"),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_names_of_both_leave_the_query(lang: str) -> None:
    question, expected = CASES[lang]
    assert named_people(question, SPEAKERS + [None]) == ["Gina", "Jon"]
    assert without_people(question, SPEAKERS) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What book did Gina read from Jon's suggestion?", "What book did read from their suggestion?"),
        ("Gina a-t-elle lu le livre que Jon lui a conseillé ?", "a-t-elle lu le livre que lui a conseillé?"),
        ("Gina跟Jon一起去过哪里？", "一起去过哪里？"),
        ("Bila Gina atau Jon pergi ke Ipoh?", "Bila pergi ke Ipoh?"),
    ],
)
def test_each_language_separately_named(question: str, expected: str) -> None:
    assert without_people(question, SPEAKERS) == expected


@pytest.mark.parametrize(
    "question",
    [
        "What does Jon like to dance?",  # one name: the speaker terms read it
        "Qu'aime faire Gina le dimanche ?",
        "Gina喜欢什么？",
        "Apa yang Jon suka?",
        "What do Jonathan and Ginac like?",  # inside longer words: not the names
        "Jon and Gina?",  # nothing would be left
        "Where do we go next?",
    ],
)
def test_one_name_or_none_is_left_as_written(question: str) -> None:
    assert without_people(question, SPEAKERS) == question


def test_a_single_speaker_store_reads_no_pair() -> None:
    assert without_people("What do Jon and Gina like?", ["Jon"]) == "What do Jon and Gina like?"
    assert without_people("What do Jon and Gina like?", [None, None]) == "What do Jon and Gina like?"


def test_the_scorer_reads_the_speakers_of_the_store_and_the_lever() -> None:
    memories = [episode(1, "Jon: I lost my job", "Jon", "s1"), episode(2, "Gina: Me too!", "Gina", "s1")]
    question = CASES["en"][0]
    assert ScoringConfig().pair_query
    assert Scorer(ScoringConfig()).query_text(1, memories, question) == CASES["en"][1]
    assert Scorer(replace(ScoringConfig(), pair_query=False)).query_text(1, memories, question) == question
    unspoken = [episode(1, "I lost my job"), episode(2, "Me too!")]  # no speakers (a companion's user)
    assert Scorer(ScoringConfig()).query_text(1, unspoken, question) == question
    assert Scorer(ScoringConfig()).query_text(1, [], question) == question


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_engine_sends_the_embedder_the_question_without_the_names(tmp_path, lang: str) -> None:
    question, expected = CASES[lang]
    with EmbeddingServer() as embedder:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'p.db'}",
            embedder="openai",
            embedder_url=embedder.url,
            embedder_model="stub",
            window_embedder="none",
            llm_base_url="",
            _env_file=None,
        )
        rt = open_runtime(settings)
        try:
            at = datetime(2023, 1, 20, tzinfo=timezone.utc)
            for i, (who, text) in enumerate(
                [("Jon", "Lost my job as a banker yesterday"), ("Gina", "I also lost my job at Door Dash")]
            ):
                rt.engine.remember(
                    "bench",
                    "conv",
                    Candidate(
                        text=f"{who}: {text}",
                        kind="episode",
                        scope="global",
                        source=f"D1:{i + 1}",
                        speaker=who,
                        session="session_1",
                    ),
                    now=at,
                )
            embedder.texts.clear()
            result = rt.engine.context("bench", "conv", question, now=at)
            assert not result.degraded
            assert expected in embedder.texts and question not in embedder.texts
            embedder.texts.clear()
            rt.engine.context("bench", "conv", "What did Jon lose?", now=at)  # one name: as written
            assert "What did Jon lose?" in embedder.texts
        finally:
            rt.close()


def test_the_diagnostics_legend_says_the_names_are_left_out() -> None:
    """The lever moves no part of its own: it changes what USE and e5 read, and the page's
    legend for those two parts says so."""
    from souvenir.api.diagnostics_page import COLUMN_LEGEND

    assert "without their names" in COLUMN_LEGEND["use"]
    assert "without their names" in COLUMN_LEGEND["e5"]


@pytest.mark.parametrize(
    "message",
    [
        "Jon" + " " * 16_000 + "Gina",
        "Jon and Gina " * 1_200,
        "Jon ," * 3_000 + " Gina",
        "Jon's" * 3_000 + "Gina",
        "Jon和Gina" * 1_800,
    ],
    ids=["spaces", "pairs", "commas", "possessives", "han"],
)
def test_a_16_kb_message_is_read_in_linear_time(message: str) -> None:
    """Issue #27's bound (``tests/test_linear_time.py``): no pattern of the rule backtracks
    over a long run (the pair's comma and spaces are read one way only)."""
    import time

    start = time.process_time()
    text = without_people(message, SPEAKERS)
    assert time.process_time() - start < 2.0
    assert text == message or len(text) < len(message)  # nothing left: the message as written


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_window_query_of_a_two_name_message_is_started_once(tmp_path, lang: str) -> None:
    """The window embedder's query starts before the candidates are scored: on the text
    without the names (the held columns' speakers, or the candidates' own for a user none
    are held of), never once on the message as written and again without the names. The
    window embedder here is an OpenAI-compatible server on loopback counting its requests."""
    from souvenir.embedding.http import OpenAIEmbedder
    from souvenir.index.vectors import VectorIndex

    question, expected = CASES[lang]
    with EmbeddingServer() as embedder, EmbeddingServer() as window:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / 'w.db'}",
            embedder="openai",
            embedder_url=embedder.url,
            embedder_model="stub",
            window_embedder="none",
            llm_base_url="",
            _env_file=None,
        )
        rt = open_runtime(settings)
        try:
            scores = rt.engine.reader.scores
            scores.window_index = VectorIndex(rt.store, OpenAIEmbedder(window.url, "window"), windowed=True)
            at = datetime(2023, 1, 20, tzinfo=timezone.utc)
            for i, (who, text) in enumerate([("Jon", "Lost my job as a banker"), ("Gina", "I lost mine at Door Dash")]):
                rt.engine.remember(
                    "bench",
                    "conv",
                    Candidate(
                        text=f"{who}: {text}",
                        kind="episode",
                        scope="global",
                        source=f"D1:{i + 1}",
                        speaker=who,
                        session="session_1",
                    ),
                    now=at,
                )
            rt.engine.reader.scores.scorer.clear()  # no columns held: the candidates' speakers
            for held in (False, True):
                window.texts.clear()
                window.calls = 0
                result = rt.engine.context("bench", "conv", question, now=at)
                assert not result.degraded
                assert window.texts == [expected], (held, window.texts)
                assert window.calls == 1
            window.texts.clear()
            rt.engine.context("bench", "conv", "What did Jon lose?", now=at)  # one name: as written
            assert window.texts == ["What did Jon lose?"]
        finally:
            rt.close()
