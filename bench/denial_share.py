"""What ``denial`` by clause costs on LoCoMo's true observations (issue #25, session 17).

:func:`souvenir.write.denial.invented_negation` pairs each negated clause of a note with a
negated sentence of the message by a shared content word; before, any negation in the message
let every negated note pass. Each of LoCoMo's human-checked observations is read as a note
against the turn it cites (:func:`bench.grounding_share.pairs`, the 1,453 whose cited turn is
their speaker's): the rule should not reject it. Reports, for the message-wide reading and the
clause reading: the true observations each rejects, those the clause reading rejects and the
message-wide kept (listed), and the same for the swapped pairs (the observation against the
other speaker's adjacent turn: a rejection there is issue #25's false memory caught).

    .venv/bin/python -m bench.denial_share [--data ../shared/data/locomo]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.grounding_share import pairs
from souvenir.lexical.tagged import tokenize
from souvenir.write.denial import invented_negation

_NEGATING = frozenset({"neg", "negval", "negcontent"})


def message_wide(candidate: str, message: str) -> str | None:
    """The reading before session 17: a negator in the note and no negation in the message."""
    negators = [tok.raw for tok in tokenize(candidate) if tok.role == "neg"]
    if not negators or any(tok.role in _NEGATING for tok in tokenize(message)):
        return None
    return negators[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="../shared/data/locomo")
    args = parser.parse_args()
    rows = [row for path in sorted(Path(args.data).glob("conv-*.json")) for row in pairs(path)]
    tally = {"observations": len(rows), "negated_notes": 0}
    for side, turn in (("true", "true_turn"), ("swapped", "other_turn")):
        old = new = only_new = 0
        for row in rows:
            before = message_wide(row["obs"], row[turn]) is not None
            after = invented_negation(row["obs"], row[turn]) is not None
            old += before
            new += after
            if after and not before:
                only_new += 1
                if side == "true":
                    print(f"{row['conv']} {row['obs']!r}\n    turn: {row[turn][:220]!r}")
        tally[f"{side}_rejected_message_wide"] = old
        tally[f"{side}_rejected_by_clause"] = new
        tally[f"{side}_rejected_by_clause_only"] = only_new
    tally["negated_notes"] = sum(any(t.role == "neg" for t in tokenize(r["obs"])) for r in rows)
    print(json.dumps(tally, indent=1))


if __name__ == "__main__":
    main()
