"""Every runnable case of ../shared/cases (admit, filter, select) through the real code.

``admit`` runs the engine's write path on a real (in-memory) SQLite store; ``filter`` the
model filter chain; ``select`` the selection function. The same runner serves
``souvenir eval cases``, tested here too.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from souvenir.bench.cases import RUNNABLE, run_case
from souvenir.cli.main import app
from tests.conftest import shared_cases

CASES = [case for kind in RUNNABLE for case in shared_cases(kind)]


@pytest.mark.shared
@pytest.mark.parametrize("case", CASES or [None], ids=[c["id"] for c in CASES] or ["absent"])
def test_shared_case(case):
    if case is None:
        pytest.skip("no runnable case: ../shared/cases is absent (a user's own clone)")
    result = run_case(case)
    assert result.status == "passed", f"{case['id']}: {result.problems} — why: {case['why']}"


def test_eval_cases_cli_reports_and_fails(tmp_path):
    good = {
        "id": "t1",
        "kind": "admit",
        "lang": "fr",
        "why": "same fact twice",
        "existing": [{"text": "Aime le jazz et la bossa nova", "date": "2024-01-10", "kind": "preference"}],
        "incoming": {"text": "Aime le jazz", "date": "2024-05-01", "kind": "preference"},
        "expect": {"active_count": 1, "date_of": {"bossa nova": "2024-01-10"}},
    }
    bad = dict(good, id="t2", expect={"active_count": 2})
    other = {"id": "t3", "kind": "latency", "lang": "en", "why": "integration"}
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join(json.dumps(c) for c in (good, bad, other)), encoding="utf-8")
    result = CliRunner().invoke(app, ["eval", "cases", str(path)])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    assert any(line.startswith("FAIL t2") for line in lines)
    assert "skipped: 1" in result.output
    path.write_text(json.dumps(good), encoding="utf-8")
    assert CliRunner().invoke(app, ["eval", "cases", str(path)]).exit_code == 0
