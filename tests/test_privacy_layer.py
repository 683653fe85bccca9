"""Secrets have one home, below the store (issue #27): :mod:`souvenir.privacy` imports
nothing from the layers that use it — write/, read/, engine/, store/, api/ (nor the other
faces) — directly or through anything it imports; and no other module holds a copy of its
rules (the write path's filter only calls it)."""

from __future__ import annotations

from tests.test_import_cycles import import_graph

#: Layers above privacy: it must reach none of them.
ABOVE = ("write", "read", "engine", "store", "api", "cli", "index", "llm", "profile", "replay", "library", "mcp_server")


def _reached(graph: dict[str, set[str]], start: list[str]) -> set[str]:
    seen, todo = set(start), list(start)
    while todo:
        for child in graph[todo.pop()]:
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


def test_privacy_imports_nothing_above_it():
    graph = import_graph()
    privacy = [name for name in graph if name == "souvenir.privacy" or name.startswith("souvenir.privacy.")]
    assert len(privacy) >= 10
    reached = _reached(graph, privacy)
    above = sorted(m for m in reached if m.split(".")[1] in ABOVE)
    assert above == [], above


def test_detection_lives_in_privacy_only():
    graph = import_graph()
    # the write filter, the store, the engine and the faces reach detection through privacy
    for user in ("souvenir.write.filters.secrets", "souvenir.store.base", "souvenir.engine.turn_records"):
        assert any(m.startswith("souvenir.privacy") for m in graph[user]), user
    assert "souvenir.redaction" not in graph  # the last line is privacy.scrub
    assert "souvenir.write.filters.national_ids" not in graph
