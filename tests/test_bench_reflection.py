"""``souvenir bench reflection`` against a local scripted model server (tests/servers.py's
single-slot server in its ``copy`` mode: SmolLM2's near-copies at 0.05, an invention at 1),
on a slice of the shared LoCoMo conversation; real HTTP on loopback throughout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from souvenir.bench.reflection_loop import BenchOptions, load_slice, matches, run_reflection_bench, score
from souvenir.cli.main import app
from tests.slot_server import SlotModelServer

DATA = Path(__file__).resolve().parent.parent / ".." / "shared" / "data" / "locomo"
needs_data = pytest.mark.skipif(not (DATA / "conv-26.json").exists(), reason="../shared/data/locomo not mounted")


@needs_data
def test_the_slice_carries_the_gold_of_each_turn():
    turns, speakers = load_slice(DATA / "conv-26.json", 5)
    assert speakers == ("Caroline", "Melanie") and len(turns) == 5
    assert turns[1]["dia_id"] == "D1:3" and "support group" in turns[1]["gold"][0]
    assert all(t["reply"] for t in turns)
    assert turns[0]["time"] == "2023-05-08T13:56:00+00:00"  # the session's date, sent with the turn


@needs_data
def test_the_slice_may_be_the_second_speakers_or_start_later():
    """A held-out slice (no text read here: only ids and speakers compared)."""
    conv = json.loads((DATA / "conv-26.json").read_text())
    by_id = {t["dia_id"]: t for n in range(1, 40) for t in conv.get(f"session_{n}", [])}
    turns, speakers = load_slice(DATA / "conv-26.json", 4, speaker="second")
    assert speakers == ("Melanie", "Caroline") and len(turns) == 4
    assert all(by_id[t["dia_id"]]["speaker"] == "Melanie" for t in turns)
    first, _ = load_slice(DATA / "conv-26.json", 4)
    assert not {t["dia_id"] for t in turns} & {t["dia_id"] for t in first}
    # the reply is the other's next message, never the user's own
    assert all(t["reply"] != t["message"] for t in turns)
    later, _ = load_slice(DATA / "conv-26.json", 2, speaker="second", skip=2)
    assert [t["dia_id"] for t in later] == [t["dia_id"] for t in turns[2:]]
    with pytest.raises(ValueError):
        load_slice(DATA / "conv-26.json", 2, speaker="third")


def test_a_memory_matches_the_gold_of_its_turn_by_the_grounding_share():
    names = frozenset({"caroline", "melanie"})
    gold = "Caroline attended an LGBTQ support group recently and found the transgender stories inspiring."
    assert matches("Went to an LGBTQ support group, transgender stories", gold, names)
    assert not matches("Likes painting lake sunrises", gold, names)
    turns = [{"gold": [gold]}, {"gold": []}]
    memories = [
        {"text": "Went to an LGBTQ support group", "turns": [0]},
        {"text": "Is vegan", "turns": [0]},
        {"text": "Went to an LGBTQ support group", "turns": [1]},  # not that turn's gold
    ]
    report = score(memories, turns, names)
    assert (report["true"], report["precision"], report["recall"]) == (1, round(1 / 3, 3), 1.0)


@needs_data
def test_bench_reflection_reports_drain_live_and_gold_beside_no_model(tmp_path):
    with SlotModelServer(token_s=0.002) as upstream:
        upstream.modes["reflection"] = "copy"
        report = run_reflection_bench(
            BenchOptions(
                llm_url=upstream.url,
                model="slot",
                data_dir=DATA,
                turns=6,
                pace_s=0.0,
                probe_every=3,
                sample_s=0.2,
                drain_limit_s=120,
            )
        )
    assert report["drained"] and report["outbox"].get("pending", 0) == 0, report["outbox"]
    assert len(report["live"]["probes"]) == 2 and report["live"]["proxied_p50_s"] is not None
    assert report["timeline"] and "s" in report["timeline"][0]
    model, none = report["with_model"], report["no_model"]
    # the invention is never written (grounding), the low-confidence copy is (no floor)
    assert not any("vegan" in t.lower() for t in model["unmatched_model_notes"] + model["true_model_notes"])
    assert model["true"] >= none["episodes_true"] > 0
    # the first message ("Hey Mel! Good to see you! How have you been?") is chit-chat: no episode
    assert none["written"] == 5 and none["recall"] is not None
    assert not any(t.startswith("Hey Mel!") for t in none["unmatched_episodes"])
    assert report["confidence"]["agreement_with_code"]["slot"] < 0.5  # inverted, and said so
    assert report["acceptance"]["true_notes_ge_no_model_true_episodes"]


@needs_data
def test_the_cli_runs_it(tmp_path):
    with SlotModelServer(token_s=0.002) as upstream:
        upstream.modes["reflection"] = "copy"
        result = CliRunner().invoke(
            app,
            [
                "bench",
                "reflection",
                "--llm-url",
                upstream.url,
                "--model",
                "slot",
                "--data",
                str(DATA),
                "--turns",
                "3",
                "--pace-s",
                "0",
                "--probe-every",
                "0",
                "--drain-limit-s",
                "120",
                "--json",
            ],
        )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{") :])
    assert report["turns"] == 3 and report["drained"]


@needs_data
def test_the_cli_runs_the_second_speaker_after_a_skip(tmp_path):
    with SlotModelServer(token_s=0.002) as upstream:
        upstream.modes["reflection"] = "copy"
        args = ["bench", "reflection", "--llm-url", upstream.url, "--model", "slot", "--data", str(DATA)]
        args += ["--turns", "2", "--speaker", "second", "--skip", "3", "--pace-s", "0", "--probe-every", "0"]
        result = CliRunner().invoke(app, [*args, "--drain-limit-s", "120", "--json"])
        wrong = CliRunner().invoke(app, [*args[:-6], "--speaker", "both"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{") :])
    assert (report["speaker"], report["user"], report["skip"], report["turns"]) == ("second", "Melanie", 3, 2)
    assert report["drained"]
    assert wrong.exit_code != 0 and "--speaker" in str(wrong.exception or wrong.output)
