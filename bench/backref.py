"""Back-reference dialogue recall (#28): does the read path find what a last turn only points at?

The set is ``bench/data/backref/{en,fr,zh,ms}.json`` (format, kinds and counts in its
README.md). Each item is a short dialogue window whose last user turn refers back to
something named earlier in the window, or only implied by it; ``gold`` lists the memories
a good reply brings up. Each language's users are written into one fresh SQLite store
through the public library (``Souvenir.remember`` with the memory's date), indexed, then
asked three ways through ``Souvenir.context`` (``count=False``, a look that moves no
counter):

- ``last``: the last user message alone;
- ``window``: the last message with the earlier turns as ``messages=`` (the texts the
  prompt already shows: the public way to give the read path the conversation);
- ``joined``: every turn of the window joined by newlines as the message (a naive baseline).

recall@k = |gold ∩ first k selected| / |gold| (a gold memory the write path replaced or
superseded counts as the memory that holds it now), the selected memories in the order the
read path lists them (the order its passes admitted them); k = 5, 10 and 24 (24 is the
default budget, so @24 is the whole selection). ``hit@5``: at least one gold memory in
the first 5. Means are plain means over items, per language × kind × mode.

Usage: ``.venv/bin/python -m bench.backref [--lang en --lang fr ...] [--json out.json]
[--embedder none] [--data bench/data/backref2] [--scoring comfort_read=false ...]``.
``--data``: another set in the same format (e.g. ``bench/data/backref2``, the held-out
comfort set). ``--scoring KEY=VALUE`` (repeat): a ``ScoringConfig`` field set for the run
(the fused scoring the library opens with, every other field at its default). With the default settings the local embedders load (about a minute).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data" / "backref"
LANGS = ("en", "fr", "zh", "ms")
KINDS = {
    "a": "last turn names the thing (control)",
    "b": "pronoun/ellipsis back to a thing named 1-4 turns earlier",
    "c": "thing named only in the assistant's earlier turn",
    "d": "mood: the reply should recall a preference/happy memory never named",
}
MODES = ("last", "window", "joined")
CUTS = (5, 10, 24)
MEMORY_KINDS = ("fact", "preference", "promise", "episode")


@dataclass(frozen=True)
class Memory:
    id: str
    user: str
    date: str  # YYYY-MM-DD
    kind: str
    text: str


@dataclass(frozen=True)
class Item:
    id: str
    user: str
    kind: str  # a, b, c or d (KINDS)
    turns: tuple[tuple[str, str], ...]  # (role, text), role "user" or "assistant"; the last is the user's
    gold: tuple[str, ...]


@dataclass(frozen=True)
class Suite:
    lang: str
    memories: tuple[Memory, ...]
    items: tuple[Item, ...]


def load(lang: str, root: Path = DATA) -> Suite:
    """One language's file, checked: unique ids, 3-6 turns ending with the user's, known
    kinds, gold ids among the item's user's memories. Raises ``ValueError`` naming the
    first fault."""
    raw = json.loads((root / f"{lang}.json").read_text(encoding="utf-8"))
    if raw.get("lang") != lang:
        raise ValueError(f"{lang}.json: lang is {raw.get('lang')!r}")
    memories: list[Memory] = []
    for user in raw["users"]:
        for m in user["memories"]:
            if m["kind"] not in MEMORY_KINDS:
                raise ValueError(f"{m['id']}: memory kind {m['kind']!r}")
            datetime.strptime(m["date"], "%Y-%m-%d")
            memories.append(Memory(m["id"], user["id"], m["date"], m["kind"], m["text"]))
    owner = {m.id: m.user for m in memories}
    if len(owner) != len(memories):
        raise ValueError(f"{lang}.json: duplicate memory ids")
    items: list[Item] = []
    for it in raw["items"]:
        turns = tuple((t["role"], t["text"]) for t in it["turns"])
        if not 3 <= len(turns) <= 6 or turns[-1][0] != "user":
            raise ValueError(f"{it['id']}: a window holds 3-6 turns and ends with the user's")
        if any(role not in ("user", "assistant") for role, _ in turns):
            raise ValueError(f"{it['id']}: a turn's role is user or assistant")
        if it["kind"] not in KINDS:
            raise ValueError(f"{it['id']}: kind {it['kind']!r}")
        if not it["gold"] or any(owner.get(g) != it["user"] for g in it["gold"]):
            raise ValueError(f"{it['id']}: gold ids must be memories of {it['user']}")
        items.append(Item(it["id"], it["user"], it["kind"], turns, tuple(it["gold"])))
    if len({i.id for i in items}) != len(items):
        raise ValueError(f"{lang}.json: duplicate item ids")
    return Suite(lang, tuple(memories), tuple(items))


def _ask(memory: Any, item: Item, mode: str, tries: int = 20) -> tuple[list[int], bool]:
    """The selected ids in the listed order, and whether the answer was still degraded after
    ``tries`` (a busy embedder: the turn is asked again 2 s later, as the breaker's probe
    closes it)."""
    last = item.turns[-1][1]
    before = [text for _, text in item.turns[:-1]]
    for _ in range(tries):
        if mode == "last":
            answer = memory.context(item.user, last, count=False)
        elif mode == "window":
            answer = memory.context(item.user, last, count=False, messages=before)
        else:
            answer = memory.context(item.user, "\n".join([*before, last]), count=False)
        if not answer.degraded:
            break
        time.sleep(2.0)
    return [m.id for m in answer.memories], bool(answer.degraded)


def run_suite(suite: Suite, **settings: Any) -> list[dict[str, Any]]:
    """Write the suite into a fresh store, index it, ask every item in every mode. One row
    per item × mode: ``lang, item, kind, mode, recall@5/10/24, hit@5, ranks`` (the 1-based
    place of each gold memory, ``None`` when not selected). ``settings`` go to
    ``Souvenir.open`` (``embedder="none"`` for a fast lexical-only look)."""
    from souvenir import Souvenir

    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp, Souvenir.open(str(Path(tmp) / "backref.db"), **settings) as memory:
        stored: dict[str, int | None] = {}
        holder: dict[int, int] = {}  # a memory the write path replaced or superseded -> the one holding it now
        for m in suite.memories:
            when = datetime.strptime(m.date, "%Y-%m-%d").replace(hour=12, tzinfo=UTC)
            written = memory.remember(m.user, m.text, kind=m.kind, date=when)  # type: ignore[arg-type]
            stored[m.id] = written.id
            if written.superseded_id is not None and written.id is not None:
                holder[written.superseded_id] = written.id
            if written.action != "insert":
                print(f"{m.id}: {written.action} ({written.reason or written.id})", file=sys.stderr)
        memory.index()
        for _ in range(120):  # the background indexer's last batches (the window vectors)
            if not memory.backlog():
                break
            time.sleep(1.0)

        def held(data_id: str) -> int | None:
            at = stored[data_id]
            while at is not None and at in holder:
                at = holder[at]
            return at

        for item in suite.items:
            gold = {h for h in map(held, item.gold) if h is not None}
            for mode in MODES:
                ids, degraded = _ask(memory, item, mode)
                ranks = [ids.index(h) + 1 if h in ids else None for h in map(held, item.gold)]
                row: dict[str, Any] = {"lang": suite.lang, "item": item.id, "kind": item.kind, "mode": mode}
                for k in CUTS:
                    row[f"recall@{k}"] = len(gold & set(ids[:k])) / max(len(gold), 1)
                row["hit@5"] = float(bool(gold & set(ids[:5])))
                row["ranks"] = ranks
                row["degraded"] = degraded
                rows.append(row)
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """A Markdown table: one line per language (and 'all') × kind (and 'all'), the three
    modes' recall@5, recall@24 and hit@5 side by side."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        for lang in (r["lang"], "all"):
            for kind in (r["kind"], "all"):
                groups[(lang, kind, r["mode"])].append(r)
    head = "| lang | kind | n | " + " | ".join(f"{m} r@5 | {m} r@24 | {m} hit@5" for m in MODES) + " |"
    lines = [head, "|" + "---|" * (3 + 3 * len(MODES))]
    langs = sorted({r["lang"] for r in rows}, key=lambda x: LANGS.index(x) if x in LANGS else 9) + ["all"]
    for lang in langs:
        for kind in ("a", "b", "c", "d", "all"):
            cells = []
            n = len(groups[(lang, kind, MODES[0])])
            if not n:
                continue
            for mode in MODES:
                g = groups[(lang, kind, mode)]
                for key in ("recall@5", "recall@24", "hit@5"):
                    cells.append(f"{sum(r[key] for r in g) / len(g):.2f}")
            lines.append(f"| {lang} | {kind} | {n} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def scoring_overrides(pairs: list[str]) -> dict[str, Any]:
    """``["comfort_read=false", "mood_bonus=0"]`` -> ``{"comfort_read": False, "mood_bonus": 0.0}``,
    each value parsed by the ``ScoringConfig`` field's type (bool: true/false/1/0; int;
    float; else the string). ValueError on an unknown field or a value that does not parse."""
    from souvenir.read.scoring import ScoringConfig

    types = {f.name: f.type for f in dataclasses.fields(ScoringConfig)}
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or key not in types:
            raise ValueError(f"--scoring {pair!r}: not KEY=VALUE with a ScoringConfig field")
        kind = str(types[key])
        value: Any = raw.strip()
        if kind == "bool":
            if value.lower() not in ("true", "false", "1", "0"):
                raise ValueError(f"--scoring {pair!r}: a bool is true or false")
            value = value.lower() in ("true", "1")
        elif kind == "int":
            value = int(value)
        elif kind == "float":
            value = float(value)
        out[key] = value
    return out


@contextmanager
def scoring_set(overrides: dict[str, Any]) -> Iterator[None]:
    """While open, the library's runtime builds its ``ScoringConfig`` with ``overrides``
    (a bench-only swap of the name the runtime calls; nothing in ``src`` changes)."""
    if not overrides:
        yield
        return
    from souvenir.engine import runtime

    base = runtime.ScoringConfig
    runtime.ScoringConfig = lambda: dataclasses.replace(base(), **overrides)  # type: ignore[assignment,misc]
    try:
        yield
    finally:
        runtime.ScoringConfig = base  # type: ignore[misc]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.backref", description=__doc__.split("\n")[0])
    parser.add_argument("--lang", action="append", choices=LANGS, help="a language (repeat); default all four")
    parser.add_argument("--json", type=Path, help="write every row here")
    parser.add_argument("--embedder", help="Souvenir.open(embedder=...), e.g. none")
    parser.add_argument("--data", type=Path, default=DATA, help="the set's folder (default bench/data/backref)")
    parser.add_argument(
        "--scoring", action="append", default=[], metavar="KEY=VALUE", help="a ScoringConfig field for the run (repeat)"
    )
    args = parser.parse_args(argv)
    settings = {"embedder": args.embedder} if args.embedder else {}
    try:
        overrides = scoring_overrides(args.scoring)
    except ValueError as error:
        parser.error(str(error))
    rows: list[dict[str, Any]] = []
    with scoring_set(overrides):
        for lang in args.lang or LANGS:
            rows += run_suite(load(lang, args.data), **settings)
            print(f"{lang}: {len(rows)} rows", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
