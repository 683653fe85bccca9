"""The second hop on the words the first hop's best memories share (``ScoringConfig.expansion_shared``,
research, off): four languages."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.read.scoring import Scorer, ScoringConfig
from tests.scoring_support import memory

NOW = datetime(2023, 8, 1, tzinfo=timezone.utc)

# (question, three memories the question finds that share a word it does not name,
#  a memory holding only that shared word, a memory holding only one memory's odd word)
CASES = {
    "en": (
        "Tell me about the parade",
        ["We went to the pride parade downtown", "The pride parade was loud", "Pride parade again, so fun"],
        "Pride month: flags everywhere",
        "Downtown traffic was awful",
    ),
    "fr": (
        "Parle-moi du défilé",
        ["Le défilé des fiertés en ville", "Le défilé des fiertés était bruyant", "Encore le défilé des fiertés"],
        "Le mois des fiertés commence",
        "La ville était bruyante la nuit",
    ),
    "zh": (
        "说说游行吧",
        ["我们去看了彩虹游行", "彩虹游行很热闹", "今年又参加彩虹游行"],
        "彩虹旗挂满了街道",
        "今年的冬天很冷",
    ),
    "ms": (
        "Cerita tentang perarakan",
        ["Kami pergi perarakan pelangi", "Perarakan pelangi sangat meriah", "Perarakan pelangi lagi tahun ini"],
        "Bendera pelangi di mana-mana",
        "Kami pergi ke pasar malam",
    ),
}


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_shared_word_is_the_second_hop(lang: str) -> None:
    question, found, shared, odd = CASES[lang]
    mems = [memory(i + 1, t, at=NOW) for i, t in enumerate([*found, shared, odd])]
    cfg = ScoringConfig(expansion_weight=1.0, expansion_top=3, expansion_shared=2, neighbour_alpha=0.0)
    parts: dict = {}
    Scorer(cfg).scores(1, mems, question, NOW, parts=parts)
    lift = parts["expansion"]
    assert lift[3] > lift[4], (lang, lift.tolist())  # the shared word's memory, not the odd word's
    off: dict = {}
    Scorer(ScoringConfig()).scores(1, mems, question, NOW, parts=off)
    assert "expansion" not in off  # the default: no second hop
