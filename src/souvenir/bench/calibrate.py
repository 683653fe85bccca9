"""Read thresholds from distributions (seed 000: « un seuil se lit, il ne se choisit pas »).

:func:`dedup_pairs` scores every pair of a list of memories with the dedup score (seed 000
read 0.80 on 1,326 pairs of 52 real memories: at 0.80 and above only true variants; the
closest distinct pair at 0.72) and reports the distribution and the pairs closest to the
threshold on each side, for a person to label. Each pair at or above the threshold also
carries the write path's verdict (``verdict``): ``one fact`` (merged), or why admission
refuses to merge it (different people, different attributes, each wording saying
something the other does not: issue #14). Pure: texts in, report out.
"""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

from souvenir.write.admission import not_one_fact
from souvenir.write.dedup import SIMILARITY_THRESHOLD, fingerprint, raw_score, score
from souvenir.ground.errors import FileFormatError


def read_texts(path: str | Path) -> list[str]:
    """Memory texts from a ``.jsonl`` ({"text"} a line), a ``.json`` (a list of strings or
    objects with "text", {"memories": [...]}, or a LoCoMo conversation: its gold
    observations), or a plain text file (one a line)."""
    path = Path(path)
    raw = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        texts = []
        for number, line in enumerate(raw.splitlines(), start=1):
            if line.strip():
                try:
                    texts.append(str(json.loads(line)["text"]))
                except (ValueError, KeyError, TypeError) as exc:
                    raise FileFormatError(str(path), number, "expected an object with 'text'") from exc
        return texts
    if path.suffix == ".json":
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise FileFormatError(str(path), 0, f"invalid JSON: {exc}") from exc
        if isinstance(data, dict) and any(k.endswith("_observation") for k in data):
            return [
                str(obs[0])
                for k, v in data.items()
                if k.endswith("_observation")
                for observations in v.values()
                for obs in observations
            ]
        items = data.get("memories", []) if isinstance(data, dict) else data
        return [str(i["text"] if isinstance(i, dict) else i) for i in items]
    return [line.strip() for line in raw.splitlines() if line.strip()]


def verdict(a: str, b: str) -> str:
    """What admission makes of a pair at or above the threshold: ``"one fact"`` (merged),
    or ``"refused: …"`` with the reason (the newer wording being ``b``)."""
    why = not_one_fact(b, a)
    return "one fact" if why is None else f"refused: {why}"


def dedup_pairs(
    texts: list[str],
    threshold: float = SIMILARITY_THRESHOLD,
    closest: int = 10,
    bin_width: float = 0.05,
    groups: list[int] | None = None,
) -> dict:
    """Score all pairs (within each group when ``groups[i]`` gives text i's group: one
    user's memories are only ever compared with each other). Returns ``{"memories",
    "pairs", "threshold", "histogram": [[low, count]…], "above": [...], "below": [...],
    "capped": n, "refused": n}``; ``above``/``below`` hold the ``closest`` pairs nearest the
    threshold on each side, as ``{"score", "raw", "a", "b"}`` (``raw`` before the carrier
    cap; ``capped`` counts pairs the cap held under it); every pair above the threshold has
    its ``verdict`` and ``refused`` counts those admission does not merge."""
    prints = [fingerprint(t) for t in texts]
    scored = []
    capped = 0
    for i, j in combinations(range(len(texts)), 2):
        if groups is not None and groups[i] != groups[j]:
            continue
        value = score(prints[i], prints[j])
        raw = raw_score(prints[i], prints[j])
        if raw >= threshold > value:
            capped += 1
        scored.append((value, raw, i, j))
    bins: dict[int, int] = {}
    for value, *_ in scored:
        bins[int(value / bin_width + 1e-9)] = bins.get(int(value / bin_width + 1e-9), 0) + 1

    def pair(item) -> dict:
        value, raw, i, j = item
        return {"score": round(value, 4), "raw": round(raw, 4), "a": texts[i], "b": texts[j]}

    over = [s for s in scored if s[0] >= threshold]
    verdicts = {(i, j): verdict(texts[i], texts[j]) for _, _, i, j in over}
    above = sorted(over, key=lambda s: s[0])[:closest]
    below = sorted((s for s in scored if s[0] < threshold), key=lambda s: -s[0])[:closest]
    return {
        "memories": len(texts),
        "pairs": len(scored),
        "threshold": threshold,
        "histogram": [[round(k * bin_width, 2), n] for k, n in sorted(bins.items())],
        "above": [pair(s) | {"verdict": verdicts[(s[2], s[3])]} for s in above],
        "below": [pair(s) for s in below],
        "capped": capped,
        "refused": sum(v != "one fact" for v in verdicts.values()),
    }


def position_overlaps(pairs: list[dict]) -> dict:
    """Characters each justification reuses of its position (seed 000's self-citation
    guard). ``pairs``: ``{"stance", "justification", "label"?}`` with label ``self`` (a
    self-citation) or ``legit``. Returns the rows sorted by overlap and, when both labels are
    present, the gap between the largest legitimate overlap and the smallest self-citation,
    and its midpoint as the threshold read (seed 000: 13 and 53 → 30)."""
    from souvenir.write.story import reused_chars

    rows = sorted(
        (
            {
                "reused": reused_chars(p["stance"], p["justification"]),
                "label": p.get("label"),
                "stance": p["stance"],
                "justification": p["justification"],
            }
            for p in pairs
        ),
        key=lambda r: r["reused"],
    )
    legit = [r["reused"] for r in rows if r["label"] == "legit"]
    selfc = [r["reused"] for r in rows if r["label"] == "self"]
    report: dict = {"pairs": len(rows), "rows": rows}
    if legit and selfc:
        report.update(
            {
                "max_legit": max(legit),
                "min_self": min(selfc),
                "separable": max(legit) < min(selfc),
                "threshold": (max(legit) + min(selfc) + 1) // 2,
            }
        )
    return report
