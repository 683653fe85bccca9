"""What :func:`souvenir.write.swapped.swapped_word` rejects on LoCoMo (issue #25, session 17).

- *true*: each gold observation read against its own turn (``bench.grounding_share.pairs``):
  a word found swapped here is the rule's cost (a true paraphrase rejected);
- *kept true*: the same, among the observations :func:`souvenir.write.grounding.ground` keeps
  (what the rule would newly reject inside the grounding chain);
- *invented*: each turn's first sentence holding a name after a content word and followed by a
  content word (its head: "the Nike and Gatorade *deals*"), that head replaced by a content
  word of the other speaker's turns that the turn lacks: what the rule is for.

    .venv/bin/python -m bench.swapped_share [--data ../shared/data/locomo] [--list N]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bench.grounding_share import pairs
from souvenir.lexical.questions import sentences
from souvenir.lexical.tagged import content_of, tokenize
from souvenir.write.grounding import ground
from souvenir.write.swapped import _named, swapped_word


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="../shared/data/locomo")
    parser.add_argument("--list", type=int, default=0)
    args = parser.parse_args()
    rows = [row for path in sorted(Path(args.data).glob("conv-*.json")) for row in pairs(path)]
    tally = {
        "true": len(rows),
        "true_swapped": 0,
        "kept_true": 0,
        "kept_true_swapped": 0,
        "invented": 0,
        "invented_caught": 0,
    }
    shown: list[tuple[str, str, tuple[str, str]]] = []
    nouns = [tok.raw for row in rows for tok in content_of(tokenize(row["other_turn"])) if tok.raw.isalpha()]
    for n, row in enumerate(rows):
        found = swapped_word(row["obs"], row["true_turn"])
        other = tuple(name for name in row["names"] if name != row["speaker"])
        kept = ground(row["obs"], row["true_turn"], row["reply"], (row["speaker"],), other_names=other).grounded
        tally["true_swapped"] += found is not None
        tally["kept_true"] += kept
        tally["kept_true_swapped"] += kept and found is not None
        if found and len(shown) < args.list:
            shown.append((row["obs"], row["true_turn"], found))
        for sentence in sentences(row["true_turn"]):
            toks = [tok for tok in tokenize(sentence) if tok.role not in ("end", "comma")]
            heads = [
                k + 1
                for k in range(1, len(toks) - 1)
                if _named(toks[k]) and toks[k].role == "content" and any(t.role == "content" for t in toks[:k])
            ]
            heads = [k for k in heads if toks[k].role == "content" and not _named(toks[k])]
            if heads:
                target = toks[heads[0]].raw
                other = nouns[(n * 7919) % len(nouns)]
                if other.lower() in row["true_turn"].lower():
                    continue
                tally["invented"] += 1
                note = sentence.replace(target, other, 1)
                tally["invented_caught"] += swapped_word(note, row["true_turn"]) is not None
                break
    print(json.dumps(tally, indent=1))
    for obs, turn, found in shown:
        print(f"- {found}: {obs!r} <- {turn[:160]!r}")


if __name__ == "__main__":
    main()
