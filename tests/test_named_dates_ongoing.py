"""A month after a start word, said in December (session 24, integrator, from the blind
``dlg6-zh`` run): model15 read "from January" with no past marker as what comes (a plan: 2027-01);
a state going on since then (从一月起在休病假 "has been on leave since January", "from March
I've been looking for work") is the past month."""

from __future__ import annotations

from datetime import date

import pytest

from souvenir.lexical.named_dates import ground_named

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize(
    ("text", "grounded"),
    [
        ("我姐姐从一月起因为职业倦怠在休病假。", "2026-01"),
        ("从三月起我一直在找工作。", "2026-03"),
        ("From March I've been working nights.", "2026-03"),
        ("从一月起我要涨价。", "2027-01"),  # a plan: what comes
        ("从一月起我们公司在家办公。", "2027-01"),  # 在 as "at": no state going on
        ("From January I'm putting my rate up.", "2027-01"),
    ],
)
def test_a_state_going_on_since_the_month_is_the_past_month(text, grounded):
    assert grounded in ground_named(text, TODAY)
