"""What the proxy's block budget costs in LoCoMo recall (issue #25, session 24).

On a single-slot local server the proxy keeps a reply's memory lines within ``share × 2 s ×
the read rate`` tokens (:mod:`souvenir.llm.block_bound`), the lowest-ranked left out
(:mod:`souvenir.read.block_budget`). This asks every LoCoMo question of categories 1–4 (the
``raw`` stores of ``souvenir bench recall``: every turn an episode) and reports, pooled:

* recall of the selection's first k memories (the order the passes admitted them, which the
  budget keeps), k = 1…10 and 24;
* for each read rate and share: the tokens the budget allows, the memories it keeps (mean,
  median) and the recall of what it keeps — the same functions the engine runs on each reply.

    nice .venv/bin/python -m bench.block_recall ../shared/data/locomo --cache /tmp/m14/cache \\
        --conversations conv-26,conv-30 --rates 36,60,140,166 --json

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from souvenir.bench.locomo_stores import CHANNEL, open_store
from souvenir.bench.recall import _questions, turn_sources
from souvenir.bench.recall_metrics import recall
from souvenir.bench.shared import covered
from souvenir.ground.config import BACKGROUND_READ_S, Settings
from souvenir.llm.prompt_bound import data_tokens
from souvenir.read.block import memory_lines
from souvenir.read.block_budget import within_budget
from souvenir.replay.formats import parse_locomo

KS = (1, 2, 3, 4, 5, 6, 8, 10, 24)


def run(directory: Path, cache: Path, conversations: list[str], rates: list[float], shares: list[float]) -> dict:
    """``{"questions", "head": {k: recall}, "budgets": [{"rate", "share", "tokens", "kept_mean",
    "kept_median", "recall"}]}`` pooled over the conversations' questions."""
    settings = Settings(_env_file=None)
    cache.mkdir(parents=True, exist_ok=True)
    head: dict[int, list[float]] = {k: [] for k in KS}
    budgets = [(rate, share, int(share * BACKGROUND_READ_S * rate)) for rate in rates for share in shares]
    kept: dict[int, list[int]] = {i: [] for i in range(len(budgets))}
    found: dict[int, list[float]] = {i: [] for i in range(len(budgets))}
    for name in conversations:
        path = directory / f"{name}.json"
        conv = parse_locomo(path)
        built = open_store(conv, path, "raw", settings, cache, cached=True)
        try:
            rt = built.runtime
            sources = turn_sources(rt.store.sources(built.user_id)) if built.user_id is not None else {}
            now = conv.turns[-1].time if conv.turns else None
            for qa in _questions(conv):
                evidence = set(qa.evidence)
                result = rt.engine.context(CHANNEL, conv.name, qa.question, now=now, count=False)
                for k in KS:
                    head[k].append(recall(evidence, covered(result.memories[:k], sources)))
                lines = memory_lines(result.memories, result.profile, result.tz, now)
                for i, (_, _, tokens) in enumerate(budgets):
                    within, _ = within_budget(result.memories, lines, tokens, data_tokens)
                    kept[i].append(len(within))
                    found[i].append(recall(evidence, covered(within, sources)))
        finally:
            built.close()
    return {
        "questions": len(head[KS[0]]),
        "conversations": conversations,
        "head": {k: round(statistics.mean(v), 4) for k, v in head.items()},
        "budgets": [
            {
                "rate": rate,
                "share": share,
                "tokens": tokens,
                "kept_mean": round(statistics.mean(kept[i]), 2),
                "kept_median": statistics.median(kept[i]),
                "recall": round(statistics.mean(found[i]), 4),
            }
            for i, (rate, share, tokens) in enumerate(budgets)
        ],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--conversations", default="conv-26,conv-30,conv-41,conv-42,conv-43,conv-44")
    parser.add_argument("--rates", default="36,60,140,166")
    parser.add_argument("--shares", default="1.0,0.5")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run(
        args.directory,
        args.cache,
        [c for c in args.conversations.split(",") if c],
        [float(r) for r in args.rates.split(",")],
        [float(s) for s in args.shares.split(",")],
    )
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"{report['questions']} questions, {', '.join(report['conversations'])}")
    print("head k: " + ", ".join(f"@{k} {v}" for k, v in report["head"].items()))
    for b in report["budgets"]:
        print(
            f"rate {b['rate']:g} share {b['share']:g}: {b['tokens']} tokens, kept mean {b['kept_mean']} "
            f"median {b['kept_median']}, recall {b['recall']}"
        )


if __name__ == "__main__":
    main()
