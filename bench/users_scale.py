"""Per-user latency against the total number of users (issue #17, item 2): one user's
context should cost the same in a store of 1 million users as in one of 1,000, because
every read of the turn is an index lookup by user. Standalone script, not run by CI.

1. Creates two throwaway databases on ``--admin-url`` (``souvenir_users_<hex>_small`` and
   ``_big``), migrates them with ``souvenir``'s migrations (``open_runtime``), and fills
   them in bulk (bench/bulkfill.py: ``--small`` and ``--big`` users of the same shape,
   ``--memories`` memories and ``--turns`` turns each). ``--sample`` users of each store,
   spread over its id range, are embedded for real (``--embedder`` and the e5 window
   embedder, as the indexer would); every other memory has a filler vector.
2. Times ``Engine.context`` (what ``POST /v1/context`` runs, counters and diagnostics
   written in the background as there) for the sampled users, one call on the small store
   then one on the big, alternately, ``--rounds`` times over the sample. The query
   embeddings are computed once per question before the clock starts, so the figures are
   the store's reads and the selection, not the model (which costs the same whatever the
   store holds). Latency in ms, nearest-rank percentiles.
3. On the big store, records every SQL statement one context of a user not read before
   runs (no read cache holds it; its background bookkeeping included) and EXPLAINs it (``ANALYZE, BUFFERS`` for reads, the plan alone
   for writes), flagging any sequential scan of a table above 10,000 rows; also times the
   indexer's per-pass queries (``repair_hashes``, ``stale_vectors``, ``count_stale_vectors``),
   which read the whole table whatever the number of users.
4. Prints a markdown report (sizes, fill times, latency per store, load average before and
   after, plans) and drops both databases (``--keep`` leaves them).

    .venv/bin/python -m bench.users_scale --big 1000000 --small 1000 --sample 100 --rounds 5
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import secrets
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

REPO = Path(__file__).resolve().parent.parent

import psycopg  # noqa: E402

from bench.bulkfill import CHANNEL, QUESTIONS, Shape, embed_for_real, external_id, fill  # noqa: E402
from souvenir.ground.config import Settings  # noqa: E402
from souvenir.engine.runtime import Runtime, open_runtime  # noqa: E402

#: A sequential scan of a table with more rows than this is flagged in the plans.
SEQ_SCAN_ROWS = 10_000
#: Indexes proposed in docs/scaling.md for what scans the whole store per user today: the
#: diagnostics' events by user, and the foreign-key cascades of a user's deletion (events
#: by user, rows by story). ``--proposed-indexes`` times the per-user operations again with them.
PROPOSED_INDEXES = [
    "CREATE INDEX idx_events_user ON events (user_id, id)",
    "CREATE INDEX idx_memories_story ON memories (story_id) WHERE story_id IS NOT NULL",
    "CREATE INDEX idx_turns_story ON turns (story_id) WHERE story_id IS NOT NULL",
    "CREATE INDEX idx_selections_story ON selections (story_id) WHERE story_id IS NOT NULL",
    "CREATE INDEX idx_positions_story ON positions (story_id) WHERE story_id IS NOT NULL",
]


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def with_db(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/" + name))


def sample_numbers(users: int, count: int, seed: int) -> list[int]:
    """``count`` user numbers (1-based) spread over 1..``users``: one drawn at random in
    each of ``count`` equal slices (the first and last ids' pages both get visited)."""
    rng = random.Random(seed)
    count = min(count, users)
    edges = [users * i // count for i in range(count + 1)]
    return [rng.randint(edges[i] + 1, edges[i + 1]) for i in range(count)]


# =========================================================================== a store


class ScaleStore:
    """One filled database and the runtime reading it."""

    def __init__(self, label: str, url: str, users: int, args) -> None:
        self.label, self.url, self.users = label, url, users
        settings = Settings(
            _env_file=None,
            database_url=url,
            embedder=args.embedder,
            window_embedder=args.window_embedder,
            llm_base_url="",
            pgvector="off",
        )
        self.rt: Runtime = open_runtime(settings)  # migrates
        names = {index.name: dim_of(index) for index in self.rt.indexes}
        self.numbers = sample_numbers(users, args.sample, args.seed)
        log(f"{label}: filling {users} users x {args.memories} memories, {args.turns} turns")
        self.fill = fill(url, users, Shape(args.memories, args.turns), names, self.numbers, log=log)
        t = time.perf_counter()
        done = embed_for_real(self.rt, list(self.fill["users"].values()))
        self.fill["seconds"]["embed sampled"] = time.perf_counter() - t
        log(f"{label}: embedded {done} vectors of {len(self.numbers)} sampled users")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("ANALYZE vectors")
            self.sizes = dict(
                conn.execute(
                    "SELECT relname, pg_total_relation_size(c.oid) FROM pg_class c "
                    "JOIN pg_namespace n ON n.oid = c.relnamespace "
                    "WHERE n.nspname = 'public' AND c.relkind = 'r'"
                ).fetchall()
            )
            self.rows = dict(conn.execute("SELECT relname, n_live_tup FROM pg_stat_user_tables").fetchall())
            self.rows["memories"] = conn.execute("SELECT count(*) FROM memories").fetchone()[0]
            self.db_bytes = conn.execute("SELECT pg_database_size(current_database())").fetchone()[0]
        for index in self.rt.indexes:  # the model runs once per question, before the clock
            index.embed_query = functools.lru_cache(maxsize=None)(index.embed_query)  # type: ignore[method-assign]
            for question in QUESTIONS:
                index.embed_query(question)
        self.samples: list[float] = []
        self.by_round: list[list[float]] = []

    def context(self, number: int, question: str) -> float:
        t = time.perf_counter()
        result = self.rt.engine.context(CHANNEL, external_id(number), question)
        ms = (time.perf_counter() - t) * 1000
        if not result.memories:
            raise SystemExit(f"{self.label}: user {external_id(number)} got an empty context")
        return ms

    def close(self) -> None:
        self.rt.close()


def dim_of(index) -> int:
    return int(index.embedder.encode(["dimension"]).shape[1])


# =========================================================================== plans


@contextmanager
def recorded_sql() -> Iterator[list[tuple[str, object]]]:
    """Every statement psycopg runs meanwhile, in any thread: (SQL, params)."""
    seen: list[tuple[str, object]] = []
    lock = threading.Lock()
    original, original_many = psycopg.Cursor.execute, psycopg.Cursor.executemany

    def execute(self, query, params=None, **kw):
        with lock:
            seen.append((str(query), params))
        return original(self, query, params, **kw)

    def executemany(self, query, params_seq, **kw):
        params_seq = list(params_seq)
        with lock:
            seen.append((str(query), params_seq[0] if params_seq else None))
        return original_many(self, query, params_seq, **kw)

    psycopg.Cursor.execute = execute  # type: ignore[method-assign]
    psycopg.Cursor.executemany = executemany  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        psycopg.Cursor.execute = original  # type: ignore[method-assign]
        psycopg.Cursor.executemany = original_many  # type: ignore[method-assign]


_SKIP = re.compile(r"^\s*(SET|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SELECT pg_(try_)?advisory)", re.I)
_SEQ = re.compile(r"Seq Scan on (\w+)")


def explain(url: str, statements: list[tuple[str, object]], rows: dict[str, int]) -> list[dict]:
    """The plan of each distinct statement (reads run: ANALYZE, BUFFERS; writes planned
    only), with the large tables it scans sequentially."""
    out, done = [], set()
    with psycopg.connect(url, autocommit=True) as conn:
        for sql, params in statements:
            if _SKIP.match(sql) or sql in done:
                continue
            done.add(sql)
            read = sql.lstrip().upper().startswith("SELECT")
            head = "EXPLAIN (ANALYZE, BUFFERS) " if read else "EXPLAIN "
            try:
                plan = [r[0] for r in conn.execute(head + sql, params)]  # type: ignore[arg-type]
            except psycopg.Error as exc:
                plan = [f"(not explained: {exc})"]
            seq = sorted({t for line in plan for t in _SEQ.findall(line) if rows.get(t, 0) > SEQ_SCAN_ROWS})
            out.append({"sql": " ".join(sql.split()), "plan": plan, "seq_scans": seq})
    return out


def background_queries(store: ScaleStore) -> list[dict]:
    """The indexer's per-pass queries on ``store``, timed (s), with their plans."""
    rt, out = store.rt, []
    calls = [("repair_hashes (every pass, and every backlog() call)", rt.store.repair_hashes)]
    claim = getattr(rt.store, "claim_stale_vectors", None)  # the indexer's claims (issue-17b)
    for index in rt.indexes:
        if claim is not None:
            calls.append(
                (
                    f"claim_stale_vectors ({index.name}, every batch of 64)",
                    functools.partial(_claim_and_release, rt.store, index.name),
                )
            )
        else:
            calls.append(
                (
                    f"stale_vectors ({index.name}, every batch of 64)",
                    functools.partial(rt.store.stale_vectors, index.name, 64),
                )
            )
        calls += [
            (
                f"count_stale_vectors ({index.name}, whole store)",
                functools.partial(rt.store.count_stale_vectors, index.name),
            )
        ]
    for name, call in calls:
        with recorded_sql() as seen:
            t = time.perf_counter()
            call()
            seconds = time.perf_counter() - t
        plans = explain(store.url, seen, store.rows)
        out.append(
            {
                "call": name,
                "seconds": round(seconds, 2),
                "seq_scans": sorted({t for p in plans for t in p["seq_scans"]}),
                "plans": plans,
            }
        )
    return out


def _claim_and_release(store, name: str) -> None:
    """One claim of the indexer's (nothing is stale here: it claims nothing), released."""
    from souvenir.ground.timeutil import utcnow

    got = store.claim_stale_vectors(name, 64, 120.0, utcnow())
    store.release_vector_claims(name, got.token)


def user_operations(store: ScaleStore, deletions: int, trace: bool, turn: int = 0) -> dict:
    """Per-user operations beyond the turn on ``store``, timed (s): one sampled user's
    diagnostics page (``Engine.diagnostics``) and the deletion of ``deletions`` sampled users
    (``Engine.delete_user``); with ``trace``, the plans of the diagnostics' statements and of
    one more user's ``DELETE FROM users`` (run, then rolled back: its foreign-key cascades'
    times). ``turn``: 0, 1… picks other users for each call (from the end of the sample)."""
    engine = store.rt.engine
    numbers = store.numbers[: len(store.numbers) - turn * (deletions + 1)]
    with recorded_sql() as seen:
        t = time.perf_counter()
        engine.diagnostics(CHANNEL, external_id(store.numbers[1 + turn]))
        out: dict = {"diagnostics_s": round(time.perf_counter() - t, 2)}
    out["diagnostics_plans"] = explain(store.url, seen, store.rows) if trace else []
    times = []
    for n in numbers[-deletions:]:
        t = time.perf_counter()
        engine.delete_user(CHANNEL, external_id(n))
        times.append(round(time.perf_counter() - t, 2))
    out["delete_user_s"] = times
    out["delete_plan"] = []
    if trace:
        user_id = store.fill["users"][numbers[-deletions - 1]]
        with psycopg.connect(store.url) as conn:  # one transaction, rolled back on exit
            out["delete_plan"] = [
                r[0] for r in conn.execute("EXPLAIN (ANALYZE, BUFFERS) DELETE FROM users WHERE id = %s", (user_id,))
            ]
            conn.rollback()
    return out


# =========================================================================== main


def report(
    stores: list[ScaleStore], args, plans: list[dict], background: list[dict], loads: dict, ops: list[dict]
) -> str:
    lines = [
        f"users_scale: {args.memories} memories + {args.turns} turns per user, {args.sample} sampled "
        f"users x {args.rounds} rounds, embedder {args.embedder} + window {args.window_embedder}, "
        f"query embeddings precomputed; load average before {loads['before']}, after {loads['after']}",
        "",
        "| store | users | memories | database | Engine.context p50 ms | p95 ms | p99 ms | "
        "max ms | calls | p50 by round |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in stores:
        lines.append(
            f"| {s.label} | {s.users:,} | {s.rows.get('memories', 0):,} | {s.db_bytes / 2**30:.2f} GB | "
            f"{percentile(s.samples, 50):.1f} | {percentile(s.samples, 95):.1f} | "
            f"{percentile(s.samples, 99):.1f} | {max(s.samples):.1f} | {len(s.samples)} | "
            + ", ".join(f"{percentile(r, 50):.1f}" for r in s.by_round)
            + " |"
        )
    lines += [
        "",
        "Fill (s): "
        + "; ".join(f"{s.label}: " + ", ".join(f"{k} {v:.0f}" for k, v in s.fill["seconds"].items()) for s in stores),
    ]
    lines += [
        "",
        "| per-user operation (s) | " + " | ".join(s.label for s in stores) + " |",
        "|---|" + "---|" * len(stores),
    ]
    for label, part in (("", ops[: len(stores)]), (" (proposed indexes)", ops[len(stores) :])):
        if part:
            lines += [
                f"| diagnostics page of one user{label} | " + " | ".join(str(o["diagnostics_s"]) for o in part) + " |",
                f"| delete one user{label} | "
                + " | ".join(", ".join(map(str, o["delete_user_s"])) for o in part)
                + " |",
            ]
    lines += ["", "Plans of one context on the big store, a user not read before (and its bookkeeping):", ""]
    for p in plans:
        flag = f"  **SEQ SCAN of {', '.join(p['seq_scans'])}**" if p["seq_scans"] else ""
        lines += [f"- `{p['sql']}`{flag}", "", "```", *p["plan"], "```", ""]
    for label, big in (("", ops[len(stores) - 1]), (", proposed indexes", ops[-1] if len(ops) > len(stores) else None)):
        if big is None:
            continue
        lines += [f"Plans of one user's diagnostics page on the big store{label}:", ""]
        for p in big["diagnostics_plans"]:
            flag = f"  **SEQ SCAN of {', '.join(p['seq_scans'])}**" if p["seq_scans"] else ""
            lines += [f"- `{p['sql']}`{flag}", "", "```", *p["plan"], "```", ""]
        lines += [
            f"Deleting one user on the big store{label} (rolled back):",
            "",
            "```",
            *big["delete_plan"],
            "```",
            "",
        ]
    lines += ["Indexer per-pass queries on the big store (whole-table, whatever the users):", ""]
    for b in background:
        lines.append(f"- {b['call']}: {b['seconds']} s; sequential scans of {', '.join(b['seq_scans']) or 'none'}")
        for p in b["plans"]:
            lines += ["", "```", p["sql"], *p["plan"], "```"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--big", type=int, default=1_000_000, help="users of the big store")
    parser.add_argument("--small", type=int, default=1_000, help="users of the small store")
    parser.add_argument("--memories", type=int, default=5, help="memories per user")
    parser.add_argument("--turns", type=int, default=3, help="turns per user")
    parser.add_argument("--sample", type=int, default=100, help="users timed (and embedded) per store")
    parser.add_argument("--rounds", type=int, default=5, help="passes over the sample")
    parser.add_argument("--embedder", default="use", help="use (default), e5, none")
    parser.add_argument("--window-embedder", default="e5", help="e5 (default) or none")
    parser.add_argument(
        "--admin-url", default=os.environ.get("SOUVENIR_TEST_PG_ADMIN", "postgresql://postgres@127.0.0.1:5432/postgres")
    )
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--deletions", type=int, default=3, help="sampled users deleted per store (timed)")
    parser.add_argument(
        "--proposed-indexes",
        action="store_true",
        help="then create PROPOSED_INDEXES and time the per-user operations again",
    )
    parser.add_argument("--keep", action="store_true", help="leave the databases (names printed)")
    parser.add_argument("--json", default="", help="also write the results to this file")
    args = parser.parse_args()
    log(f"disk before: {shutil.disk_usage('/').free / 2**30:.0f} GB free; load average {loadavg()}")
    admin = psycopg.connect(args.admin_url, autocommit=True)
    prefix = f"souvenir_users_{secrets.token_hex(3)}"
    names: list[str] = []
    stores: list[ScaleStore] = []
    try:
        for label, users in (("small", args.small), ("big", args.big)):
            name = f"{prefix}_{label}"
            admin.execute(f'CREATE DATABASE "{name}"')
            names.append(name)
            stores.append(ScaleStore(label, with_db(args.admin_url, name), users, args))
        log(f"disk after the fill: {shutil.disk_usage('/').free / 2**30:.0f} GB free")
        loads = {"before": loadavg()}
        rng = random.Random(args.seed)
        for r in range(args.rounds):
            order = list(range(args.sample))
            rng.shuffle(order)
            rounds = [[] for _ in stores]  # type: list[list[float]]
            for i in order:  # small then big, user by user: other load falls on both alike
                question = QUESTIONS[(i + r) % len(QUESTIONS)]
                for s, mine in zip(stores, rounds):
                    mine.append(s.context(s.numbers[i % len(s.numbers)], question))
            for s, mine in zip(stores, rounds):
                s.rt.engine.flush()
                s.samples += mine
                s.by_round.append(mine)
            log(
                f"round {r + 1}: p50 "
                + ", ".join(f"{s.label} {percentile(m, 50):.1f} ms" for s, m in zip(stores, rounds))
                + f"; load {loadavg()}"
            )
        loads["after"] = loadavg()
        big = stores[-1]
        fresh = next(n for n in range(1, big.users + 1) if n not in set(big.numbers))  # not cached
        with recorded_sql() as seen:
            big.context(fresh, QUESTIONS[0])
            big.rt.engine.flush()
        plans = explain(big.url, seen, big.rows)
        background = background_queries(big)
        ops = [user_operations(s, args.deletions, s is big) for s in stores]
        if args.proposed_indexes:
            for s in stores:
                with psycopg.connect(s.url, autocommit=True) as conn:
                    t = time.perf_counter()
                    for sql in PROPOSED_INDEXES:
                        conn.execute(sql)
                    conn.execute("ANALYZE")
                    log(f"{s.label}: proposed indexes built in {time.perf_counter() - t:.0f} s")
            ops += [user_operations(s, args.deletions, s is big, turn=1) for s in stores]
        text = report(stores, args, plans, background, loads, ops)
        print(text)
        if args.json:
            Path(args.json).write_text(
                json.dumps(
                    {
                        "args": vars(args),
                        "loads": loads,
                        "plans": plans,
                        "background": background,
                        "operations": ops,
                        "stores": [
                            {
                                "label": s.label,
                                "users": s.users,
                                "rows": s.rows,
                                "sizes": s.sizes,
                                "db_bytes": s.db_bytes,
                                "fill_seconds": s.fill["seconds"],
                                "samples_ms": s.samples,
                            }
                            for s in stores
                        ],
                    },
                    indent=2,
                ),
                encoding="utf-8",
            )
    finally:
        for s in stores:
            s.close()
        for name in names:
            if args.keep:
                log(f"kept database {name}")
            else:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


if __name__ == "__main__":
    main()
