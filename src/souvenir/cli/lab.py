"""``souvenir bench|calibrate|eval``: benchmarks, thresholds read from distributions, and the
shared test cases, from the command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer

from souvenir.cli.common import _fail, _settings, console, err
from souvenir.ground.errors import InputError, SouvenirError

bench_app = typer.Typer(
    help="Benchmarks: recall on LoCoMo and on the multilingual suite, latency.", no_args_is_help=True
)
calibrate_app = typer.Typer(help="Read thresholds from distributions.", no_args_is_help=True)
eval_app = typer.Typer(help="Evaluations: shared test cases.", no_args_is_help=True)


@bench_app.command("multilingual")
def bench_multilingual(
    ctx: typer.Context,
    file: Path = typer.Argument(..., exists=True, dir_okay=False, help="The suite's suite.json."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """recall@24 of the selection on the multilingual suite, beside the baselines.

    Overall, same- and cross-language, per query language."""
    from souvenir.bench.multilingual import format_report, run_multilingual

    _report(lambda: run_multilingual(file, _settings(ctx)), format_report, as_json)


def _report(run, format_report, as_json: bool) -> None:
    """Run a benchmark and print its report as JSON or as text."""
    try:
        report = run()
    except SouvenirError as exc:
        _fail(exc)
        return
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    else:
        console.print(format_report(report), markup=False)


@bench_app.command("recall")
def bench_recall(
    ctx: typer.Context,
    directory: Path = typer.Argument(..., exists=True, file_okay=False, help="Folder of LoCoMo conv-*.json."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    mode: str = typer.Option("all", "--mode", help="raw, observations, both, or all (the three)."),
    baselines: str = typer.Option(
        "bm25,dense,recency,mem0",
        "--baselines",
        help="Comma list of bm25, dense, recency, mem0; 'none' for the product only.",
    ),
    limit_files: int = typer.Option(0, "--files", help="Use only the first N files (0 = all)."),
    conversations: str = typer.Option("", "--conversations", help="Comma list, e.g. conv-26,conv-30."),
    cache: Optional[Path] = typer.Option(
        None, "--cache", file_okay=False, help="Keep the built stores here and reuse them while their inputs match."
    ),
    plot: Optional[Path] = typer.Option(
        None, "--plot", dir_okay=False, help="Also write a PNG of recall@24 by category per method and mode."
    ),
    decisions: Optional[Path] = typer.Option(
        None,
        "--decisions",
        dir_okay=False,
        help="Also write every absorb, replace and supersede the write "
        "path made, with both texts (JSONL), for a person to read.",
    ),
) -> None:
    """Evidence recall on LoCoMo of the selection (@24) and ranking (@5/@10), beside baselines.

    BM25, dense cosine, recency and mem0 rank the same memories; raw turns, gold
    observations, or both."""
    from souvenir.bench.recall import MODES, format_report, run_recall

    modes = MODES if mode == "all" else tuple(m.strip() for m in mode.split(",") if m.strip())
    chosen = () if baselines.strip() == "none" else tuple(b.strip() for b in baselines.split(",") if b.strip())

    figure_error: list[str] = []

    def run() -> dict:
        listed: list[dict] | None = [] if decisions is not None else None
        report = run_recall(
            directory,
            _settings(ctx),
            limit_files=limit_files,
            conversations=[c.strip() for c in conversations.split(",") if c.strip()],
            modes=modes,
            baselines=chosen,
            cache=cache,
            progress_console=None if as_json else err,
            decisions=listed,
        )
        if decisions is not None and listed is not None:
            from souvenir.bench.recall import write_decisions

            write_decisions(listed, decisions)
        if plot is not None:  # a figure that cannot be drawn must not lose the figures
            from souvenir.bench.plot import plot_recall_by_category

            try:
                plot_recall_by_category(report, plot)
            except SouvenirError as exc:
                figure_error.append(str(exc))
        return report

    _report(run, format_report, as_json)
    if figure_error:
        err.print(f"figure not written: {figure_error[0]}", markup=False)
        raise typer.Exit(1)


@bench_app.command("latency")
def bench_latency(
    ctx: typer.Context,
    sizes: str = typer.Option(
        ",".join(map(str, (100, 1000, 3000, 10000, 100000))), "--sizes", help="Memories per store, comma-separated."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    queries: int = typer.Option(200, "--queries", help="Timed queries per size and method."),
    plot: Optional[Path] = typer.Option(
        None, "--plot", help="Also draw latency against size into this PNG (needs the extra 'bench': matplotlib)."
    ),
    cosine: bool = typer.Option(
        True,
        "--cosine/--no-cosine",
        help="Also time the cosine read path (SOUVENIR_SCORING=cosine) on the same stores.",
    ),
    store: Optional[str] = typer.Option(
        None,
        "--store",
        help="Also time each size on this PostgreSQL database (postgresql://…; its bench user is replaced).",
    ),
    conversation: int = typer.Option(
        0,
        "--conversation",
        help="Send the last N texts of the chat so far (earlier messages and replies) as `messages` "
        "with each POST /v1/context, as the proxy does.",
    ),
    against: Optional[Path] = typer.Option(
        None,
        "--against",
        help="Another checkout's src folder (main's): its server answers a copy of each store beside "
        "this one's, requests interleaved, with paired ratios.",
    ),
) -> None:
    """Selection, dedup and POST /v1/context latency (ms) against corpus size.

    Beside seed 000's pure-Python scoring and selection and the cosine read path."""
    from souvenir.bench.latency import format_report, plot as draw, run_latency

    try:
        counts = [int(s) for s in sizes.split(",") if s.strip()]
    except ValueError:
        _fail(ValueError(f"--sizes takes whole numbers separated by commas, not {sizes!r}"))
        return
    if not counts or min(counts) < 1 or queries < 1:
        _fail(ValueError("--sizes and --queries must be at least 1"))
    if conversation < 0:
        _fail(ValueError("--conversation must be at least 0"))
    if against is not None and not (against / "souvenir" / "__init__.py").exists():
        _fail(ValueError(f"--against takes a checkout's src folder (holding souvenir/), not {str(against)!r}"))
    if against is not None and store is not None:
        _fail(ValueError("--against compares on SQLite only: leave out --store"))
    if store is not None and not store.startswith(("postgresql://", "postgres://")):
        _fail(ValueError(f"--store takes a postgresql:// URL, not {store!r}"))
    if plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            _fail(ValueError("--plot needs matplotlib: make install, or pip install '.[bench]' in Souvenir's checkout"))

    def run() -> dict:
        report = run_latency(
            counts,
            _settings(ctx),
            queries=queries,
            http_queries=queries,
            progress=None if as_json else err.print,
            compare=cosine,
            store_url=store,
            conversation=conversation,
            against=str(against.resolve()) if against is not None else None,
        )
        if plot is not None:
            draw(report, plot)
        return report

    _report(run, format_report, as_json)


