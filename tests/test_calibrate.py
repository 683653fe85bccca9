"""`souvenir calibrate dedup`: all pairs scored, closest pairs on each side of 0.80."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from souvenir.bench.calibrate import dedup_pairs
from souvenir.cli.main import app

TEXTS = [
    "Le contrat prévoit 10 séances à 200 € chacune.",
    "Le contrat prévoit 3 séances à 50 € chacune.",
    "Aime le thé vert mais pas le thé noir",
    "Aime le thé vert, pas le thé noir",
    "Habite à Tournefeuille depuis 2019",
]


def test_all_pairs_are_scored_and_split_by_the_threshold():
    report = dedup_pairs(TEXTS, closest=5)
    assert report["pairs"] == 10 and sum(n for _, n in report["histogram"]) == 10
    assert [(p["a"], p["b"]) for p in report["above"]] == [(TEXTS[2], TEXTS[3])]
    contract = next(p for p in report["below"] if p["a"] == TEXTS[0] and p["b"] == TEXTS[1])
    assert contract["raw"] >= 0.80 > contract["score"]  # held under by the carrier cap
    assert report["capped"] >= 1


def test_cli_reads_jsonl(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join(json.dumps({"text": t}, ensure_ascii=False) for t in TEXTS), encoding="utf-8")
    result = CliRunner().invoke(app, ["calibrate", "dedup", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["pairs"] == 10
    text = CliRunner().invoke(app, ["calibrate", "dedup", str(path)]).output
    assert "closest pairs above the threshold" in text and "10 pairs" in text


def test_pairs_above_the_threshold_carry_the_write_paths_verdict(tmp_path):
    texts = [
        "Gina's favorite dance style is contemporary.",
        "Jon's favorite dance style is contemporary.",
        "Aime le jazz",
        "Aime le jazz et la bossa nova",
    ]
    report = dedup_pairs(texts, closest=5)
    verdicts = {(p["a"], p["b"]): p["verdict"] for p in report["above"]}
    assert verdicts[(texts[0], texts[1])].startswith("refused: it is about different people")
    assert verdicts[(texts[2], texts[3])] == "one fact"
    assert report["refused"] == 1
    # several files: pairs within each file only
    for name, group in (("a.txt", texts[:2]), ("b.txt", texts[2:])):
        (tmp_path / name).write_text("\n".join(group), encoding="utf-8")
    out = CliRunner().invoke(app, ["calibrate", "dedup", str(tmp_path / "a.txt"), str(tmp_path / "b.txt"), "--json"])
    assert json.loads(out.output)["pairs"] == 2
