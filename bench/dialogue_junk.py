"""What the write path's chit-chat kinds drop of the read dialogues (issue #25).

Every user turn of ``bench/data/dialogues*/dlg*.json`` (the user: ``speaker_a``) is read by
:func:`souvenir.lexical.chitchat.chit_chat` as both modes read a message. A turn is *gold* when
a gold observation cites it (a true fact the message must keep), *junk* otherwise. For each
named kind: the turns it alone drops (the rule with the kind against the rule without it), gold
and junk. The gold observations are also read as a model's notes would be
(:data:`~souvenir.lexical.chitchat.NOTES`, :func:`souvenir.write.bare_notes.bare_note`): none
may be dropped.

    .venv/bin/python -m bench.dialogue_junk [--data bench/data] [--kinds closing,deferral,moment] [--list] [--score]

``--score``: also what the learned durable-content score (:mod:`souvenir.lexical.durable`, read
as if on) drops beyond the rule, per conversation.

These sets were read while the kinds were written (session 24): the numbers are costs on read
data (a gold turn dropped is a fault), not held-out precision.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from souvenir.bench.reflection_loop import load_slice
from souvenir.lexical.chitchat import ALL, NOTES, chit_chat
from souvenir.lexical.durable import fleeting
from souvenir.write.bare_notes import bare_note


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--data", default="bench/data")
    parser.add_argument("--kinds", default="closing,deferral,moment")
    parser.add_argument("--list", action="store_true", help="list the turns each kind drops")
    parser.add_argument("--score", action="store_true", help="what the learned score drops beyond the rule")
    args = parser.parse_args()
    paths = sorted(Path(args.data).glob("dialogues*/dlg*.json"))
    turns = {p: load_slice(p, 10_000)[0] for p in paths}
    print(f"{sum(len(t) for t in turns.values())} user turns in {len(paths)} conversations")
    for kind in args.kinds.split(","):
        gold = junk = 0
        for path, rows in turns.items():
            for row in rows:
                with_it, without = chit_chat(row["message"]), chit_chat(row["message"], kinds=ALL - {kind})
                if with_it is None or without is not None:
                    continue
                gold += bool(row["gold"])
                junk += not row["gold"]
                if args.list:
                    print(
                        f"  {kind} {path.stem} {row['dia_id']} [{'GOLD' if row['gold'] else 'junk'}] {row['message'][:100]!r}"
                    )
        print(f"kind {kind!r}: junk turns dropped {junk}, gold turns dropped {gold}")
    for path, rows in turns.items() if args.score else ():
        kept = [row for row in rows if chit_chat(row["message"]) is None]
        dropped = [row for row in kept if fleeting(row["message"], enabled=True)]
        junk = sum(not row["gold"] for row in dropped)
        print(
            f"score {path.stem}: junk turns dropped {junk}/{sum(not row['gold'] for row in kept)}, "
            f"gold turns dropped {len(dropped) - junk}/{sum(bool(row['gold']) for row in kept)}"
        )
        for row in dropped if args.list else ():
            print(f"  score {path.stem} {row['dia_id']} [{'GOLD' if row['gold'] else 'junk'}] {row['message'][:100]!r}")
    notes = [g for rows in turns.values() for row in rows for g in row["gold"]]
    chat = [n for n in notes if chit_chat(n, kinds=NOTES)]
    bare = [n for n in notes if bare_note(n)]
    print(f"gold observations read as notes: {len(notes)}; chit-chat {len(chat)}; bare {len(bare)}")
    for n in (chat + bare)[:20] if args.list else []:
        print(f"  note {n!r}")


if __name__ == "__main__":
    main()
