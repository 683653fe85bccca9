"""The worst case of every pattern and of the whole turn on adversarial 16 KB messages
(issue #27: one message cost 5.6 s of server CPU through two quadratic secret patterns).

Two measures, CPU seconds (``time.process_time``):

- ``patterns``: every compiled pattern held at module level in ``souvenir``, asked the most
  any of them is ever asked — ``finditer`` over the whole message, a search from every
  position — on the generic messages and on messages repeating the pattern's own words
  (:mod:`souvenir.bench.adversarial`);
- ``path``: a no-model turn (``Souvenir.add_turn``, the reply 2,000 characters of the same)
  and a context on SQLite, for the generic messages and each secret hint word.

    nice -n 10 .venv/bin/python bench/linear_time.py [--top 15] [--skip-patterns]

Prints the slowest of each and the worst case. Results: docs/benchmarks.md, "Adversarial
messages".
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from souvenir.bench.adversarial import SECRET_HINTS, messages, package_patterns, sweep
from souvenir.library import Souvenir
from souvenir.ground.limits import MAX_TEXT_BYTES


def path_sweep() -> list[tuple[float, float, str]]:
    """(turn CPU s, context CPU s, unit) per message, slowest turn first."""
    out = []
    with (
        tempfile.TemporaryDirectory() as folder,
        Souvenir.open(f"sqlite:///{Path(folder) / 'l.db'}", embedder="none", window_embedder="none") as memory,
    ):
        memory.add_turn("warm", "我喜欢喝茶, and I live in Paris", "ok")
        for i, (unit, text) in enumerate(messages(MAX_TEXT_BYTES, SECRET_HINTS, separators=(" ", ": "))):
            start = time.process_time()
            try:
                memory.add_turn(f"u{i}", text, text[:2000])
            except ValueError:
                pass  # an empty message ("   ") is refused, which is the point
            turn = time.process_time() - start
            start = time.process_time()
            try:
                memory.context(f"u{i}", text)
            except ValueError:
                pass
            out.append((turn, time.process_time() - start, unit))
    out.sort(reverse=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--skip-patterns", action="store_true")
    args = parser.parse_args()
    if not args.skip_patterns:
        patterns = package_patterns()
        start = time.time()
        worst = sweep(patterns, MAX_TEXT_BYTES)
        print(f"patterns: {len(patterns)}, {time.time() - start:.0f} s; slowest (CPU s, pattern, repeated unit):")
        for spent, name, unit in worst[: args.top]:
            print(f"  {spent:7.3f}  {name}  {unit!r}")
    path = path_sweep()
    print(f"path: {len(path)} messages; slowest (turn CPU s, context CPU s, repeated unit):")
    for turn, context, unit in path[: args.top]:
        print(f"  {turn:7.3f}  {context:7.3f}  {unit!r}")
    print(f"worst turn {path[0][0]:.3f} s ({path[0][2]!r}); worst context {max(p[1] for p in path):.3f} s")


if __name__ == "__main__":
    main()
