"""Issue #26, round 7 (lane write8): admission kinds the fresh cases of
tests/cases/round3_extra7.jsonl missed, each in four languages — a relapse worded with the
thing only on one side ("Gave up sugar" / "Eating sugar again since the holidays"), a verb
taken up again by its prefix (« Remange »), 又喝上酒了, "Merokok balik"; a correcting adverb
inside a measured value ("Is actually 175 cm tall", « en réalité », 其实, "sebenarnya"); a
promotion "from X to Y" ("promoted from", « promue de », 从…升职为, "naik pangkat dari")."""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case
from souvenir.lexical.keyed import changed_from, user_keys
from souvenir.lexical.proposition import is_flip, proposition

RELAPSES = [
    ("en", "Gave up sugar in January", "Eating sugar again since the holidays"),
    ("fr", "Ne mange plus de viande", "Remange de la viande depuis l'été"),
    ("zh", "戒酒了", "最近又喝上酒了"),
    ("ms", "Dah berhenti merokok", "Merokok balik sejak raya"),
]
NOT_THE_SAME = [
    ("en", "Gave up sugar", "Eats chocolate again"),
    ("fr", "Ne mange plus de viande", "Remange du poisson"),
    ("zh", "戒酒了", "又喝上奶茶了"),
    ("ms", "Dah berhenti merokok", "Dah balik kampung"),
]


@pytest.mark.parametrize(("lang", "old", "new"), RELAPSES, ids=[c[0] for c in RELAPSES])
def test_a_relapse_flips_the_stop(lang, old, new):
    assert is_flip(proposition(old), proposition(new))


@pytest.mark.parametrize(("lang", "old", "new"), NOT_THE_SAME, ids=[c[0] for c in NOT_THE_SAME])
def test_another_thing_taken_up_flips_nothing(lang, old, new):
    assert not is_flip(proposition(old), proposition(new))


def test_a_verb_of_eating_stays_the_content_when_it_is_all_there_is():
    assert not is_flip(proposition("Doesn't eat"), proposition("Drinks"))
    assert is_flip(proposition("Quit drinking"), proposition("Relapsed, drinking again"))


CORRECTED = [
    ("en", "Is actually 175 cm tall", "height", "175 cm"),
    ("fr", "Est en réalité né le 13 juin 1990", "birth.date", "13 juin 1990"),
    ("zh", "其实身高是一米七二", "height", "一米七二"),
    ("ms", "Berat sebenarnya 65 kg", "weight", "65 kg"),
]


@pytest.mark.parametrize(("lang", "text", "key", "value"), CORRECTED, ids=[c[0] for c in CORRECTED])
def test_a_correcting_adverb_keeps_the_key(lang, text, key, value):
    assert dict(user_keys(text).values).get(key) == value


PROMOTED = [
    ("en", "Got promoted from clerk to supervisor", "supervisor", "clerk"),
    ("fr", "A été promue de caissière à gérante", "gérante", "caissière"),
    ("zh", "从会计升职为经理", "经理", "会计"),
    ("ms", "Naik pangkat dari kerani jadi penyelia", "penyelia", "kerani"),
]


@pytest.mark.parametrize(("lang", "text", "new", "old"), PROMOTED, ids=[c[0] for c in PROMOTED])
def test_a_promotion_from_x_to_y_keys_y(lang, text, new, old):
    assert dict(user_keys(text).values).get("occupation") == new
    assert changed_from(text) == ("occupation", old)


@pytest.mark.parametrize(
    "text", ["Promoted from the waiting list to the team", "Promue de la réserve à l'équipe première"]
)
def test_a_promotion_that_is_no_trade_keys_nothing(text):
    assert "occupation" not in dict(user_keys(text).values)


@pytest.mark.parametrize(("lang", "text", "new", "old"), PROMOTED, ids=[c[0] for c in PROMOTED])
def test_a_promotion_supersedes_the_bare_old_trade(lang, text, new, old):
    bare = {
        "en": f"Works as a {old}",
        "fr": f"Travaille comme {old}",
        "zh": f"职业是{old}",
        "ms": f"Kerja sebagai {old}",
    }
    case = {
        "id": f"promo-{lang}",
        "kind": "admit",
        "lang": lang,
        "existing": [{"text": bare[lang], "date": "2024-03-01", "kind": "fact"}],
        "incoming": {"text": text, "date": "2025-06-01", "kind": "fact"},
        "expect": {"active_count": 1, "active_contains": [new], "history_contains": [old]},
    }
    result = run_case(case)
    assert result.status == "passed", result.problems


# -- a light verb standing for a verb of consuming, negated (round 7's colloquial negation) ----

LIGHT = [
    ("en", "Nah, I don't really do coffee these days.", "Drinks coffee", "I do coffee every morning."),
    ("fr", "Je touche pas à la cigarette.", "Fume des cigarettes", "Je touche à la cigarette le week-end."),
    ("zh", "我早就不碰酒了", "喝酒", "我偶尔碰酒"),
    ("ms", "Saya dah tak sentuh rokok.", "Hisap rokok", "Saya sentuh rokok sekali-sekala."),
]


@pytest.mark.parametrize(("lang", "message", "text", "positive"), LIGHT, ids=[c[0] for c in LIGHT])
def test_a_negated_light_verb_negates_the_consuming(lang, message, text, positive):
    from souvenir.ground.types import Candidate
    from souvenir.write.filters import Exchange
    from souvenir.write.filters.negation import negation_filter

    assert not negation_filter(Candidate(text), Exchange(user_message=message)).kept
    assert negation_filter(Candidate(text), Exchange(user_message=positive)).kept
    other = {
        "en": "I don't do mornings.",
        "fr": "Je touche pas à mon épargne.",
        "zh": "我不碰辣的",
        "ms": "Saya tak sentuh kerja dia.",
    }
    assert negation_filter(Candidate(text), Exchange(user_message=other[lang])).kept


# -- a subjectless note with an adverb of habit is no imperative (round 6's "Don't really…") --

NOTES = [
    ("en", "Don't really eat sugar anymore", "Eats sugar", "Don't eat sugar anymore"),
    ("fr", "Ne mange plus vraiment de sucre", "Mange du sucre", None),
    ("zh", "不太吃糖了", "吃糖", "别吃糖了"),
    ("ms", "Dah tak berapa makan gula", "Makan gula", "Jangan makan gula lagi"),
]


@pytest.mark.parametrize(("lang", "note", "text", "order"), NOTES, ids=[c[0] for c in NOTES])
def test_a_subjectless_note_negates_an_order_does_not(lang, note, text, order):
    from souvenir.ground.types import Candidate
    from souvenir.write.filters import Exchange
    from souvenir.write.filters.negation import negation_filter

    assert not negation_filter(Candidate(text), Exchange(user_message=note)).kept
    if order is not None:  # an order to the assistant says nothing of the user
        assert negation_filter(Candidate(text), Exchange(user_message=order)).kept
