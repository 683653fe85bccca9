"""`souvenir bench latency` runs end to end and prints its report's shape (no timing is
asserted); seed 000's reference it times picks what the product picks where the two can agree."""

from __future__ import annotations

import json
import random
from pathlib import Path
from datetime import datetime, timedelta, timezone

import pytest
from typer.testing import CliRunner

import souvenir
from souvenir.bench.latency import format_report, plot, read_cache_line, read_cache_rss, seed_reference
from souvenir.cli.main import app
from souvenir.read.selection import SelectionConfig, select
from souvenir.ground.types import Memory

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def test_bench_latency_prints_every_table(tmp_path):
    result = CliRunner().invoke(app, ["bench", "latency", "--sizes", "50,100", "--queries", "10", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    for table in ("selection", "dedup", "context_http"):
        assert [row["memories"] for row in report[table]] == [50, 100]
        for row in report[table]:
            assert row["p50_ms"] > 0 and row["p99_ms"] >= row["p50_ms"]
    for row in report["selection"]:
        assert {"memories", "p50_ms", "p99_ms", "reference_p50_ms"} <= set(row)
        assert row["reference_p50_ms"] > 0  # the seed's reference is beside the sources here
    for row in report["selection"] + report["context_http"]:  # the cosine read path beside
        assert 0 < row["cosine"]["p50_ms"] <= row["cosine"]["p99_ms"]
    assert all(row["same_decisions"] for row in report["dedup"])
    assert report["rss"]["memories"] == 100 and report["rss"]["per_100k_mb"] is None  # too few to scale
    assert report["conditions"]["dim"] == 512


def test_bench_latency_interleaves_postgres_with_sqlite(pg_url):
    result = CliRunner().invoke(
        app, ["bench", "latency", "--sizes", "40", "--queries", "6", "--no-cosine", "--store", pg_url, "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    lite, pg = report["context_http"][0], report["postgres"]["context_http"][0]
    assert lite["runs"] == pg["runs"] == 6 and pg["memories"] == 40
    assert pg["paired_ratio"] > 0 and len(pg["load_avg"]) == 2  # both stores' requests alternated
    assert [r["memories"] for r in report["postgres"]["selection"]] == [40]


def test_the_plot_draws_every_method(tmp_path):
    pytest.importorskip("matplotlib", reason="the plot needs the extra 'bench' (matplotlib)")
    rows = [
        {
            "memories": n,
            "p50_ms": n / 100,
            "p99_ms": n / 50,
            "reference_p50_ms": n / 10,
            "cosine": {"p50_ms": n / 200, "p99_ms": n / 100},
        }
        for n in (100, 1000)
    ]
    report = {
        "selection": rows,
        "dedup": rows,
        "context_http": rows,
        "conditions": {"cpus": 2, "load_avg_start": 1.0, "load_avg_end": 2.0, "embedder": "use", "dim": 512},
    }
    plot(report, tmp_path / "latency.png")
    assert (tmp_path / "latency.png").read_bytes().startswith(b"\x89PNG")


def test_bench_latency_sends_the_conversation_beside_another_checkout():
    """``--conversation`` sends the chat so far with each request; ``--against`` serves a copy of
    the store with another checkout's code (here this one's own ``src``), requests interleaved."""
    src = str(Path(souvenir.__file__).resolve().parents[1])
    result = CliRunner().invoke(
        app,
        ["bench", "latency", "--sizes", "40", "--queries", "6", "--no-cosine", "--conversation", "4"]
        + ["--against", src, "--json"],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    row = report["context_http"][0]
    assert row["conversation"] == 4 and row["runs"] == 6 and row["paired_ratio"] > 0
    assert row["against"]["runs"] == 6 and row["against"]["server_cpu_ms"] is not None
    assert report["conditions"]["conversation"] == 4 and report["conditions"]["against"] == src
    assert "against" in format_report(report) and "last 4 texts of the chat" in format_report(report)
    bad = CliRunner().invoke(app, ["bench", "latency", "--sizes", "5", "--against", "/nonexistent"])
    assert bad.exit_code != 0 and "src folder" in bad.output


def test_bench_latency_refuses_bad_sizes():
    result = CliRunner().invoke(app, ["bench", "latency", "--sizes", "ten"])
    assert result.exit_code == 2 and "whole numbers" in result.output


def test_seed_reference_picks_what_the_product_picks_without_globals_or_ties():
    """The reference differs from the product only in the global pass (cosine first there)
    and in ties after recency: with story memories only and distinct dates, same picks."""
    reference = seed_reference()
    rnd = random.Random(4)
    memories = [
        Memory(
            id=i,
            user_id=1,
            text=f"m{i}",
            kind=rnd.choice(["fact", "preference", "promise", "episode", "rule"]),
            scope="story",
            story_id=rnd.choice([1, 2]),
            confidence=rnd.choice([0.7, 1.0]),
            pinned=rnd.random() < 0.05,
            updated_at=NOW - timedelta(minutes=i),
        )
        for i in range(1, 400)
    ]
    vectors = {m.id: [rnd.gauss(0, 1) for _ in range(8)] for m in memories}
    query = [rnd.gauss(0, 1) for _ in range(8)]
    scores = reference.semantic_scores(query, reference.index(vectors))
    picked, rules = reference.select(memories, scores, 1, threshold=0.3)
    product = select(memories, scores, SelectionConfig(semantic_threshold=0.3), NOW, 1)
    assert [m.id for m, _ in picked] == [s.memory.id for s in product.memories]
    assert [m.id for m in rules] == [s.memory.id for s in product.rules]
    assert reference.read_path(memories, reference.index(vectors), query, 1, 0.3) == (picked, rules)


def test_bench_latency_needs_an_embedder():
    result = CliRunner().invoke(app, ["--embedder", "none", "bench", "latency", "--sizes", "5", "--queries", "1"])
    assert result.exit_code == 2 and "needs an embedder" in result.output


def test_a_first_read_that_shrank_the_process_is_no_negative_cache_size():
    """Session 20's walk: `--sizes 1000,10000 --store postgresql://…` at load 14-19 printed
    "read cache: -294.7 MB for 10,000 memories (-2947.0 MB per 100,000)"."""
    shrank = read_cache_rss({"memories": 10_000, "rss_before_mb": 900.0, "rss_after_mb": 605.3}, [])
    assert shrank is not None and shrank["cache_mb"] is None and shrank["per_100k_mb"] is None
    assert "not measured" in read_cache_line(shrank) and "-" not in read_cache_line(shrank).split("(")[0]
    grew = read_cache_rss({"memories": 10_000, "rss_before_mb": 600.0, "rss_after_mb": 650.0}, [])
    assert grew is not None and (grew["cache_mb"], grew["per_100k_mb"]) == (50.0, 500.0)
    assert read_cache_line(grew) == "read cache: 50.0 MB for 10,000 memories (500.0 MB per 100,000)"
    assert read_cache_rss({"memories": 100, "rss_before_mb": 1.0, "rss_after_mb": 2.0}, [])["per_100k_mb"] is None
