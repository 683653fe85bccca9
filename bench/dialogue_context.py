"""The conversation as the query, second round: how the recent turns are used.

Issue #28. ``bench/dialogue_recall.py`` built the dialogue-recall set (LoCoMo turns that
bring up an earlier session's fact; *turn* framing 179 items, *reply* framing 149) and
found that mixing the session's earlier turns into the query did not hold out. Here the
same set, the same product score for the message, and other ways to use the context:

- ``excl P``: the memories whose text is verbatim one of the last ``P`` turns of the
  session (what the model's prompt already shows: the proxy's ``messages``, the recorded
  history) take no place; ``P`` = 4, 10 or the whole session so far (``0``). The places
  go to the rest by the same passes. Gold are earlier sessions' turns, never in the prompt.
- ``vec H β``: the last ``H`` turns joined and embedded as a query, mixed into the
  message's vectors (q_msg + β q_ctx) and its terms into BM25 at weight β (as round one).
- ``rec β``: each of the last 4 turns embedded alone, mixed at β · ½^age (age 0 = the
  turn just before the message): recent turns weigh more.
- ``own H β``: as ``vec`` with only the message's own speaker's turns (the user's).
- ``ref H β``: as ``vec`` only when the message holds a reference word ("it", "that",
  "there", "ça", "那个", "itu"…): the thing named earlier in the conversation.
- ``nam H β s``: as ``vec`` only when the message names nothing the store knows: none of
  its index terms (``bm25_tokens``) is held by at least one and at most a share ``s``
  (at least one memory) of the memories before it ("I really want it", "Same here!": the thing is named in the
  turns before; session 20, the gate session 11 left as the next step).
- ``union k``: the message alone ranks and selects 24 − k; the ``k`` best memories of the
  context's own fused relevance (the last 4 turns joined; not already selected, not in the
  prompt) take the last places (candidate generation, not ranking); ``sunion k``: the
  same with the context turns' own stored memory vectors averaged (no query to embed).

Every context lever is measured with and without ``excl``. Cross-validated over the six
conversations (variant chosen on five by @24, ties to the message alone, measured on the
sixth), beside the message alone in the same run, with a paired bootstrap interval of the
held-out change (2,000 resamples of the items).

    .venv/bin/python -m bench.dialogue_context --data /tmp/convq-cv [--reply] --json F

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from bench.cv_data import SHARED, Dataset, load, log  # noqa: E402
from bench.cv_evaluator import _split  # noqa: E402
from bench.dialogue_recall import Embeddings, _key, _turn_items  # noqa: E402
from bench.small_cv import paired_interval  # noqa: E402

from souvenir.read.scoring import DenseInput, Scorer  # noqa: E402
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens  # noqa: E402
from souvenir.read.scoring.calibration import calibration_for  # noqa: E402
from souvenir.read.scoring.fusion import zscore  # noqa: E402
from souvenir.read.selection import Pool, Scores, select  # noqa: E402
from souvenir.replay.formats import parse_locomo  # noqa: E402

#: A reference to something named before (en, fr, zh, ms).
REF = re.compile(
    r"\b(?:it|that|this|those|these|them|there|one|ça|cela|celui|celle|ceux|là-bas|itu|ini|tu|sana)\b"
    r"|那个|这个|它|那里|那件|那些"
)


@dataclass
class CItem:
    conv: str
    text: str
    speaker: str
    position: int
    gold: set[str]
    history: list[tuple[str, str]]  # (speaker, words), oldest first


def citems(ds: Dataset, reply: bool) -> list[CItem]:
    """The dialogue items of ``bench/dialogue_recall.py`` with the speakers kept."""
    conv = parse_locomo(SHARED / "locomo" / f"{ds.name}.json")
    turns = {t.dia_id: t for t in conv.turns}
    out = []
    for it in _turn_items(ds):
        t = turns[it.turn]
        hist = [
            (u.speaker, u.text) for u in conv.turns if u.session == t.session and _key(u.dia_id)[1] < _key(it.turn)[1]
        ]
        if not reply:
            out.append(CItem(ds.name, t.text, t.speaker, it.position, it.gold, hist))
        elif hist:
            s, w = hist[-1]
            out.append(CItem(ds.name, w, s, it.position - 1, it.gold, hist[:-1]))
    return out


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def line(speaker: str, words: str) -> str:
    return f"{speaker}: {words}"


class Runner:
    def __init__(self, ds: Dataset, items: list[CItem], emb: Embeddings) -> None:
        self.ds, self.items, self.emb = ds, items, emb
        scoring, self.selection, _ = _split({})
        self.scoring = scoring
        self.scorer = Scorer(scoring, calibration=calibration_for("use-m3", "e5-small"))
        self.norm = [_norm(m.text) for m in ds.memories]
        self.terms = [set(bm25_tokens(m.text)) for m in ds.memories]
        self._base: dict[int, np.ndarray] = {}
        self._memo: dict[tuple, np.ndarray] = {}

    def values(self, k: int, qu: np.ndarray, qe: np.ndarray, ctx: list[tuple[str, float]] | None) -> np.ndarray:
        it, ds = self.items[k], self.ds
        memories = ds.memories[: it.position]
        ids = [m.id for m in memories]
        scores = self.scorer.scores(
            0,
            Pool(memories),
            it.text,
            ds.now,
            DenseInput.from_matrix(qu, ids, ds.use[: it.position]),
            DenseInput.from_matrix(qe, ids, ds.e5[: it.position]),
            context=ctx,
        )
        return scores.lookup(np.array(ids, dtype=np.int64))

    def names_known(self, k: int, share: float) -> bool:
        """The message holds an index term held by 1 to ``share`` of the memories before
        it (at least one: a name the store knows)."""
        it = self.items[k]
        mine = set(bm25_tokens(it.text))
        if not mine:
            return False
        df = dict.fromkeys(mine, 0)
        for terms in self.terms[: it.position]:
            for t in mine & terms:
                df[t] += 1
        cap = max(1.0, share * it.position)
        return any(1 <= d <= cap for d in df.values())

    def in_prompt(self, k: int, p: int) -> np.ndarray:
        """Mask over the store: memories verbatim one of the last ``p`` turns (0: all)."""
        it = self.items[k]
        shown = {_norm(line(s, w)) for s, w in (it.history[-p:] if p else it.history)}
        return np.array([t in shown for t in self.norm[: it.position]], dtype=bool)

    def ctx_relevance(self, k: int, text: str, stored: bool = False) -> np.ndarray:
        """The context's own fused relevance (z USE + 2 z e5 + z BM25) over the store;
        ``stored``: its vectors the mean of the context turns' own stored memory vectors
        (no query embedded), else the joined text embedded as a query."""
        it, ds = self.items[k], self.ds
        if stored:
            shown = {_norm(line(s, w)) for s, w in it.history[-4:]}
            rows = [j for j in range(it.position) if self.norm[j] in shown]
            cu, ce = _mean_unit(ds.use[rows]), _mean_unit(ds.e5[rows])
        else:
            cu, ce = self.emb.get(text)
        U, E = ds.use[: it.position].astype(np.float64), ds.e5[: it.position].astype(np.float64)
        lex = LexicalIndex([bm25_tokens(m.text) for m in ds.memories[: it.position]], 1.2, 0.75)
        with np.errstate(invalid="ignore"):
            return zscore(U @ cu) + 2 * zscore(E @ ce) + zscore(lex.scores(bm25_tokens(text)))

    def run(self, variant: tuple) -> np.ndarray:
        """Per item: recall@24 of the selection, @5 and @10 of the ranking."""
        kind, p = variant[0], variant[-1]
        out = np.zeros((len(self.items), 3))
        for k, it in enumerate(self.items):
            qu, qe = self.emb.get(it.text)
            ctx = None
            hist = it.history
            if kind in ("vec", "own", "ref", "nam"):
                h, beta = variant[1], variant[2]
                use = [(s, w) for s, w in hist if s == it.speaker] if kind == "own" else hist
                use = use[-h:]
                if kind == "ref" and not REF.search(it.text.casefold()):
                    use = []
                if kind == "nam" and self.names_known(k, variant[3]):
                    use = []
                if use:
                    text = "\n".join(line(s, w) for s, w in use)
                    cu, ce = self.emb.get(text)
                    qu, qe = qu + beta * cu, qe + beta * ce
                    qu, qe = qu / np.linalg.norm(qu), qe / np.linalg.norm(qe)
                    ctx = [(text, beta)]
            elif kind == "prod" and hist:
                gate, h, beta, decay, lam, few = variant[1:7]
                cfg = replace(
                    self.scoring,
                    context_few=few,
                    context_gate=gate,
                    context_turns=h,
                    context_weight=beta,
                    context_decay=decay,
                    context_lexical=lam,
                )
                memories = self.ds.memories[: it.position]
                picked = Scorer(cfg).conversation(0, Pool(memories), it.text, [line(s, w) for s, w in hist])
                if picked:
                    if beta:
                        for text, w in picked:
                            cu, ce = self.emb.get(text)
                            qu, qe = qu + beta * w * cu, qe + beta * w * ce
                        qu, qe = qu / np.linalg.norm(qu), qe / np.linalg.norm(qe)
                    ctx = [(t, lam * w) for t, w in picked] if lam else None
                    if ctx is None:  # the vectors alone: memoised apart from the message alone
                        ctx = []
            elif kind == "rec" and hist:
                beta = variant[1]
                ctx = []
                for age, (s, w) in enumerate(reversed(hist[-4:])):
                    cu, ce = self.emb.get(line(s, w))
                    wgt = beta * 0.5**age
                    qu, qe = qu + wgt * cu, qe + wgt * ce
                    ctx.append((line(s, w), wgt))
                qu, qe = qu / np.linalg.norm(qu), qe / np.linalg.norm(qe)
            memo = (k,) + tuple(variant[:-1])
            if ctx == []:
                values = self._memo.get(memo)
                if values is None:
                    values = self._memo[memo] = self.values(k, qu, qe, None)
            elif ctx is None and k in self._base:
                values = self._base[k]
            elif ctx is not None and memo in self._memo:
                values = self._memo[memo]
            else:
                values = self.values(k, qu, qe, ctx)
                if ctx is None:
                    self._base[k] = values
                else:
                    self._memo[memo] = values
            memories = self.ds.memories[: it.position]
            keep = ~self.in_prompt(k, p) if p is not None else np.ones(len(memories), dtype=bool)
            limit = 24
            extra: list[int] = []
            if kind in ("union", "sunion") and hist:
                n = variant[1]
                limit = 24 - n
                if (kind, k) not in self._memo:
                    text = "\n".join(line(s, w) for s, w in hist[-4:])
                    self._memo[(kind, k)] = self.ctx_relevance(k, text, kind == "sunion")
                rel = self._memo[(kind, k)]
                rel = np.where(keep & np.isfinite(rel), rel, -np.inf)
                extra = list(np.argsort(-rel, kind="stable")[:24])
            found_ids = self.select(memories, values, keep, limit)
            if extra:
                chosen = set(found_ids)
                for j in extra:
                    if len(chosen) >= 24:
                        break
                    chosen.add(memories[j].id)
                found_ids = list(chosen)
            found: set[str] = set()
            for mid in found_ids:
                found |= self.ds.sources.get(mid, set())
            ranked_vals = np.where(keep, np.nan_to_num(values, nan=-1e9), -np.inf)
            order = np.argsort(-ranked_vals, kind="stable")
            ranked = [self.ds.sources.get(memories[j].id, set()) for j in order[:10]]
            at = [set().union(*ranked[:n]) for n in (5, 10)]
            g = it.gold
            out[k] = [len(g & found) / len(g), len(g & at[0]) / len(g), len(g & at[1]) / len(g)]
        return out

    def select(self, memories: list, values: np.ndarray, keep: np.ndarray, limit: int) -> list[int]:
        kept = [m for m, y in zip(memories, keep) if y]
        ids = np.array([m.id for m in kept], dtype=np.int64)
        scores = Scores(ids, np.round(values[keep], 6))
        cfg = self.selection if limit == 24 else _split({"limit": limit, "semantic_slots": limit - limit // 4})[1]
        result = select(Pool(kept), scores, cfg, self.ds.now)
        return [s.memory.id for s in result.memories]


def _mean_unit(rows: np.ndarray) -> np.ndarray:
    rows = rows[np.isfinite(rows).all(axis=1)].astype(np.float64)
    if not len(rows):
        return np.zeros(rows.shape[1])
    v = rows.mean(axis=0)
    return v / (np.linalg.norm(v) or 1.0)


def grid() -> list[tuple]:
    out: list[tuple] = [("none", None)]
    ctx: list[tuple] = [("none",)]
    ctx += [("vec", h, b) for h in (1, 2, 4) for b in (0.25, 0.5)]
    ctx += [("rec", b) for b in (0.25, 0.5, 1.0)]
    ctx += [("own", h, b) for h in (1, 2) for b in (0.25, 0.5)]
    ctx += [("ref", h, b) for h in (1, 2) for b in (0.5, 1.0)]
    ctx += [("nam", h, b, s) for h in (1, 2, 4) for b in (0.25, 0.5, 1.0) for s in (0.02, 0.005)]
    ctx += [("union", n) for n in (2, 4, 6)]
    ctx += [("sunion", n) for n in (2, 4, 6, 8)]
    for c in ctx:
        for p in (None, 4, 10, 0):
            v = c + (p,)
            if v != out[0]:
                out.append(v)
    return out


def name(v: tuple) -> str:
    p = v[-1]
    ex = "" if p is None else f" +excl {'session' if p == 0 else p}"
    return " ".join(str(x) for x in v[:-1]) + ex


def combine(paths: list[Path], base_name: str = "", family: str = "") -> dict:
    """Both framings at once (``--combine TURN.json REPLY.json``): each conversation held out
    takes the variant whose @24, pooled over both framings' items of the five others, is
    best (ties to the base: the message alone, or ``base_name`` — "none +excl session",
    the product); ``family``: only the variants whose name ends so (" +excl session").
    Reported per framing, pooled over the six, with the paired bootstrap interval of the
    held-out change when the runs kept their items."""
    runs = [json.loads(p.read_text()) for p in paths]
    names = list(runs[0]["items"])
    variants = list(runs[0]["grid"])
    base = base_name or variants[0]
    variants = [v for v in variants if v == base or not family or v.endswith(family)]

    def pooled(v: str, convs: list[str], col: int = 0) -> float:
        num = sum(r["items"][c] * r["grid"][v][c][col] for r in runs for c in convs)
        return num / sum(r["items"][c] for r in runs for c in convs)

    chose = {}
    for c in names:
        rest = [n for n in names if n != c]
        chose[c] = max(variants, key=lambda v: (round(pooled(v, rest), 6), v == base))
    out: dict = {"chose": chose}
    for path, r in zip(paths, runs):
        total = sum(r["items"].values())
        held = [sum(r["items"][c] * r["grid"][chose[c]][c][k] for c in names) / total for k in range(3)]
        alone = [sum(r["items"][c] * r["grid"][base][c][k] for c in names) / total for k in range(3)]
        out[path.stem] = {"alone": alone, "held_out": held}
        if "per_item" in r:
            a = np.concatenate([np.array(r["per_item"][base][c]) for c in names])
            b = np.concatenate([np.array(r["per_item"][chose[c]][c]) for c in names])
            out[path.stem]["d24"] = paired_interval(b[:, 0] - a[:, 0])
            out[path.stem]["d5"] = paired_interval(b[:, 1] - a[:, 1])
            out[path.stem]["per_conv"] = {c: [r["grid"][base][c][0], r["grid"][chose[c]][c][0]] for c in names}
        print(
            f"{path.stem}: {base} {np.round(alone, 3).tolist()} → held out {np.round(held, 3).tolist()} "
            + " ".join(f"{k} {np.round(out[path.stem][k], 3).tolist()}" for k in ("d24", "d5") if k in out[path.stem])
        )
    print(f"chose {chose}")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/convq-cv"))
    ap.add_argument("--cache", type=Path, default=Path("/tmp/convq-dialogue-emb.npz"))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--reply", action="store_true", help="the message is the turn before T")
    ap.add_argument("--only", default="", help="comma list of lever kinds (none always)")
    ap.add_argument(
        "--prod",
        default="",
        help="product levers (session 21): ';'-separated 'gate,H,beta,decay,lambda[,few]' "
        "(ScoringConfig.context_*), each with +excl session",
    )
    ap.add_argument("--combine", type=Path, nargs=2, help="TURN.json REPLY.json: choose on both framings")
    ap.add_argument("--base", default="", help="--combine: the base variant's name (default: the message alone)")
    ap.add_argument("--family", default="", help="--combine: only variants whose name ends so")
    args = ap.parse_args()
    if args.combine:
        report = combine(list(args.combine), args.base, args.family)
        if args.json:
            args.json.write_text(json.dumps(report, indent=1))
        return 0
    datasets = [d for d in load(args.data) if d.kind == "locomo"]
    emb = Embeddings(args.cache)
    runners = {ds.name: Runner(ds, citems(ds, args.reply), emb) for ds in datasets}
    log(
        f"{sum(len(r.items) for r in runners.values())} items: "
        + ", ".join(f"{k} {len(r.items)}" for k, r in runners.items())
    )
    kinds = set(filter(None, args.only.split(","))) | {"none"}
    variants = [v for v in grid() if not args.only or v[0] in kinds]
    for spec in filter(None, args.prod.split(";")):
        g, h, b, d, lam, *few = spec.split(",")
        variants.append(("prod", g, int(h), float(b), float(d), float(lam), int(few[0]) if few else 4, 0))
    table: dict[tuple, dict[str, np.ndarray]] = {}
    for v in variants:
        table[v] = {n: r.run(v) for n, r in runners.items()}
        emb.save()
        pooled = np.concatenate(list(table[v].values())).mean(axis=0)
        log(f"{name(v)}: @24 {pooled[0]:.4f} @5 {pooled[1]:.4f} @10 {pooled[2]:.4f}")
    base_v = variants[0]
    report = {}
    families = {
        "excl only": [v for v in variants if v[0] == "none"],
        "context, no excl": [v for v in variants if v[-1] is None],
        "context + excl session": [base_v] + [v for v in variants if v[-1] == 0],
        "all": variants,
    }
    for fam, vs in families.items() if len(runners) > 1 else ():
        held, chose = {}, {}
        for n in runners:

            def train(v, n=n):
                return np.concatenate([r for m, r in table[v].items() if m != n])[:, 0].mean()

            best = max(vs, key=lambda v: (round(train(v), 6), v == base_v))
            held[n], chose[n] = table[best][n], name(best)
        cv = np.concatenate([held[n] for n in runners])
        base = np.concatenate([table[base_v][n] for n in runners])
        d24 = paired_interval(cv[:, 0] - base[:, 0])
        d5 = paired_interval(cv[:, 1] - base[:, 1])
        ins = max(vs, key=lambda v: np.concatenate(list(table[v].values()))[:, 0].mean())
        ins_r = np.concatenate(list(table[ins].values())).mean(axis=0)
        report[fam] = {
            "alone": base.mean(axis=0).tolist(),
            "cv": cv.mean(axis=0).tolist(),
            "d24": d24,
            "d5": d5,
            "chose": chose,
            "insample": [name(ins), ins_r.tolist()],
            "per_conv": {n: [held[n][:, 0].mean(), table[base_v][n][:, 0].mean()] for n in runners},
        }
        print(
            f"{fam}: alone {base.mean(axis=0).round(3).tolist()} → held out {cv.mean(axis=0).round(3).tolist()}; "
            f"Δ@24 {d24[0]:+.3f} [{d24[1]:+.3f}, {d24[2]:+.3f}] Δ@5 {d5[0]:+.3f} [{d5[1]:+.3f}, {d5[2]:+.3f}]; "
            f"in-sample best {name(ins)} {ins_r.round(3).tolist()}; chose {chose}"
        )
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "items": {n: len(r.items) for n, r in runners.items()},
                    "grid": {
                        name(v): {n: r.mean(axis=0).tolist() for n, r in per.items()}
                        | {"pooled": np.concatenate(list(per.values())).mean(axis=0).tolist()}
                        for v, per in table.items()
                    },
                    "report": report,
                    "per_item": {name(v): {n: r.round(6).tolist() for n, r in per.items()} for v, per in table.items()},
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
