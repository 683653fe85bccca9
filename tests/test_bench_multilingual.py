"""`souvenir bench multilingual` runs the suite through the real selection and reports its splits."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from souvenir.cli import app
from tests.conftest import shared_path


def test_bench_multilingual_reports_every_split():
    suite = shared_path("data", "multilingual", "suite.json")
    result = CliRunner().invoke(app, ["bench", "multilingual", str(suite), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["queries"] == 80 and set(report["by_language"]) == {"en", "fr", "ms", "zh"}
    assert 0.0 <= report["cross"] <= 1.0 and 0.0 <= report["overall"] <= 1.0
    assert report["overall"] >= 0.85  # USE's plain ranking measured 0.908 here; a collapse would show
