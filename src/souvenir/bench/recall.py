"""``souvenir bench recall``: evidence recall on LoCoMo, the product against its baselines.

For each conversation and mode (:mod:`souvenir.bench.locomo_stores`: ``raw`` turns, gold
``observations``, ``both``) one store is built through the write path and embedded; then
every question of categories 1–4 with evidence (category 5, adversarial, has none to find)
is put to each method, all over the same memories of that store, all with k = 24:

- ``product``  recall@24 of what ``Engine.context`` actually returned (the six passes);
               recall@5/@10 of the engine's own scores for that turn, ranked
               (``ContextResult.scores``), i.e. its semantic ranking before the passes;
- baselines    :mod:`souvenir.bench.baselines` (BM25, dense cosine, recency) and mem0
               (:mod:`souvenir.bench.mem0_baseline`): recall@24/@5/@10 of their ranking.

A memory counts for every turn id it holds (its own source, those it absorbed; an
observation's source may list several, comma-separated). ``ceiling`` is the recall a
method returning every memory of the store would reach (below 1 in ``observations``: not
every evidence turn has a gold fact). Questions are asked "now" = the
conversation's last turn, so a re-run does not depend on the clock. The questions' vectors
for the dense and mem0 baselines are encoded once per conversation, in one batch, by the
store's embedder (the product embeds each question itself, as a turn does).

The report (``--json``)::

    {"modes": {"raw": {"product": FIG, "bm25": FIG, "dense": FIG, "recency": FIG,
                       "mem0": FIG | {"error": str}, "questions": int, "ceiling": float,
                       "store": {"memories", "writes", "built", "reused"}, "degraded_turns": int},
               "observations": {...}, "both": {...}},
     "questions": int, "conversations": [str], "embedder": str, "k": 24,
     "categories": [1, 2, 3, 4], "malformed_evidence_ids": int,
     "bootstrap": {"reps": 2000, "seed": 0}, "mem0": {"requirement", "version", "notes"}}

    FIG = {"recall@24", "recall@5", "recall@10", "ci95": [lo, hi] of recall@24, "n",
           "by_category": {"1": {same keys}, ...}}   (+ "by_conversation" for the product)
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from souvenir.bench.baselines import BASELINES, Bm25Ranking, dense_ranking, recency_ranking
from souvenir.bench.shared import covered
from souvenir.bench.locomo_stores import CHANNEL, MODES, BuiltStore, open_store
from souvenir.bench.mem0_baseline import MEM0_REQUIREMENT, Mem0Job, Mem0Unavailable, run_jobs
from souvenir.bench.recall_metrics import (
    BOOTSTRAP_REPS,
    BOOTSTRAP_SEED,
    by_category,
    covered_by_rank,
    rank_scores,
    recall,
    summarise,
)
from souvenir.ground.config import Settings
from souvenir.ground.errors import InputError
from souvenir.replay.formats import LocomoConversation, LocomoQuestion, parse_locomo
from souvenir.read.scoring import Scorer, ScoringConfig

CATEGORIES = (1, 2, 3, 4)
K = 24
KEYS = ("recall@24", "recall@5", "recall@10")
METHODS = ("product", *BASELINES)


@dataclass(slots=True)
class _ModeRows:
    """Per-question figures of one mode: ``rows[method][i]`` is question i's."""

    files: list[str] = field(default_factory=list)
    categories: list[int] = field(default_factory=list)
    rows: dict[str, list[dict]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    memories: int = 0
    writes: dict[str, int] = field(default_factory=dict)
    built: int = 0
    reused: int = 0
    degraded: int = 0
    ceiling: list[float] = field(default_factory=list)
    pending: list[tuple[Mem0Job, dict[int, set[str]], list[set[str]]]] = field(default_factory=list)


def _figures(ranked: list[int], sources: dict[int, set[str]], evidence: set[str]) -> dict:
    return {f"recall@{k}": recall(evidence, covered_by_rank(ranked, sources, k)) for k in (K, 5, 10)}


def turn_sources(sources: dict[int, set[str]]) -> dict[int, set[str]]:
    """The store's sources per memory with comma-joined lists ("D1:3,D1:5") split."""
    return {mid: {part for s in found for part in s.split(",") if part} for mid, found in sources.items()}


def _questions(conv: LocomoConversation) -> list[LocomoQuestion]:
    return [qa for qa in conv.questions if qa.category in CATEGORIES and qa.evidence]


def _evaluate(
    built: BuiltStore,
    conv: LocomoConversation,
    questions: list[LocomoQuestion],
    query_vectors: np.ndarray | None,
    baselines: tuple[str, ...],
    out: _ModeRows,
    mode: str,
) -> None:
    """Ask every question of ``conv`` to every method over one store; append to ``out``."""
    rt, user_id = built.runtime, built.user_id
    sources = turn_sources(rt.store.sources(user_id)) if user_id is not None else {}
    memories = [m for m in rt.store.memories(user_id, "active") if m.kind != "rule"] if user_id else []
    out.memories += len(memories)
    ids, matrix = rt.store.vectors(user_id, rt.index.name) if rt.index is not None and user_id else ([], None)
    cosines = None
    if matrix is not None and query_vectors is not None:
        cosines = np.round((query_vectors @ matrix.T).astype(np.float64), 6)
    bm25 = Bm25Ranking(memories) if "bm25" in baselines else None
    newest = recency_ranking(memories)
    now = conv.turns[-1].time if conv.turns else None
    held = set().union(*sources.values()) if sources else set()
    evidences = []
    for i, qa in enumerate(questions):
        evidence = set(qa.evidence)
        evidences.append(evidence)
        out.ceiling.append(recall(evidence, held))
        out.files.append(conv.name)
        out.categories.append(qa.category)
        result = rt.engine.context(CHANNEL, conv.name, qa.question, now=now, count=False)
        out.degraded += int(result.degraded)
        row = _figures(rank_scores(result.scores), sources, evidence)
        row["recall@24"] = recall(evidence, covered(result.memories, sources))
        out.rows.setdefault("product", []).append(row)
        if bm25 is not None:
            out.rows.setdefault("bm25", []).append(_figures(bm25.rank(qa.question), sources, evidence))
        if "recency" in baselines:
            out.rows.setdefault("recency", []).append(_figures(newest, sources, evidence))
        if "dense" in baselines:
            if cosines is None:
                out.errors["dense"] = "no embedder: the store has no vectors"
            else:
                ranked = dense_ranking(dict(zip(ids, cosines[i].tolist())))
                out.rows.setdefault("dense", []).append(_figures(ranked, sources, evidence))
    if "mem0" in baselines:
        if matrix is None or query_vectors is None:
            out.errors["mem0"] = "no embedder: the store has no vectors to give mem0"
        else:
            text = {m.id: m.text for m in memories}
            job = Mem0Job(
                f"{mode}/{conv.name}",
                list(ids),
                [text[mid] for mid in ids],
                matrix,
                [qa.question for qa in questions],
                query_vectors,
            )
            out.pending.append((job, sources, evidences))


def _run_mem0(per_mode: dict[str, _ModeRows], log) -> dict:
    jobs = [job for rows in per_mode.values() for job, _, _ in rows.pending]
    if not jobs:
        return {}
    info = {"requirement": MEM0_REQUIREMENT}
    try:
        info |= run_jobs(jobs, K, log)
    except Mem0Unavailable as exc:
        for rows in per_mode.values():
            if rows.pending:
                rows.errors["mem0"] = str(exc)
        return info | {"error": str(exc)}
    for rows in per_mode.values():
        for job, sources, evidences in rows.pending:
            for ranking, evidence in zip(job.rankings, evidences):
                rows.rows.setdefault("mem0", []).append(_figures(ranking, sources, evidence))
    return info


def _mode_report(rows: _ModeRows, baselines: tuple[str, ...]) -> dict:
    report: dict = {}
    for method in ("product", *baselines):
        if method in rows.errors:
            report[method] = {"error": rows.errors[method]}
            continue
        found = rows.rows.get(method, [])
        figure = summarise(found, KEYS)
        figure["by_category"] = by_category(found, CATEGORIES, rows.categories, KEYS)
        if method == "product":
            names = list(dict.fromkeys(rows.files))
            figure["by_conversation"] = {
                name: summarise([r for r, f in zip(found, rows.files) if f == name], ("recall@24",)) for name in names
            }
        report[method] = figure
    report["questions"] = len(rows.categories)
    report["ceiling"] = round(sum(rows.ceiling) / len(rows.ceiling), 4) if rows.ceiling else 0.0
    report["store"] = {
        "memories": rows.memories,
        "writes": dict(sorted(rows.writes.items())),
        "built": rows.built,
        "reused": rows.reused,
    }
    report["degraded_turns"] = rows.degraded
    return report


def conversation_files(directory: Path, limit_files: int = 0, conversations: list[str] | None = None) -> list[Path]:
    """The ``conv-*.json`` files to use: all, the named ones (``conv-26``), or the first N.
    Raises :class:`InputError` for a named conversation that is not there."""
    files = sorted(Path(directory).glob("conv-*.json"))
    if conversations:
        by_name = {p.stem: p for p in files}
        missing = [c for c in conversations if c not in by_name]
        if missing:
            raise InputError(f"no {', '.join(missing)} in {directory} (have {', '.join(by_name) or 'none'})")
        files = [by_name[c] for c in conversations]
    if limit_files:
        files = files[:limit_files]
    if not files:
        raise InputError(f"no conv-*.json in {directory}")
    return files


def run_recall(
    directory: Path,
    settings: Settings,
    limit_files: int = 0,
    conversations: list[str] | None = None,
    modes: tuple[str, ...] = MODES,
    baselines: tuple[str, ...] = BASELINES,
    cache: Path | None = None,
    progress_console=None,
    scoring: ScoringConfig | None = None,
    decisions: list[dict] | None = None,
) -> dict:
    """The report described in the module docstring. ``scoring``: the fused score's
    weights instead of the defaults (research, e.g. ``bench/shortlist_recall.py``).
    ``decisions``: when given, every absorb, replace and supersede the write path made
    building the stores is appended to it, with its conversation and mode. Raises
    :class:`InputError` for an unknown mode or baseline, or a missing conversation."""
    unknown = [m for m in modes if m not in MODES] + [b for b in baselines if b not in BASELINES]
    if unknown:
        raise InputError(
            f"unknown mode or baseline {', '.join(unknown)} "
            f"(modes {', '.join(MODES)}; baselines {', '.join(BASELINES)})"
        )
    log = (lambda message: progress_console.print(message)) if progress_console else (lambda message: None)
    files = conversation_files(directory, limit_files, conversations)
    per_mode = {mode: _ModeRows() for mode in modes}
    malformed = 0
    with tempfile.TemporaryDirectory(prefix="souvenir-bench-") as tmp:
        folder = Path(cache) if cache else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for path in files:
            conv = parse_locomo(path)
            malformed += conv.malformed_evidence
            questions = _questions(conv)
            query_vectors = None
            for mode in modes:
                log(f"{conv.name} {mode}: building or opening the store…")
                built = open_store(conv, path, mode, settings, folder, cached=cache is not None)
                if scoring is not None and built.runtime.engine.scorer is not None:
                    built.runtime.engine.scorer = Scorer(  # the engine's calibration kept
                        scoring, calibration=built.runtime.engine.scorer.calibration
                    )
                try:
                    rows = per_mode[mode]
                    rows.reused += int(built.reused)
                    rows.built += int(not built.reused)
                    for key, n in built.writes.items():
                        rows.writes[key] = rows.writes.get(key, 0) + n
                    if decisions is not None:
                        decisions += [{"conversation": conv.name, "mode": mode} | d for d in built.decisions]
                    index = built.runtime.index
                    if query_vectors is None and index is not None and questions:
                        query_vectors = index.embedder.encode([qa.question.strip() for qa in questions])
                    log(f"{conv.name} {mode}: asking {len(questions)} questions…")
                    _evaluate(built, conv, questions, query_vectors, baselines, rows, mode)
                finally:
                    built.close()
    mem0 = _run_mem0(per_mode, log) if "mem0" in baselines else None
    report: dict = {"modes": {mode: _mode_report(rows, baselines) for mode, rows in per_mode.items()}}
    first = next(iter(per_mode.values()))
    report |= {
        "questions": len(first.categories),
        "conversations": [p.stem for p in files],
        "embedder": settings.embedder,
        "k": K,
        "categories": list(CATEGORIES),
        "malformed_evidence_ids": malformed,
        "bootstrap": {"reps": BOOTSTRAP_REPS, "seed": BOOTSTRAP_SEED},
    }
    if mem0 is not None:
        report["mem0"] = mem0
    return report


def write_decisions(decisions: list[dict], path: Path) -> None:
    """``--decisions``: one JSON object a line, then nothing else; counts by action and
    rule are in the report's ``store.writes``."""
    with Path(path).open("w", encoding="utf-8") as out:
        for row in decisions:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")


def _cell(figure: dict, key: str = "recall@24") -> str:
    return f"{figure[key]:.3f}" if key in figure else "  -  "


def format_report(report: dict) -> str:
    """Plain-text tables of the report: one per mode, one line per method."""
    lines = [
        f"embedder {report['embedder']}, k {report['k']}, {report['questions']} questions "
        f"(categories {', '.join(map(str, report['categories']))}), conversations "
        f"{', '.join(report['conversations'])}, malformed evidence ids {report['malformed_evidence_ids']}"
    ]
    cats = [str(c) for c in report["categories"]]
    for mode, figures in report["modes"].items():
        store = figures["store"]
        lines += [
            "",
            f"mode {mode}: {store['memories']} memories ({store['built']} stores built, "
            f"{store['reused']} reused), ceiling {figures['ceiling']:.3f}, "
            f"degraded turns {figures['degraded_turns']}",
            f"{'method':<9} {'@24':>6} {'95% CI':>15} "
            + " ".join(f"{'cat ' + c:>6}" for c in cats)
            + f" {'@5':>6} {'@10':>6}",
        ]
        for method in METHODS:
            figure = figures.get(method)
            if figure is None:
                continue
            if "error" in figure:
                lines.append(f"{method:<9} error: {figure['error'].splitlines()[0][:100]}")
                continue
            ci = figure.get("ci95", [0, 0])
            lines.append(
                f"{method:<9} {_cell(figure):>6} {f'[{ci[0]:.3f}, {ci[1]:.3f}]':>15} "
                + " ".join(f"{_cell(figure['by_category'].get(c, {})):>6}" for c in cats)
                + f" {_cell(figure, 'recall@5'):>6} {_cell(figure, 'recall@10'):>6}"
            )
    if "mem0" in report:
        info = report["mem0"]
        lines.append(
            f"\nmem0: {info.get('requirement')} {info.get('version') or ''} "
            + (f"error: {info['error']}" if "error" in info else "; ".join(info.get("notes", [])) or "no warnings")
        )
    return "\n".join(lines)
