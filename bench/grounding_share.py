"""Where :data:`souvenir.write.grounding.MIN_SHARE` comes from (issue #25).

LoCoMo's human-checked observations (``session_K_observation``: a fact about a speaker and
the turn that supports it) are grounded facts about the speaker of that turn. Read against
the *other* speaker's turn next to it (the one before, else after), the same observation is
issue #25's false memory: the other speaker's painting credited to the user. For each pair
this computes the share of the observation's content words the turn's speaker stated
(:func:`souvenir.write.grounding.content_share`, both speakers' names left out), then picks
the share that best separates true from swapped (balanced accuracy) on five conversations
and scores it on the sixth (leave-one-conversation-out). It also reports how many true
observations the whole :func:`souvenir.write.grounding.ground` keeps at the chosen share.

    .venv/bin/python -m bench.grounding_share [--data ../shared/data/locomo] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
from pathlib import Path

from souvenir.write.clause_ground import unground_clauses
from souvenir.write.grounding import clause_share, content_share, ground


def pairs(path: Path) -> list[dict]:
    """``{"conv", "speaker", "obs", "true_turn", "other_turn", "reply"}`` per observation
    whose turn is found, with the other speaker's adjacent turn (``other_turn``)."""
    data = json.loads(path.read_text())
    turns: list[dict] = []
    for key in sorted((k for k in data if k.startswith("session_") and k[8:].isdigit()), key=lambda k: int(k[8:])):
        turns.extend(data[key])
    index = {t["dia_id"]: i for i, t in enumerate(turns)}
    out = []
    for key, value in data.items():
        if not key.endswith("_observation"):
            continue
        for speaker, items in value.items():
            for item in items:
                text, dia = item[0], item[1] if len(item) > 1 else None
                ids = dia if isinstance(dia, list) else [dia]
                found = [index[d.strip()] for d in ids if isinstance(d, str) and d.strip() in index]
                if not found:
                    continue
                i = found[0]
                if turns[i]["speaker"] != speaker:
                    continue
                other = next(
                    (turns[j] for j in (i - 1, i + 1) if 0 <= j < len(turns) and turns[j]["speaker"] != speaker), None
                )
                if other is None:
                    continue
                reply = turns[i + 1]["text"] if i + 1 < len(turns) else ""
                out.append(
                    {
                        "conv": path.stem,
                        "speaker": speaker,
                        "names": (data["speaker_a"], data["speaker_b"]),
                        "obs": text,
                        "true_turn": turns[i]["text"],
                        "other_turn": other["text"],
                        "reply": reply,
                    }
                )
    return out


_BECOME = re.compile(
    r"^(?P<who>[A-Z]\w+) (?:wants|plans|hopes|aspires|is (?:planning|hoping|aiming|looking)|dreams of|is considering|"
    r"is thinking (?:of|about)) (?:to )?(?:become|becoming|be|being|pursue|pursuing (?:a career as|a career in)?) (?P<rest>an? .+)$"
)
_WANTS = re.compile(
    r"^(?P<who>[A-Z]\w+) (?:wants|plans|hopes|intends|is planning|is hoping|is thinking of|is considering) (?:to )?"
    r"(?P<verb>[a-z]+?)(?:ing)? (?P<rest>.+)$"
)


def invented(obs: str) -> str | None:
    """The observation with its intention taken out: "Caroline wants to become a counselor"
    -> "Caroline is a counselor", "Jon plans to open a studio" -> "Jon opens a studio" (the
    kind of note issue #25's real run wrote); ``None`` when it holds no intention."""
    m = _BECOME.match(obs)
    if m:
        return f"{m.group('who')} is {m.group('rest')}"
    m = _WANTS.match(obs)
    if m and m.group("verb") not in ("to", "be", "a", "an", "the"):
        verb = m.group("verb")
        return f"{m.group('who')} {verb}{'es' if verb.endswith(('s', 'sh', 'ch')) else 's'} {m.group('rest')}"
    return None


def _balanced(true: list[float], swapped: list[float], threshold: float) -> float:
    tpr = sum(s >= threshold for s in true) / len(true)
    tnr = sum(s < threshold for s in swapped) / len(swapped)
    return (tpr + tnr) / 2


