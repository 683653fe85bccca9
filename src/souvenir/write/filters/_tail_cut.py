"""A note's last clauses that are the other speaker's, cut off its head (issue #26).

A model's note (and LoCoMo's annotators') often joins what the user said and what the reply
said in one sentence: "Maria volunteers at a homeless shelter and is driven to make a
difference" (the user: "I dropped off… at the homeless shelter… more motivated than ever";
the reply: "your drive to make a difference"), "Audrey emphasizes the strong bond she has
with her dogs and hopes Andrew can have a similar bond with Toby" (the hope is Andrew's, in
the reply). The "who said it" filters (assistant-only, character) read the note whole and
dropped it: a true fact of the user's erased for the clause that was not theirs. Here the
note is split at its coordinators (:func:`souvenir.write.clause_ground.split_clauses`: en
and, but, because…; fr et, mais, donc…; zh 而且, 但是, 因为…; ms dan, tapi, sebab…) and
the filter keeps its longest head of whole clauses when

- the filter keeps the head read alone (``dropped(head)`` is false), and
- every clause cut, read alone, is one the filter drops (``dropped(clause)``): only the
  other speaker's clauses are cut, never one the filter has nothing against.

A note of one clause, or whose first clause is the other's, is left to the filter's drop.
Pure (text in, text out)::

    head_kept("Maria volunteers at a shelter and is driven to make a difference",
              lambda text: ...)   # -> "Maria volunteers at a shelter."

No threshold of its own: the filter's own verdict decides each part.
"""

from __future__ import annotations

from collections.abc import Callable

from souvenir.write.clause_ground import split_clauses

__all__ = ["head_kept", "heads"]

_STOPS = ".!。！"


def heads(note: str) -> list[tuple[str, tuple[str, ...]]]:
    """``(head, clauses after it)`` for each head of ``note`` of whole clauses, the longest
    first; the head ends with the note's full stop (or one of its script); ``[]`` for a
    note of one clause."""
    parts, ends = split_clauses(note)
    out = []
    end = note.rstrip()[-1:]
    for keep in range(len(parts) - 1, 0, -1):
        head = note[: ends[keep - 1]].rstrip(" ,;，；")
        if head:
            head += end if end in _STOPS else ("。" if "\u3400" <= head[-1:] <= "\u9fff" else ".")
            out.append((head, parts[keep:]))
    return out


def head_kept(note: str, dropped: Callable[[str], bool]) -> str | None:
    """The longest head of ``note`` that ``dropped`` keeps, when it drops every clause after
    it, each read alone; ``None`` otherwise (module docstring)."""
    for head, tail in heads(note):
        if dropped(head):
            continue
        return head if all(map(dropped, tail)) else None
    return None
