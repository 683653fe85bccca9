"""The learned durable-content score of a user's message (issue #25, session 26 lane model17;
:mod:`souvenir.lexical.durable`, rebuilt by ``bench/durable_fit.py``).

Pure reads of a handful of messages per language; the rebuild's determinism (the same turns
give the same file, byte for byte); and, as data, that no user turn a gold observation cites
in the read dialogues sets is dropped by the score (``dlg7-ms`` / ``dlg7-en``: the blind check,
not read here)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench.durable_fit import HELD_OUT, Design, fit, probability, threshold, weights_file
from souvenir.bench.reflection_loop import load_slice
from souvenir.lexical.chitchat import chit_chat
from souvenir.lexical.durable import durable, fleeting
from souvenir.lexical.durable import threshold as shipped_threshold
from souvenir.lexical.durable_features import DIM, features

DATA = Path(__file__).resolve().parent.parent / "bench" / "data"

FACTS = [
    "I started pottery classes last week and I love it",
    "My daughter Emma turns seven in March",
    "Je suis conducteur de métro à Lyon depuis huit ans",
    "Ma sœur habite à Bordeaux avec ses deux enfants",
    "我在苏州做消防员已经五年了",
    "我女儿今年上小学三年级",
    "Saya bekerja sebagai pemandu Grab di Kuala Lumpur",
    "Anak saya baru masuk universiti tahun ini",
]


@pytest.mark.parametrize("text", FACTS)
def test_a_fact_is_durable(text: str) -> None:
    assert not fleeting(text, enabled=True), (text, durable(text), shipped_threshold())


def test_the_score_is_a_probability_and_pure() -> None:
    for text in [*FACTS, "ok", "行，下次聊！886", "Bon, faut que j'y aille", ""]:
        p = durable(text)
        assert 0.0 <= p <= 1.0
        assert durable(text) == p


def test_off_drops_nothing() -> None:
    assert not fleeting("行，下次聊！886", enabled=False)


def test_features_are_stable_and_bounded() -> None:
    one = features("我去喂汤圆了，拜拜")
    assert one == features("我去喂汤圆了，拜拜")
    assert all(0 <= k < DIM for k in one)
    long = features("word " * 100_000)
    assert len(long) < 5_000


def _rows() -> list[dict]:
    texts = [(t, True) for t in FACTS] + [
        ("ok thanks, bye!", False),
        ("haha yes", False),
        ("晚安", False),
        ("à plus !", False),
        ("jumpa lagi", False),
        ("so hot today", False),
    ]
    return [
        {"features": features(t), "durable": d, "source": "dialogues" if i % 2 else "locomo", "text": t}
        for i, (t, d) in enumerate(texts)
    ]


def test_the_rebuild_is_deterministic() -> None:
    rows = _rows()
    files = []
    for _ in range(2):
        d = Design(rows)
        w = fit(d, np.arange(d.n), 1e-4, steps=40)
        p = probability(d, w, np.arange(d.n))
        t = threshold(p, d.y.astype(bool), np.zeros(d.n, dtype=bool), 20.0)
        files.append(weights_file(w, t, 20.0, 1e-4, d.n))
    assert files[0] == files[1]
    assert '"threshold"' in files[0]


def test_the_threshold_prices_a_gold_turn_above_a_junk_one() -> None:
    p = np.array([0.1, 0.2, 0.3, 0.9])
    gold = np.array([False, True, False, True])
    none = np.zeros(4, dtype=bool)
    assert threshold(p, gold, none, 20.0) == pytest.approx(0.15)  # one junk dropped, the gold kept
    assert threshold(p, gold, none, 1.0) == pytest.approx(0.15)  # 2 junk for 1 gold: a tie, the fewest drops
    assert threshold(p, gold, none, 0.5) > 0.3


def _gold_turns() -> list[tuple[str, str]]:
    out = []
    for path in sorted(DATA.glob("dialogues*/dlg*.json")):
        if path.stem in HELD_OUT:
            continue
        out += [(path.stem, t["message"]) for t in load_slice(path, 10_000)[0] if t["gold"]]
    return out


def test_no_gold_turn_of_the_read_dialogues_is_dropped() -> None:
    gold = _gold_turns()
    assert len(gold) > 500
    dropped = [(conv, text) for conv, text in gold if chit_chat(text) is None and fleeting(text, enabled=True)]
    assert dropped == []
