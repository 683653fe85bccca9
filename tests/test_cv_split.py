"""The benches' configuration split (``bench.cv_levers._split``): a key that is no
configuration field and no bench option is refused by name (a grid naming a removed lever
would otherwise measure the defaults; docs/journal.md "Session 14, lane prune2")."""

from __future__ import annotations

import pytest

from bench.cv_evaluator import _split


def test_fields_and_bench_options_split():
    scoring, selection, rest = _split({"speaker_bonus": 2.0, "limit": 10, "window_query_role": "passage"})
    assert scoring.speaker_bonus == 2.0 and selection.limit == 10
    assert rest == {"window_query_role": "passage"}


def test_an_unknown_key_is_an_error_naming_it():
    with pytest.raises(ValueError, match="first_speaker_bonus"):
        _split({"first_speaker_bonus": 4.0})


def test_a_callers_own_key_passes_when_allowed():
    _, _, rest = _split({"s_w": 0.5}, allowed={"s_w"})
    assert rest == {"s_w": 0.5}
