"""Learn the durable-content score of a user's message, read its threshold, cross-validate it
(issue #25; :mod:`souvenir.lexical.durable`).

Labels: a user turn is *durable* when a gold observation about its speaker cites it (LoCoMo:
or a QA answer cites it), *junk* otherwise. Groups (the folds):

- each read dialogues set: ``bench/data/dialogues{,2..6}/dlg*.json`` and ``dialogues7``'s
  ``dlg7-fr`` / ``dlg7-zh`` (the user: ``speaker_a``; :func:`souvenir.bench.reflection_loop.load_slice`);
  ``dlg7-ms`` and ``dlg7-en`` are never read here (the blind check);
- each LoCoMo conversation of ``../shared/data/locomo``, both speakers
  (:func:`bench.chitchat_share.turns_of`; English only).

Model: logistic regression over :func:`souvenir.lexical.durable_features.features`, full-batch
Adam (fixed steps, zero start: deterministic, no random draw), L2 penalty ``--l2``; each
source (dialogues, LoCoMo) weighs half of the loss. The decision: a message the chit-chat rule
keeps is dropped too when its probability of being durable is below ``t``; ``t`` minimises
``cost × gold turns dropped + junk turns kept`` on out-of-fold scores. Leave-one-group-out,
nested: for each held-out group the model is fitted on the others, and its ``t`` is read on
the others' own out-of-fold scores (``INNER`` folds of the others, each fitted without the
held-out group either); the held-out group gives the fold's numbers. The shipped weights: fitted on every group, ``t``
read on the pooled out-of-fold scores.

    .venv/bin/python -m bench.durable_fit                       # folds, curve, no file written
    .venv/bin/python -m bench.durable_fit --write               # and rebuild the shipped weights
    .venv/bin/python -m bench.durable_fit --list 10             # the held-out drops, their words

Research and rebuild only (``src/`` reads the file it writes, never this script).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.chitchat_share import turns_of  # noqa: E402
from souvenir.bench.reflection_loop import load_slice  # noqa: E402
from souvenir.lexical.chitchat import chit_chat  # noqa: E402
from souvenir.lexical.durable import WEIGHTS_PATH  # noqa: E402
from souvenir.lexical.durable_features import DIM, VERSION, features  # noqa: E402

#: The blind conversations: never read by this script.
HELD_OUT = frozenset({"dlg7-ms", "dlg7-en"})
#: The price of a gold turn dropped, in junk turns kept (docs/model.md: the spec's asymmetry).
COST = 20.0
COSTS = (1.0, 5.0, 10.0, 20.0, 50.0, 100.0, math.inf)
#: Adam's steps (full batch).
STEPS = 150
#: Inner folds (the threshold of a held-out group is read on the others' out-of-fold scores).
INNER = 3


def load(data: Path, locomo: Path) -> list[dict]:
    """Every labelled turn: ``{"group", "source", "conv", "id", "text", "durable", "rule"}``
    (``rule``: the chit-chat rule drops it)."""
    rows: list[dict] = []
    for folder in sorted(data.glob("dialogues*")):
        for path in sorted(folder.glob("dlg*.json")):
            if path.stem in HELD_OUT:
                continue
            for turn in load_slice(path, 10_000)[0]:
                text = turn["message"]
                rows.append(
                    {
                        "group": folder.name,
                        "source": "dialogues",
                        "conv": path.stem,
                        "id": turn["dia_id"],
                        "text": text,
                        "durable": bool(turn["gold"]),
                    }
                )
    for path in sorted(locomo.glob("conv-*.json")):
        turns, conv, obs, evidence = turns_of(path)
        speaker_of = {t["dia_id"]: t["speaker"] for t in turns}
        bearing = {d for speaker, _, ids in obs for d in ids if speaker_of.get(d) == speaker}
        for t in turns:
            rows.append(
                {
                    "group": path.stem,
                    "source": "locomo",
                    "conv": path.stem,
                    "id": t["dia_id"],
                    "text": t["text"],
                    "durable": t["dia_id"] in bearing or t["dia_id"] in evidence,
                }
            )
    for row in rows:
        row["rule"] = chit_chat(row["text"]) is not None
        row["features"] = features(row["text"])
    return rows


def cached(data: Path, locomo: Path, cache: Path | None) -> list[dict]:
    """:func:`load`, read from / written to ``cache`` (a JSON file) when given."""
    if cache is not None and cache.exists():
        rows = json.loads(cache.read_text())
        for row in rows:
            row["features"] = {int(k): v for k, v in row["features"].items()}
        return rows
    rows = load(data, locomo)
    if cache is not None:
        cache.write_text(json.dumps(rows, ensure_ascii=False))
    return rows


class Design:
    """The rows as a sparse matrix (CSR: ``ptr``, ``col``, ``val``), labels ``y`` and weights ``s``."""

    def __init__(self, rows: list[dict]) -> None:
        self.n = len(rows)
        items = [sorted(row["features"].items()) for row in rows]
        self.nnz = np.array([len(f) for f in items])
        self.ptr = np.concatenate([[0], np.cumsum(self.nnz)])
        self.col = np.array([k for f in items for k, _ in f], dtype=np.int64)
        self.val = np.array([v for f in items for _, v in f], dtype=np.float64)
        self.y = np.array([float(row["durable"]) for row in rows])
        sources = [row["source"] for row in rows]
        self.s = np.array([0.5 / sources.count(src) for src in sources])

    def part(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``rows``' CSR: starts, columns, values (every row has its ``bias`` feature: none empty)."""
        spans = [np.arange(self.ptr[i], self.ptr[i + 1]) for i in rows]
        take = np.concatenate(spans)
        starts = np.concatenate([[0], np.cumsum(self.nnz[rows])[:-1]])
        return starts, self.col[take], self.val[take]


