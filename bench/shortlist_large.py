"""Recall of the large-user path with a LoCoMo conversation inside ~100,000 other memories.

The shortlist (``souvenir.read.scoring.shortlist``) only runs above ``ScoringConfig.shortlist_from``
(10,000) memories; LoCoMo's stores hold 400-700. Here each conversation's cached raw store
(``souvenir bench recall --cache``) is copied and its user given ``--distractors`` more
memories: each one the text of a turn of *another* of the six conversations, dated at random
within this conversation's span, with vectors for both embedders that are a blend of two such
turns' real vectors (``0.8·a + 0.6·b``, renormalised: within e5's and USE's own cone, near
real memories, not random directions) — other people's lives, in the same words and vector
space. No session, no speaker. Then every question of categories 1-4 is asked through
``Engine.context`` under each configuration, and recall@24 of what it returned is reported:

- ``exact``: no shortlist (both embedders on every memory);
- ``use-shortlist``: main before this lever (e5 on every memory, USE on a shortlist);
- ``coarse-K``: e5 ranked on its coarse basis's K directions, both exact on the shortlist.

    .venv/bin/python -m bench.shortlist_large ../shared/data/locomo \\
        --cache /tmp/locomo-cache [--conversations conv-26,conv-30] [--distractors 100000] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from souvenir.bench.shared import covered  # noqa: E402
from souvenir.bench.locomo_stores import CHANNEL, open_store  # noqa: E402
from souvenir.bench.recall_metrics import recall  # noqa: E402
from souvenir.bench.recall import _questions, turn_sources  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.replay.formats import parse_locomo  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402
from souvenir.read.scoring import Scorer, ScoringConfig  # noqa: E402
from souvenir.ground.hashing import content_hash  # noqa: E402

CONFIGS = {
    "exact": ScoringConfig(shortlist_from=0),
    "use-shortlist": ScoringConfig(coarse_dims=0),
    "coarse-32": ScoringConfig(coarse_dims=32),
    "coarse-64": ScoringConfig(coarse_dims=64),
    "coarse-96": ScoringConfig(coarse_dims=96),
    "coarse-128": ScoringConfig(coarse_dims=128),
    "coarse-64-shortlist-2000": ScoringConfig(coarse_dims=64, shortlist_size=2000),
    "coarse-96-sample-1000": ScoringConfig(coarse_dims=96, sample_per_group=1000, coarse_neighbours=0),
    "coarse-96-no-neighbours": ScoringConfig(coarse_dims=96, coarse_neighbours=0),
    "coarse-96-neighbours-250": ScoringConfig(coarse_dims=96, coarse_neighbours=250),
    "use-shortlist-sample-1000": ScoringConfig(coarse_dims=0, sample_per_group=1000),
}


def _pool(stores: dict[str, Path], settings: Settings, skip: str) -> list[tuple[str, np.ndarray, np.ndarray]]:
    """(text, USE vector, e5 vector) of every turn of the other conversations' stores."""
    out = []
    for name, path in stores.items():
        if name == skip:
            continue
        rt = open_runtime(settings.model_copy(update={"database_url": f"sqlite:///{path}"}))
        try:
            user = rt.store.find_user(CHANNEL, name)
            texts = {m.id: m.text for m in rt.store.memories(user, "active") if m.kind != "rule"}
            use = dict(zip(*_vectors(rt, user, rt.index.name)))
            e5 = dict(zip(*_vectors(rt, user, rt.window_index.name)))
            out += [(texts[i], use[i], e5[i]) for i in sorted(texts) if i in use and i in e5]
        finally:
            rt.close()
    return out


def _vectors(rt, user: int, name: str) -> tuple[list[int], list[np.ndarray]]:
    ids, matrix = rt.store.vectors(user, name)
    return ids, list(matrix) if matrix is not None else []


