"""Ended temporary facts take no durable place (pure; issue #26, round 5).

A temporary fact whose bound has passed ("Works at the pool this summer" said in June, read
in October: :func:`souvenir.lexical.duration.temporary_end`, from the user's day it was said)
is shown "ended …, no longer current" by the block — but it still competed for the places of
lasting memories: the global reserve (a quarter of the 24) and its kind's quota, by the same
rank as the user's current job. Here it ranks as history: no global place and no quota
place; the semantic pass may still bring it when the message recalls it ("what was my
summer job?"), and leftover places (rescue) may take it, after the passes of current
memories. Its reason on the diagnostics page says so.

How, without a second look at every candidate: :func:`select_current` runs
:func:`~souvenir.read.selection.select`, reads the bound of the few memories admitted by
the global or quota pass (at most ``limit``), and when one has ended runs the selection
again with the ended ones as history (scope ``history``: not global; kind
``history``: no quota), repeating while a newly admitted one has ended (a handful of times
at most). A pinned memory is the user's choice: never demoted. The cost: a second selection
on a turn where an ended fact would have taken a durable place (a
:class:`~souvenir.candidates.pool.Pool`'s columns are kept, changed at the demoted
positions); none otherwise.

Shape::

    select_current(candidates, scores, config, now, story_id, tz)
    -> SelectionResult(memories=[…, Selection(memory=<the summer job>, pass_name="rescue",
       reason="rescue: …; ended 2026-08-31: ranked as history, no durable place")])
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime

import numpy as np

from souvenir.lexical.duration import temporary_end
from souvenir.candidates import Pool
from souvenir.read.selection import SelectionConfig, select
from souvenir.ground.timezones import local_day, southern
from souvenir.ground.types import Memory, SelectionResult

__all__ = ["DURABLE_PASSES", "HISTORY", "ended_on", "select_current"]

#: Passes whose places belong to lasting memories: an ended fact takes none of them.
DURABLE_PASSES = frozenset({"global", "quota"})
#: The scope and kind an ended fact is selected under (neither global nor in any quota).
HISTORY = "history"
#: Rounds of reselection at most (each demotes every ended fact newly admitted).
_ROUNDS = 4


def ended_on(memory: Memory, now: datetime, tz: str | None) -> date | None:
    """The last day of ``memory``'s temporary fact when it has ended by ``now`` (the user's
    day in ``tz``), else ``None`` (no bound, still running, an episode or a rule: an event is
    past by nature; a pinned memory: the user's choice)."""
    if memory.kind in ("episode", "rule") or memory.pinned:
        return None
    said = local_day(memory.updated_at or memory.created_at, tz)
    today = local_day(now, tz)
    if said is None or today is None:
        return None
    end = temporary_end(memory.text, said, southern(tz))
    if end is None or today < end:
        return None
    return date.fromordinal(end.toordinal() - 1)


def select_current(
    candidates: Sequence[Memory],
    scores: Mapping[int, float] | None,
    config: SelectionConfig,
    now: datetime,
    story_id: int | None = None,
    tz: str | None = None,
    exclude: Collection[int] = (),
) -> SelectionResult:
    """:func:`~souvenir.read.selection.select`, with every ended temporary fact ranked as
    history (module docstring); ``exclude``: ids that take no place (``select``'s)."""
    result = select(candidates, scores, config, now, story_id, exclude)
    ended: dict[int, date] = {}
    for _ in range(_ROUNDS):
        new = {
            s.memory.id: day
            for s in result.memories
            if s.memory.id not in ended
            and s.pass_name in DURABLE_PASSES
            and (day := ended_on(s.memory, now, tz)) is not None
        }
        if not new:
            break
        ended |= new
        result = select(_demoted(candidates, ended), scores, config, now, story_id, exclude)
    for s in result.memories:  # a leftover place (rescue) or a recalled one: said, not moved
        if s.memory.id not in ended and s.pass_name in ("rescue", "semantic"):
            if (day := ended_on(s.memory, now, tz)) is not None:
                ended[s.memory.id] = day
    if not ended:
        return result
    originals = {m.id: m for m in _among(candidates, ended)}
    memories = [
        replace(
            s,
            memory=originals[s.memory.id],
            reason=f"{s.reason}; ended {ended[s.memory.id].isoformat()}: ranked as history, no durable place",
        )
        if s.memory.id in ended
        else s
        for s in result.memories
    ]
    return replace(result, memories=memories)


def _positions(pool: Pool, ended: Mapping[int, date]) -> np.ndarray:
    """Positions in ``pool`` of the memories whose id is in ``ended`` (ascending)."""
    return np.flatnonzero(np.isin(pool.static().ids, np.fromiter(ended, np.int64, len(ended))))


def _among(candidates: Sequence[Memory], ended: Mapping[int, date]) -> list[Memory]:
    """The candidates whose id is in ``ended``, in the candidates' order."""
    if isinstance(candidates, Pool):
        return [candidates[i] for i in _positions(candidates, ended).tolist()]
    return [m for m in candidates if m.id in ended]


def _demoted(candidates: Sequence[Memory], ended: Mapping[int, date]) -> Sequence[Memory]:
    """``candidates`` with each memory whose id is in ``ended`` as history (scope and kind
    ``HISTORY``). A :class:`~souvenir.candidates.pool.Pool` keeps its columns, changed at
    those positions only (100,000 memories: the columns read again whole were most of a
    reselection's cost; docs/journal.md, "Session 12, lane speed")."""
    if isinstance(candidates, Pool):
        positions = _positions(candidates, ended)
        memories = [replace(candidates[i], scope=HISTORY, kind=HISTORY) for i in positions.tolist()]
        return candidates.replaced(positions, memories, HISTORY, HISTORY)
    return [replace(m, scope=HISTORY, kind=HISTORY) if m.id in ended else m for m in candidates]
