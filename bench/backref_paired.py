"""Two runs of ``bench.backref`` on the same set, paired by item: the difference per kind.

Reads the ``--json`` rows of two runs (``base`` and ``variant``, same set, same modes) and
prints, per mode × kind (and per language for a chosen kind), the mean recall@5, recall@24
and hit@5 of each run and the mean paired difference (variant − base) of recall@5 and
hit@5 with a 95% percentile bootstrap interval over items (10 000 resamples of the items
with replacement, seed 0). Items are the unit: a language's 8 items × 4 languages = 32
for a kind of 8 a language.

Usage: ``.venv/bin/python -m bench.backref_paired off.json on.json [--mode window]
[--by-lang d]``. Raises ``SystemExit`` when the runs do not hold the same items.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from pathlib import Path
from typing import Any

RESAMPLES = 10_000


def bootstrap(diffs: list[float], resamples: int = RESAMPLES, seed: int = 0) -> tuple[float, float]:
    """95% percentile interval of the mean of ``diffs`` (resampling the items)."""
    rng = random.Random(seed)
    n = len(diffs)
    means = sorted(sum(rng.choice(diffs) for _ in range(n)) / n for _ in range(resamples))
    return means[int(0.025 * resamples)], means[int(0.975 * resamples) - 1]


def paired(
    base: list[dict[str, Any]], variant: list[dict[str, Any]]
) -> dict[tuple[str, str, str], list[tuple[dict[str, Any], dict[str, Any]]]]:
    """(mode, kind, lang) -> [(base row, variant row)] matched by item id."""
    index = {(r["mode"], r["item"]): r for r in base}
    if set(index) != {(r["mode"], r["item"]) for r in variant}:
        raise SystemExit("the two runs do not hold the same items and modes")
    out: dict[tuple[str, str, str], list[tuple[dict[str, Any], dict[str, Any]]]] = defaultdict(list)
    for r in variant:
        out[(r["mode"], r["kind"], r["lang"])].append((index[(r["mode"], r["item"])], r))
    return out


def line(label: str, pairs: list[tuple[dict[str, Any], dict[str, Any]]]) -> str:
    def mean(key: str, side: int) -> float:
        return sum(p[side][key] for p in pairs) / len(pairs)

    cells = [f"{label:<14} n={len(pairs):<3}"]
    for key in ("recall@5", "recall@24", "hit@5"):
        cells.append(f"{key} {mean(key, 0):.3f} → {mean(key, 1):.3f}")
    for key in ("recall@5", "hit@5"):
        diffs = [float(b[key]) - float(a[key]) for a, b in pairs]
        low, high = bootstrap(diffs)
        cells.append(f"Δ{key} {sum(diffs) / len(diffs):+.3f} [{low:+.3f}, {high:+.3f}]")
    return " | ".join(cells)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.backref_paired", description=__doc__.split("\n")[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("variant", type=Path)
    parser.add_argument("--mode", action="append", help="a mode (repeat); default every mode in the rows")
    parser.add_argument("--by-lang", default="d", help="the kind to show per language (default d)")
    args = parser.parse_args(argv)
    groups = paired(*(json.loads(p.read_text(encoding="utf-8")) for p in (args.base, args.variant)))
    modes = args.mode or sorted({m for m, _, _ in groups})
    for mode in modes:
        print(f"## {mode} (base {args.base.name} → variant {args.variant.name})")
        for kind in sorted({k for m, k, _ in groups if m == mode}):
            pairs = [p for (m, k, _), ps in groups.items() if m == mode and k == kind for p in ps]
            print(line(f"kind {kind}", pairs))
            if kind == args.by_lang:
                for lang in sorted({lg for m, k, lg in groups if m == mode and k == kind}):
                    print(line(f"  {kind} {lang}", groups[(mode, kind, lang)]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
