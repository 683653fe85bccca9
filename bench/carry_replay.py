"""The carry rule (:mod:`souvenir.write.carry`) measured two ways (issue #25, session 13).

1. ``--locomo``: LoCoMo's gold observations of a turn read as a model's notes: the share of
   the turn's fact words they hold (median), and how often the rule would keep the message
   beside them at each share (the price of the rule, in memories, for a model that notes
   what the annotators noted).
2. ``--run OUT.json --conversation conv-30``: a ``souvenir bench reflection --json`` run made
   without the rule, replayed: for each turn where the model kept notes, whether the rule
   keeps the message beside them, and whether that message matches a gold observation of its
   turn as the bench matches. Dedup is not replayed (a message absorbed into its note would
   leave the count unchanged).

    .venv/bin/python -m bench.carry_replay --locomo
    .venv/bin/python -m bench.carry_replay --run /tmp/out.json --conversation conv-30
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from souvenir.bench.reflection_loop import load_slice, matches
from souvenir.lexical.chitchat import chit_chat, fact_sentences
from souvenir.write.carry import carried
from souvenir.write.grounding import content_share

from bench.chitchat_share import turns_of

SHARES = (0.3, 0.4, 0.5)


def locomo(data: Path) -> None:
    shares: list[float] = []
    for path in sorted(data.glob("conv-*.json")):
        turns, conv, obs, _ = turns_of(path)
        names = frozenset(n.lower() for n in (conv["speaker_a"], conv["speaker_b"]))
        by_id = {t["dia_id"]: t for t in turns}
        notes: dict[str, list[str]] = {}
        for speaker, text, ids in obs:
            for d in ids:
                if d in by_id and by_id[d]["speaker"] == speaker:
                    notes.setdefault(d, []).append(text)
        for d, texts in notes.items():
            message = by_id[d]["text"]
            if chit_chat(message, names):
                continue
            share = content_share(" ".join(fact_sentences(message, names)), " ".join(texts), names)[0]
            if share is not None:
                shares.append(share)
    kept = {t: round(sum(s < t for s in shares) / len(shares), 3) for t in SHARES}
    print(
        f"{len(shares)} annotated turns; median share of their fact words in the gold notes {statistics.median(shares)}"
    )
    print(f"message kept beside the gold notes, by share: {kept}")


def replay(run: Path, conversation: str, data: Path) -> None:
    result = json.loads(run.read_text())
    turns, speakers = load_slice(data / f"{conversation}.json", int(result["turns"]))
    names = frozenset(s.lower() for s in speakers)
    notes: dict[int, list[str]] = {}
    for memory in result["with_model"]["written"]:
        if not memory["fallback"]:
            for i in memory["turns"]:
                notes.setdefault(i, []).append(memory["text"])
    base, none = result["with_model"]["true"], result["no_model"]["true"]
    for rule in ("carry", "always"):
        added = hits = 0
        for i, texts in sorted(notes.items()):
            message = turns[i]["message"]
            if chit_chat(message, names) or (rule == "carry" and carried(message, texts, names)):
                continue
            hit = any(matches(message, gold, names) for gold in turns[i]["gold"])
            added, hits = added + 1, hits + hit
            print(f"  {rule} turn {i} {'gold' if hit else '-'}: {message[:90]!r}")
        print(f"{rule}: {added} messages kept beside notes; true {base} -> {base + hits} (no-model {none})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", type=Path, default=Path("../shared/data/locomo"))
    parser.add_argument("--locomo", action="store_true")
    parser.add_argument("--run", type=Path, default=None)
    parser.add_argument("--conversation", default="conv-26")
    args = parser.parse_args()
    if args.locomo:
        locomo(args.data)
    if args.run:
        replay(args.run, args.conversation, args.data)


if __name__ == "__main__":
    main()
