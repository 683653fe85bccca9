"""Seed 000's forgetting counters, derived from turn clocks (souvenir.store.counters), give
exactly the numbers of the old one-row-per-candidate bookkeeping.

The same random turns run against the store and against a plain model of the old semantics
(every candidate +1, every served +1, every semantic +1, nothing on a degraded turn), with
stories, story-less and unknown-story turns, rules, and memories added, superseded,
reworded, re-scoped and forgotten mid-way; every reader of the counters (``memories``,
``get_memory``, ``forgotten``, the export, the read cache's pool) must agree with the model.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime, timedelta, timezone

import numpy as np

from souvenir.read.explain import never_served
from souvenir.store.counters import counted_ids, id_hash, set_hash

NOW = datetime(2025, 6, 2, 12, 0, tzinfo=timezone.utc)


def _check(store, users: list[int], expected: dict[str, Counter]) -> None:
    for user in users:
        every = store.memories(user, None)
        for m in every:
            assert (m.candidate_count, m.served_count, m.served_semantic_count) == (
                expected["candidate"][m.id],
                expected["served"][m.id],
                expected["semantic"][m.id],
            ), m.id
        one = every[len(every) // 2] if every else None
        if one is not None:
            assert store.get_memory(one.id).candidate_count == expected["candidate"][one.id]
        active = [m for m in every if m.status == "active"]
        wanted = sorted(
            (
                (m.id, m.kind, m.text, expected["candidate"][m.id])
                for m in active
                if expected["served"][m.id] == 0 and expected["candidate"][m.id] >= 2
            ),
            key=lambda r: (-r[3], r[0]),
        )
        assert store.forgotten(user, 2) == wanted
        assert [r["id"] for r in never_served(active)] == [
            m.id
            for m in sorted(active, key=lambda m: (-expected["candidate"][m.id], m.id))
            if m.kind != "rule" and expected["candidate"][m.id] > 0 and expected["served"][m.id] == 0
        ]
        exported = {r["id"]: r for r in store.export_user(user)["memories"]}
        assert {i: r["candidate_count"] for i, r in exported.items()} == {i: expected["candidate"][i] for i in exported}
        assert not any("tick_clock" in r for r in exported.values())


def test_random_turns_count_what_the_old_bookkeeping_counted(store):
    rnd = random.Random(17)
    users = [store.ensure_user("t", f"u{i}", NOW) for i in range(2)]
    stories = {u: [store.ensure_story(u, f"s{j}", NOW) for j in range(2)] for u in users}
    expected: dict[str, Counter] = {"candidate": Counter(), "served": Counter(), "semantic": Counter()}
    kinds = ["fact", "preference", "episode", "rule"]

    def add(user: int, step: int) -> None:
        story = rnd.choice([None, *stories[user]])
        scope = "global" if story is None or rnd.random() < 0.4 else "story"
        store.insert_memory(
            user,
            f"memory {step} {rnd.random()}",
            rnd.choice(kinds),
            scope,
            story,
            0.9,
            False,
            None,
            NOW + timedelta(minutes=step),
        )

    for step in range(40):
        add(rnd.choice(users), step)
    for step in range(40, 260):
        user = rnd.choice(users)
        op = rnd.random()
        active = store.memories(user, "active")
        if op < 0.08:
            add(user, step)
        elif op < 0.11 and len(active) > 1:
            old, new = rnd.sample(active, 2)
            store.supersede(old.id, new.id, NOW)
        elif op < 0.14 and active:
            store.delete_memory(rnd.choice(active).id, NOW)  # forgotten: a tombstone keeps counts
        elif op < 0.16 and active:
            store.replace_wording(rnd.choice(active).id, f"reworded {step}", 1.0, None, NOW, NOW)
        elif op < 0.18 and active:  # moved to another story or made global by hand
            m = rnd.choice(active)
            with store.transaction() as conn:
                conn.execute(
                    "UPDATE memories SET scope = ?, story_id = ? WHERE id = ?",
                    ("global", None, m.id) if m.scope == "story" else ("story", stories[user][0], m.id),
                )
        else:  # a turn: story-less, in a story, or in an unknown story (global memories only)
            story = rnd.choice([None, None, *stories[user], -1])
            candidates = [m for m in store.candidates(user, story) if m.kind != "rule"]
            if rnd.random() < 0.15:
                continue  # degraded: nothing counted
            served = rnd.sample(candidates, min(len(candidates), rnd.randrange(0, 6)))
            semantic = [m for m in served if rnd.random() < 0.5]
            store.bump_counters(
                user, story, [m.id for m in candidates], [m.id for m in served], [m.id for m in semantic]
            )
            expected["candidate"].update(m.id for m in candidates)
            expected["served"].update(m.id for m in served)
            expected["semantic"].update(m.id for m in semantic)
        if step % 20 == 0:
            _check(store, users, expected)
    _check(store, users, expected)


def test_candidates_counted_by_the_list_given_even_when_the_memories_changed_meanwhile(store):
    """The count goes by the ids the turn read: a memory inserted between the read and the
    count is not counted, one forgotten meanwhile is, an id given twice counts twice."""
    user = store.ensure_user("t", "u", NOW)
    a = store.insert_memory(user, "a", "fact", "global", None, 0.9, False, None, NOW)
    b = store.insert_memory(user, "b", "fact", "global", None, 0.9, False, None, NOW)
    read = [m.id for m in store.candidates(user, None)]
    c = store.insert_memory(user, "c", "fact", "global", None, 0.9, False, None, NOW)
    store.delete_memory(b, NOW)
    store.bump_counters(user, None, read, [a], [])
    store.bump_counters(user, None, [a, c, c], [], [])
    counts = {m.id: m.candidate_count for m in store.memories(user, None)}
    assert counts == {a: 2, b: 1, c: 2}
    store.bump_counters(user, None, np.array([c, a], np.int64), [], [])  # the engine's id column
    assert {m.id: m.candidate_count for m in store.memories(user, None)} == {a: 3, b: 1, c: 3}
    store.bump_counters(user, None, counted_ids(store.candidates(user, None)), [], [])
    assert {m.id: m.candidate_count for m in store.memories(user, None)} == {a: 4, b: 1, c: 4}


def test_a_steady_turn_writes_the_clocks_and_the_served_rows_only(store):
    """Once the clocks know the candidates, a turn updates no memory that was not served."""
    user = store.ensure_user("t", "u", NOW)
    ids = [store.insert_memory(user, f"m{i}", "fact", "global", None, 0.9, False, None, NOW) for i in range(60)]
    store.bump_counters(user, None, ids, ids[:2], [])
    before = {m.id: (m.served_count, m.updated_at) for m in store.memories(user)}
    raw = "SELECT id, candidate_count, tick_clock, tick_mark FROM memories WHERE user_id = ? ORDER BY id"
    stored = store._query(raw, (user,))
    store.bump_counters(user, None, ids, ids[:2], ids[:1])
    assert store._query(raw, (user,)) == stored  # not one candidate row rewritten
    assert [m.candidate_count for m in store.memories(user)] == [2] * 60
    assert {m.id: (m.served_count, m.updated_at) for m in store.memories(user)} == {
        i: ((s + 1) if i in ids[:2] else s, t) for i, (s, t) in before.items()
    }


def test_the_hash_is_an_xor_of_63_bit_values():
    assert set_hash([]) == 0 and set_hash([5]) == id_hash(5) < 2**63
    assert set_hash([1, 2, 3]) == set_hash([3, 1, 2]) != set_hash([1, 2])


def test_a_new_memory_starts_ticking_without_touching_the_others(store):
    user = store.ensure_user("t", "u", NOW)
    ids = [store.insert_memory(user, f"m{i}", "fact", "global", None, 0.9, False, None, NOW) for i in range(30)]
    rule = store.insert_memory(user, "always formal", "rule", "global", None, 0.9, False, None, NOW)
    store.bump_counters(user, None, ids, [], [])
    raw = "SELECT id, candidate_count, tick_clock, tick_mark FROM memories WHERE user_id = ? ORDER BY id"
    stored = store._query(raw, (user,))
    new = store.insert_memory(user, "new", "fact", "global", None, 0.9, False, None, NOW)
    store.bump_counters(user, None, [*ids, new], [], [])
    after = store._query(raw, (user,))
    assert after[:-1] == stored and after[-1][0] == new and after[-1][2] is not None
    counts = {m.id: m.candidate_count for m in store.memories(user)}
    assert counts == {**dict.fromkeys(ids, 2), rule: 0, new: 1}


class _FlakyIndex:
    """The engine's index, down for any message saying "down" (a degraded turn)."""

    name = "e"

    def __init__(self, store) -> None:
        self.store = store

    def embed_query(self, text: str) -> np.ndarray:
        from souvenir.ground.errors import EmbedderError

        if "down" in text:
            raise EmbedderError("the embedder is down")
        return np.array([1.0, 0.5, 0.0, 0.0], np.float32)

    def backlog(self, user_id: int) -> int:
        return 0

    def scores(self, user_id: int, query: np.ndarray, ids=None):
        from souvenir.read.selection import Scores

        found, values = self.store.vector_scores(user_id, self.name, query, ids)
        return Scores(found, values.astype(float))


