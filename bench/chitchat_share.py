"""What the chit-chat rule (:mod:`souvenir.lexical.chitchat`) would drop on LoCoMo (issue #25).

Every turn of the six shared conversations is read by :func:`chit_chat` as a message its
speaker sent (both speakers' names known, as the bench knows them). A turn is
*observation-bearing* when a gold observation about its speaker cites it, *evidence* when a
QA answer cites it; the rest (no observation, no QA evidence) is what the rule is for. An
observation is *lost* when every turn of its speaker it cites is dropped. The gold
observations themselves are also read as a model's notes would be.

No threshold is chosen: the rule's lexicons were written while reading conv-26's first 50
turns of Caroline (the reflection bench's slice); the five other conversations were not read
and are reported apart (held out).

    .venv/bin/python -m bench.chitchat_share [--data ../shared/data/locomo] [--list N] [--json out.json]
    .venv/bin/python -m bench.chitchat_share --by-kind leaving,opinion [--list N] [--design conv-26,conv-41]

``--by-kind``: what each named kind costs and removes, read as the rule with the kind
against the rule without it (the other kinds unchanged), per conversation.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from souvenir.lexical.chitchat import ALL, chit_chat


def turns_of(path: Path) -> tuple[list[dict], dict, list[tuple[str, str, list[str]]], set[str]]:
    data = json.loads(path.read_text())
    conv = data.get("conversation", data)
    turns: list[dict] = []
    keys = sorted((k for k in conv if k.startswith("session_") and k[8:].isdigit()), key=lambda k: int(k[8:]))
    for key in keys:
        turns.extend(conv[key])
    obs: list[tuple[str, str, list[str]]] = []
    for key, value in (data.get("observation") or conv).items():
        if not key.endswith("_observation") or not isinstance(value, dict):
            continue
        for speaker, items in value.items():
            for item in items:
                ids = item[1] if len(item) > 1 else []
                ids = ids if isinstance(ids, list) else [ids]
                obs.append((speaker, item[0], [d.strip() for d in ids if isinstance(d, str)]))
    evidence = {e.strip() for qa in data.get("qa", []) for e in qa.get("evidence", []) if isinstance(e, str)}
    return turns, conv, obs, evidence


def measure(path: Path, kinds: frozenset[str] = ALL) -> dict:
    turns, conv, obs, evidence = turns_of(path)
    names = frozenset(n.lower() for n in (conv["speaker_a"], conv["speaker_b"]))
    by_id = {t["dia_id"]: t for t in turns}
    kind = {t["dia_id"]: chit_chat(t["text"], names, kinds) for t in turns}
    bearing: dict[str, list[str]] = {}
    for speaker, text, ids in obs:
        for d in ids:
            if d in by_id and by_id[d]["speaker"] == speaker:
                bearing.setdefault(d, []).append(text)
    lost = [
        (speaker, text, ids)
        for speaker, text, ids in obs
        if (own := [d for d in ids if d in by_id and by_id[d]["speaker"] == speaker]) and all(kind[d] for d in own)
    ]
    junk = [d for d in kind if d not in bearing and d not in evidence]
    other = {conv["speaker_a"]: conv["speaker_b"], conv["speaker_b"]: conv["speaker_a"]}
    # a lost observation that names the other speaker is about the two of them ("Melanie is
    # proud of Caroline…", "John values Maria's support"): counted apart from the others
    about_other = [o for o in lost if other.get(o[0], "\0") in o[1]]
    notes = [text for _, text, _ in obs if chit_chat(text, names, kinds)]
    return {
        "conv": path.stem,
        "turns": len(turns),
        "dropped": sum(bool(k) for k in kind.values()),
        "kinds": dict(Counter(k for k in kind.values() if k)),
        "bearing_turns": len(bearing),
        "bearing_dropped": [(d, by_id[d]["text"], bearing[d]) for d in bearing if kind[d]],
        "observations": len(obs),
        "observations_lost": lost,
        "lost_about_other": len(about_other),
        "evidence_turns": len(evidence & set(by_id)),
        "evidence_dropped": [(d, by_id[d]["text"]) for d in evidence if d in kind and kind[d]],
        "junk_turns": len(junk),
        "junk_dropped": sum(bool(kind[d]) for d in junk),
        "notes_dropped": notes,
        "texts": {d: t["text"] for d, t in by_id.items()},
        "speakers": (conv["speaker_a"], conv["speaker_b"]),
        "dropped_ids": {d for d, k in kind.items() if k},
        "junk_ids": set(junk),
    }


def by_kind(paths: list[Path], kind: str, listed: int, design: frozenset[str] = frozenset({"conv-26"})) -> None:
    """Print what ``kind`` alone drops: the rule with it against the rule without it.
    ``design``: the conversations read while writing the kind (not summed as held out)."""
    print(f"kind {kind!r}: conv | turns dropped | obs-turns dropped | obs lost | QA-evidence dropped | no-gold dropped")
    held = {"turns": 0, "bearing": 0, "lost": 0, "other": 0, "evidence": 0, "junk": 0}
    for path in paths:
        with_it, without = measure(path), measure(path, ALL - {kind})
        turns = with_it["dropped_ids"] - without["dropped_ids"]
        bearing = [b for b in with_it["bearing_dropped"] if b[0] in turns]
        lost = [o for o in with_it["observations_lost"] if o not in without["observations_lost"]]
        # naming the other speaker: the annotators' note of the two's relation ("Gina encourages Jon")
        other = [o for o in lost if any(n in o[1] for n in with_it["speakers"] if n != o[0])]
        evidence = [e for e in with_it["evidence_dropped"] if e[0] in turns]
        junk = turns & with_it["junk_ids"]
        tag = "(design)" if path.stem in design else "(held out)"
        print(
            f"  {path.stem} {len(turns):4d} | {len(bearing):3d} | {len(lost):3d} ({len(other)} naming the other)"
            f" | {len(evidence):3d} | {len(junk):4d}  {tag}"
        )
        if path.stem not in design:
            for key, value in (
                ("turns", turns),
                ("bearing", bearing),
                ("lost", lost),
                ("other", other),
                ("evidence", evidence),
                ("junk", junk),
            ):
                held[key] += len(value)
        for d in sorted(turns)[:listed]:
            mark = (
                "JUNK"
                if d in junk
                else ("QA" if any(e[0] == d for e in evidence) else "")
                + (" OBS" if any(b[0] == d for b in bearing) else "")
            )
            print(f"     {d} [{mark.strip() or 'other'}] {with_it['texts'][d][:140]!r}")
        for _speaker, text, ids in lost[:listed]:
            print(f"     lost {ids}: {text!r}")
    print(
        f"  held out: {held['turns']} turns dropped; observation-bearing {held['bearing']}; observations lost "
        f"{held['lost']} ({held['other']} naming the other speaker); QA-evidence {held['evidence']}; no-gold {held['junk']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="../shared/data/locomo")
    parser.add_argument("--list", type=int, default=0, help="list up to N dropped true turns per conversation")
    parser.add_argument("--json", default=None)
    parser.add_argument("--by-kind", default="", help="comma-separated kinds: what each alone drops")
    parser.add_argument(
        "--design", default="conv-26", help="comma-separated conversations read to write the kinds (not held out)"
    )
    args = parser.parse_args()
    paths = sorted(Path(args.data).glob("conv-*.json"))
    if args.by_kind:
        for kind in args.by_kind.split(","):
            by_kind(paths, kind.strip(), args.list, frozenset(args.design.split(",")))
        return
    rows = [measure(p) for p in paths]
    print(
        "conv     turns dropped | obs-turns dropped | obs lost | QA-evidence dropped | no-gold dropped | gold notes dropped"
    )
    total: Counter = Counter()
    held: Counter = Counter()
    for r in rows:
        line = (
            f"{r['conv']}  {r['turns']:4d} {r['dropped']:4d}   | {r['bearing_turns']:4d} {len(r['bearing_dropped']):3d}"
            f"        | {len(r['observations_lost']):3d}/{r['observations']:4d} | {len(r['evidence_dropped']):3d}/"
            f"{r['evidence_turns']:4d}           | {r['junk_dropped']:4d}/{r['junk_turns']:4d}       | "
            f"{len(r['notes_dropped'])}  {r['kinds']}"
        )
        print(line + ("  (design)" if r["conv"] == "conv-26" else "  (held out)"))
        for key in (
            "turns",
            "dropped",
            "bearing_turns",
            "observations",
            "evidence_turns",
            "junk_turns",
            "junk_dropped",
            "lost_about_other",
        ):
            total[key] += r[key]
        for key in ("bearing_dropped", "observations_lost", "evidence_dropped", "notes_dropped"):
            total[key] += len(r[key])
        if r["conv"] != "conv-26":
            for key in ("bearing_turns", "observations", "junk_turns", "junk_dropped", "lost_about_other"):
                held[key] += r[key]
            for key in ("bearing_dropped", "observations_lost", "evidence_dropped"):
                held[key] += len(r[key])
        if args.list:
            for _speaker, obs, ids in r["observations_lost"][: args.list]:
                text = " / ".join(r["texts"][d][:120] for d in ids if d in r["texts"])
                print(f"   lost {ids}: {obs!r}\n      turn: {text!r}")
            for d, text in r["evidence_dropped"][: args.list]:
                print(f"   QA {d}: {text[:110]!r}")
            for text in r["notes_dropped"][: args.list]:
                print(f"   note: {text!r}")
    print(
        f"total: {total['dropped']}/{total['turns']} turns dropped; observation-bearing turns dropped "
        f"{total['bearing_dropped']}/{total['bearing_turns']}; observations lost {total['observations_lost']}/"
        f"{total['observations']} ({total['lost_about_other']} of them naming the other speaker); QA-evidence turns dropped {total['evidence_dropped']}/{total['evidence_turns']}; "
        f"turns with no gold dropped {total['junk_dropped']}/{total['junk_turns']}; gold observations read as notes "
        f"dropped {total['notes_dropped']}/{total['observations']}"
    )
    print(
        f"held out (the five conversations not read): observations lost {held['observations_lost']}/"
        f"{held['observations']} ({held['lost_about_other']} naming the other speaker); observation-bearing turns "
        f"dropped {held['bearing_dropped']}/{held['bearing_turns']}; QA-evidence turns dropped "
        f"{held['evidence_dropped']}; turns with no gold dropped {held['junk_dropped']}/{held['junk_turns']}"
    )
    if args.json:
        for r in rows:
            del r["texts"], r["dropped_ids"], r["junk_ids"], r["speakers"]
        Path(args.json).write_text(json.dumps(rows, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
