"""Session 12's admission rules in four languages: a change "from X to Y" keys Y and retires a
bare statement of X; measured values compared by their numbers in order; a quantity keyed only
with its money or unit (a suite's "pays €9.99 a month" retired the user's salary)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from souvenir.lexical.keyed import changed_from, says_only, user_keys
from souvenir.ground.types import Candidate, Memory
from souvenir.write.admission import decide


def _at(month: int) -> datetime:
    return datetime(2025, month, 1, tzinfo=timezone.utc)


def _decide(stored: list[str], new: str):
    memories = [Memory(i + 1, 1, t, created_at=_at(i + 1), updated_at=_at(i + 1)) for i, t in enumerate(stored)]
    return decide(Candidate(new, time=_at(9)), memories, _at(9))


@pytest.mark.parametrize(
    "old,change,value",
    [
        ("Is a waiter", "Switched from waiter to barista", "waiter"),
        ("Is a teacher", "Changed careers from teacher to software developer", "teacher"),
        ("Est comptable", "S'est reconverti de comptable en ébéniste", "comptable"),
        ("Est infirmière", "Est passée d'infirmière à sage-femme", "infirmière"),
        ("在银行做柜员", "从银行柜员换到了保险销售", "银行柜员"),
        ("当厨师", "工作由厨师换成了外卖骑手", "厨师"),
        ("Seorang jurujual", "Tukar kerja dari jurujual jadi pereka grafik", "jurujual"),
        ("Seorang pemandu lori", "Bertukar daripada pemandu lori kepada mekanik", "pemandu lori"),
    ],
)
def test_a_change_from_x_retires_a_bare_x(old, change, value):
    assert changed_from(change) == ("occupation", value)
    assert says_only(old, value)
    decision = _decide([old], change)
    assert decision.action == "supersede" and decision.target_id == 1, decision


@pytest.mark.parametrize(
    "text",
    [
        "Switched from coffee to tea",
        "Went from smoker to non-smoker",
        "Went from London to Paris",
        "Bertukar dari kopi kepada teh",
        "从北京换到了上海",
        "Est passé du thé au café",
    ],
)
def test_a_change_of_something_else_keys_no_occupation(text):
    assert "occupation" not in user_keys(text).keys


@pytest.mark.parametrize(
    "stored,new",
    [
        ("Is a teacher and loves hiking", "Switched from teacher to nurse"),  # says more than X
        ("Sister is a teacher", "Switched from teacher to nurse"),
        ("妹妹在银行做柜员", "从银行柜员换到了保险销售"),
        ("Kakak seorang jurujual", "Tukar kerja dari jurujual jadi pereka grafik"),
    ],
)
def test_a_memory_saying_more_or_about_someone_else_stays(stored, new):
    assert _decide([stored], new).action == "insert"


@pytest.mark.parametrize(
    "old,new",
    [
        ("Birthday is on 3 May", "Birthday is actually on 5 March"),
        ("生日是5月3日", "生日其实是3月5日"),
        ("Est né le 12 avril 1990", "Est né en fait le 21 avril 1990"),
        ("Hari jadi pada 7 Julai", "Hari jadi sebenarnya pada 17 Julai"),
        ("Is 5'9\" tall", "Is 5'10\" tall"),
        ("月薪一万", "月薪涨到一万二了"),
    ],
)
def test_measured_values_differ_by_their_numbers_in_order(old, new):
    decision = _decide([old], new)
    assert decision.action == "supersede" and decision.target_id == 1, decision


@pytest.mark.parametrize(
    "text",
    [
        "The user pays €9.99 a month for the premium plan",
        "Makes 3 loaves of bread every Sunday",
        "Gagne 3 matchs sur 4",
        "Stands 3 hours a day at work",
        "Weighs 3 options before deciding",
        "Pèse 3 fois ses mots",
        "Mesure 2 fois la pièce",
    ],
)
def test_no_quantity_key_without_money_or_unit(text):
    assert not user_keys(text), text


@pytest.mark.parametrize(
    "text,key",
    [
        ("Makes 60k a year", "salary"),
        ("Gagne 2 500 euros par mois", "salary"),
        ("Gaji RM3500 sebulan", "salary"),
        ("月薪一万", "salary"),
        ("Weighs 11 stone", "weight"),
        ("Pèse 70 kilos", "weight"),
        ("体重130斤", "weight"),
        ("Berat 80 kg", "weight"),
        ("Mesure 1m75", "height"),
        ("Tinggi badan saya ialah 170 cm", "height"),
    ],
)
def test_quantities_with_money_or_unit_are_keyed(text, key):
    assert key in user_keys(text).keys, text


def test_a_subscription_never_retires_the_salary():
    assert _decide(["Earns 42000 € brut par an"], "The user pays €9.99 a month for the premium plan").action == "insert"