def best_threshold(true: list[float], swapped: list[float]) -> float:
    """The share (among those observed) with the best balanced accuracy; ties → the lowest."""
    grid = sorted(set(true) | set(swapped))
    return max(grid, key=lambda t: (_balanced(true, swapped, t), -t))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="../shared/data/locomo")
    parser.add_argument("--json", default=None)
    parser.add_argument("--list-check", default="", help="list the true observations this check rejects")
    args = parser.parse_args()
    rows = [row for path in sorted(Path(args.data).glob("conv-*.json")) for row in pairs(path)]
    for row in rows:
        names = frozenset(n.lower() for n in row["names"])
        row["share_true"], _, row["keys_true"] = content_share(row["obs"], row["true_turn"], names)
        row["share_swapped"], _, row["keys_swapped"] = content_share(row["obs"], row["other_turn"], names)
    rows = [r for r in rows if r["share_true"] is not None and r["share_swapped"] is not None]
    convs = sorted({r["conv"] for r in rows})
    folds = []
    for held in convs:
        train = [r for r in rows if r["conv"] != held]
        test = [r for r in rows if r["conv"] == held]
        t = best_threshold([r["share_true"] for r in train], [r["share_swapped"] for r in train])
        tpr = sum(r["share_true"] >= t for r in test) / len(test)
        tnr = sum(r["share_swapped"] < t for r in test) / len(test)
        folds.append(
            {
                "held_out": held,
                "threshold": round(t, 4),
                "true_kept": round(tpr, 3),
                "swapped_rejected": round(tnr, 3),
                "n": len(test),
            }
        )
    chosen = best_threshold([r["share_true"] for r in rows], [r["share_swapped"] for r in rows])
    kept = checks = rejected = 0
    reasons: dict[str, int] = {}
    by_conv: dict[str, dict[str, int]] = {}
    for row in rows:
        other = tuple(n for n in row["names"] if n != row["speaker"])
        verdict = ground(
            row["obs"], row["true_turn"], row["reply"], (row["speaker"],), min_share=chosen, other_names=other
        )
        checks += 1
        kept += verdict.grounded
        swapped = ground(row["obs"], row["other_turn"], "", row["names"], min_share=chosen)
        rejected += not swapped.grounded
        reasons[verdict.check] = reasons.get(verdict.check, 0) + 1
        tally = by_conv.setdefault(row["conv"], {})
        tally[f"true:{verdict.check}"] = tally.get(f"true:{verdict.check}", 0) + 1
        tally[f"swapped:{swapped.check}"] = tally.get(f"swapped:{swapped.check}", 0) + 1
        if args.list_check and verdict.check == args.list_check:
            print(f"{row['conv']} {row['obs']!r}\n    turn: {row['true_turn'][:200]!r}\n    {verdict.reason}")
    made = [(row, note) for row in rows if (note := invented(row["obs"]))]
    caught: dict[str, int] = {}
    for row, note in made:
        other = tuple(n for n in row["names"] if n != row["speaker"])
        verdict = ground(note, row["true_turn"], row["reply"], (row["speaker"],), min_share=chosen, other_names=other)
        caught[verdict.check] = caught.get(verdict.check, 0) + 1
        if args.list_check == "invented":
            print(f"{row['conv']} {note!r} <- {row['obs']!r}: {verdict.check}")
    clause_true = {f"{least}_words{'_weight' if w else ''}": 0 for least in (1, 2) for w in (False, True)}
    for row in rows:
        names = frozenset(n.lower() for n in row["names"])
        for least in (1, 2):
            for w in (False, True):
                read = unground_clauses(row["obs"], lambda p: clause_share(p, row["true_turn"], names), least, w)
                clause_true[f"{least}_words{'_weight' if w else ''}"] += bool(read.unground)
    # Invented clauses: a true observation with another conversation's observation appended
    # ("…, and <its words>"), the kind SmolLM2 wrote ("…, and they are my best friends").
    # The same after a bare comma (", they <its words>.") and as a sentence of its own ("…. They
    # <its words>."): the kinds conv-44's run wrote (session 16).
    appended: dict[str, int] = {}
    after_comma: dict[str, int] = {}
    as_sentence: dict[str, int] = {}
    for i, row in enumerate(rows):
        other_row = next(r for r in rows[i + 97 :] + rows[: i + 97] if r["conv"] != row["conv"])
        added = re.sub(r"^[A-Z]\w+\s+", "they ", other_row["obs"].rstrip("."))
        other = tuple(n for n in row["names"] if n != row["speaker"])
        for tally, note in (
            (appended, f"{row['obs'].rstrip('.')}, and {added}."),
            (after_comma, f"{row['obs'].rstrip('.')}, {added}."),
            (as_sentence, f"{row['obs'].rstrip('.')}. {added[:1].upper()}{added[1:]}."),
        ):
            verdict = ground(
                note, row["true_turn"], row["reply"], (row["speaker"],), min_share=chosen, other_names=other
            )
            tally[verdict.check] = tally.get(verdict.check, 0) + 1
    report = {
        "true_with_unground_clause": clause_true,
        "appended_clause_notes": len(rows),
        "appended_clause_checks": appended,
        "comma_clause_checks": after_comma,
        "appended_sentence_checks": as_sentence,
        "invented_notes": len(made),
        "invented_checks": caught,
        "observations": len(rows),
        "share_true_median": statistics.median(r["share_true"] for r in rows),
        "share_swapped_median": statistics.median(r["share_swapped"] for r in rows),
        "folds": folds,
        "held_out_true_kept": round(statistics.mean(f["true_kept"] for f in folds), 3),
        "held_out_swapped_rejected": round(statistics.mean(f["swapped_rejected"] for f in folds), 3),
        "threshold_all": round(chosen, 4),
        "true_with_unsaid_key_term": round(sum(bool(r["keys_true"]) for r in rows) / len(rows), 3),
        "swapped_with_unsaid_key_term": round(sum(bool(r["keys_swapped"]) for r in rows) / len(rows), 3),
        "ground_true_observations_kept": round(kept / checks, 3),
        "ground_checks": reasons,
        "ground_swapped_rejected": round(rejected / checks, 3),
        "by_conversation": by_conv,
    }
    print(json.dumps(report, indent=1))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
