"""Why each selected memory scored what it did (issue #18): rank, the score's parts, memory
ids, a sorted never-served view and the per-user indexer backlog, on a real store."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import numpy as np

from souvenir.api.diagnostics_page import render_page
from souvenir.ground.config import Settings
from souvenir.read.explain import explain, never_served
from souvenir.engine.runtime import open_runtime
from souvenir.read.selection import Scores
from souvenir.ground.types import Candidate, Memory

NOW = datetime(2026, 1, 5, tzinfo=timezone.utc)


def test_rank_counts_the_candidates_scored_higher_and_ties_share_it():
    scores = Scores([1, 2, 3, 4, 5], [0.5, 2.0, 2.0, float("nan"), -1.0])
    parts = {
        "ids": np.array([1, 2, 3, 4, 5]),
        "use": np.array([0.1, 1.0, 1.5, 0.0, -1.0]),
        "bm25": np.array([0.4, 1.0, 0.5, 0.0, 0.0]),
    }
    why = explain(scores, parts, [3, 2, 1, 4, 5, 9])
    assert why[2][0] == why[3][0] == 1 and why[1][0] == 3 and why[5][0] == 4
    assert why[4][0] is None and why[9] == (None, None)
    assert why[3][1] == {"use": 1.5, "bm25": 0.5}
    assert explain({1: 0.3, 2: 0.1}, None, [2]) == {2: (2, None)}
    assert explain(None, None, [1]) == {1: (None, None)}


def test_never_served_is_sorted_by_how_often_it_was_passed_over():
    def m(i, candidate, served, kind="fact"):
        return Memory(
            id=i, user_id=1, text=f"m{i}", kind=kind, candidate_count=candidate, served_count=served, created_at=NOW
        )

    rows = never_served([m(1, 3, 0), m(2, 9, 0), m(3, 9, 1), m(4, 0, 0), m(5, 5, 0, "rule"), m(6, 9, 0)])
    assert [r["id"] for r in rows] == [2, 6, 1]


def test_diagnostics_give_parts_ranks_ids_never_served_and_this_users_backlog(tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'd.db'}", embedder="use", window_embedder="none", _env_file=None
    )
    rt = open_runtime(settings)
    try:
        e = rt.engine
        texts = [
            "The user's cat is called Kopi.",
            "The user likes green tea.",
            "The user flies to Lyon on 3 March.",
            "The user's sister lives in Ipoh.",
            "The user plays badminton on Sundays.",
            "The user is allergic to peanuts.",
        ]
        for k, text in enumerate(texts):
            e.remember("api", "alice", Candidate(text=text, time=NOW - timedelta(days=k)), now=NOW)
        while rt.index.run_once():
            pass
        e.remember("api", "bob", Candidate(text="Bob's memory, not embedded yet."), now=NOW)
        e.remember("api", "alice", Candidate(text="The user moved to Toulouse in 2019."), now=NOW)
        e.context("api", "alice", "what is my cat's name?", now=NOW)
        data = e.diagnostics("api", "alice")
        items = data["selections"][0]["items"]
        by_id = {i["id"]: i for i in items}
        cat = next(i for i in items if "Kopi" in i["text"])
        assert cat["rank"] == 1 and set(cat["parts"]) >= {"use", "bm25"}
        assert abs(sum(cat["parts"].values()) - cat["score"]) < 0.01
        assert all(i["rank"] is not None and i["id"] for i in items) and len(by_id) == len(items)
        assert data["index"]["backlog"] == 1  # alice's new memory, not bob's
        assert data["index"]["indexes"] == {"use-m3": 1}
        assert data["never_served"] == []  # six candidates, all served
        html = render_page(data)
        assert "Never served" in html and "<th class='num'>rank</th>" in html and "<th class='num'>USE</th>" in html
        assert f"id {cat['id']}" in html
        # every part that moves a score has its column, so the columns sum to the score
        from souvenir.api.diagnostics_page import PART_LABELS, _header

        held = {n for i in items for n, v in i["parts"].items() if v}
        assert "length" in held
        assert all(f"<th class='num'>{_header(PART_LABELS.get(n, n))}</th>" in html for n in held)
    finally:
        rt.close()
