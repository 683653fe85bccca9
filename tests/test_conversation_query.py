"""The conversation as the query and the mood term (issue #28, session 21): which earlier
turns count (:meth:`Scorer.conversation`), their terms in BM25, the mood part on a low
message, then the library over a real SQLite file with the caller's ``messages`` and with
no messages — English, French, Chinese and Malay."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import pytest

from souvenir import Souvenir
from souvenir.read.scoring import Scorer, ScoringConfig
from tests.scoring_support import memory

NOW = datetime(2026, 12, 7, tzinfo=timezone.utc)
ON = ScoringConfig(context_lexical=1.0, context_gate="refers", context_turns=4, context_decay=0.5)

#: Per language: the earlier turns naming a thing, the message pointing back at it, the
#: memory about the thing, and an unrelated one sharing a word with the message.
CASES = {
    "en": (
        ["My Fiat failed its MOT again", "Oh no, the brakes again?"],
        "Yes, I really want to get rid of it",
        "The user's blue Fiat keeps failing its MOT",
        "The user wants to get a tattoo",
    ),
    "fr": (
        ["La chaudière est encore tombée en panne", "Encore ? Le chauffagiste est passé ?"],
        "Oui, il revient demain pour ça",
        "La chaudière de l'utilisateur tombe souvent en panne",
        "L'utilisateur revient de Lyon en train",
    ),
    "zh": (
        ["我女儿的钢琴比赛下周六", "她准备得怎么样？"],
        "那件事我还是很紧张",
        "用户的女儿在准备钢琴比赛",
        "用户要出差",
    ),
    "ms": (
        ["Kereta Proton saya rosak lagi", "Alamak, bengkel dah tengok?"],
        "Belum, yang tu saya nak hantar esok",
        "Kereta Proton pengguna selalu rosak",
        "Pengguna nak belajar memandu",
    ),
}


#: A word of the thing named before, in any wording of it.
KEY = {"en": "Fiat", "fr": "chaudière", "zh": "钢琴", "ms": "Proton"}


def _memories(thing: str, other: str) -> list:
    filler = [memory(i, f"The user noted item {i} about gardening", kind="fact", at=NOW) for i in range(3, 9)]
    return [memory(1, thing, kind="fact", at=NOW), memory(2, other, kind="fact", at=NOW), *filler]


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_turns_count_when_the_message_points_back(lang: str) -> None:
    turns, message, thing, other = CASES[lang]
    mems = _memories(thing, other)
    scorer = Scorer(ON)
    context = scorer.conversation(1, mems, message, [*turns, message])  # the message itself is not read
    assert [t for t, _ in context] == turns
    assert [w for _, w in context] == [0.5, 1.0]  # the newest weighs most
    alone = Scorer(ScoringConfig()).scores(1, mems, message, NOW)
    mixed = scorer.scores(1, mems, message, NOW, context=context)
    assert mixed[1] - mixed[2] > alone[1] - alone[2]  # the thing named before gains on the other
    assert mixed[1] == max(mixed.values())


def test_the_gates() -> None:
    turns, message, thing, other = CASES["en"]
    mems = _memories(thing, other)
    named = "How much is a new Fiat?"
    assert Scorer(ON).conversation(1, mems, named, turns) == []  # names its thing, no pointing word
    assert Scorer(replace(ON, context_gate="all")).conversation(1, mems, named, turns) != []
    unnamed = replace(ON, context_gate="unnamed")
    assert Scorer(unnamed).conversation(1, mems, named, turns) == []  # "fiat" is held by a memory
    assert Scorer(unnamed).conversation(1, mems, "Same here!", turns) != []  # nothing the store holds
    off = replace(ON, context_lexical=0.0, context_weight=0.0)
    assert Scorer(off).conversation(1, mems, message, turns) == []  # the levers off: nothing read
    assert Scorer(ON).conversation(1, mems, message, []) == []
    assert Scorer(replace(ON, context_turns=1)).conversation(1, mems, message, turns) == [(turns[-1], 1.0)]


LOW = {
    "en": ("I'm so stressed about my sister today", "The user had a wonderful weekend in Cornwall with her sister"),
    "fr": ("Je suis épuisée, ma sœur m'inquiète", "L'utilisatrice était si heureuse de ses vacances avec sa sœur"),
    "zh": ("今天心情不好，我姐姐又生病了", "用户和姐姐去海边玩得特别开心"),
    "ms": ("Saya sedih sangat pasal kakak saya", "Pengguna sangat gembira bercuti dengan kakak di Langkawi"),
}


@pytest.mark.parametrize("lang", sorted(LOW))
def test_the_mood_part_lifts_a_good_memory_when_the_user_sounds_low(lang: str) -> None:
    message, good = LOW[lang]
    mems = [
        memory(1, good, kind="fact", at=NOW),
        memory(2, "The user pays the electricity bill by card", kind="fact", at=NOW),
        memory(3, "The user likes jazz", kind="preference", at=NOW),
    ]
    cfg = ScoringConfig(mood_bonus=2.0, priors_gate=0.0)  # ungated here: the flags themselves
    parts: dict = {}
    on = Scorer(cfg).scores(1, mems, message, NOW, parts=parts)
    off = Scorer(ScoringConfig(priors_gate=0.0, mood_bonus=0.0)).scores(1, mems, message, NOW)
    assert parts["mood"].tolist() == [2.0, 0.0, 2.0]  # a good memory and a preference
    assert on[1] - off[1] == pytest.approx(2.0, abs=1e-5)
    calm: dict = {}
    Scorer(cfg).scores(1, mems, "When is the bill due?", NOW, parts=calm)
    assert "mood" not in calm  # the message does not sound low: no term


def test_the_mood_part_is_gated_by_relevance() -> None:
    message, good = LOW["en"]
    mems = [memory(1, good, kind="fact", at=NOW)] + [
        memory(i, f"The user noted item {i} about gardening", kind="fact", at=NOW) for i in range(2, 9)
    ]
    mems.append(memory(9, "The user was thrilled to win a chess trophy", kind="fact", at=NOW))
    parts: dict = {}
    Scorer(ScoringConfig(mood_bonus=2.0)).scores(1, mems, message, NOW, parts=parts)
    mood = dict(zip(parts["ids"].tolist(), parts["mood"].tolist()))
    assert mood[1] > mood[9]  # the sister's good memory over an unrelated good one


def _levers(mem: Souvenir, cfg: ScoringConfig) -> None:
    scorer = mem.runtime.engine.reader.scores.scorer
    assert scorer is not None
    scorer.config = cfg


@pytest.mark.parametrize("lang", sorted(CASES))
def test_the_library_reads_the_messages(tmp_path, lang: str) -> None:
    turns, message, thing, other = CASES[lang]
    with Souvenir.open(tmp_path / "c.db", embedder="none", window_embedder="none", background=False) as mem:
        for text in [thing, other] + [f"The user noted item {i} about gardening" for i in range(6)]:
            mem.remember("zoe", text)
        _levers(mem, replace(ON, context_lexical=0.0, context_weight=0.0))
        first = [m.text for m in mem.context("zoe", message, messages=[*turns, message]).memories]
        _levers(mem, replace(ON, context_lexical=2.0, context_decay=1.0))
        with_messages = [m.text for m in mem.context("zoe", message, messages=[*turns, message]).memories]
        assert with_messages[0] == thing
        _levers(mem, replace(ON, context_lexical=0.0, context_weight=0.0))  # off: the message alone
        assert [m.text for m in mem.context("zoe", message, messages=[*turns, message]).memories] == first
        _levers(mem, replace(ON, context_lexical=2.0, context_decay=1.0))
        # no messages: the message alone (the recorded turns are not read)
        mem.add_turn("zoe", turns[0], reply=turns[1])
        alone = mem.context("zoe", message)
        assert alone.memories  # scored by the message alone


def test_the_defaults_read_the_turns_for_a_short_message_only() -> None:
    """The shipped defaults (session 21, cross-validated on the back-reference set): the
    turns count for a message of at most 8 index terms, at weight 1 then × 0.5 a turn."""
    turns, message, thing, other = CASES["fr"]
    mems = _memories(thing, other)
    got = Scorer(ScoringConfig()).conversation(1, mems, message, turns)
    assert got == [(turns[0], 0.5), (turns[1], 1.0)]
    long = "Oui, le chauffagiste Martin revient demain matin vers neuf heures avec la nouvelle carte électronique"
    assert Scorer(ScoringConfig()).conversation(1, mems, long, turns) == []
