"""Both errors of the assistant-only filter, alone and with grounding (model mode), on LoCoMo
(issue #26, round 5).

The two sets of ``bench/assistant_only_cv.py``, per conversation of ``../shared/data/locomo``:

- *true*: each gold observation in its exchange (evidence turns as the user's message, the
  next turn as the reply, the other speaker's name known as the assistant's), the observed
  speaker's name written "The user" (a note as the reflection model writes it): a chain that
  drops one erases a true fact; counted also over the observations whose evidence is the
  observed speaker's own turns (33 of 1,487 cite the other speaker's turn: the fact is not in
  the user's message as written);
- *assistant-only*: the same observation seen from the other side (the turn before its
  evidence as the user's message, the evidence as the reply): a chain that keeps one stores
  the reply's words as the user's.

Each is run through the filter chain without a model (``MODEL_CHAIN``) and with one
(``REFLECTION_CHAIN``: the same, then grounding in the user's words,
:mod:`souvenir.write.grounding`); the numbers per chain are the true observations dropped
(and by which filter) and the assistant-only texts kept.

    .venv/bin/python -m bench.assistant_only_grounding

Research only (nothing in ``src/`` imports it). The filter's bounds and grounding's share are
the product's (each read by its own leave-one-conversation-out bench).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from souvenir.replay.formats import parse_locomo  # noqa: E402
from souvenir.ground.types import Candidate  # noqa: E402
from souvenir.write.filters import Exchange, run_filters  # noqa: E402
from souvenir.write.filters.chain import MODEL_CHAIN  # noqa: E402
from souvenir.write.grounding import REFLECTION_CHAIN  # noqa: E402


def _as_user(text: str, speaker: str) -> str:
    return re.sub(rf"\b{re.escape(speaker)}\b('s)?", lambda m: "The user" + (m.group(1) or ""), text)


def pairs(folder: Path):
    """``{conversation: (true, assistant_only)}``: ``(Candidate, Exchange, own evidence)`` and
    ``(Candidate, Exchange)`` lists."""
    out = {}
    for path in sorted(folder.glob("conv-*.json")):
        conv = parse_locomo(path)
        position = {turn.dia_id: i for i, turn in enumerate(conv.turns)}
        true, other = [], []
        for obs in conv.observations:
            found = sorted(position[d] for d in obs.evidence if d in position)
            if not found:
                continue
            message = "\n".join(conv.turns[i].text for i in found)
            after = found[-1] + 1
            reply = conv.turns[after].text if after < len(conv.turns) else None
            text = _as_user(obs.text, obs.speaker)
            others = tuple(sorted({t.speaker for t in conv.turns} - {obs.speaker}))
            own = all(conv.turns[i].speaker == obs.speaker for i in found)
            true.append(
                (
                    Candidate(text=text, kind="fact", scope="global"),
                    Exchange(message, reply, character_names=others),
                    own,
                )
            )
            first = found[0]
            if not first or conv.turns[first].speaker != obs.speaker or conv.turns[first - 1].speaker == obs.speaker:
                continue
            other.append(
                (
                    Candidate(text=text, kind="fact", scope="global"),
                    Exchange(conv.turns[first - 1].text, message, character_names=(obs.speaker,)),
                )
            )
        out[conv.name] = (true, other)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--locomo", type=Path, default=REPO / ".." / "shared" / "data" / "locomo")
    args = parser.parse_args()
    data = pairs(args.locomo)
    for label, chain in (("no model (MODEL_CHAIN)", MODEL_CHAIN), ("model (REFLECTION_CHAIN)", REFLECTION_CHAIN)):
        lost: Counter[str] = Counter()
        lost_own = kept = n_true = n_own = n_other = 0
        for true, other in data.values():
            n_true += len(true)
            n_own += sum(own for _, _, own in true)
            n_other += len(other)
            for candidate, exchange, own in true:
                verdict = run_filters(candidate, exchange, chain)
                if not verdict.kept:
                    lost[verdict.filter] += 1
                    lost_own += own
            kept += sum(run_filters(c, e, chain).kept for c, e in other)
        total = sum(lost.values())
        print(f"{label}:")
        print(f"  true observations dropped: {total}/{n_true} ({1000 * total / n_true:.1f} in 1,000) {dict(lost)}")
        print(
            f"  of them, evidence in the observed speaker's own turns: {lost_own}/{n_own}"
            f" ({1000 * lost_own / n_own:.1f} in 1,000)"
        )
        print(f"  assistant-only texts kept: {kept}/{n_other} ({100 * kept / n_other:.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
