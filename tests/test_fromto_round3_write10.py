""" "From X to Y" whose X is an older memory (issue #26, round 3, lane write10): a car with a
year or an adjective before the maker, a job change that names the old trade of a memory
keyed with more (its employer), 从X转成Y after 在…做X; en / fr / zh / ms, through the runner of
``souvenir eval cases`` (the real write path on a real SQLite file)."""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case

RETIRES = [
    ("en", "Drives a 2016 Toyota Corolla", "Traded the Corolla for a hybrid Honda Jazz", "Honda Jazz"),
    ("en", "Drives a red Mazda 3", "Switched from the Mazda to a used Volvo", "Volvo"),
    ("en", "Works as a waiter at Nando's", "Went from waiter to shift manager", "shift manager"),
    ("fr", "Conduit une vieille Clio", "Est passé de la Clio à une Peugeot 208", "Peugeot"),
    ("fr", "Travaille comme serveur chez Flunch", "Est passé de serveur à responsable de salle", "responsable"),
    ("fr", "Travaille comme vendeuse chez Darty", "Est passée de vendeuse à cheffe d'équipe", "cheffe"),
    ("zh", "在一家银行做柜员", "从柜员转成了客户经理", "客户经理"),
    ("zh", "在医院当护士", "由护士转岗为护士长", "护士长"),
    ("zh", "开的是一辆二手的丰田", "从丰田换成了比亚迪", "比亚迪"),
    ("ms", "Bawa kereta Saga", "Tukar kereta dari Saga ke Perodua Bezza", "Bezza"),
    ("ms", "Bekerja sebagai kerani di Maybank", "Tukar kerja dari kerani ke jurutera", "jurutera"),
]

KEEPS = [
    # a change of another thing, or that names another value, leaves the memory
    ("en", "Drives a 2016 Toyota Corolla", "Switched from tea to coffee", "Corolla"),
    ("fr", "Travaille comme serveur chez Flunch", "Est passé de plongeur à commis", "serveur"),
    ("zh", "在一家银行做柜员", "从兼职转成了全职", "柜员"),
    ("ms", "Bawa kereta Saga", "Tukar kerja dari kerani ke jurutera", "Saga"),
]


def _case(lang: str, old: str, new: str, expect: dict) -> dict:
    return {
        "id": f"w10-{lang}",
        "kind": "admit",
        "lang": lang,
        "existing": [{"text": old, "date": "2024-01-01", "kind": "fact"}],
        "incoming": {"text": new, "date": "2025-01-01", "kind": "fact"},
        "expect": expect,
        "why": "[from_to]",
    }


@pytest.mark.parametrize(("lang", "old", "new", "now"), RETIRES, ids=[f"{r[0]}-{i}" for i, r in enumerate(RETIRES)])
def test_from_x_to_y_retires_x(lang, old, new, now):
    result = run_case(_case(lang, old, new, {"active_count": 1, "active_contains": [now], "history_contains": [old]}))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(("lang", "old", "new", "kept"), KEEPS, ids=[f"{r[0]}-{i}" for i, r in enumerate(KEEPS)])
def test_another_x_leaves_the_memory(lang, old, new, kept):
    result = run_case(_case(lang, old, new, {"active_count": 2, "active_contains": [kept]}))
    assert result.status == "passed", result.problems


#: A relapse with what set it off or how much after it retires the stop (the "back" kind).
RELAPSES = [
    ("en", "Stopped drinking energy drinks", "Drinking energy drinks again since exam season began", "again"),
    ("en", "Quit vaping", "Vaping again since the breakup", "again"),
    ("fr", "A arrêté de fumer", "Fume à nouveau depuis le divorce", "nouveau"),
    ("fr", "A arrêté le café", "Reboit du café, trois tasses par jour", "trois tasses"),
    ("zh", "戒了奶茶", "奶茶又喝回来了，一周三杯", "一周三杯"),
    ("zh", "戒了烟", "烟又抽回来了，一天半包", "半包"),
    ("ms", "Dah berhenti minum kopi", "Minum kopi semula sejak kerja malam", "semula"),
    ("ms", "Berhenti merokok", "Merokok balik, sehari lima batang", "lima batang"),
]

#: A detail that is a new state, not the stop's own, leaves the stop.
NOT_RELAPSES = [
    ("en", "Stopped biting nails", "Started a new job since March, loves it", "Stopped biting"),
    ("zh", "戒了可乐", "换了新工作，一天两杯咖啡", "戒了可乐"),
]


@pytest.mark.parametrize(("lang", "old", "new", "now"), RELAPSES, ids=[f"{r[0]}-{i}" for i, r in enumerate(RELAPSES)])
def test_a_relapse_with_a_detail_retires_the_stop(lang, old, new, now):
    result = run_case(_case(lang, old, new, {"active_count": 1, "active_contains": [now], "history_contains": [old]}))
    assert result.status == "passed", result.problems


@pytest.mark.parametrize(
    ("lang", "old", "new", "kept"), NOT_RELAPSES, ids=[f"{r[0]}-{i}" for i, r in enumerate(NOT_RELAPSES)]
)
def test_another_state_leaves_the_stop(lang, old, new, kept):
    result = run_case(_case(lang, old, new, {"active_count": 2, "active_contains": [kept]}))
    assert result.status == "passed", result.problems
