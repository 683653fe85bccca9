"""The conversation as the query on the back-reference set, cross-validated across users
and languages (issue #28, session 21).

``bench/data/backref/`` (four languages, written blind by lane recallset): per language a
few users with 40–80 dated memories, and dialogue windows whose last user turn refers back
to something earlier (kinds: ``a`` names it, ``b`` a pronoun / ellipsis for a thing named
1–4 turns before, ``c`` named only in the assistant's turn, ``d`` a mood: the good reply
recalls a preference or a happy memory). Here, on top of the product's score for the last
message (as the engine runs it, every default), the levers the issue asks for:

- ``mix``: the window's earlier turns (both roles) as weighted query context, as the
  engine runs ``ScoringConfig.context_*``: the turns :meth:`Scorer.conversation
  <souvenir.read.scoring.Scorer.conversation>` picks (the last H, the newest weight 1,
  each older × decay) are embedded alone (USE and e5, query role) and added to the
  message's vectors at β × their weight (the message keeps weight 1, the most), and
  their index terms added to BM25 at λ × their weight (the nouns of the earlier turns).
  β 0 is the cheap lever (no turn embedded).
- gate (``context_gate``): ``all``, ``refers`` (the message points back:
  :func:`souvenir.read.scoring.conversation.refers_back`), ``unnamed`` (none of its index
  terms held by a memory), ``refers|unnamed``; round 2: ``few`` (at most ``context_few``
  index terms), ``refers&few``.
- ``join``: the picked turns joined and embedded once, added at β (bench only).
- ``window``: the joined window as the query (lane recallset's second reading).
- ``mood μ`` (``mood_bonus``): the last message sounds low
  (:func:`~souvenir.read.scoring.conversation.sounds_low`) → the memories that sound good
  or state a preference gain μ × the priors' relevance gate (no fixed bonus);
  ``mood-any μ`` (``mood_any``): for every message (a preference that fits the moment).

Cross-validation, both reported: by language (choose on three, report the fourth) and by
user (the users of every language in three groups by their order in their file: choose on
two, report the third). The variant is chosen on the training folds
by mean @5 + @24 (ties: the mean reciprocal rank, then the message alone); a paired bootstrap interval (2,000 resamples
of the items) of the held-out change against the message alone in the same run.

    .venv/bin/python -m bench.backref_cv build --out /tmp/backref-cv       # stores + vectors
    .venv/bin/python -m bench.backref_cv run --out /tmp/backref-cv --json F
    .venv/bin/python -m bench.backref_cv nine --cv /tmp/cv --levers '[{"mood_bonus": 2.0}]'

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import itertools
import json
import pickle
import tempfile
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

import numpy as np

from bench.cv_data import _matrix, log  # noqa: E402
from bench.cv_evaluator import _split  # noqa: E402
from bench.dialogue_recall import Embeddings  # noqa: E402
from bench.small_cv import paired_interval  # noqa: E402

from souvenir.bench.shared import embed_all  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402
from souvenir.read.scoring import DenseInput, Scorer  # noqa: E402
from souvenir.read.scoring.bm25 import bm25_tokens  # noqa: E402
from souvenir.read.scoring.calibration import calibration_for  # noqa: E402
from souvenir.read.scoring.conversation import refers_back, sounds_low  # noqa: E402
from souvenir.read.selection import Pool, Scores, select  # noqa: E402
from souvenir.ground.timeutil import as_utc  # noqa: E402
from souvenir.ground.types import KINDS, Candidate  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "bench" / "data" / "backref"
#: "Now" of every context: after every memory of the set.
NOW = datetime(2026, 12, 7, 12, 0, tzinfo=timezone.utc)


@dataclass
class User:
    key: str
    lang: str
    order: int  # its place in its language's file
    memories: list
    sources: dict[int, set[str]]
    use: np.ndarray
    e5: np.ndarray
    kinds: list[str]
    terms: list[set[str]]


@dataclass
class Item:
    key: str
    user: str
    lang: str
    kind: str
    turns: list[tuple[str, str]]  # (role, text), oldest first, the last the user's message
    gold: set[int]  # the memories holding the gold now (ids in the user's store)

    @property
    def message(self) -> str:
        return self.turns[-1][1]

    @property
    def before(self) -> list[str]:
        return [t for _, t in self.turns[:-1]]


def build(data: Path, out: Path) -> None:
    """Each user's memories written through the write path (at their dates, with their
    kinds) into a store of their own and embedded; kept with the items in ``out``."""
    settings = Settings(_env_file=None)
    users: dict[str, User] = {}
    items: list[Item] = []
    #: a data id → the memory holding it now (the write path may replace or supersede one)
    stored: dict[str, tuple[str, int | None]] = {}
    holder: dict[tuple[str, int], int] = {}  # per user's store: (user, id) → the id holding it

    def held(data_id: str) -> int | None:
        user, at = stored.get(data_id, ("", None))
        while at is not None and (user, at) in holder:
            at = holder[(user, at)]
        return at

    for path in sorted(data.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        lang = doc.get("lang", path.stem)
        for order, u in enumerate(doc["users"]):
            with tempfile.TemporaryDirectory(prefix="backref-") as tmp:
                rt = open_runtime(
                    settings.model_copy(
                        update={
                            "database_url": f"sqlite:///{tmp}/b.db",
                            "llm_base_url": "",
                            "query_embedding_timeout_s": 120.0,
                        }
                    )
                )
                try:
                    for m in u["memories"]:
                        when = as_utc(m["date"]).replace(hour=12)
                        kind = m.get("kind", "fact")
                        written = rt.engine.remember(
                            "bench",
                            "u",
                            Candidate(
                                text=m["text"], kind=kind if kind in KINDS else "fact", source=m["id"], time=when
                            ),
                            now=when,
                        )
                        stored[m["id"]] = (u["id"], written.memory_id)
                        if written.superseded_id is not None and written.memory_id is not None:
                            holder[(u["id"], written.superseded_id)] = written.memory_id
                    embed_all(rt)
                    uid = rt.store.find_user("bench", "u")
                    memories = list(rt.store.candidates(uid, None))
                    ids = [m.id for m in memories]
                    users[u["id"]] = User(
                        u["id"],
                        lang,
                        order,
                        memories,
                        rt.store.sources(uid),
                        _matrix(rt, uid, rt.index, ids, 512),
                        _matrix(rt, uid, rt.window_index, ids, 384),
                        [m.kind for m in memories],
                        [set(bm25_tokens(m.text)) for m in memories],
                    )
                finally:
                    rt.close()
            log(f"{u['id']}: {len(users[u['id']].memories)} memories")
        for it in doc["items"]:
            turns = [(t["role"], t["text"]) for t in it["turns"]]
            gold = {h for h in map(held, it["gold"]) if h is not None}
            items.append(Item(it["id"], it["user"], lang, it.get("kind", "?"), turns, gold))
    out.mkdir(parents=True, exist_ok=True)
    (out / "backref.pkl").write_bytes(pickle.dumps({"users": users, "items": items}))


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


#: Variants: (name, ScoringConfig overrides, bench options). ``none`` = the product (the
#: message alone); ``window``: the joined window as the query (lane recallset's second
#: reading); ``join``: the earlier turns joined and embedded once, mixed at β (bench only).
def variants() -> list[tuple[str, dict, dict]]:
    out: list[tuple[str, dict, dict]] = [("none", {}, {}), ("window", {}, {"mode": "window"})]
    for gate, h, beta, decay, lam in itertools.product(
        ("all", "refers", "refers|unnamed"), (4,), (0.0, 0.5, 1.0), (0.5, 1.0), (0.0, 0.5, 1.0)
    ):
        if beta or lam:
            cfg = dict(
                context_gate=gate, context_turns=h, context_weight=beta, context_decay=decay, context_lexical=lam
            )
            out.append((f"mix {gate} H{h} b{beta} d{decay} l{lam}", cfg, {}))
    for gate, beta, lam in itertools.product(("all", "refers"), (0.5, 1.0), (0.0, 0.5)):
        cfg = dict(context_gate=gate, context_turns=2, context_weight=beta, context_decay=0.5, context_lexical=lam)
        out.append((f"mix {gate} H2 b{beta} d0.5 l{lam}", cfg, {}))
    # session 21, second round: the turns only for a message that says little by itself
    for gate, few, beta, lam in itertools.product(("few", "refers&few", "unnamed"), (3, 5, 8), (0.5, 1.0), (0.5, 1.0)):
        if gate == "unnamed" and few != 3:
            continue
        cfg = dict(
            context_gate=gate,
            context_few=few,
            context_turns=4,
            context_weight=beta,
            context_decay=0.5,
            context_lexical=lam,
        )
        name = f"mix {gate}{few if 'few' in gate else ''} H4 b{beta} d0.5 l{lam}"
        out.append((name, cfg, {}))
    for gate, h, beta in itertools.product(("all", "refers"), (4,), (0.5, 1.0)):
        cfg = dict(context_gate=gate, context_turns=h, context_weight=beta, context_decay=1.0, context_lexical=beta)
        out.append((f"join {gate} H{h} b{beta}", cfg, {"mode": "join"}))
    for mu in (1.0, 2.0, 4.0):
        out.append((f"mood {mu}", dict(mood_bonus=mu), {}))
        out.append((f"mood-any {mu}", dict(mood_bonus=mu, mood_any=True), {}))
    # session 23 (lane recall9): the comfort reading opens the mood term
    for mu in (1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 12.0):
        out.append((f"mood-comfort {mu}", dict(mood_bonus=mu, comfort_read=True), {}))
        out.append((f"mood-comfort-alone {mu}", dict(mood_bonus=mu, comfort_read=True, comfort_alone=True), {}))
    return out


#: Families of variants the cross-validation chooses among (each with the message alone).
FAMILIES = {
    "all": lambda n: True,
    "mix": lambda n: n.startswith("mix"),
    "lex": lambda n: n.startswith("mix") and " b0.0 " in n,  # the earlier turns' terms only: no query to embed
    "dense": lambda n: n.startswith("mix") and n.endswith(" l0.0"),
    "join": lambda n: n.startswith("join"),
    "context": lambda n: n.startswith(("mix", "join")),
    "mood": lambda n: n.startswith("mood"),
}


class Runner:
    """The engine's read of one item (:meth:`QueryScorer._fused <souvenir.engine.query_scores.QueryScorer>`):
    :meth:`Scorer.conversation` picks the turns, their vectors mixed into both queries,
    their terms into BM25, the mood term inside the fused score."""

    def __init__(self, users: dict[str, User], emb: Embeddings) -> None:
        self.users, self.emb = users, emb
        scoring, self.selection, _ = _split({})
        self.base = scoring
        self.scorer = Scorer(scoring, calibration=calibration_for("use-m3", "e5-small"))
        self.uid = {k: i + 1 for i, k in enumerate(sorted(users))}
        self.pools = {k: Pool(u.memories) for k, u in users.items()}

    def score(self, it: Item, over: dict, opts: dict) -> tuple[np.ndarray, np.ndarray]:
        """(ids, values) of the item under the overrides ``over`` and bench options ``opts``."""
        user = self.users[it.user]
        ids = [m.id for m in user.memories]
        pool, uid = self.pools[it.user], self.uid[it.user]
        cfg = replace(self.base, **over)
        self.scorer.config = cfg
        message = it.message
        qu, qe = self.emb.get(message)
        lexctx = None
        if opts.get("mode") == "window":
            message = "\n".join(t for _, t in it.turns)
            qu, qe = self.emb.get(message)
        elif cfg.context_weight or cfg.context_lexical:
            ctx = self.scorer.conversation(uid, pool, message, it.before)
            if ctx and opts.get("mode") == "join":
                joined = "\n".join(t for t, _ in ctx)
                ctx = [(joined, 1.0)]
            if ctx and cfg.context_weight:
                for text, w in ctx:
                    cu, ce = self.emb.get(text)
                    qu, qe = qu + cfg.context_weight * w * cu, qe + cfg.context_weight * w * ce
                qu, qe = _unit(qu), _unit(qe)
            if ctx and cfg.context_lexical:
                lexctx = [(t, cfg.context_lexical * w) for t, w in ctx]
        scores = self.scorer.scores(
            uid,
            pool,
            message,
            NOW,
            DenseInput.from_matrix(qu, ids, user.use),
            DenseInput.from_matrix(qe, ids, user.e5),
            context=lexctx,
        )
        arr = np.array(ids, dtype=np.int64)
        return arr, np.asarray(scores.lookup(arr), dtype=np.float64)

    def measure(self, it: Item, over: dict, opts: dict) -> np.ndarray:
        """(recall@24 of the selection, recall@5 of the ranking, reciprocal rank of the
        first gold within 24, else 0)."""
        arr, values = self.score(it, over, opts)
        result = select(self.pools[it.user], Scores(arr, np.round(values, 6)), self.selection, NOW)
        found = {s.memory.id for s in result.memories}
        ranked = np.argsort(-values, kind="stable")
        at5 = {int(arr[j]) for j in ranked[:5]}
        g = it.gold
        rr = 0.0
        for r, j in enumerate(ranked[:24]):
            if int(arr[j]) in g:
                rr = 1.0 / (r + 1)
                break
        return np.array([len(g & found) / len(g), len(g & at5) / len(g), rr])


def folds_of(items: list[Item], users: dict[str, User], how: str) -> list[str]:
    if how == "lang":
        return [it.lang for it in items]
    return [f"u{users[it.user].order % 3}" for it in items]


def cross_validate(table: dict[str, np.ndarray], names: list[str], fold: list[str]) -> dict:
    fold_arr = np.array(fold)
    base = table["none"]
    held = np.zeros_like(base)
    chose = {}
    for f in sorted(set(fold)):
        train = fold_arr != f

        def gain(n: str) -> tuple[float, float]:
            r = table[n][train]
            return round(float(r[:, 0].mean() + r[:, 1].mean()), 6), round(float(r[:, 2].mean()), 6)

        best = max(names, key=lambda n: (gain(n), n == "none"))
        chose[f] = best
        held[~train] = table[best][~train]
    return {
        "chose": chose,
        "alone": base.mean(axis=0).round(4).tolist(),
        "cv": held.mean(axis=0).round(4).tolist(),
        "delta24": [round(x, 4) for x in paired_interval(held[:, 0] - base[:, 0])],
        "delta5": [round(x, 4) for x in paired_interval(held[:, 1] - base[:, 1])],
        "delta_rr": [round(x, 4) for x in paired_interval(held[:, 2] - base[:, 2])],
        "held": held,
    }


def breakdown(items: list[Item], arr: np.ndarray, key) -> dict:
    groups: dict[str, list[int]] = {}
    for i, it in enumerate(items):
        groups.setdefault(key(it), []).append(i)
    return {g: [len(ix)] + arr[ix].mean(axis=0).round(3).tolist() for g, ix in sorted(groups.items())}


def run(out: Path, only: str, as_json: Path | None) -> int:
    data = pickle.loads((out / "backref.pkl").read_bytes())
    users, items = data["users"], data["items"]
    emb = Embeddings(out / "queries.npz")
    runner = Runner(users, emb)
    todo = [v for v in variants() if not only or v[0] == "none" or any(v[0].startswith(o) for o in only.split(","))]
    table: dict[str, np.ndarray] = {}
    for n, (name, over, opts) in enumerate(todo):
        table[name] = np.array([runner.measure(it, over, opts) for it in items])
        if n % 20 == 0:
            log(f"{n}/{len(todo)} {name}")
    emb.save()
    names = [v[0] for v in todo]
    report: dict = {"items": len(items), "low": sum(sounds_low(it.message) for it in items)}
    report["refers"] = sum(refers_back(it.message) for it in items)
    report["in_sample"] = sorted(
        ((n, table[n].mean(axis=0).round(4).tolist()) for n in names), key=lambda x: -(x[1][0] + x[1][1])
    )[:15]
    for name in ("none", "window"):
        if name in table:
            report[name] = {
                "all": table[name].mean(axis=0).round(4).tolist(),
                "kind": breakdown(items, table[name], lambda it: it.kind),
                "lang": breakdown(items, table[name], lambda it: it.lang),
            }
    for how in ("lang", "user"):
        for family, pick in FAMILIES.items():
            cand = ["none"] + [n for n in names if n != "none" and pick(n)]
            if len(cand) < 2:
                continue
            cv = cross_validate(table, cand, folds_of(items, users, how))
            held = cv.pop("held")
            cv["kind"] = breakdown(items, held, lambda it: it.kind)
            cv["lang"] = breakdown(items, held, lambda it: it.lang)
            report[f"cv {how} {family}"] = cv
    text = json.dumps(report, indent=1, ensure_ascii=False)
    print(text)
    if as_json:
        as_json.write_text(text)
        np.savez(as_json.with_suffix(".npz"), names=np.array(names), **{f"v{i}": table[n] for i, n in enumerate(names)})
    return 0


def nine(cv_dir: Path, levers: list[dict], as_json: Path | None) -> int:
    """The levers that act on the message alone (the mood term) on the nine public folds
    (``bench/cv_data.py``: six LoCoMo conversations, three multilingual files), beside the
    defaults: in-sample, and held out (each fold takes the lever best on the eight others
    by mean recall@24, ties to the defaults). LoCoMo per category; the files overall and
    across languages."""
    from bench.cv_data import load
    from bench.cv_evaluator import Evaluator

    datasets = load(cv_dir)
    ev = Evaluator(datasets)
    grid = [{}] + levers
    table = {json.dumps(c, sort_keys=True): {ds.name: ev.recall(ds, c) for ds in datasets} for c in grid}
    keys = list(table)
    base = keys[0]
    lows = {ds.name: sum(sounds_low(q.text) for q in ds.queries) for ds in datasets}
    held: dict[str, np.ndarray] = {}
    chose = {}
    for ds in datasets:

        def train(k: str, ds=ds) -> float:
            return float(np.mean([table[k][d.name].mean() for d in datasets if d is not ds]))

        best = max(keys, key=lambda k: (round(train(k), 6), k == base))
        chose[ds.name] = best
        held[ds.name] = table[best][ds.name]

    def summary(per: dict[str, np.ndarray]) -> dict:
        out: dict = {}
        loc = [d for d in datasets if d.kind == "locomo"]
        if loc:
            allr = np.concatenate([per[d.name] for d in loc])
            out["locomo"] = round(float(allr.mean()), 4)
            for cat in "1234":
                r = np.concatenate([per[d.name][[q.group == cat for q in d.queries]] for d in loc])
                out[f"c{cat}"] = round(float(r.mean()), 4) if r.size else None
        for d in datasets:
            if d.kind == "suite":
                cross = np.array([q.cross for q in d.queries])
                out[d.name] = [round(float(per[d.name].mean()), 4), round(float(per[d.name][cross].mean()), 4)]
        return out

    report = {
        "low_queries": lows,
        "defaults": summary(table[base]),
        "in_sample": {k: summary(table[k]) for k in keys[1:]},
        "held_out": summary(held),
        "chose": chose,
    }
    text = json.dumps(report, indent=1)
    print(text)
    if as_json:
        as_json.write_text(text)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("build", "run", "nine"))
    ap.add_argument("--cv", type=Path, default=Path("/tmp/cv"), help="nine: bench/cv_data.py's output")
    ap.add_argument("--levers", default='[{"mood_bonus": 1.0}, {"mood_bonus": 2.0}, {"mood_bonus": 3.0}]')
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=Path("/tmp/backref-cv"))
    ap.add_argument("--only", default="", help="comma list of variant name prefixes")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if args.what == "build":
        build(args.data, args.out)
        return 0
    if args.what == "nine":
        return nine(args.cv, json.loads(args.levers), args.json)
    return run(args.out, args.only, args.json)


if __name__ == "__main__":
    raise SystemExit(main())