def fit(d: Design, rows: np.ndarray, l2: float, steps: int = STEPS, lr: float = 0.1) -> np.ndarray:
    """Weights (``DIM``) of the logistic regression on ``rows`` of ``d``: full-batch Adam from
    zero, deterministic (no random draw)."""
    starts, col, val = d.part(rows)
    counts = d.nnz[rows]
    y, s = d.y[rows], d.s[rows] / d.s[rows].sum()
    w, m, u = np.zeros(DIM), np.zeros(DIM), np.zeros(DIM)
    for step in range(1, steps + 1):
        p = 1.0 / (1.0 + np.exp(-np.add.reduceat(val * w[col], starts)))
        g = np.bincount(col, weights=val * np.repeat((p - y) * s, counts), minlength=DIM) + l2 * w
        m = 0.9 * m + 0.1 * g
        u = 0.999 * u + 0.001 * g * g
        w -= lr * (m / (1 - 0.9**step)) / (np.sqrt(u / (1 - 0.999**step)) + 1e-8)
    return w


def probability(d: Design, w: np.ndarray, rows: np.ndarray) -> np.ndarray:
    starts, col, val = d.part(rows)
    return 1.0 / (1.0 + np.exp(-np.add.reduceat(val * w[col], starts)))


def threshold(p: np.ndarray, durable: np.ndarray, rule: np.ndarray, cost: float) -> float:
    """The ``t`` minimising ``cost × gold dropped + junk kept`` among the turns the rule keeps
    (a turn is dropped when ``p < t``); ties: the lowest ``t``. 0.0 drops nothing."""
    kept = ~rule
    p, durable = p[kept], durable[kept]
    order = np.argsort(p, kind="stable")
    p, durable = p[order], durable[order]
    # dropping the first k (p sorted): gold dropped = cumulative durable, junk kept = junk - cumulative junk
    gold = np.concatenate([[0], np.cumsum(durable)])
    junk = np.concatenate([[0], np.cumsum(~durable)])
    price = (gold * cost if math.isfinite(cost) else np.where(gold > 0, np.inf, 0.0)) - junk
    best = int(np.argmin(price))  # first minimum: the fewest drops
    if best == 0:
        return 0.0
    return float((p[best - 1] + p[best]) / 2) if best < len(p) else float(p[-1] + 1e-9)


def out_of_fold(d: Design, groups: np.ndarray, folds: list[list[str]], l2: float) -> np.ndarray:
    """Each row of the groups in ``folds`` scored by a model fitted on the other folds' groups."""
    p = np.full(d.n, np.nan)
    among = [g for fold in folds for g in fold]
    for fold in folds:
        train = np.flatnonzero(np.isin(groups, [h for h in among if h not in fold]))
        test = np.flatnonzero(np.isin(groups, fold))
        p[test] = probability(d, fit(d, train, l2), test)
    return p


