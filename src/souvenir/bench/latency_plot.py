"""``souvenir bench latency --plot``: latency against corpus size, drawn (matplotlib)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["plot"]

#: Seed 000's pure-Python scoring as it published it: (memories, ms) (as in latency.py).
SEED_MEASURED = ((100, 1.5), (1000, 13.4), (3000, 40.4))


def plot(report: dict, path: Path) -> None:
    """Latency against corpus size, one line per method, log-log (matplotlib, extra ``bench``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(11, 5), dpi=110)

    def cosine(rows, key):
        return [{"memories": r["memories"], key: r["cosine"][key]} for r in rows if r.get("cosine")]

    lines = [
        ("selection, fused score (default), p50", report["selection"], "p50_ms", "o-"),
        ("selection, fused score (default), p99", report["selection"], "p99_ms", "o:"),
        ("selection, cosine read path, p50", cosine(report["selection"], "p50_ms"), "p50_ms", "v-"),
        ("seed 000 pure Python, p50 (bench/seed_reference.py)", report["selection"], "reference_p50_ms", "s--"),
        ("dedup of one candidate, p50", report["dedup"], "p50_ms", "^-"),
        ("dedup, seed 000's formula on every memory, p50", report["dedup"], "reference_p50_ms", "^--"),
        ("POST /v1/context, fused, p50", report["context_http"], "p50_ms", "D-"),
        ("POST /v1/context, fused, p99", report["context_http"], "p99_ms", "D:"),
        ("POST /v1/context, cosine read path, p99", cosine(report["context_http"], "p99_ms"), "p99_ms", "d:"),
    ]
    for label, rows, key, style in lines:
        points = [(r["memories"], r[key]) for r in rows if r.get(key) is not None]
        if points:
            ax.plot(*zip(*points), style, label=label)
    ax.plot(
        *zip(*SEED_MEASURED), "s", mfc="none", color="C2", label="seed 000 as published (its machine, its dimension)"
    )
    ax.plot(
        [3000, 100_000, 3000],
        [2, 20, 30],
        "kx",
        ms=9,
        label="targets: selection p50 2 ms @3k, 20 ms @100k; /v1/context p99 30 ms @3k",
    )
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("memories of the user")
    ax.set_ylabel("milliseconds")
    c = report["conditions"]
    ax.set_title(
        f"souvenir bench latency ({c['cpus']} CPUs, load {c['load_avg_start']:.1f}"
        f"-{c['load_avg_end']:.1f}, {c['embedder']} {c['dim']} dims)",
        fontsize=9,
    )
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1))
    ax.grid(True, which="both", lw=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
