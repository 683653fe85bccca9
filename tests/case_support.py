"""What the write tests run through the shared case runner (:func:`souvenir.bench.cases.run_case`)
share: a filter case — a candidate fact of the user's message, global, at confidence 0.8."""

from __future__ import annotations

from souvenir.bench.cases import run_case


def filter_case(lang: str, message: str, candidate: str, kept: bool, why: str, case_id: str = "t") -> dict:
    """The filter case: ``candidate`` (a global fact at 0.8) of ``message`` is ``kept`` or not."""
    return {
        "id": case_id,
        "kind": "filter",
        "lang": lang,
        "user_message": message,
        "candidate": {"text": candidate, "kind": "fact", "scope": "global", "confidence": 0.8},
        "expect": {"kept": kept},
        "why": why,
    }


def kept_by_filters(lang: str, message: str, candidate: str, why: str = "[kind] test") -> bool:
    """Whether the filters keep ``candidate`` (a global fact at 0.8) of ``message``."""
    return run_case(filter_case(lang, message, candidate, True, why)).status == "passed"
