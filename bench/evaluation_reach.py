"""Which clauses :func:`souvenir.lexical.evaluations.evaluation` reads as the speaker's
evaluation only (issue #25, session 23): every clause of every fact sentence of LoCoMo-shaped
conversations (both speakers), the count and a sample, so a clause that states something read
as an evaluation shows (``drops_a_clause`` would then keep a note that leaves it out).

    .venv/bin/python -m bench.evaluation_reach ../shared/data/locomo bench/data/dialogues

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from bench.long_parts import HELD_OUT, _turns
from souvenir.lexical.chitchat import fact_sentences
from souvenir.lexical.evaluations import evaluation
from souvenir.write.carry import _CLAUSE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--show", type=int, default=40)
    args = parser.parse_args()
    for folder in args.folders:
        clauses = 0
        found: Counter[str] = Counter()
        for path in sorted(p for p in folder.glob("*.json") if p.stem not in HELD_OUT):
            for text in _turns(path):
                for sentence in fact_sentences(text):
                    parts = [c for c in _CLAUSE.split(sentence) if c.strip()]
                    if len(parts) < 2:
                        continue  # a clause alone is its sentence: drops_a_clause reads clauses of several
                    for clause in parts:
                        clauses += 1
                        if evaluation(clause):
                            found[clause.strip().lower()] += 1
        print(f"{folder}: {sum(found.values())} of {clauses} clauses (in sentences of several) read as evaluations")
        for clause, n in found.most_common(args.show):
            print(f"  {n:4d}  {clause}")


if __name__ == "__main__":
    main()
