"""What the reflection's fragment rule (:mod:`souvenir.write.fragments`) costs on LoCoMo (issue #25).

LoCoMo's gold observations of one speaker that cite the same turns are read as the notes a
model wrote for that turn ("The user …", as ``bench/assistant_only_grounding.py``): an
observation the rule calls a fragment of another (its content words all among the other's) is
not written when that other is kept by the reflection chain. Each such one is listed: its words
are in the note kept, so it is a cost only where it says something the whole does not.

    .venv/bin/python -m bench.fragment_share [--list N]

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path

from bench.assistant_only_grounding import REPO, _as_user
from souvenir.replay.formats import parse_locomo
from souvenir.ground.types import Candidate
from souvenir.write.filters import Exchange, run_filters
from souvenir.write.fragments import fragments
from souvenir.write.grounding import REFLECTION_CHAIN


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--locomo", type=Path, default=REPO / ".." / "shared" / "data" / "locomo")
    parser.add_argument("--list", type=int, default=20)
    args = parser.parse_args()
    n_obs = n_turns = held = lost = shown = 0
    for path in sorted(args.locomo.glob("conv-*.json")):
        conv = parse_locomo(path)
        text_of = {turn.dia_id: turn.text for turn in conv.turns}
        groups: dict[tuple[str, tuple[str, ...]], list[str]] = defaultdict(list)
        for obs in conv.observations:
            evidence = tuple(sorted(d for d in obs.evidence if d in text_of))
            if evidence:
                groups[(obs.speaker, evidence)].append(_as_user(obs.text, obs.speaker))
        others = {speaker: tuple(sorted({t.speaker for t in conv.turns} - {speaker})) for speaker, _ in groups}
        for (speaker, evidence), notes in groups.items():
            n_obs += len(notes)
            n_turns += 1
            found = fragments(notes)
            if not found:
                continue
            exchange = Exchange("\n".join(text_of[d] for d in evidence), character_names=others[speaker])
            for part, whole in found.items():
                held += 1
                if run_filters(Candidate(notes[whole]), exchange, REFLECTION_CHAIN).kept:
                    lost += 1
                    if shown < args.list:
                        shown += 1
                        print(f"  {conv.name}: {notes[part]!r} inside {notes[whole]!r}")
    print(f"gold observations {n_obs} in {n_turns} (speaker, turns) groups")
    print(f"fragments of another observation of the same turns: {held}; not written (the whole kept): {lost}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
