"""Search, edit, history, pages and batches over real HTTP on loopback (a real SQLite file),
and the pure ranking behind search."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import httpx
import pytest
from hypothesis import given, settings as hsettings, strategies as st

from souvenir.api.app import create_app
from souvenir.ground.config import Settings
from souvenir.engine.runtime import open_runtime
from souvenir.engine.search import SearchFilter, rank
from souvenir.ground.types import Memory
from tests.servers import UvicornThread

BASE = "/v1/users/telegram/ann"


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    db = tmp_path_factory.mktemp("search") / "s.db"
    settings = Settings(database_url=f"sqlite:///{db}", embedder="none", window_embedder="none", _env_file=None)
    rt = open_runtime(settings)
    try:
        with (
            UvicornThread(create_app(settings, runtime=rt)) as server,
            httpx.Client(base_url=server.url, timeout=30) as c,
        ):
            written = c.post(
                f"{BASE}/memories/batch",
                json={
                    "memories": [
                        {"text": "Allergic to latex gloves", "date": "2024-01-10"},
                        {"text": "Lives in Ipoh with her sister", "date": "2024-03-02"},
                        {"text": "Prefers deliveries after 6 pm", "kind": "preference", "date": "2024-05-01"},
                        {
                            "text": "Promised to send the latex-free glove brand",
                            "kind": "promise",
                            "scope": "story",
                            "story": "shop",
                            "date": "2024-06-01",
                        },
                    ]
                },
            )
            assert written.status_code == 200, written.text
            yield c
    finally:
        rt.close()


def test_batch_writes_in_order_through_the_write_path(client):
    r = client.post(
        f"{BASE}/memories/batch",
        json={"memories": [{"text": "Allergic to latex gloves"}, {"text": "Has a cat named Kopi"}]},
    )
    assert [w["action"] for w in r.json()["results"]] == ["absorb", "insert"]
    bad = client.post(f"{BASE}/memories/batch", json={"memories": [{"text": "Drinks tea"}, {"text": ""}]})
    assert bad.status_code == 422 and "memories" in bad.text
    assert "Drinks tea" not in {m["text"] for m in client.get(f"{BASE}/memories").json()["memories"]}
    too_many = client.post(f"{BASE}/memories/batch", json={"memories": [{"text": f"fact {i}"} for i in range(101)]})
    assert too_many.status_code == 422


def test_search_ranks_without_moving_counters(client):
    before = {m["id"]: m["counters"] for m in client.get(f"{BASE}/memories").json()["memories"]}
    r = client.post(f"{BASE}/search", json={"query": "latex allergy", "limit": 2})
    assert r.status_code == 200, r.text
    found = r.json()["results"]
    assert found[0]["text"] == "Allergic to latex gloves" and len(found) == 2
    assert found[0]["score"] is not None and not r.json()["degraded"]
    after = {m["id"]: m["counters"] for m in client.get(f"{BASE}/memories").json()["memories"]}
    assert after == before


def test_search_filters_kind_scope_story_and_dates(client):
    def texts(**body) -> list[str]:
        r = client.post(f"{BASE}/search", json={"query": "latex gloves deliveries Ipoh", **body})
        assert r.status_code == 200, r.text
        return sorted(m["text"] for m in r.json()["results"])

    assert texts(kind="preference") == ["Prefers deliveries after 6 pm"]
    assert texts(kind=["preference", "fact"], since="2024-03-01", until="2024-05-01") == [
        "Lives in Ipoh with her sister"
    ]
    assert "Promised to send the latex-free glove brand" not in texts()  # story memories: with story only
    assert texts(story="shop", scope="story") == ["Promised to send the latex-free glove brand"]
    assert client.post(f"{BASE}/search", json={"query": "x", "kind": "gossip"}).status_code == 422
    assert client.post("/v1/users/telegram/nobody/search", json={"query": "latex"}).json()["results"] == []


def test_patch_keeps_the_old_wording_as_history(client):
    mid = client.post(f"{BASE}/memories", json={"text": "Works as a nurse in Toulouse"}).json()["id"]
    r = client.patch(f"{BASE}/memories/{mid}", json={"text": "Works as a night nurse in Toulouse"})
    assert r.json() == {
        "action": "replace",
        "id": mid,
        "text": "Works as a night nurse in Toulouse",
        "reason": "edited: the new wording replaces the old one, kept in the memory's history",
        "superseded_id": None,
    }
    same = client.patch(f"{BASE}/memories/{mid}", json={"text": "Works as a night nurse in Toulouse"}).json()
    assert (same["action"], same["reason"]) == ("unchanged", "unchanged: the new wording is the stored one")
    secret = client.patch(f"{BASE}/memories/{mid}", json={"text": "my password is hunter2 for the rota"}).json()
    assert secret["action"] == "dropped" and "hunter2" not in secret["text"]
    hist = client.get(f"{BASE}/memories/{mid}/history").json()
    assert hist["memory"]["text"] == "Works as a night nurse in Toulouse"
    assert [(e["event"], e["text"]) for e in hist["history"]] == [("replaced", "Works as a nurse in Toulouse")]
    # another user's memory: not found, not editable
    assert client.get(f"/v1/users/telegram/bob/memories/{mid}/history").status_code == 404
    assert client.patch(f"/v1/users/telegram/bob/memories/{mid}", json={"text": "x y z"}).status_code == 404
    client.delete(f"{BASE}/memories/{mid}")
    assert client.patch(f"{BASE}/memories/{mid}", json={"text": "Works nights"}).status_code == 422


def test_cursor_pages_cover_every_memory_once(client):
    every = [m["id"] for m in client.get(f"{BASE}/memories", params={"status": "all"}).json()["memories"]]
    seen, cursor = [], None
    while True:
        page = client.get(
            f"{BASE}/memories", params={"status": "all", "limit": 2, **({"cursor": cursor} if cursor else {})}
        ).json()
        seen += [m["id"] for m in page["memories"]]
        assert len(page["memories"]) <= 2
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == every and len(every) > 2
    assert client.get(f"{BASE}/memories", params={"cursor": "not-ours"}).status_code == 422
    assert client.get(f"{BASE}/memories", params={"limit": 0}).status_code == 422


_T0 = datetime(2024, 1, 1, tzinfo=timezone.utc)
_memories = st.lists(
    st.builds(
        lambda i, kind, day: Memory(id=i, user_id=1, text=f"m{i}", kind=kind, updated_at=_T0 + timedelta(days=day)),
        st.integers(1, 10_000),
        st.sampled_from(["fact", "preference", "episode"]),
        st.integers(0, 60),
    ),
    max_size=40,
    unique_by=lambda m: m.id,
)


@hsettings(max_examples=60, deadline=None)
@given(_memories, st.data())
def test_rank_is_bounded_filtered_and_ignores_input_order(memories, data):
    scores = {m.id: data.draw(st.floats(-1, 1)) for m in memories if data.draw(st.booleans())}
    where = SearchFilter(kinds=frozenset({"fact", "episode"}), since=_T0 + timedelta(days=10))
    limit = data.draw(st.integers(0, 50))
    ranked = rank(memories, scores, where, limit)
    assert len(ranked) <= limit and all(where.admits(m) for m, _ in ranked)
    assert rank(list(reversed(memories)), scores, where, limit) == ranked
    scored = [s for _, s in ranked if s is not None]
    assert scored == sorted(scored, reverse=True)
    assert all(s is None for _, s in ranked[len(scored) :])  # unscored after every scored one
