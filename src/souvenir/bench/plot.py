"""The recall benchmark's figure: recall@24 by category for each method, one panel per mode.

Needs matplotlib (extra ``souvenir[bench]``); imported only when a figure is asked for.
"""

from __future__ import annotations

from pathlib import Path

from souvenir.ground.errors import InputError

CATEGORY_NAMES = {"1": "multi-hop", "2": "temporal", "3": "open-domain", "4": "single-hop"}


def plot_recall_by_category(report: dict, path: Path) -> Path:
    """Write a PNG of ``report`` (the shape of ``souvenir bench recall --json``) to ``path``:
    grouped bars of recall@24 per category and overall, one bar per method, one panel per
    mode (stacked), with the 95% interval as an error bar. Methods that failed (mem0 ``error``) are
    left out. Raises :class:`InputError` when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise InputError("the figure needs matplotlib: pip install 'souvenir[bench]'") from exc
    modes = list(report["modes"])
    fig, axes = plt.subplots(len(modes), 1, figsize=(9, 3.6 * len(modes)), squeeze=False)
    for ax, mode in zip(axes[:, 0], modes):
        methods = {
            name: fig_
            for name, fig_ in report["modes"][mode].items()
            if isinstance(fig_, dict) and "by_category" in fig_
        }
        groups = [c for c in CATEGORY_NAMES if any(c in m["by_category"] for m in methods.values())]
        labels = [f"{c} {CATEGORY_NAMES[c]}" for c in groups] + ["overall"]
        width = 0.8 / max(1, len(methods))
        for i, (name, fig_) in enumerate(methods.items()):
            parts = [fig_["by_category"].get(c, {}) for c in groups] + [fig_]
            values = [p.get("recall@24", 0.0) for p in parts]
            low = [v - p.get("ci95", [v, v])[0] for v, p in zip(values, parts)]
            high = [p.get("ci95", [v, v])[1] - v for v, p in zip(values, parts)]
            xs = [x + (i - (len(methods) - 1) / 2) * width for x in range(len(labels))]
            ax.bar(xs, values, width, label=name, yerr=[low, high], capsize=2, error_kw={"elinewidth": 0.6})
        ax.set_xticks(range(len(labels)), labels, fontsize=8)
        ax.set_ylim(0, 1)
        ax.set_ylabel("evidence recall@24")
        ax.set_title(f"LoCoMo, {mode} ({report['modes'][mode]['questions']} questions)")
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