def test_engine_turns_count_as_the_old_bookkeeping_did(store):
    """Engine.context end to end: served and semantic from the turn's result, candidates
    from what the turn read, degraded turns counting nothing, stories and an unknown one."""
    from souvenir.engine.core import Engine

    rnd = random.Random(5)
    engine = Engine(store, index=_FlakyIndex(store), limit=6, semantic_threshold=0.5)
    user = store.ensure_user("api", "u", NOW)
    stories = {name: store.ensure_story(user, name, NOW) for name in ("s1", "s2")}
    expected: dict[str, Counter] = {"candidate": Counter(), "served": Counter(), "semantic": Counter()}

    def add(step: int) -> None:
        name = rnd.choice([None, "s1", "s2"])
        mid = store.insert_memory(
            user,
            f"memory {step}",
            rnd.choice(["fact", "preference", "rule"]),
            "story" if name and rnd.random() < 0.6 else "global",
            stories[name] if name else None,
            0.9,
            False,
            None,
            NOW + timedelta(minutes=step),
        )
        if rnd.random() < 0.7:
            vector = np.array([rnd.random(), rnd.random(), 0, 0], np.float32)
            store.put_vectors("e", [(mid, store.get_memory(mid).content_hash, vector)])

    try:
        for step in range(30):
            add(step)
        for step in range(30, 90):
            active = store.memories(user)
            if step % 9 == 0:
                add(step)
            elif step % 13 == 0 and active:
                engine.delete_memory("api", "u", rnd.choice(active).id, NOW)
            elif step % 17 == 0 and len(active) > 1:
                old, new = rnd.sample(active, 2)
                store.supersede(old.id, new.id, NOW)
            name = rnd.choice([None, "s1", "s2", "unknown"])
            story_id = -1 if name == "unknown" else stories.get(name)  # type: ignore[arg-type]
            read = [m.id for m in store.candidates(user, story_id) if m.kind != "rule"]
            down = rnd.random() < 0.2
            result = engine.context(
                "api", "u", "down again" if down else f"turn {step}", story=name, now=NOW + timedelta(hours=step)
            )
            engine.flush(None)
            assert result.degraded == down
            if not down:
                expected["candidate"].update(read)
                expected["served"].update(s.memory.id for s in result.memories)
                expected["semantic"].update(s.memory.id for s in result.memories if engine._retrieved(s))
        assert sum(expected["semantic"].values()) > 0 and sum(expected["served"].values()) > 0
        _check(store, [user], expected)
        counters = {r["id"]: r["counters"] for r in engine.diagnostics("api", "u")["counters"]}
        assert counters and all(
            c
            == {
                "candidate": expected["candidate"][i],
                "served": expected["served"][i],
                "served_semantic": expected["semantic"][i],
            }
            for i, c in counters.items()
        )
    finally:
        engine.close()
