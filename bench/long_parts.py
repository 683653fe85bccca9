"""How many turns a reflection reads in parts, and what reaches the model (issue #25, session 23).

A message whose reflection data is over the background read bound (``read_s`` × ``tokens_per_s``
tokens, :mod:`souvenir.llm.prompt_bound`) went the no-model way in session 22; it is now cut
into parts (:func:`souvenir.llm.prompt_parts.message_parts`), at most
:data:`~souvenir.llm.prompt_parts.MAX_PARTS` sent. For every turn of LoCoMo-shaped
conversations (both speakers; ``../shared/data/locomo`` and the read dialogues in
``bench/data``), this prints: turns over the bound, turns with fact sentences among them (the
ones reflected in parts), parts per turn, turns with parts left unsent, and the share of the
message's fact words the sent parts hold (the rest stays in the message's episode).

    .venv/bin/python -m bench.long_parts --locomo ../shared/data/locomo bench/data/dialogues bench/data/dialogues2

Research only (nothing in ``src/`` imports it). It reads texts only: no memory is written.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from souvenir.config import BACKGROUND_READ_S, PROMPT_TOKENS_PER_S
from souvenir.lexical import content_words, normalize
from souvenir.lexical.chitchat import fact_sentences
from souvenir.llm.prompt_bound import data_bound, data_tokens
from souvenir.llm.prompt_parts import MAX_PARTS, message_parts
from souvenir.write.reflection import reflection_messages

#: Dialogues never read here (held out for the integrator).
HELD_OUT = ("dlg4-en", "dlg4-fr", "dlg4-zh")


def _turns(path: Path) -> list[str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    conv = data.get("conversation", data)
    return [
        turn["text"]
        for key, value in conv.items()
        if key.startswith("session_") and isinstance(value, list)
        for turn in value
        if isinstance(turn, dict) and turn.get("text")
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--locomo", action="store_true", help="(kept for the command's shape)")
    parser.add_argument("--read-s", type=float, default=BACKGROUND_READ_S)
    parser.add_argument("--tokens-per-s", type=float, default=PROMPT_TOKENS_PER_S)
    args = parser.parse_args()
    bound = data_bound(args.read_s, args.tokens_per_s)
    assert bound is not None

    def build(text: str) -> str:
        return reflection_messages(text, "", story=False)[-1]["content"]

    for folder in args.folders:
        files = sorted(p for p in folder.glob("*.json") if p.stem not in HELD_OUT)
        count: Counter[str] = Counter()
        shares: list[float] = []
        per: Counter[int] = Counter()
        for path in files:
            for text in _turns(path):
                count["turns"] += 1
                if data_tokens(build(text)) <= bound:
                    continue
                count["over"] += 1
                parts = [p for p in message_parts(text, build, bound) if fact_sentences(p)]
                if not parts:
                    count["over, no fact part (no-model way)"] += 1
                    continue
                count["reflected in parts"] += 1
                per[len(parts)] += 1
                if len(parts) > MAX_PARTS:
                    count["parts left unsent"] += 1
                said = content_words(normalize(" ".join(fact_sentences(text))))
                sent = content_words(normalize(" ".join(parts[:MAX_PARTS])))
                shares.append(len(said & sent) / len(said) if said else 1.0)
        print(f"{folder} ({len(files)} files, bound {bound} tokens):", dict(count))
        print("  parts per turn:", dict(sorted(per.items())))
        if shares:
            shares.sort()
            print(
                f"  fact words sent: min {shares[0]:.2f}, median {shares[len(shares) // 2]:.2f}, "
                f"under 1: {sum(s < 1 for s in shares)}"
            )


if __name__ == "__main__":
    main()
