"""What the reflection chain's first-person rule costs and catches on LoCoMo (issue #25).

:mod:`souvenir.write.filters.own_voice` drops a note in the user's first person when the
message has none. Its cost: LoCoMo's gold observations of the observed speaker's own turns
(``bench/assistant_only_grounding.py``'s *true* set), each written in the first person as a
model writes a note ("Caroline went to Paris" → "I went to Paris"), that the rule alone drops,
and that the whole reflection chain drops before and after it. What it catches: the same
first-person notes read against the other speaker's adjacent turn (the *assistant-only* set,
the note's "I" taken from the other's message) that the chain kept without it.

    .venv/bin/python -m bench.own_voice_share

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import re
from dataclasses import replace
from pathlib import Path

from bench.assistant_only_grounding import REPO, pairs
from souvenir.ground.types import Candidate
from souvenir.write.filters import run_filters
from souvenir.write.filters.own_voice import own_voice_filter
from souvenir.write.grounding import REFLECTION_CHAIN


def first_person(text: str) -> str:
    """ "The user's …" → "my …", "The user …" → "I …" (the verb left as it is: read lexically)."""
    text = re.sub(r"\bthe user's\b", "my", text, flags=re.I)
    return re.sub(r"\bthe user\b", "I", text, flags=re.I)


def _mine(candidate: Candidate) -> Candidate:
    return replace(candidate, text=first_person(candidate.text))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--locomo", type=Path, default=REPO / ".." / "shared" / "data" / "locomo")
    parser.add_argument("--list", type=int, default=0, help="list up to N true notes the rule drops")
    args = parser.parse_args()
    without = tuple(step for step in REFLECTION_CHAIN if step is not own_voice_filter)
    rule = n_true = chain_before = chain_after = n_other = kept_before = kept_after = 0
    shown = 0
    for name, (true, other) in pairs(args.locomo).items():
        for candidate, exchange, own in true:
            if not own:
                continue
            n_true += 1
            mine = _mine(candidate)
            if not own_voice_filter(mine, exchange).kept:
                rule += 1
                if shown < args.list:
                    shown += 1
                    print(f"  {name}: {mine.text!r} <- {exchange.user_message[:120]!r}")
            chain_before += not run_filters(mine, exchange, without).kept
            chain_after += not run_filters(mine, exchange, REFLECTION_CHAIN).kept
        for candidate, exchange in other:
            n_other += 1
            mine = _mine(candidate)
            kept_before += run_filters(mine, exchange, without).kept
            kept_after += run_filters(mine, exchange, REFLECTION_CHAIN).kept
    print(f"true first-person notes (own evidence): {n_true}")
    print(f"  dropped by the rule alone: {rule}")
    print(f"  dropped by the chain: {chain_before} without the rule, {chain_after} with it")
    print(f"assistant-only first-person notes: {n_other}; kept {kept_before} without the rule, {kept_after} with it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
