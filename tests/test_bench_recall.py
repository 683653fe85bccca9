"""`souvenir bench recall`: modes, baselines, bootstrap and the JSON shape, on a tiny
LoCoMo-shaped conversation written by the test (the shared data are not needed here)."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
from typer.testing import CliRunner

from souvenir.bench.baselines import Bm25Ranking, bm25_tokens, recency_ranking
from souvenir.bench.recall_metrics import bootstrap_ci, summarise
from souvenir.bench.recall import turn_sources
from souvenir.cli.main import app
from souvenir.replay.formats import parse_locomo
from souvenir.ground.types import Memory

from .conftest import shared_path

CONVERSATION = {
    "speaker_a": "Alice",
    "speaker_b": "Bob",
    "session_1_date_time": "1:56 pm on 8 May, 2023",
    "session_1": [
        {"speaker": "Alice", "dia_id": "D1:1", "text": "I adopted a grey cat named Pixel last week."},
        {"speaker": "Bob", "dia_id": "D1:2", "text": "Lovely! I started learning the cello at the community school."},
        {"speaker": "Alice", "dia_id": "D1:3", "text": "Pixel sleeps on my keyboard every morning."},
        {"speaker": "Bob", "dia_id": "D1:4", "text": "My cello teacher comes from Vienna."},
    ],
    "session_2_date_time": "10:00 am on 20 June, 2023",
    "session_2": [
        {"speaker": "Alice", "dia_id": "D2:1", "text": "We moved to a flat near the harbour in Lisbon."},
        {
            "speaker": "Bob",
            "dia_id": "D2:2",
            "text": "I played my first cello recital on Saturday.",
            "blip_caption": "a cello on a stage",
        },
        {"speaker": "Alice", "dia_id": "D2:3", "text": "The harbour view from our balcony is amazing."},
        {"speaker": "Bob", "dia_id": "D2:4", "text": "Next I want to join an orchestra."},
    ],
    "session_1_observation": {
        "Alice": [
            ["Alice adopted a grey cat named Pixel.", "D1:1"],
            ["Pixel sleeps on Alice's keyboard every morning.", ["D1:3"]],
        ],
        "Bob": [["Bob is learning the cello with a teacher from Vienna.", "D1:2; D1:4"]],
    },
    "session_2_observation": {
        "Alice": [["Alice moved to a flat near the harbour in Lisbon.", ["D2:1", "D 2:3"]]],
        "Bob": [["Bob played his first cello recital.", "D2:2"], ["Bob wants to join an orchestra.", "D2:4"]],
    },
    "qa": [
        {"question": "What is the name of Alice's cat?", "answer": "Pixel", "evidence": ["D1:1"], "category": 4},
        {"question": "Where did Alice move to?", "answer": "Lisbon", "evidence": ["D2:1", "D2:3"], "category": 1},
        {
            "question": "When did Bob play his first recital?",
            "answer": "June 2023",
            "evidence": ["D2:2"],
            "category": 2,
        },
        {"question": "Where is Bob's cello teacher from?", "answer": "Vienna", "evidence": ["D1:4"], "category": 3},
        {
            "question": "What instrument does Alice play?",
            "adversarial_answer": "cello",
            "evidence": ["D1:2"],
            "category": 5,
        },
    ],
}

FIGURE_KEYS = {"recall@24", "recall@5", "recall@10", "ci95", "n", "by_category"}


@pytest.fixture
def locomo_dir(tmp_path):
    folder = tmp_path / "locomo"
    folder.mkdir()
    (folder / "conv-1.json").write_text(json.dumps(CONVERSATION), encoding="utf-8")
    return folder


def _bench(*args: str) -> dict:
    result = CliRunner().invoke(app, ["bench", "recall", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_all_modes_and_local_baselines_report_the_documented_shape(locomo_dir, tmp_path):
    report = _bench(str(locomo_dir), "--baselines", "bm25,dense,recency", "--cache", str(tmp_path / "cache"))
    assert set(report["modes"]) == {"raw", "observations", "both"}
    assert report["questions"] == 4 and report["conversations"] == ["conv-1"]  # category 5 left out
    assert report["k"] == 24 and report["categories"] == [1, 2, 3, 4] and "mem0" not in report
    for mode, figures in report["modes"].items():
        assert figures["questions"] == 4 and figures["ceiling"] == 1.0
        for method in ("product", "bm25", "dense", "recency"):
            figure = figures[method]
            assert FIGURE_KEYS <= set(figure), (mode, method)
            lo, hi = figure["ci95"]
            assert 0.0 <= lo <= figure["recall@24"] <= hi <= 1.0
            assert set(figure["by_category"]) == {"1", "2", "3", "4"}
            assert all(c["n"] == 1 for c in figure["by_category"].values())
            # fewer than 24 memories: every method returns them all, every evidence turn is found
            assert figure["recall@24"] == 1.0, (mode, method)
            assert figure["recall@5"] <= figure["recall@10"] <= 1.0
        assert set(figures["product"]["by_conversation"]) == {"conv-1"}
    stores = {mode: figures["store"] for mode, figures in report["modes"].items()}
    assert stores["raw"]["memories"] == 8 and stores["raw"]["writes"] == {"turn:insert": 8}
    observed = stores["observations"]["writes"]
    assert sum(observed.values()) == 6 and observed.get("observation:insert", 0) >= 5
    assert stores["both"]["memories"] >= stores["raw"]["memories"]


def test_cached_stores_are_reused_with_the_same_figures(locomo_dir, tmp_path):
    cache = tmp_path / "c"
    cache.mkdir()
    abandoned = cache / ".building-999999999-conv-1-raw-0123456789abcdef.db"  # a stopped run's
    abandoned.write_bytes(b"half")
    args = (str(locomo_dir), "--mode", "raw,observations", "--baselines", "bm25", "--cache", str(cache))
    first, second = _bench(*args), _bench(*args)
    assert not abandoned.exists()
    for mode in ("raw", "observations"):
        assert first["modes"][mode]["store"]["built"] == 1 and first["modes"][mode]["store"]["reused"] == 0
        assert second["modes"][mode]["store"]["built"] == 0 and second["modes"][mode]["store"]["reused"] == 1
        assert second["modes"][mode]["store"]["writes"] == first["modes"][mode]["store"]["writes"]
        for method in ("product", "bm25"):
            assert second["modes"][mode][method] == first["modes"][mode][method]
    assert set(first["modes"]) == {"raw", "observations"}


def test_mem0_that_cannot_be_installed_is_an_error_in_the_report_not_a_failed_run(locomo_dir, tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("SOUVENIR_MEM0_VENV", str(blocker / "venv"))  # python -m venv cannot create it
    report = _bench(str(locomo_dir), "--mode", "raw", "--baselines", "recency,mem0")
    assert "error" in report["modes"]["raw"]["mem0"] and "venv" in report["mem0"]["error"]
    assert report["modes"]["raw"]["recency"]["recall@24"] == 1.0


def test_unknown_conversation_or_mode_is_a_clear_error(locomo_dir):
    for args in (["--conversations", "conv-99"], ["--mode", "turns"]):
        result = CliRunner().invoke(app, ["bench", "recall", str(locomo_dir), *args])
        assert result.exit_code == 2
        assert "conv-99" in result.output or "turns" in result.output


def test_plot_is_written(locomo_dir, tmp_path):
    pytest.importorskip("matplotlib", reason="the figure needs the bench extra (matplotlib)")
    target = tmp_path / "figure.png"
    _bench(str(locomo_dir), "--mode", "raw", "--baselines", "bm25,recency", "--plot", str(target))
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_observations_are_parsed_once_with_every_evidence_id(locomo_dir):
    conv = parse_locomo(locomo_dir / "conv-1.json")
    assert len(conv.observations) == 6  # listed once, not once per place the parser looks
    by_text = {o.text: o for o in conv.observations}
    assert by_text["Bob is learning the cello with a teacher from Vienna."].evidence == ("D1:2", "D1:4")
    lisbon = by_text["Alice moved to a flat near the harbour in Lisbon."]
    assert lisbon.evidence == ("D2:1", "D2:3") and lisbon.session == 2 and lisbon.time.month == 6
    assert conv.malformed_observation_evidence == 1  # "D 2:3", normalised and counted


def test_comma_joined_sources_map_back_to_turn_ids():
    assert turn_sources({1: {"D1:2,D1:4", "D3:1"}, 2: {"D2:2"}}) == {1: {"D1:2", "D1:4", "D3:1"}, 2: {"D2:2"}}


def test_bootstrap_interval_is_fixed_and_brackets_the_mean():
    values = [0.0, 1.0, 0.5, 1.0, 0.0, 1.0, 1.0, 0.25]
    lo, hi = bootstrap_ci(values)
    assert (lo, hi) == bootstrap_ci(values) and lo <= sum(values) / len(values) <= hi
    assert bootstrap_ci([]) == (0.0, 0.0) and bootstrap_ci([0.5, 0.5]) == (0.5, 0.5)
    summary = summarise([{"recall@24": v, "recall@5": v / 2} for v in values], ("recall@24", "recall@5", "recall@10"))
    assert set(summary) == {"recall@24", "recall@5", "ci95", "n"} and summary["ci95"] == [lo, hi]


def test_baselines_rank_by_words_and_by_date():
    assert bm25_tokens("Alice's 灰猫 Pixel!") == ["alice", "s", "灰", "猫", "pixel"]
    day = lambda d: datetime(2023, 5, d, tzinfo=timezone.utc)  # noqa: E731
    memories = [
        Memory(1, 1, "Alice adopted a cat named Pixel", updated_at=day(1)),
        Memory(2, 1, "Bob learns the cello in Vienna", updated_at=day(3)),
        Memory(3, 1, "Alice moved to Lisbon", updated_at=day(2)),
        Memory(4, 1, "undated note"),
    ]
    assert Bm25Ranking(memories).rank("Where does Bob learn the cello?")[0] == 2
    assert recency_ranking(memories) == [2, 3, 1, 4]
    assert Bm25Ranking([]).rank("anything") == []


@pytest.mark.shared
def test_locomo_observations_map_to_turns():
    """Every gold observation of the shared conversations names turns that exist."""
    for path in sorted(shared_path("data", "locomo").glob("conv-*.json")):
        conv = parse_locomo(path)
        turns = {t.dia_id for t in conv.turns}
        assert conv.observations and all(o.evidence and set(o.evidence) <= turns for o in conv.observations)
    assert len(parse_locomo(shared_path("data", "locomo", "conv-26.json")).observations) == 184
