"""A model's confidence, read per model from what the code decided (issue #25).

The model proposes each memory with a confidence; it is one signal, never a floor that
trusts it. Models disagree on what the number means: seed 000's model put clear facts at
≥ 0.85 and chatter below, but SmolLM2-135M gives its near-copies of the user's words
0–0.1 and its inventions 1–2 (issue #25: a 0.6 floor dropped all 6 true candidates of 37
and kept inventions). So by default no floor is applied (``reflection_min_confidence``
0; an operator who measured their model may set one), and for each model the service
keeps the tally of its confidences against the code's decision on each candidate (kept by
the filters and grounding, or dropped): ``agreement`` — the probability that a kept
candidate had a higher confidence than a dropped one (the area under the ROC curve, ties
counting half; 0.5 = the number says nothing, under 0.5 = inverted) — is in ``/metrics``
(``souvenir_model_confidence_agreement{model}``) and in ``souvenir bench reflection``'s
report, beside the same agreement against LoCoMo's gold observations.

Shapes::

    tally_kind("local", 0.93, kept=False) -> "confidence:local:9:dropped"   (an event kind)
    read_tally({"confidence:local:9:dropped": 3, "confidence:local:0:kept": 2})
        -> {"local": {(9, False): 3, (0, True): 2}}
    agreement({(9, False): 3, (0, True): 2}) -> 0.0

Pure: the engine records one event per candidate (``store.record_event``) and the counts
come back through ``store.count_events_by_kind(PREFIX)``.
"""

from __future__ import annotations

#: Event kinds of the tally start with this.
PREFIX = "confidence:"
#: Confidence is kept in tenths: 0.00–0.09 → 0, …, 0.90–1.00 → 9.
BANDS = 10


def band(confidence: float) -> int:
    """The tenth a confidence in [0, 1] falls in (0..9)."""
    return min(BANDS - 1, max(0, int(confidence * BANDS)))


def tally_kind(model: str, confidence: float, kept: bool) -> str:
    """The event kind of one candidate of ``model``: its band and the code's decision."""
    return f"{PREFIX}{model}:{band(confidence)}:{'kept' if kept else 'dropped'}"


def read_tally(counts: dict[str, int]) -> dict[str, dict[tuple[int, bool], int]]:
    """Per model, the count of candidates per ``(band, kept)``, from event kind counts
    (other kinds ignored; a model name may itself hold colons)."""
    out: dict[str, dict[tuple[int, bool], int]] = {}
    for kind, count in counts.items():
        if not kind.startswith(PREFIX):
            continue
        model, _, rest = kind[len(PREFIX) :].rpartition(":")
        model, _, tenth = model.rpartition(":")
        if not model or not tenth.isdigit() or rest not in ("kept", "dropped"):
            continue
        cell = (int(tenth), rest == "kept")
        out.setdefault(model, {})
        out[model][cell] = out[model].get(cell, 0) + count
    return out


def agreement(tally: dict[tuple[int, bool], int]) -> float | None:
    """P(a kept candidate's confidence > a dropped one's), ties half (Mann–Whitney AUC over
    the bands); ``None`` until the model has both kept and dropped candidates."""
    kept = [tally.get((b, True), 0) for b in range(BANDS)]
    dropped = [tally.get((b, False), 0) for b in range(BANDS)]
    pairs = sum(kept) * sum(dropped)
    if not pairs:
        return None
    wins = 0.0
    below = 0  # dropped candidates in lower bands
    for b in range(BANDS):
        wins += kept[b] * (below + dropped[b] / 2)
        below += dropped[b]
    return wins / pairs


def auc(pairs: list[tuple[float, bool]]) -> float | None:
    """The same agreement over raw ``(confidence, positive)`` pairs (ties half); ``None``
    without both classes. Used by the benchmark against gold observations."""
    pos = [c for c, p in pairs if p]
    neg = [c for c, p in pairs if not p]
    if not pos or not neg:
        return None
    wins = sum(1.0 if a > b else 0.5 if a == b else 0.0 for a in pos for b in neg)
    return wins / (len(pos) * len(neg))
