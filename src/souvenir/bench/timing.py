"""Timing helpers shared by the speed benchmarks: a timed call and its percentiles."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[float, T]:
    """(milliseconds of wall clock, the call's result)."""
    start = time.perf_counter()
    result = fn()
    return (time.perf_counter() - start) * 1000, result


def p50(ms: list[float]) -> float | None:
    """Median in ms, rounded to µs (``None`` for no timings)."""
    return round(statistics.median(ms), 3) if ms else None


def p99(ms: list[float]) -> float | None:
    """99th percentile (nearest rank, lower) in ms, rounded to µs."""
    return round(sorted(ms)[int(0.99 * (len(ms) - 1))], 3) if ms else None