def weights_file(w: np.ndarray, t: float, cost: float, l2: float, turns: int) -> str:
    """The shipped file's text: sorted keys, weights rounded (the same fit, the same bytes)."""
    out = {
        "version": VERSION,
        "dim": DIM,
        "threshold": round(t, 6),
        "cost": cost if math.isfinite(cost) else "inf",
        "l2": l2,
        "turns": turns,
        "weights": {str(k): round(float(x), 5) for k, x in enumerate(w) if abs(x) >= 5e-6},
    }
    return json.dumps(out, separators=(",", ":"), sort_keys=True) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="bench/data")
    parser.add_argument("--locomo", default="../shared/data/locomo")
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--cost", type=float, default=COST)
    parser.add_argument("--list", type=int, default=0)
    parser.add_argument("--write", action="store_true", help="rebuild the shipped weights file")
    parser.add_argument("--no-folds", action="store_true", help="the curve (and --write) only, no nested folds")
    parser.add_argument("--json", default=None, help="write the fold numbers here")
    parser.add_argument("--cache", default=None, help="the turns' features, read from / written to this file")
    args = parser.parse_args()
    rows = cached(Path(args.data), Path(args.locomo), Path(args.cache) if args.cache else None)
    d = Design(rows)
    groups = np.array([row["group"] for row in rows])
    names = sorted(set(groups), key=lambda g: (not g.startswith("dialogues"), g))
    durable = d.y.astype(bool)
    rule = np.array([row["rule"] for row in rows])
    print(f"{d.n} turns ({int(durable.sum())} durable), {len(names)} groups; rule drops {int(rule.sum())}")
    # pooled out-of-fold scores (each group by a model fitted on the others)
    pooled = out_of_fold(d, groups, [[g] for g in names], args.l2)
    print("cost curve on the pooled out-of-fold scores (turns the rule keeps):")
    for cost in COSTS:
        t = threshold(pooled, durable, rule, cost)
        drop = (~rule) & (pooled < t)
        print(
            f"  cost {cost:>5}: t {t:.4f}  junk dropped {int((drop & ~durable).sum())}/{int((~rule & ~durable).sum())}"
            f"  gold dropped {int((drop & durable).sum())}/{int((~rule & durable).sum())}"
        )
    folds = []
    print("fold | t (read on the others) | in-sample junk/gold dropped | held-out junk/gold dropped (+ rule's)")
    for g in [] if args.no_folds else names:
        others = [h for h in names if h != g]
        inner = out_of_fold(d, groups, [others[k::INNER] for k in range(INNER)], args.l2)
        train = np.isin(groups, others)
        t = threshold(inner[train], durable[train], rule[train], args.cost)
        w = fit(d, np.flatnonzero(train), args.l2)
        test = np.flatnonzero(groups == g)
        p_test = probability(d, w, test)
        p_train = probability(d, w, np.flatnonzero(train))
        drop_in = (~rule[train]) & (p_train < t)
        drop_out = (~rule[test]) & (p_test < t)
        row = {
            "fold": g,
            "t": round(t, 4),
            "in_junk": int((drop_in & ~durable[train]).sum()),
            "in_gold": int((drop_in & durable[train]).sum()),
            "junk_dropped": int((drop_out & ~durable[test]).sum()),
            "junk_kept_by_rule": int((~rule[test] & ~durable[test]).sum()),
            "gold_dropped": int((drop_out & durable[test]).sum()),
            "gold_kept_by_rule": int((~rule[test] & durable[test]).sum()),
            "rule_junk": int((rule[test] & ~durable[test]).sum()),
            "rule_gold": int((rule[test] & durable[test]).sum()),
        }
        folds.append(row)
        print(
            f"  {g:11s} t {t:.4f} | in {row['in_junk']:4d}/{row['in_gold']:3d} | held out junk {row['junk_dropped']}"
            f"/{row['junk_kept_by_rule']} gold {row['gold_dropped']}/{row['gold_kept_by_rule']}"
            f"  (rule: junk {row['rule_junk']}, gold {row['rule_gold']})",
            flush=True,
        )
        for i in [test[k] for k in np.flatnonzero(drop_out)][: args.list]:
            tag = "GOLD" if durable[i] else "junk"
            print(f"     [{tag}] {rows[i]['conv']} {rows[i]['id']} {rows[i]['text'][:110]!r}")
    total = {k: sum(f[k] for f in folds) for k in folds[0] if k not in ("fold", "t")} if folds else {}
    if folds:
        print(
            f"held out, all folds: junk dropped {total['junk_dropped']}/{total['junk_kept_by_rule']}, gold dropped "
            f"{total['gold_dropped']}/{total['gold_kept_by_rule']}; dialogues folds: junk "
            f"{sum(f['junk_dropped'] for f in folds if f['fold'].startswith('dialogues'))}/"
            f"{sum(f['junk_kept_by_rule'] for f in folds if f['fold'].startswith('dialogues'))}, gold "
            f"{sum(f['gold_dropped'] for f in folds if f['fold'].startswith('dialogues'))}"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(folds, indent=1))
    if args.write:
        t = threshold(pooled, durable, rule, args.cost)
        w = fit(d, np.arange(d.n), args.l2)
        WEIGHTS_PATH.write_text(weights_file(w, t, args.cost, args.l2, d.n))
        print(f"wrote {WEIGHTS_PATH} (t {t:.4f})")


if __name__ == "__main__":
    main()
