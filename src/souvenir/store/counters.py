"""Seed 000's forgetting counters, written in O(selected) per turn (a mixin of
:class:`~souvenir.store.base.SQLStore`; migration 0019).

Each memory has three counters: times a candidate, times served, times served by the
semantic pass; a degraded turn counts nothing. Served and semantic are written as before,
one row per served memory. "Times a candidate" is not: a turn's candidates are nearly
all the user's memories (3,000 row updates a turn at 3,000 memories), so it is derived
from clocks of turns:

* a *clock* counts a user's counted turns: clock :data:`GLOBAL_CLOCK` every turn (global
  memories are candidates in every turn), clock ``S`` the turns of story ``S`` and
  :data:`STORYLESS_CLOCK` the story-less ones (a story memory is a candidate in its
  story's turns);
* a memory that *ticks* (``tick_clock`` set) gains one per turn of its clock since
  ``tick_mark`` (the clock's turns when it started ticking); its stored
  ``candidate_count`` is the frozen part. Read: ``candidate_count + turns − tick_mark``
  (:data:`CANDIDATE_COUNT`, the same snapshot as the row);
* a turn passes its candidate ids (the truth, as before). The ticking memories of the
  turn's clocks must be exactly those: the clocks keep their count and an XOR of a 63-bit
  hash of their ids, so the turn checks it without reading the memories. New memories
  (the usual change) are found through a partial index of the active memories ticking on
  no clock, and start ticking. Any other difference (a memory left, changed scope, was
  deleted by hand) and the turn reads the ticking ids (an index scan, ids only) and
  writes only the difference: a memory no longer a candidate freezes (its ticks folded
  into ``candidate_count``), a new one starts ticking.

Rows written per counted turn: the turn's two clocks and one per served memory, plus one
per memory that joined or left the candidates since the clock's last turn. Exact as long
as two different sets of ids do not have the same count and 63-bit XOR hash.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import numpy as np

from souvenir.candidates import Pool
from souvenir.store.plumbing import Plumbing
from souvenir.ground.types import Memory

#: The clock of every counted turn (global memories tick on it).
GLOBAL_CLOCK = 0
#: The clock of story-less turns (story ids are positive).
STORYLESS_CLOCK = -1
_MASK = (1 << 64) - 1

#: "Times a candidate" of a row of ``memories`` (unaliased), materialised at read time.
CANDIDATE_COUNT = (
    "(candidate_count + COALESCE((SELECT c.turns FROM turn_clocks c "
    "WHERE c.user_id = memories.user_id AND c.clock = memories.tick_clock) "
    "- memories.tick_mark, 0))"
)


def story_clock(story_id: int | None) -> int | None:
    """The clock of a turn's story: :data:`STORYLESS_CLOCK` for ``None``, the id for a story,
    ``None`` for an unknown story (negative id: only global memories are candidates)."""
    if story_id is None:
        return STORYLESS_CLOCK
    return story_id if story_id > 0 else None


def id_hash(memory_id: int) -> int:
    """A 63-bit mix of ``memory_id`` (splitmix64's finaliser; fits a signed BIGINT)."""
    z = (memory_id + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) >> 1


def set_hash(ids: Iterable[int]) -> int:
    """XOR of :func:`id_hash` over ``ids`` (the empty set: 0); numpy's uint64 arithmetic
    wraps like the ``& _MASK`` above (3,000 ids: about 0.1 ms instead of 2)."""
    z = ids.astype(np.uint64) if isinstance(ids, np.ndarray) else np.fromiter(ids, np.uint64)
    if not z.size:
        return 0
    with np.errstate(over="ignore"):
        z = z + np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = (z ^ (z >> np.uint64(31))) >> np.uint64(1)
    return int(np.bitwise_xor.reduce(z))


def counted_ids(candidates: Sequence[Memory]) -> np.ndarray | list[int]:
    """The ids a turn counts as candidates: every candidate but the rules (they are outside
    the budget). A :class:`~souvenir.candidates.pool.Pool`'s id column when it has one (100,000
    ids without a Python loop)."""
    if isinstance(candidates, Pool):
        static = candidates.static()
        return static.ids[~static.rule]
    return [m.id for m in candidates if m.kind != "rule"]


def _distinct(candidate_ids: Iterable[int]) -> tuple[np.ndarray, list[tuple[int, int]]]:
    """(the distinct ids, int64; (times given − 1, id) for each id given more than once).
    Vectorised: the engine passes the candidates' id column, increasing, 100,000 at a time."""
    ids = (
        candidate_ids.astype(np.int64, copy=False)
        if isinstance(candidate_ids, np.ndarray)
        else np.fromiter((int(i) for i in candidate_ids), np.int64)
    )
    if ids.size < 2 or bool((ids[1:] > ids[:-1]).all()):
        return ids, []
    distinct, times = np.unique(ids, return_counts=True)
    again = times > 1
    return distinct, [(int(n) - 1, int(i)) for i, n in zip(distinct[again], times[again])]


_IDS = 500  # ids per IN (…) list


def _in_groups(conn, sql: str, params: tuple, ids: list[int]) -> None:
    """``sql`` (its ``{}`` the id list) once per 500 of ``ids``: the first turn after the
    migration starts 100,000 memories' clocks in 200 statements, not 100,000."""
    for start in range(0, len(ids), _IDS):
        part = ids[start : start + _IDS]
        conn.execute(sql.format(",".join("?" * len(part))), (*params, *part))


def _grouped(conn, sql: str, rows: list[tuple]) -> None:
    """``rows`` = (params, id): :func:`_in_groups` for each distinct params."""
    groups: dict = {}
    for params, mid in rows:
        groups.setdefault(params if isinstance(params, tuple) else (params,), []).append(mid)
    for params, ids in groups.items():
        _in_groups(conn, sql, params, ids)


class CountersMixin(Plumbing):
    """Needs ``transaction()`` from the store, and ``_row_update_lock``."""

    #: Appended to the SELECT of the user's clocks (PostgreSQL: ``FOR UPDATE``: a user's
    #: counted turns are applied one at a time across replicas).
    _row_update_lock = ""

    def bump_counters(
        self,
        user_id: int,
        story_id: int | None,
        candidate_ids: Iterable[int],
        served_ids: Iterable[int],
        semantic_ids: Iterable[int],
    ) -> None:
        """Count one turn of ``user_id`` in ``story_id`` (the id the candidates were read
        for: ``None`` story-less, negative for an unknown story): each of ``candidate_ids``
        was a candidate once more (an id given twice, twice), each of ``served_ids`` served,
        each of ``semantic_ids`` served by the semantic pass. See the module docstring."""
        ids, extra = _distinct(candidate_ids)
        wanted_hash = set_hash(ids)  # (outside the transaction: 100,000 ids, a few ms)
        keys = [GLOBAL_CLOCK] + [k for k in [story_clock(story_id)] if k is not None]
        with self.transaction() as conn:
            clocks = self._lock_clocks(conn, user_id, keys)
            held_n = sum(clocks[k][1] for k in keys)
            held_hash = 0
            for k in keys:
                held_hash ^= clocks[k][2]
            ticking: dict[int, set[int]] = {k: set() for k in keys}
            if held_n != ids.size or held_hash != wanted_hash:
                wanted = set(ids.tolist())
                if not self._start_new(conn, user_id, keys, clocks, wanted, wanted_hash):
                    extra += self._reconcile(conn, user_id, keys, clocks, wanted, ticking)
                    conn.executemany(
                        "UPDATE turn_clocks SET turns = turns + 1, n_ticking = ?, ticking_hash = ? "
                        "WHERE user_id = ? AND clock = ?",
                        [(len(ticking[k]), set_hash(ticking[k]), user_id, k) for k in keys],
                    )
            else:
                conn.execute(
                    f"UPDATE turn_clocks SET turns = turns + 1 WHERE user_id = ? "
                    f"AND clock IN ({','.join('?' * len(keys))})",
                    (user_id, *keys),
                )
            if extra:
                conn.executemany("UPDATE memories SET candidate_count = candidate_count + ? WHERE id = ?", extra)
            served = Counter(int(i) for i in served_ids)
            semantic = Counter(int(i) for i in semantic_ids)
            steps: dict[tuple[int, int], list[int]] = {}  # one statement per (served, semantic) step
            for i in sorted(set(served) | set(semantic)):
                steps.setdefault((served[i], semantic[i]), []).append(i)
            for (plus, plus_semantic), group in steps.items():
                conn.execute(
                    "UPDATE memories SET served_count = served_count + ?, served_semantic_count = "
                    f"served_semantic_count + ? WHERE id IN ({','.join('?' * len(group))})",
                    (plus, plus_semantic, *group),
                )

    def _lock_clocks(self, conn, user_id: int, keys: list[int]) -> dict[int, tuple[int, int, int]]:
        """The user's clocks, ``keys`` created if missing: clock → (turns, n_ticking,
        ticking_hash). All the user's clock rows are locked, in clock order (PostgreSQL): the
        user's counted turns are applied one at a time, whichever replica counts them."""
        sql = (
            "SELECT clock, turns, n_ticking, ticking_hash FROM turn_clocks WHERE user_id = ? "
            "ORDER BY clock" + self._row_update_lock
        )
        rows = conn.execute(sql, (user_id,)).fetchall()
        if any(k not in {r[0] for r in rows} for k in keys):
            conn.executemany(
                "INSERT INTO turn_clocks (user_id, clock) VALUES (?, ?) ON CONFLICT DO NOTHING",
                [(user_id, k) for k in keys],
            )
            rows = conn.execute(sql, (user_id,)).fetchall()
        return {r[0]: (r[1], r[2], r[3]) for r in rows}

    @staticmethod
    def _start_new(
        conn, user_id: int, keys: list[int], clocks: dict[int, tuple[int, int, int]], wanted: set[int], wanted_hash: int
    ) -> bool:
        """The usual change, new memories only: when the candidates are the ticking ones plus
        active memories ticking on no clock (read through a small partial index), start
        those and tick the clocks. ``False`` (nothing written) for any other change."""
        loose = conn.execute(
            "SELECT id, scope, story_id FROM memories WHERE user_id = ? AND tick_clock IS NULL AND status = 'active'",
            (user_id,),
        ).fetchall()
        new: dict[int, list[int]] = {k: [] for k in keys}
        for mid, scope, story in loose:
            if mid in wanted:
                key = GLOBAL_CLOCK if scope == "global" else story_clock(story)
                if key not in new:
                    return False
                new[key].append(mid)
        found = [i for ids in new.values() for i in ids]
        held_n = sum(clocks[k][1] for k in keys)
        held_hash = 0
        for k in keys:
            held_hash ^= clocks[k][2]
        if held_n + len(found) != len(wanted) or held_hash ^ set_hash(found) != wanted_hash:
            return False
        for k in keys:
            _in_groups(
                conn, "UPDATE memories SET tick_clock = ?, tick_mark = ? WHERE id IN ({})", (k, clocks[k][0]), new[k]
            )
        conn.executemany(
            "UPDATE turn_clocks SET turns = turns + 1, n_ticking = ?, ticking_hash = ? WHERE user_id = ? AND clock = ?",
            [(clocks[k][1] + len(new[k]), clocks[k][2] ^ set_hash(new[k]), user_id, k) for k in keys],
        )
        return True

    @staticmethod
    def _reconcile(
        conn,
        user_id: int,
        keys: list[int],
        clocks: dict[int, tuple[int, int, int]],
        wanted: set[int],
        ticking: dict[int, set[int]],
    ) -> list[tuple[int, int]]:
        """Make the memories ticking on ``keys`` exactly ``wanted`` (fills ``ticking``, per
        clock, with the result); returns (amount, id) to add to ``candidate_count`` for
        candidates that tick on no clock of this turn."""
        marks = ",".join("?" * len(keys))
        rows = conn.execute(
            f"SELECT id, tick_clock, tick_mark FROM memories WHERE user_id = ? AND tick_clock IN ({marks})",
            (user_id, *keys),
        ).fetchall()
        frozen = [(clocks[clock][0] - mark, mid) for mid, clock, mark in rows if mid not in wanted]
        for mid, clock, _ in rows:
            if mid in wanted:
                ticking[clock].add(mid)
        held = {r[0] for r in rows}
        start = sorted(wanted - held)
        extra: list[tuple[int, int]] = []
        started: list[tuple[int, int, int]] = []
        for part in range(0, len(start), 500):
            ids = start[part : part + 500]
            for mid, scope, story, clock, mark in conn.execute(
                f"SELECT id, scope, story_id, tick_clock, tick_mark FROM memories "
                f"WHERE id IN ({','.join('?' * len(ids))})",
                ids,
            ).fetchall():
                if clock is not None:  # ticking on a clock of another story: freeze it there
                    turns = conn.execute(
                        "SELECT turns FROM turn_clocks WHERE user_id = ? AND clock = ?", (user_id, clock)
                    ).fetchone()
                    frozen.append(((turns[0] if turns else mark) - mark, mid))
                key = GLOBAL_CLOCK if scope == "global" else story_clock(story)
                if key in ticking:
                    ticking[key].add(mid)
                    started.append((key, clocks[key][0], mid))
                else:  # a candidate of none of this turn's clocks (not a normal turn)
                    extra.append((1, mid))
        if frozen:
            _grouped(
                conn,
                "UPDATE memories SET candidate_count = candidate_count + ?, tick_clock = NULL, "
                "tick_mark = NULL WHERE id IN ({})",
                frozen,
            )
        if started:
            _grouped(
                conn,
                "UPDATE memories SET tick_clock = ?, tick_mark = ? WHERE id IN ({})",
                [((key, mark), mid) for key, mark, mid in started],
            )
        return extra
