"""The question centred on its language, gated to single-language users (session 8).

Session 7 (docs/journal.md "Cross-language levers, session 7") found that subtracting from
e5's question the mean window vector of its language (``window_qcentre``) lifts LoCoMo
(one language) and costs the multilingual files. Here the same centring applies only when
the user's memories are (nearly) all in one language: the most frequent memory language
(the product's detector, :func:`souvenir.read.scoring.memory_language.memory_language`) holds at least
a share ``τ`` of them. ``τ`` is read from data, not chosen: the lowest such share over the
stores known to hold one language (the six LoCoMo conversations, and every monolingual
sub-fold below, built from the files' declared languages), rounded down to 0.01 — the
detector's own noise on single-language stores.

On the nine folds the gate shuts on the three files (four languages each), so the lever
reads LoCoMo only. To see what it does to single-language users of French, Chinese, Malay
(and English), each file is cut into *monolingual sub-folds*: for each language L, the
file's memories declared in L and the queries whose gold memories are all in L (asked in
L: "same"; in another language: "cross"). They are not folds of the chain; each is
measured with the in-sample configuration and, held out, with the configuration chosen by
the chain without its file.

    .venv/bin/python -m bench.cv_monocentre --data /work/cache/cv --json F

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import time
from dataclasses import fields
from pathlib import Path

import numpy as np
from bench.cv_data import SUITES, Dataset, load, log
from bench.cv_centring import language_pull
from bench.cv_evaluator import Evaluator
from bench.cv_levers import _fmt, crossvalidate, cv_figures, figures, lever_table, objective

from souvenir.read.scoring import ScoringConfig
from souvenir.read.scoring.memory_language import memory_language


def language_share(ds: Dataset) -> tuple[str, float]:
    """The most frequent memory language (the product's detector) and its share."""
    langs = [memory_language(m.text) for m in ds.memories]
    names, counts = np.unique(langs, return_counts=True)
    k = int(np.argmax(counts))
    return str(names[k]), float(counts[k] / counts.sum())


def monolingual_subfolds(ds: Dataset, path: Path) -> list[Dataset]:
    """One copy of the suite ``ds`` per declared language L (``path``'s JSON): the memories
    declared in L, the queries whose gold memories are all declared in L (``cross``: the
    query is asked in another language); named ``"NAME:L"``."""
    data = json.loads(path.read_text(encoding="utf-8"))
    lang_of = {m["id"]: m["lang"] for m in data["memories"]}
    out = []
    for lang in sorted(set(lang_of.values())):
        keep = [i for i, m in enumerate(ds.memories) if {lang_of.get(s) for s in ds.sources.get(m.id, set())} == {lang}]
        qs = [i for i, q in enumerate(ds.queries) if {lang_of[g] for g in q.gold} == {lang}]
        if not keep or not qs:
            continue
        sub = copy.copy(ds)
        sub.name = f"{ds.name}:{lang}"
        sub.memories = [ds.memories[i] for i in keep]
        sub.use, sub.e5 = ds.use[keep], ds.e5[keep]
        sub.sources = {ds.memories[i].id: ds.sources.get(ds.memories[i].id, set()) for i in keep}
        sub.queries = [copy.copy(ds.queries[i]) for i in qs]
        for q in sub.queries:
            q.cross = q.group != lang  # Query.group: the query's declared language
        sub.q_use, sub.q_e5 = ds.q_use[qs], ds.q_e5[qs]
        sub.extra = {}
        out.append(sub)
    return out


_SUB_MEMO: dict[tuple[str, str], dict] = {}


def sub_figures(ev: Evaluator, sub: Dataset, cfg: dict) -> dict:
    """recall@24 of the selection (overall, questions asked in the sub-fold's language,
    asked in another), and — 50–60 memories make @24 nearly always 1 — recall@5 and the
    mean reciprocal rank of the first gold memory by the fused score alone."""
    key = (sub.name, json.dumps(cfg, sort_keys=True))
    if key in _SUB_MEMO:
        return _SUB_MEMO[key]
    r = ev.recall(sub, cfg)
    cross = np.array([q.cross for q in sub.queries])
    at5, rr = [], []
    for q, (_, scores) in zip(sub.queries, ev.selections(sub, cfg)):
        order = np.argsort(-np.asarray(scores.array), kind="stable")
        ranked = [int(i) for i in np.asarray(scores.ids)[order]]
        found: set[str] = set()
        for mid in ranked[:5]:
            found |= sub.sources.get(mid, set())
        at5.append(len(q.gold & found) / len(q.gold))
        first = next((k for k, mid in enumerate(ranked, 1) if sub.sources.get(mid, set()) & q.gold), None)
        rr.append(1.0 / first if first else 0.0)

    def mean(x: np.ndarray) -> float:
        return float(x.mean()) if x.size else math.nan

    a5, mrr = np.array(at5), np.array(rr)
    found = _SUB_MEMO[key] = {
        "overall": mean(r),
        "same": mean(r[~cross]),
        "cross": mean(r[cross]),
        "at5": mean(a5),
        "at5_same": mean(a5[~cross]),
        "at5_cross": mean(a5[cross]),
        "mrr": mean(mrr),
        "mrr_same": mean(mrr[~cross]),
        "mrr_cross": mean(mrr[cross]),
        "n": [int((~cross).sum()), int(cross.sum())],
    }
    return found


def _sub_line(figs: dict) -> str:
    return "\n   " + "\n   ".join(
        f"{k:8} @24 {v['overall']:.3f} ({v['same']:.3f}/{v['cross']:.3f})  @5 {v['at5']:.3f} "
        f"({v['at5_same']:.3f}/{v['at5_cross']:.3f})  MRR {v['mrr']:.3f} ({v['mrr_same']:.3f}/{v['mrr_cross']:.3f})"
        f"  n {v['n'][0]}+{v['n'][1]}"
        for k, v in figs.items()
    )


def by_language(figs: dict) -> dict[str, dict]:
    """Sub-fold figures pooled per language over the three files (and over all twelve),
    each mean weighted by its questions: ``{"fr": {"same": …, "at5_same": …, …}}``."""
    out: dict[str, dict] = {}
    for lang in ("en", "fr", "ms", "zh", "all"):
        rows = [v for k, v in figs.items() if lang == "all" or k.endswith(":" + lang)]
        pooled: dict = {}
        for part, i in (("same", 0), ("cross", 1)):
            n = sum(v["n"][i] for v in rows)
            for key in (part, "at5_" + part, "mrr_" + part):
                pooled[key] = sum(v[key] * v["n"][i] for v in rows if v["n"][i]) / n if n else math.nan
            pooled["n_" + part] = n
        out[lang] = pooled
    return out


def _language_line(figs: dict) -> str:
    return "  ".join(
        f"{k}: @24 {v['same']:.3f} @5 {v['at5_same']:.3f} MRR {v['mrr_same']:.3f} "
        f"(cross @5 {v['at5_cross']:.3f} MRR {v['mrr_cross']:.3f})"
        for k, v in by_language(figs).items()
    )


def hubs(ev: Evaluator, datasets: list[Dataset], cfg: dict, share: float = 0.1) -> dict:
    """Hubness on the single-language folds: the memories whose USE vector is closest to the
    user's mean (the top ``share``), their share of the memories, of the gold memories, and
    of the places of the 24 under today's defaults and under ``cfg``."""
    base = _defaults()
    n = hub_n = gold = gold_hub = before = after = slots = 0
    examples = []
    for ds in datasets:
        pull = language_pull(ds, "use")[0]  # one language: every question pulls the same mean
        hub = pull >= np.quantile(pull, 1 - share)
        wanted = set().union(*(q.gold for q in ds.queries))
        gold_rows = [i for i, m in enumerate(ds.memories) if ds.sources.get(m.id, set()) & wanted]
        n, hub_n = n + len(hub), hub_n + int(hub.sum())
        gold, gold_hub = gold + len(gold_rows), gold_hub + int(hub[gold_rows].sum())
        pos = {m.id: i for i, m in enumerate(ds.memories)}
        for (r0, _), (r1, _) in zip(ev.selections(ds, base), ev.selections(ds, cfg)):
            before += int(hub[[pos[x.memory.id] for x in r0.memories]].sum())
            after += int(hub[[pos[x.memory.id] for x in r1.memories]].sum())
            slots += len(r0.memories)
        examples.append(ds.memories[int(np.argmax(pull))].text[:100])
    return {
        "memories": hub_n / n,
        "gold": gold_hub / gold,
        "in_24_default": before / slots,
        "in_24_cfg": after / slots,
        "hubs": hub_n,
        "n": n,
        "closest": examples,
    }


def held_out_change(ev: Evaluator, datasets: list[Dataset], folds: dict, base: dict, draws: int = 10_000) -> dict:
    """LoCoMo, held out minus today's defaults, per question pooled over the conversations
    (each measured with its own chain's configuration): the mean, a paired bootstrap 95 %
    interval (``draws`` resamples, seed 0), the questions gaining and losing; the same for
    multi-hop (category 1)."""
    rng = np.random.default_rng(0)
    diffs, cats = [], []
    for ds in datasets:
        if ds.kind == "locomo":
            diffs.append(ev.recall(ds, folds[ds.name]["cfg"]) - ev.recall(ds, base))
            cats += [q.group for q in ds.queries]
    out = {}
    for name, x in (("locomo", np.concatenate(diffs)), ("c1", np.concatenate(diffs)[np.array(cats) == "1"])):
        boots = x[rng.integers(0, len(x), (draws, len(x)))].mean(axis=1)
        out[name] = {
            "mean": float(x.mean()),
            "low": float(np.percentile(boots, 2.5)),
            "high": float(np.percentile(boots, 97.5)),
            "gain": int((x > 0).sum()),
            "lose": int((x < 0).sum()),
        }
    return out


def _defaults() -> dict:
    default = ScoringConfig()
    return {f.name: getattr(default, f.name) for f in fields(ScoringConfig)}


def groups_for(tau: float) -> dict[str, list[tuple[str, list[dict]]]]:
    """The lever groups read here, each chained alone from today's defaults."""
    gate: dict = {"qcentre_gate": tau}
    weights = (0.25, 0.5, 0.75, 1.0)
    e5 = [gate | {"window_qcentre": b, "qcentre_mean": m} for b in weights for m in ("question", "user")]
    use = [gate | {"dense_qcentre": b, "qcentre_mean": m} for b in weights for m in ("question", "user")]
    both = [
        gate | {"window_qcentre": a, "dense_qcentre": b, "qcentre_mean": m}
        for a in weights
        for b in weights
        for m in ("question", "user")
    ]
    # session 7's grids (bench/cv_groups.py CROSSLANG7_GROUPS), a narrower reading
    e5_s7 = [gate | {"window_qcentre": b} for b in (0.25, 0.5)]
    both_s7 = [gate | {"window_qcentre": a, "dense_qcentre": b} for a in (0.25, 0.5) for b in weights]
    return {
        "e5": [("e5 question centred, gated", e5)],
        "e5 then use": [("e5 question centred, gated", e5), ("USE question centred, gated", use)],
        "e5 s7 grid": [("e5 question centred, gated (0.25, 0.5)", e5_s7)],
        "both s7 grid": [("e5 and USE questions centred, gated (e5 0.25, 0.5)", both_s7)],
        "use": [("USE question centred, gated", use)],
        "both": [("e5 and USE questions centred, gated", both)],
        "ungated e5": [("e5 question centred, ungated", [{"window_qcentre": b} for b in weights])],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--bar", type=float, default=0.002)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--runs", default="e5,use,both,ungated e5")
    ap.add_argument("--grid", help="JSON list of overrides: in-sample figures only (τ filled in)")
    ap.add_argument("--hubs", help="JSON override: the hubness count on LoCoMo under it (τ filled in)")
    args = ap.parse_args()
    datasets = load(args.data)
    subs = [s for ds in datasets if ds.kind == "suite" for s in monolingual_subfolds(ds, SUITES[ds.name])]
    shares = {d.name: language_share(d) for d in datasets + subs}
    for name, (lang, share) in shares.items():
        log(f"{name}: {lang} {share:.4f} ({len(next(d for d in datasets + subs if d.name == name).memories)} memories)")
    mono = [s for d in datasets + subs if d.kind == "locomo" or ":" in d.name for s in [shares[d.name][1]]]
    tau = math.floor(min(mono) * 100) / 100
    log(
        f"gate τ = {tau:.2f} (lowest share over the {len(mono)} single-language stores, rounded down); "
        f"files: {', '.join(f'{d.name} {shares[d.name][1]:.3f}' for d in datasets if d.kind == 'suite')}"
    )
    ev = Evaluator(datasets + subs)
    base = _defaults()
    if args.hubs:
        cfg = base | {"qcentre_gate": tau} | json.loads(args.hubs)
        print(json.dumps(hubs(ev, [d for d in datasets if d.kind == "locomo"], cfg), ensure_ascii=False, indent=1))
        return 0
    t0 = time.monotonic()
    fig0 = figures(ev, datasets, base)
    sub0 = {s.name: sub_figures(ev, s, base) for s in subs}
    log(f"default ({time.monotonic() - t0:.1f} s): {_fmt(fig0)}")
    print(f"default: J {objective(fig0):.4f}  {_fmt(fig0)}")
    print(f"default sub-folds: {_sub_line(sub0)}")
    print(f"   by language (asked in it; cross): {_language_line(sub0)}", flush=True)
    out: dict = {"tau": tau, "shares": shares, "default": fig0, "default_subs": sub0, "runs": {}}
    if args.grid:
        for over in json.loads(args.grid):
            cfg = base | ({"qcentre_gate": tau} if over.pop("gated", True) else {}) | over
            fig = figures(ev, datasets, cfg)
            print(f"{json.dumps(over)}  J {objective(fig):.4f}  {_fmt(fig)}")
            figs = {s.name: sub_figures(ev, s, cfg) for s in subs}
            print(f"   sub-folds: {_sub_line(figs)}")
            print(f"   by language (asked in it; cross): {_language_line(figs)}", flush=True)
        return 0
    groups = groups_for(tau)
    for run in args.runs.split(","):
        result = crossvalidate(ev, datasets, args.bar, groups[run], base)
        cfg = result["in_sample"][-1]["cfg"]
        ins, cv = figures(ev, datasets, cfg), cv_figures(ev, datasets, result["folds"])
        best = result["in_sample"][-1]
        sub_in = {s.name: sub_figures(ev, s, cfg) for s in subs}
        sub_cv = {s.name: sub_figures(ev, s, result["folds"][s.name.split(":")[0]]["cfg"]) for s in subs}
        sub_best = {s.name: sub_figures(ev, s, base | best["variant"]) for s in subs} if best["variant"] else None
        levers = lever_table(ev, datasets, result)
        change = held_out_change(ev, datasets, result["folds"], base)
        print(f"\n== {run}: in-sample best {json.dumps(best['variant'])} kept {best['kept']} J {best['J']:.4f}")
        print(f"in-sample:  {_fmt(ins)}")
        print(f"cross-val.: {_fmt(cv)}")
        print(
            "per conversation, in-sample / held out: "
            + ", ".join(f"{k} {v:.3f} / {cv['locomo']['by_conv'][k]:.3f}" for k, v in ins["locomo"]["by_conv"].items())
        )
        print(
            "folds: "
            + "; ".join(
                f"{k} {json.dumps(f['steps'][-1]['variant']) if f['steps'][-1]['kept'] else '-'}"
                f" {f['held_out'][0]:.4f}->{f['held_out'][-1]:.4f}"
                for k, f in result["folds"].items()
            )
        )
        print(
            "held out minus defaults: "
            + "; ".join(
                f"{k} {v['mean']:+.4f} [{v['low']:+.4f}, {v['high']:+.4f}] gain {v['gain']} lose {v['lose']}"
                for k, v in change.items()
            )
        )
        if sub_best:
            print(f"sub-folds with the best variant: {_sub_line(sub_best)}")
        print(f"sub-folds in-sample: {_sub_line(sub_in)}")
        print(f"   by language (asked in it; cross): {_language_line(sub_in)}")
        print(f"sub-folds held out:  {_sub_line(sub_cv)}")
        print(f"   by language (asked in it; cross): {_language_line(sub_cv)}")
        for row in levers:
            print(json.dumps(row))
        out["runs"][run] = {
            "in_sample": ins,
            "cv": cv,
            "best": best,
            "levers": levers,
            "subs_in": sub_in,
            "subs_cv": sub_cv,
            "subs_best": sub_best,
            "held_out_change": change,
            "folds": {
                k: {
                    "cfg_variant": f["steps"][-1]["variant"],
                    "kept": f["steps"][-1]["kept"],
                    "held_out": f["held_out"],
                    "J": [s["J"] for s in f["steps"]],
                }
                for k, f in result["folds"].items()
            },
        }
        if args.json:
            args.json.write_text(json.dumps(out, indent=1, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
