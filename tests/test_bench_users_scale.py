"""bench/bulkfill.py (the fill of bench/users_scale.py) writes a store the product reads
correctly: a bulk-filled user's context holds its memories, its turns as history and its
profile's zone; filler vectors have the embedder's dimension; the users left to be embedded
for real have none. No timing here (speed lives in bench/ and docs/benchmarks.md)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent


def _bulkfill():
    spec = importlib.util.spec_from_file_location("bulkfill", REPO / "bench" / "bulkfill.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bulkfill", module)
    spec.loader.exec_module(module)
    return module


def test_a_bulk_filled_user_reads_back_through_the_product(pg_url):
    from souvenir import Souvenir

    bulkfill = _bulkfill()
    with Souvenir.open(
        pg_url, embedder="none", window_embedder="none", background=False, channel=bulkfill.CHANNEL
    ) as memory:  # migrates the store
        out = bulkfill.fill(
            pg_url, 30, bulkfill.Shape(memories=4, turns=2), {"use-m3": 512}, real=[7], chunk=8, log=lambda _: None
        )
        store = memory.runtime.store
        assert out["users"] == {7: store.find_user(bulkfill.CHANNEL, bulkfill.external_id(7))}
        for n in (1, 7, 30):  # first, a real one, last (chunk edges)
            user_id = store.find_user(bulkfill.CHANNEL, bulkfill.external_id(n))
            stored = store.memories(user_id)
            assert len(stored) == 4 and {m.kind for m in stored} == {"episode"}
            assert len({m.text for m in stored}) == 4  # four different templates
            result = memory.context(bulkfill.external_id(n), "What is my cat called?")
            assert sorted(m.text for m in result.memories) == sorted(m.text for m in stored)
            assert [h.message for h in result.history] == [m.text for m in stored[:2]]
            engine = memory.runtime.engine.context(bulkfill.CHANNEL, bulkfill.external_id(n), "cat?", count=False)
            assert engine.tz == "Europe/Paris"  # the profile row
            ids, matrix = store.vectors(user_id, "use-m3")
            if n == 7:  # left for the caller to embed
                assert ids == [] and matrix is None
            else:
                assert ids == [m.id for m in stored]
                assert matrix is not None and matrix.shape == (4, 512) and not np.any(matrix)
            assert store.find_story(user_id, "story-1") is not None
            assert [(e["action"], e["reason"]) for e in store.write_events(user_id)] == [("insert", "new")] * 4
        assert store.find_user(bulkfill.CHANNEL, bulkfill.external_id(31)) is None
        assert memory.delete_user(bulkfill.external_id(30)) is not None  # every cascade holds
        assert store.find_user(bulkfill.CHANNEL, bulkfill.external_id(30)) is None
