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