def _blend(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    v = 0.8 * a + 0.6 * b
    return (v / np.linalg.norm(v)).astype(np.float32)


def _add_distractors(rt, user: int, pool, count: int, span: tuple, seed: int) -> None:
    rng = random.Random(seed)
    first, last = span
    seconds = max(1, int((last - first).total_seconds()))
    rows = []
    with rt.store.transaction():
        for _ in range(count):
            a, b = rng.randrange(len(pool)), rng.randrange(len(pool))
            text = pool[a][0]
            when = first + (last - first) * (rng.randrange(seconds) / seconds)
            mid = rt.store.insert_memory(user, text, "episode", "global", None, 1.0, False, None, when)
            rows.append((mid, content_hash(text), a, b))
    for index, column in ((rt.index, 1), (rt.window_index, 2)):
        for start in range(0, len(rows), 10_000):
            rt.store.put_vectors(
                index.name,
                [(mid, h, _blend(pool[a][column], pool[b][column])) for mid, h, a, b in rows[start : start + 10_000]],
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("locomo", type=Path)
    parser.add_argument("--cache", type=Path, required=True)
    parser.add_argument("--conversations", default="")
    parser.add_argument("--distractors", type=int, default=100_000)
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settings = Settings(_env_file=None)
    files = sorted(args.locomo.glob("conv-*.json"))
    convs = {f.stem: (parse_locomo(f), f) for f in files}
    stores: dict[str, Path] = {}
    for name, (conv, path) in convs.items():  # every store: the distractors come from them
        found = sorted(args.cache.glob(f"{name}-raw-*.db"))
        if len(found) == 1:  # whatever build of the write path is cached: only read here
            stores[name] = found[0]
            continue
        built = open_store(conv, path, "raw", settings, args.cache, cached=True)
        stores[name] = Path(built.runtime.settings.database_url.removeprefix("sqlite:///"))
        built.close()
    wanted = [c for c in args.conversations.split(",") if c] or list(convs)
    configs = [c for c in args.configs.split(",") if c]
    report: dict = {"distractors": args.distractors, "load_start": os.getloadavg(), "conversations": {}}
    totals: dict[str, list[float]] = {c: [] for c in configs}
    for name in wanted:
        conv, _ = convs[name]
        questions = _questions(conv)
        with tempfile.TemporaryDirectory(prefix="shortlist-large-") as tmp:
            copy = Path(tmp) / "store.db"
            for suffix in ("", "-wal"):
                if Path(f"{stores[name]}{suffix}").exists():
                    shutil.copy(f"{stores[name]}{suffix}", f"{copy}{suffix}")
            rt = open_runtime(
                settings.model_copy(
                    update={"database_url": f"sqlite:///{copy}", "llm_base_url": "", "query_embedding_timeout_s": 60.0}
                )
            )
            try:
                user = rt.store.find_user(CHANNEL, name)
                own = len(rt.store.memories(user, "active"))
                started = time.perf_counter()
                span = (conv.turns[0].time, conv.turns[-1].time)
                _add_distractors(rt, user, _pool(stores, settings, name), args.distractors, span, seed=0)
                filled = time.perf_counter() - started
                sources = turn_sources(rt.store.sources(user))
                now = conv.turns[-1].time
                row: dict = {"memories": own, "questions": len(questions), "fill_s": round(filled, 1)}
                for label in configs:
                    rt.engine.scorer = Scorer(CONFIGS[label])
                    rt.engine.context(CHANNEL, name, questions[0].question, now=now, count=False)  # warm
                    got, ms = [], []
                    for qa in questions:
                        t = time.perf_counter()
                        result = rt.engine.context(CHANNEL, name, qa.question, now=now, count=False)
                        ms.append((time.perf_counter() - t) * 1000)
                        got.append(recall(set(qa.evidence), covered(result.memories, sources)))
                    totals[label] += got
                    row[label] = {
                        "recall@24": round(float(np.mean(got)), 4),
                        "context_p50_ms": round(float(np.median(ms)), 1),
                    }
                    if not args.json:
                        print(name, label, row[label], flush=True)
                report["conversations"][name] = row
            finally:
                rt.close()
    report["overall"] = {c: round(float(np.mean(v)), 4) for c, v in totals.items() if v}
    report["load_end"] = os.getloadavg()
    print(json.dumps(report, indent=2 if not args.json else None))


if __name__ == "__main__":
    main()
