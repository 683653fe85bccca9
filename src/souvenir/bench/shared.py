"""Helpers shared by the recall benchmarks: embed everything, and what a selection covers."""

from __future__ import annotations


def embed_all(rt) -> None:
    """Run the runtime's indexer until nothing is stale (no-op without an embedder)."""
    for index in rt.indexes:
        while index.run_once():
            pass


def covered(selections, sources: dict[int, set[str]]) -> set[str]:
    """Every source (turn id, suite memory id) the selected memories hold, absorbed ones included."""
    found: set[str] = set()
    for sel in selections:
        found |= sources.get(sel.memory.id, set())
    return found
