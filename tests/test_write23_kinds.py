"""Issue #26, session 20 (lane write23): the write path's leftover kinds, four languages, on wordings of
no case file — a return to a value already in history, a relapse on a kind of the thing stopped
(:mod:`souvenir.lexical.kinds_of`), near-synonyms of one membership ended, an event moved with no verb of
moving, "from X to Y" followed by a clause, never-mind forms kept as nothing.

Admissions run through :func:`souvenir.bench.cases.run_case` (the engine on a fresh SQLite store)."""

from __future__ import annotations

import pytest

from souvenir.bench.cases import run_case

DAYS = ("2023-01-09", "2024-03-04", "2024-09-01")


def _admit(olds: list[str], new: str, active_has: str, gone: list[str]) -> list[str]:
    case = {
        "id": "w23",
        "kind": "admit",
        "existing": [{"text": t, "date": DAYS[i]} for i, t in enumerate(olds)],
        "incoming": {"text": new, "date": "2025-02-17"},
        "expect": {"active_contains": [active_has], "active_excludes": gone, "history_contains": gone},
    }
    return list(run_case(case).problems)


def _kept_beside(olds: list[str], new: str) -> list[str]:
    case = {
        "id": "w23",
        "kind": "admit",
        "existing": [{"text": t, "date": DAYS[i]} for i, t in enumerate(olds)],
        "incoming": {"text": new, "date": "2025-02-17"},
        "expect": {"active_contains": [olds[-1], new[:12]]},
    }
    return list(run_case(case).problems)


# 1. A return to what a move away already superseded (the older value is in history).
RETURNS_OVER_HISTORY = [
    (
        ["Lives in a flat in Glasgow", "Moved to a cottage in the countryside near Oban"],
        "Back in Glasgow, renting near the university",
        ["cottage"],
    ),
    (
        ["Travaille au bureau de Lyon", "Est passée en télétravail à plein temps"],
        "De retour au bureau de Lyon trois jours par semaine",
        ["télétravail"],
    ),
    (["住在成都", "搬到深圳了"], "又搬回成都了", ["深圳"]),
    (["在上海分公司上班", "跳槽到深圳总部了"], "又回上海分公司上班了", ["深圳总部"]),
    (
        ["Kerja di pejabat Shah Alam", "Dah tukar kerja dari rumah sepenuh masa"],
        "Dah balik kerja di pejabat Shah Alam",
        ["dari rumah"],
    ),
]


@pytest.mark.parametrize(("olds", "new", "gone"), RETURNS_OVER_HISTORY, ids=lambda v: str(v)[:24])
def test_return_over_a_value_in_history(olds, new, gone):
    assert _admit(olds, new, new[:8], gone) == []


# 1. A relapse or a stop named by a kind and one of its things.
KIND_RELAPSES = [
    (["Quit gambling last year"], "Started playing poker again with the lads", ["Quit gambling"]),
    (["Stopped drinking beer in January"], "Back to drinking at weekends", ["Stopped drinking beer"]),
    (["A arrêté de fumer"], "A repris les clopes depuis son nouveau boulot", ["arrêté de fumer"]),
    (["已经戒了赌"], "又开始打德州扑克了", ["戒了赌"]),
    (["Dah berhenti berjudi"], "Main poker semula dengan kawan-kawan lama", ["berhenti berjudi"]),
]


@pytest.mark.parametrize(("olds", "new", "gone"), KIND_RELAPSES, ids=lambda v: str(v)[:24])
def test_relapse_on_a_kind(olds, new, gone):
    assert _admit(olds, new, new[:8], gone) == []


NOT_THE_SAME_HABIT = [
    (["Quit gambling"], "Went back to the office after lunch"),
    (["Stopped drinking wine"], "Started playing poker again"),
    (["已经戒了烟"], "又开始喝啤酒了"),
    (["A arrêté les jeux vidéo"], "A repris le poker en ligne"),
    (["Dah berhenti merokok"], "Main Mobile Legends semula"),
]


@pytest.mark.parametrize(("olds", "new"), NOT_THE_SAME_HABIT, ids=lambda v: str(v)[:24])
def test_another_kind_is_no_relapse(olds, new):
    assert _kept_beside(olds, new) == []


# 5. One membership by its place, its card or its membership: ended under another of its names.
SAME_THING_ENDED = [
    (["Goes to the gym three times a week"], "Cancelled my gym membership", "Goes to the gym"),
    (["办了健身卡"], "健身房不去了", "办了健身卡"),
    (["每周去三次健身房"], "把健身卡退了", "每周去三次健身房"),
    (["A un abonnement à la salle"], "A arrêté la salle de sport", "abonnement à la salle"),
    (["Va à la salle de sport trois fois par semaine"], "A résilié son abonnement à la salle", "Va à la salle"),
    (["Ada keahlian gim"], "Dah berhenti pergi gim", "keahlian gim"),
    (["Pergi gim tiga kali seminggu"], "Dah batalkan keahlian gim", "Pergi gim"),
]


@pytest.mark.parametrize(("olds", "new", "gone"), SAME_THING_ENDED, ids=lambda v: str(v)[:24])
def test_one_membership_by_its_names(olds, new, gone):
    assert _admit(olds, new, new[:8], [gone]) == []


ANOTHER_MEMBERSHIP = [
    (["Has a gym membership"], "Cancelled my Netflix subscription"),
    (["Goes to the gym every morning"], "Stopped going to the swimming pool"),
    (["办了健身卡"], "把游泳卡退了"),
    (["Va à la salle de sport le lundi"], "A résilié son abonnement à la piscine"),
    (["Ada keahlian gim"], "Dah batalkan keahlian kolam renang"),
]


@pytest.mark.parametrize(("olds", "new"), ANOTHER_MEMBERSHIP, ids=lambda v: str(v)[:24])
def test_another_membership_is_not_ended(olds, new):
    assert _kept_beside(olds, new) == []


# 6. "From X to Y" followed by a clause of time: the new trade is still read.
FROM_TO_THEN_CLAUSE = [
    (["Works as a cashier"], "From cashier to store manager after the restructuring", "Works as"),
    (["Travaille comme chauffeur"], "De chauffeur à moniteur d'auto-école après la formation", "Travaille comme"),
    (["在公司当会计"], "从会计到产品经理，读完MBA以后", "当会计"),
    (["Bekerja sebagai kerani"], "Dari kerani ke penyelia selepas kursus tu", "Bekerja sebagai"),
]


@pytest.mark.parametrize(("olds", "new", "gone"), FROM_TO_THEN_CLAUSE, ids=lambda v: str(v)[:24])
def test_from_to_with_a_trailing_clause(olds, new, gone):
    assert _admit(olds, new, new[:8], [gone]) == []


def test_from_place_to_place_is_no_trade():
    from souvenir.lexical.keyed import user_keys

    assert user_keys("从北京到上海要五个小时").get("occupation") is None
    assert user_keys("Pergi kursus di KL minggu ni").get("occupation") is None
