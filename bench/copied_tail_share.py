"""What :func:`souvenir.write.clause_ground.copied_tail` cuts on LoCoMo turns (issue #25, session 17).

A note that copies a sentence of the message and goes on in its own words has its invented
end cut. Read on every turn of the six shared conversations whose first sentence has five
words or more and which has a second sentence, neither a question (a note states):

- *true ends*: the first sentence joined to the turn's own second sentence ("<first> and
  <second>"): every word of the end is the message's — a cut here is the rule's cost;
- *invented ends*: the first sentence joined to another conversation's gold observation, its
  subject made "they" ("<first> and they <observation>"): a cut here is what the rule is for.

    .venv/bin/python -m bench.copied_tail_share [--data ../shared/data/locomo]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from bench.chitchat_share import turns_of
from souvenir.lexical.questions import sentences
from souvenir.write.clause_ground import copied_tail
from souvenir.write.grounding import MIN_SHARE, clause_share


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="../shared/data/locomo")
    args = parser.parse_args()
    rows: list[tuple[str, str, str, frozenset[str]]] = []
    observations: list[tuple[str, str]] = []
    for path in sorted(Path(args.data).glob("conv-*.json")):
        turns, conv, obs, _ = turns_of(path)
        names = frozenset(n.lower() for n in (conv["speaker_a"], conv["speaker_b"]))
        observations += [(path.stem, text) for _, text, _ in obs]
        for turn in turns:
            parts = [s.strip() for s in sentences(turn["text"]) if s.strip()]
            if len(parts) >= 2 and len(parts[0].split()) >= 5 and not any(p.endswith(("?", "？")) for p in parts[:2]):
                rows.append((path.stem, turn["text"], parts[0], names))
    tally = {"turns": len(rows), "true_ends_cut": 0, "invented_ends_cut": 0}
    for i, (conv, message, first, names) in enumerate(rows):
        second = [s.strip() for s in sentences(message) if s.strip()][1]
        head = first.rstrip(".!?")
        true_note = f"{head} and {second[:1].lower()}{second[1:]}"
        other = next(text for c, text in observations[i * 7 % len(observations) :] + observations if c != conv)
        rest = re.sub(r"^[A-Z]\w+\s+", "", other)
        invented = f"{head} and they {rest}"
        for key, note in (("true_ends_cut", true_note), ("invented_ends_cut", invented)):
            read = copied_tail(note, message, lambda part: clause_share(part, message, names), MIN_SHARE)
            tally[key] += read.cut() is not None
    print(json.dumps(tally, indent=1))


if __name__ == "__main__":
    main()