@calibrate_app.command("dedup")
def calibrate_dedup(
    files: list[Path] = typer.Argument(
        ...,
        exists=True,
        dir_okay=False,
        help="Memories: .jsonl ({text} a line), .json (a list, {memories}, "
        "or a LoCoMo conversation's observations), or one a line. "
        "Several files: pairs within each file only.",
    ),
    closest: int = typer.Option(10, help="Pairs to show on each side of the threshold."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Score all pairs of each FILE's memories, to read the dedup threshold, not choose it.

    Prints the distribution, the closest pairs on each side of the dedup threshold and,
    above it, the write path's verdict."""
    from souvenir.bench.calibrate import dedup_pairs, read_texts

    try:
        texts: list[str] = []
        groups: list[int] = []
        for number, file in enumerate(files):
            found = read_texts(file)
            texts += found
            groups += [number] * len(found)
        report = dedup_pairs(texts, closest=closest, groups=groups)
    except SouvenirError as exc:
        _fail(exc)
        return
    if as_json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        return
    console.print(
        f"{report['memories']} memories, {report['pairs']} pairs, threshold "
        f"{report['threshold']}; {report['capped']} pairs held under it by the carrier cap; "
        f"{report['refused']} above it not merged by the write path"
    )
    peak = max((n for _, n in report["histogram"]), default=1)
    for low, n in report["histogram"]:
        console.print(f"{low:4.2f} {n:7d} {'#' * max(1, round(40 * n / peak))}", markup=False)
    for side in ("above", "below"):
        console.print(f"closest pairs {side} the threshold:")
        for p in report[side]:
            why = f"  [{p['verdict']}]" if "verdict" in p else ""
            console.print(
                f"  {p['score']:.3f} (raw {p['raw']:.3f})  {p['a']!r}  ~  {p['b']!r}{why}", markup=False, soft_wrap=True
            )


@calibrate_app.command("floor")
def calibrate_floor(
    ctx: typer.Context,
    suite: list[Path] = typer.Option(
        [], exists=True, dir_okay=False, help="A suite file ({memories, queries with gold}); repeatable."
    ),
    locomo: list[Path] = typer.Option([], exists=True, dir_okay=False, help="A LoCoMo conversation file; repeatable."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Read the configured embedder's semantic floor (SOUVENIR_SEMANTIC_THRESHOLD).

    From its cosine distribution: min over the data sets of P5(relevant pairs), rounded
    down."""
    from souvenir.embedding import make_embedder
    from souvenir.bench.floors import cosine_floor, embed_pairs, read_locomo, read_suite

    try:
        settings = _settings(ctx)
        embedder = make_embedder(settings)
        if embedder is None:
            raise InputError("no embedder configured (SOUVENIR_EMBEDDER=none)")
        sets = [read_suite(p) for p in suite] + [read_locomo(p) for p in locomo]
        if not sets:
            raise InputError("give at least one --suite or --locomo file")
        report = cosine_floor([(s.name, *embed_pairs(embedder, s)) for s in sets])
    except (SouvenirError, ValueError) as exc:
        _fail(exc)
        return
    report["embedder"] = embedder.name
    if as_json:
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
        return
    for name, d in report["data"].items():
        console.print(
            f"{name}: {d['n'][0]} relevant pairs, P5 {d['relevant'][5]:.4f}, P50 "
            f"{d['relevant'][50]:.4f}; eligible at the floor: relevant {d['eligible'][0]:.3f}, "
            f"irrelevant {d['eligible'][1]}",
            markup=False,
        )
    console.print(
        f"floor of {embedder.name}: {report['floor']:.2f} (set by {report['set_by']}): "
        f"SOUVENIR_SEMANTIC_THRESHOLD={report['floor']:.2f}",
        markup=False,
    )


@calibrate_app.command("positions")
def calibrate_positions(
    file: Path = typer.Argument(
        ..., exists=True, dir_okay=False, help="JSONL: {stance, justification, label: self|legit} a line."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Read the self-citation threshold from labelled position/justification pairs.

    Prints the characters each justification reuses of its position, and the gap between
    legitimate justifications and self-citations."""
    from souvenir.bench.calibrate import position_overlaps

    try:
        pairs = [json.loads(line) for line in file.read_text(encoding="utf-8").splitlines() if line.strip()]
        report = position_overlaps(pairs)
    except (ValueError, KeyError, TypeError) as exc:
        _fail(ValueError(f"{file}: expected JSONL of {{stance, justification, label}}: {exc}"))
        return
    if as_json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        return
    for row in report["rows"]:
        console.print(f"{row['reused']:4d}  {row['label'] or '?':5s}  {row['justification'][:90]!r}", markup=False)
    if "threshold" in report:
        console.print(
            f"largest legitimate overlap {report['max_legit']}, smallest self-citation "
            f"{report['min_self']}: threshold read {report['threshold']}"
            + ("" if report["separable"] else " (NOT separable: the labels overlap)")
        )


@eval_app.command("cases")
def eval_cases(
    files: list[Path] = typer.Argument(..., exists=True, dir_okay=False, help="Case files (JSONL)."),
) -> None:
    """Run admit, filter and select cases through the real write path and selection.

    Prints one line per failed case with what differed, then 'N passed, N failed'
    (skipped kinds counted apart). Exits 1 when a case fails.
    """
    from souvenir.bench.cases import load_cases, run_case

    passed = failed = skipped = 0
    for file in files:
        try:
            cases = load_cases(file)
        except SouvenirError as exc:
            _fail(exc)
            return
        for case in cases:
            result = run_case(case)
            if result.status == "skipped":
                skipped += 1
            elif result.status == "passed":
                passed += 1
            else:
                failed += 1
                console.print(
                    f"FAIL {result.id} ({result.kind}): {'; '.join(result.problems)}", markup=False, soft_wrap=True
                )
    console.print(f"skipped: {skipped} (kinds run as integration tests)", markup=False)
    console.print(f"{passed} passed, {failed} failed", markup=False)
    if failed:
        raise typer.Exit(1)


@bench_app.command("reflection")
def bench_reflection(
    llm_url: str = typer.Option(..., "--llm-url", help="The model server's base URL (OpenAI protocol)."),
    model: str = typer.Option(..., "--model", help="The model name to ask."),
    data: Path = typer.Option(
        Path("../shared/data/locomo"), "--data", exists=True, file_okay=False, help="Folder of LoCoMo conv-*.json."
    ),
    conversation: str = typer.Option("conv-26", "--conversation", help="Which conversation (file stem)."),
    turns: int = typer.Option(50, "--turns", min=1, help="N messages of the speaker, after --skip."),
    speaker: str = typer.Option(
        "first", "--speaker", help="Whose messages are the user's: first (LoCoMo's speaker_a) or second (speaker_b)."
    ),
    skip: int = typer.Option(0, "--skip", min=0, help="Start after the speaker's first N messages."),
    pace_s: float = typer.Option(2.0, "--pace-s", min=0, help="Seconds between two turns."),
    probe_every: int = typer.Option(5, "--probe-every", min=0, help="A live proxied request every N turns (0: none)."),
    drain_limit_s: float = typer.Option(600.0, "--drain-limit-s", min=0, help="Seconds waited after the last turn."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The turn loop with a real model: drain, live replies, memories against LoCoMo's gold.

    Beside no-model mode in the same run (issue #25; docs/model.md)."""
    import httpx

    from souvenir.bench.reflection_loop import SPEAKERS, BenchOptions, format_report, run_reflection_bench

    if speaker not in SPEAKERS:
        raise InputError(f"bench reflection: --speaker must be one of {', '.join(SPEAKERS)}, not {speaker!r}")
    options = BenchOptions(
        llm_url=llm_url,
        model=model,
        data_dir=data,
        conversation=conversation,
        turns=turns,
        speaker=speaker,
        skip=skip,
        pace_s=pace_s,
        probe_every=probe_every,
        drain_limit_s=drain_limit_s,
    )

    def run() -> dict:
        try:
            return run_reflection_bench(options)
        except (httpx.HTTPError, FileNotFoundError) as exc:
            raise InputError(f"bench reflection: {exc}") from exc

    _report(run, format_report, as_json)
