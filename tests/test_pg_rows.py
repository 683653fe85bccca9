"""Rows a counted turn writes on PostgreSQL (pg_stat_user_tables): at most 50, and the same
at 150 and at 450 memories (issue #17; a count, not a speed: docs/benchmarks.md has 3,000)."""

from __future__ import annotations

from souvenir.bench.pgrows import rows_per_turn
from tests.pgtest import fresh_database


def test_rows_written_per_turn_do_not_grow_with_the_memories():
    found = []
    for size in (150, 450):
        with fresh_database() as url:
            found.append(rows_per_turn(url, size, turns=8))
    small, large = found
    assert small["per_turn"] <= 50 and large["per_turn"] <= 50
    assert small["tables"] == large["tables"]  # 24 served, 2 clocks, 1 selection (+1 pruned)
    assert large["first_turn"]["memories"] <= 450 + 24  # each memory's clock starts once
