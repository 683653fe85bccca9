"""The memory block within a token budget: memories left out from the lowest rank up (issue #25).

A proxied reply on a single-slot local server pays for its memory block: the server reads
the block's lines before the reply's first token, at its measured read rate, and the reply
without memory pays nothing of it (session 23's held-out ``dlg5-ms``: 24 long episodes, over
1,000 tokens, ~7 s at 132 tokens a second). When the proxy gives a budget
(:mod:`souvenir.llm.block_bound`), the selection's memories are kept in the order the passes
admitted them (pinned, global, semantic, quota, rescue: seed 000's rank) while their lines
fit it; the rest are left out, the last admitted first.

What the budget counts: the memories' own lines (:func:`~souvenir.read.block.memory_lines`).
Rules are outside it (seed 000: "rules are outside the budget", of 24 places as here of
tokens), and so are the headers, the summary and the story layer: the same text from one reply
of a user to the next, which a prompt cache keeps after the caller's system prompt, as the
background bound leaves the system prompt out (:mod:`souvenir.llm.prompt_bound`).

Pure: ``count`` (text → tokens) is the caller's, the same count the read rate was measured
with, so the unit cancels out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from souvenir.ground.types import Selection

__all__ = ["KEPT_AT_LEAST", "READ_TIME", "READ_TIME_REASON", "within_budget"]

#: The first memories a budget never leaves out, however small it is: a reply that came while a
#: background read had the bound (budget 0) still brings up the best of the selection. Read from
#: the recall each head of the selection keeps on LoCoMo (``bench/block_recall.py``, three
#: conversations, 409 questions: @1 0.444, @2 0.596, @3 0.700, @5 0.781, @24 0.911): 3 is the
#: first head holding three quarters of the 24 places' recall, and three long episodes (~240
#: tokens) are read within the 2 s bound at the rates measured on this machine (130–166 tokens a
#: second) — docs/proxy.md.
KEPT_AT_LEAST = 3

#: The pass a memory left out of the block for its read time is recorded with, and why
#: (the diagnostics page).
READ_TIME = "read_time"
READ_TIME_REASON = (
    "read_time: left out: the block's read time on this server (its memory lines within {tokens} tokens, "
    "what this server reads in the live reply's share of its bound; the higher-ranked memories kept)"
)


def within_budget(
    memories: Sequence[Selection],
    lines: Sequence[str],
    budget: int,
    count: Callable[[str], int],
    floor: int = KEPT_AT_LEAST,
) -> tuple[list[Selection], list[Selection]]:
    """``(kept, left_out)``: the longest head of ``memories`` whose ``lines`` (one a memory, the
    same order) take at most ``budget`` tokens by ``count`` (each line with its newline), and
    the rest, in order — but never fewer than the first ``floor`` memories (:data:`KEPT_AT_LEAST`;
    0: the budget alone, a budget under the first line leaving every memory out)."""
    used = 0
    for i, line in enumerate(lines):
        used += count(line + "\n")
        if used > budget and i >= floor:
            return list(memories[:i]), list(memories[i:])
    return list(memories), []
