"""Issue #28: the instances a memory names beyond the kind lexicon's words — a venue for
the places asked, a gathering for the events asked, a title for the books, films, songs
and games asked (``ScoringConfig.kind_wide``). Pure; English, French, Chinese and Malay
alike."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import numpy as np
import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from souvenir.read.scoring.instance_kinds import instance_flags, kind_reason
from souvenir.read.scoring.instance_wide import TITLE_KINDS, wide_kinds
from tests.scoring_support import memory

NOW = datetime(2025, 12, 31, tzinfo=timezone.utc)


@pytest.mark.parametrize(
    "text, kind",
    [
        # a venue
        ("We found a tiny ramen restaurant behind the station", "place"),
        ("On a découvert un petit bistrot au bord du canal", "place"),
        ("周末我们去了一家新开的咖啡馆", "place"),
        ("Kami singgah di sebuah kedai kopi lama", "place"),
        # a gathering
        ("I started going to a grief support group on Thursdays", "event"),
        ("Je vais à un groupe de parole tous les jeudis", "event"),
        ("我上个月参加了一个读书会", "event"),
        ("Saya menyertai kumpulan sokongan untuk ibu tunggal", "event"),
        # a sport the lexicon lacked
        ("I've been doing muay thai twice a week", "sport"),
        ("Je fais du kick-boxing le samedi", "sport"),
        ("他最近在练泰拳", "sport"),
        ("Dia belajar tomoi di kampung", "sport"),
    ],
)
def test_venues_gatherings_and_sports(text, kind):
    assert kind in wide_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        'My comfort read is "The Hobbit", every winter',
        "I've been reading Dune again on the train",
        "Mon roman préféré reste « Le Petit Prince »",
        "J'ai enfin lu Germinal cet été",
        "我最近在看《三体》",
        "她最喜欢「千与千寻」",
        "Anak saya suka menonton Upin dan Ipin",
        "Saya baru habis membaca Salina minggu lepas",
    ],
)
def test_titles(text):
    assert TITLE_KINDS <= wide_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "I feel tired today, long week",
        "I read the news this morning",  # no name after the verb
        "Je suis fatiguée, la semaine a été longue",
        "我今天很累",
        "Saya penat hari ini",
        "it's 'fine', really",  # quotes with no capital
    ],
)
def test_nothing_named(text):
    assert wide_kinds(text) == frozenset()


def test_the_flag_reads_the_wide_instances_only_when_asked():
    speakers = np.array([None, None, None], dtype=object)
    texts = ["We tried a new cafe downtown", "We went hiking", "Long day at work"]
    q = "What places has Ana checked out?"
    plain, wide = ScoringConfig(kind_bonus=1.0), ScoringConfig(kind_bonus=1.0, kind_wide=True)
    assert instance_flags(q, None, speakers, lambda: texts, plain).tolist() == [False, False, False]
    assert instance_flags(q, None, speakers, lambda: texts, wide).tolist() == [True, False, False]
    zh = ["我们去了一家咖啡馆", "今天下雨", "我累了"]
    assert instance_flags("她去过哪些地方？", None, speakers, lambda: zh, wide).tolist() == [True, False, False]
    books = ["Je relis « Les Misérables »", "Il pleut", "Saya penat"]
    assert instance_flags("Quels livres a-t-elle lus ?", None, speakers, lambda: books, wide).tolist() == [
        True,
        False,
        False,
    ]
    ms = ["Saya sertai kumpulan sokongan", "Hujan", "Penat"]
    every = ScoringConfig(kind_bonus=1.0, kind_wide=True, kind_broad=False)
    assert instance_flags("Acara apa yang dia hadiri?", None, speakers, lambda: ms, every).tolist() == [
        True,
        False,
        False,
    ]


def test_the_part_moves_with_the_flag():
    mems = [memory(1, "I joined a support group for new parents", at=NOW), memory(2, "It rained all day", at=NOW)]
    q = "What events has she gone to?"
    on: dict = {}
    Scorer(ScoringConfig(kind_bonus=2.0, kind_wide=True, priors_gate=0.0)).scores(1, mems, q, NOW, parts=on)
    assert on["kind"].tolist() == [2.0, 0.0]
    off: dict = {}
    Scorer(ScoringConfig(kind_bonus=2.0, kind_wide=False, priors_gate=0.0)).scores(1, mems, q, NOW, parts=off)
    assert off["kind"].tolist() == [0.0, 0.0]


@pytest.mark.parametrize(
    "lang, question, text, words",
    [
        ("en", "What places has Ana checked out?", "a new cafe downtown", "asked for places: this memory names one"),
        ("fr", "Quels livres as-tu lus ?", "« Le Petit Prince », encore", "porte sur : livres ; ce souvenir"),
        ("zh", "她参加过哪些活动？", "我参加了读书会", "问的是活动"),
        ("ms", "Acara apa yang dia hadiri?", "kumpulan sokongan", "ditanya tentang acara: memori ini"),
    ],
)
def test_the_reason_with_wide_instances(lang, question, text, words):
    assert kind_reason(question, text, lang) is None  # the lexicon alone names none
    assert words in kind_reason(question, text, lang, wide=True)


@pytest.mark.parametrize(
    "text",
    ['"A' + "a" * 16_000, "« " * 8000, "《" * 16_000, "reading " * 2000, "support group " * 1100, "咖啡馆" * 5000],
)
def test_linear(text):
    """A 16 KB memory costs one pass (:mod:`tests.test_linear_time`'s bound)."""
    start = time.process_time()
    wide_kinds(text)
    assert time.process_time() - start < 2.0
