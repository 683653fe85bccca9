"""Dialogue recall: does a turn of the conversation bring up the earlier session's fact it
builds on? And does querying with the recent turns (not the last message alone) help?

Issue #28, "the conversation is the query". The set is built from the six shared LoCoMo
conversations, from LoCoMo's own annotations (no judgement of ours): a question whose
evidence spans two or more sessions names turns that carry one fact between them
("Where did Caroline move from 4 years ago?": D3:13 "…since I moved from my home country"
and D4:3 "…my grandma in my home country, Sweden"). The *dialogue item* is the latest of
those evidence turns, T, as the message of a live turn; its *gold* are the question's
evidence turns in earlier sessions; the store holds every turn before T (what the product
had recorded when T was said); the *history* is the turns of T's session before it, as the
recorded history / the proxy's ``messages`` would hold them. Items with the same T merge
their golds. Recall@24 of the product's selection, recall@5 / @10 of the fused ranking.

The lever: the history's last ``H`` turns joined (oldest first) as a *context query*,
embedded once by each embedder (query role) and read by BM25; its fused relevance (USE
+ 2 e5 + BM25 z-scores, calibrated as the message's) added with weight β to the first
stage, the message keeping weight 1 (``mix="score"``); the same with the history turns' own
stored vectors (their memories' USE and e5-window vectors, averaged: no query to embed,
``mix="stored"``); either only when the message alone puts no memory at or above the
semantic floor (``"score-gated"``, ``"stored-gated"``: the message names nothing the store
knows); or the context's query vector mixed
into the message's, q = q_msg + β q_ctx, and its terms into BM25 at weight β
(``mix="vector"``). Cross-validated over the six conversations: (H, β, mix) chosen on
five, measured on the sixth.

    .venv/bin/python -m bench.dialogue_recall --data /tmp/cv --json F

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.cv_data import SHARED, Dataset, load, log  # noqa: E402
from bench.cv_evaluator import _split  # noqa: E402

from souvenir.ground.config import Settings  # noqa: E402
from souvenir.read.scoring import SCORE_FLOOR, DenseInput, Scorer  # noqa: E402
from souvenir.read.scoring.bm25 import LexicalIndex, bm25_tokens  # noqa: E402
from souvenir.read.scoring.calibration import calibration_for  # noqa: E402
from souvenir.read.scoring.fusion import zscore  # noqa: E402
from souvenir.read.selection import Pool, select  # noqa: E402
from souvenir.replay.formats import parse_locomo  # noqa: E402


@dataclass
class Item:
    conv: str
    turn: str  # T's dia_id
    text: str  # T's words (the message)
    position: int  # T's memory position in the dataset (the store: memories before it)
    gold: set[str]
    history: list[str]  # T's session's earlier turns, oldest first ("Speaker: words")


def _key(dia: str) -> tuple[int, int]:
    s, t = dia.split(":")
    return int(s[1:]), int(t)


def items_of(ds: Dataset, reply: bool = False) -> list[Item]:
    """The dialogue items of one conversation. ``reply``: the message is the turn *before*
    T (T is the reply that brings the earlier fact up; the store holds the turns before
    that message): "which memory should the reply bring up now"."""
    found = _turn_items(ds)
    if not reply:
        return found
    out = []
    for it in found:
        if not it.history:
            continue  # T opens its session: no message before it
        prev = it.history[-1]
        out.append(Item(it.conv, it.turn, prev.split(": ", 1)[-1], it.position - 1, it.gold, it.history[:-1]))
    return out


def _turn_items(ds: Dataset) -> list[Item]:
    conv = parse_locomo(SHARED / "locomo" / f"{ds.name}.json")
    turns = {t.dia_id: t for t in conv.turns}
    position = {}
    for i, m in enumerate(ds.memories):
        for dia in ds.sources.get(m.id, set()):
            position.setdefault(dia, i)
    merged: dict[str, set[str]] = {}
    for q in conv.questions:
        if q.category not in (1, 2, 3, 4):
            continue
        ev = sorted((e for e in q.evidence if e in turns and e in position), key=_key)
        if len({_key(e)[0] for e in ev}) < 2:
            continue
        last = ev[-1]
        merged.setdefault(last, set()).update(e for e in ev if _key(e)[0] < _key(last)[0])
    out = []
    for last, gold in sorted(merged.items(), key=lambda kv: _key(kv[0])):
        t = turns[last]
        session = [u for u in conv.turns if u.session == t.session and _key(u.dia_id)[1] < _key(last)[1]]
        out.append(Item(ds.name, last, t.text, position[last], gold, [f"{u.speaker}: {u.text}" for u in session]))
    return out


class Embeddings:
    """Query vectors of texts (USE and e5, query role), cached on disk by text."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.use: dict[str, np.ndarray] = {}
        self.e5: dict[str, np.ndarray] = {}
        if path.exists():
            data = np.load(path, allow_pickle=True)
            self.use, self.e5 = data["use"].item(), data["e5"].item()
        self._models = None

    def get(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        if text not in self.use:
            if self._models is None:
                from souvenir.embedding import make_embedder, make_window_embedder

                s = Settings(_env_file=None)
                self._models = (make_embedder(s), make_window_embedder(s))
            self.use[text] = np.asarray(self._models[0].encode_query(text), dtype=np.float32)
            self.e5[text] = np.asarray(self._models[1].encode_query(text), dtype=np.float32)
        return self.use[text], self.e5[text]

    def save(self) -> None:
        np.save(self.path.with_suffix(".tmp.npy"), np.array(0))
        np.savez(self.path, use=np.array(self.use, dtype=object), e5=np.array(self.e5, dtype=object))


def context_text(item: Item, h: int) -> str:
    return "\n".join(item.history[-h:]) if h > 0 else ""


def run(
    ds: Dataset, items: list[Item], emb: Embeddings, h: int, beta: float, mix: str, calibrated: bool = True
) -> np.ndarray:
    """Per item: (recall@24 of the selection, recall@5, recall@10 of the ranking)."""
    cfg = {} if calibrated else {"calibrated": False}
    scoring, selection, _ = _split(cfg)
    scorer = Scorer(scoring, calibration=calibration_for("use-m3", "e5-small"))
    out = np.zeros((len(items), 3))
    gated = mix.endswith("-gated")
    mix = mix.removesuffix("-gated")
    for k, it in enumerate(items):
        memories = ds.memories[: it.position]
        ids = [m.id for m in memories]
        pool = Pool(memories)
        qu, qe = emb.get(it.text)
        ctx = context_text(it, h) if beta else ""
        msg = it.text
        if ctx and mix == "vector":
            cu, ce = emb.get(ctx)
            qu, qe = qu + beta * cu, qe + beta * ce
            qu, qe = qu / np.linalg.norm(qu), qe / np.linalg.norm(qe)
        U, E = ds.use[: it.position], ds.e5[: it.position]
        scores = scorer.scores(
            0,
            pool,
            msg,
            ds.now,
            DenseInput.from_matrix(qu, ids, U),
            DenseInput.from_matrix(qe, ids, E),
            context=[(ctx, beta)] if ctx and mix == "vector" else None,
        )
        values = scores.lookup(np.array(ids, dtype=np.int64))
        if gated and np.nanmax(values, initial=-np.inf) >= SCORE_FLOOR:
            ctx = ""  # the message alone puts a memory at or above the floor: no context
        if ctx and mix in ("score", "stored"):
            if mix == "score":
                cu, ce = emb.get(ctx)
            else:  # the history turns' own stored vectors (their memories'), no query embedded
                back = slice(max(0, it.position - min(h, len(it.history))), it.position)
                cu, ce = _mean_unit(ds.use[back]), _mean_unit(ds.e5[back])
            with np.errstate(invalid="ignore"):
                lex = LexicalIndex([bm25_tokens(m.text) for m in memories], scoring.bm25_k1, scoring.bm25_b)
                f = (
                    zscore(U.astype(np.float64) @ cu)
                    + 2 * zscore(E.astype(np.float64) @ ce)
                    + zscore(lex.scores(bm25_tokens(ctx)))
                )
            values = values + beta * f
            from souvenir.read.selection import Scores

            scores = Scores(np.array(ids, dtype=np.int64), np.round(values, 6))
        result = select(pool, scores, selection, ds.now)
        found: set[str] = set()
        for s in result.memories:
            found |= ds.sources.get(s.memory.id, set())
        order = np.argsort(-np.nan_to_num(values, nan=-1e9), kind="stable")
        ranked = [ds.sources.get(ids[j], set()) for j in order[:10]]
        at = [set().union(*ranked[:n]) if ranked[:n] else set() for n in (5, 10)]
        out[k] = [
            len(it.gold & found) / len(it.gold),
            len(it.gold & at[0]) / len(it.gold),
            len(it.gold & at[1]) / len(it.gold),
        ]
    return out


def _mean_unit(rows: np.ndarray) -> np.ndarray:
    rows = rows[np.isfinite(rows).all(axis=1)].astype(np.float64)
    if not len(rows):
        return np.zeros(rows.shape[1])
    v = rows.mean(axis=0)
    return v / (np.linalg.norm(v) or 1.0)


GRID = [(0, 0.0, "vector")] + [
    (h, b, m)
    for m in ("vector", "score", "stored", "score-gated", "stored-gated")
    for h in (1, 2, 4)
    for b in (0.25, 0.5, 1.0)
]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--cache", type=Path, default=Path("/tmp/dialogue-emb.npz"))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--show", type=int, default=0, help="print N items")
    ap.add_argument("--reply", action="store_true", help="the message is the turn before T")
    args = ap.parse_args()
    datasets = [d for d in load(args.data) if d.kind == "locomo"]
    emb = Embeddings(args.cache)
    items = {ds.name: items_of(ds, args.reply) for ds in datasets}
    log(f"{sum(map(len, items.values()))} items: " + ", ".join(f"{k} {len(v)}" for k, v in items.items()))
    for ds in datasets[:1]:
        for it in items[ds.name][: args.show]:
            print(it.turn, it.text[:100], "← gold", sorted(it.gold), "| history", len(it.history))
    table: dict[tuple, dict[str, np.ndarray]] = {}
    for h, b, m in GRID:
        table[(h, b, m)] = {ds.name: run(ds, items[ds.name], emb, h, b, m) for ds in datasets}
        emb.save()
        pooled = np.concatenate(list(table[(h, b, m)].values()))
        log(
            f"H {h} β {b} {m}: @24 {pooled[:, 0].mean():.4f} @5 {pooled[:, 1].mean():.4f} @10 {pooled[:, 2].mean():.4f}"
        )
    # cross-validation: the variant chosen on five conversations' @24, measured on the sixth
    held = {}
    for ds in datasets:

        def train(v):
            return np.concatenate([r for n, r in table[v].items() if n != ds.name])[:, 0].mean()

        best = max(GRID, key=lambda v: (round(train(v), 6), v == GRID[0]))
        held[ds.name] = (best, table[best][ds.name], table[GRID[0]][ds.name])
        log(
            f"held out {ds.name}: chose {best}; @24 {held[ds.name][1][:, 0].mean():.4f} "
            f"(message alone {held[ds.name][2][:, 0].mean():.4f})"
        )
    cv = np.concatenate([v[1] for v in held.values()])
    base = np.concatenate([v[2] for v in held.values()])
    insample = max(GRID, key=lambda v: np.concatenate(list(table[v].values()))[:, 0].mean())
    ins = np.concatenate(list(table[insample].values()))
    print(f"message alone: @24 {base[:, 0].mean():.4f} @5 {base[:, 1].mean():.4f} @10 {base[:, 2].mean():.4f}")
    print(f"in-sample best {insample}: @24 {ins[:, 0].mean():.4f} @5 {ins[:, 1].mean():.4f} @10 {ins[:, 2].mean():.4f}")
    print(f"cross-validated: @24 {cv[:, 0].mean():.4f} @5 {cv[:, 1].mean():.4f} @10 {cv[:, 2].mean():.4f}")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "items": {k: len(v) for k, v in items.items()},
                    "grid": {
                        f"{h}/{b}/{m}": {n: r.mean(axis=0).tolist() for n, r in per.items()}
                        | {"pooled": np.concatenate(list(per.values())).mean(axis=0).tolist()}
                        for (h, b, m), per in table.items()
                    },
                    "held_out": {
                        n: {
                            "chose": list(v[0]),
                            "recall": v[1].mean(axis=0).tolist(),
                            "alone": v[2].mean(axis=0).tolist(),
                        }
                        for n, v in held.items()
                    },
                    "cv": cv.mean(axis=0).tolist(),
                    "alone": base.mean(axis=0).tolist(),
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
