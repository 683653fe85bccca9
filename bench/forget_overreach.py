"""How many ordinary messages are read as a request to forget (the over-reach of the cue readers).

A request read where none was said erases what the user meant to keep; a request missed keeps
what they meant to erase. This counts the first: every distinct user string of the data we hold
— LoCoMo's turns (``../shared/data/locomo``, both speakers), the memories and queries of the
multilingual suites (``../shared/data/multilingual*``), and every turn of the dialogue sets
(``bench/data/dialogues*``) — read by :func:`souvenir.write.forget_relay.own_forget_requests`
(the user's own requests, as the engine acts on them). None of these strings is a request to
forget but for a handful of dialogue turns written as one; each string read is listed with
``--list`` and judged by hand (docs/journal.md, session 26, lane forget4).

    .venv/bin/python -m bench.forget_overreach [--shared ../shared/data] [--data bench/data] [--list]

Prints ``N of M distinct strings read as requests to forget`` and, with ``--list``, each one
with its topic's words. Also ``--zh-names``: the Chinese strings whose words the nickname rule
(:mod:`souvenir.lexical.zh_names`) cuts differently, listed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path

from souvenir.write.forget_relay import own_forget_requests


def _turns(conversation: dict[str, object]) -> Iterator[str]:
    for key, value in conversation.items():
        if key.startswith("session_") and isinstance(value, list):
            for turn in value:
                if isinstance(turn, dict) and isinstance(turn.get("text"), str):
                    yield turn["text"]


def strings(shared: Path, data: Path) -> list[str]:
    """The distinct user strings (module docstring), sorted."""
    found: set[str] = set()
    for path in sorted((shared / "locomo").glob("*.json")) + sorted(data.glob("dialogues*/dlg*.json")):
        found.update(_turns(json.loads(path.read_text(encoding="utf-8"))))
    for path in sorted(shared.glob("multilingual*/suite*.json")):
        suite = json.loads(path.read_text(encoding="utf-8"))
        for part in ("memories", "queries"):
            found.update(row["text"] for row in suite.get(part, []) if isinstance(row.get("text"), str))
    return sorted(found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shared", default="../shared/data")
    parser.add_argument("--data", default="bench/data")
    parser.add_argument("--list", action="store_true", help="list each string read as a request")
    parser.add_argument("--zh-names", action="store_true", help="list the Chinese strings the nickname rule cuts anew")
    args = parser.parse_args()
    texts = strings(Path(args.shared), Path(args.data))
    read = [(text, requests) for text in texts if (requests := own_forget_requests(text))]
    print(f"{len(read)} of {len(texts)} distinct strings read as requests to forget")
    if args.list:
        for text, requests in read:
            topics = " | ".join(" ".join(tok.raw for tok in r.topic) or "-" for r in requests)
            print(f"  [{topics}] {text[:160]!r}")
    if args.zh_names:
        changed = [cut for text in texts if (cut := _cut_anew(text))]
        print(f"{len(changed)} strings cut anew by the nickname rule")
        for cut in changed:
            print(f"  {cut[:200]}")


def _cut_anew(text: str) -> str:
    """``text``'s Han runs as cut with the nickname rule, when it cuts one of them otherwise than
    jieba alone ("" when none)."""
    from souvenir.lexical.tokens import _HAN_RUN, load_jieba
    from souvenir.lexical.zh_names import rejoin_names

    jieba = load_jieba()
    runs = _HAN_RUN.findall(text)
    cuts = [(words, rejoin_names(words, lambda w: bool(jieba.dt.FREQ.get(w)))) for words in map(jieba.lcut, runs)]
    if all(tuple(a) == b for a, b in cuts):
        return ""
    return " ‖ ".join(" / ".join(b) for a, b in cuts if tuple(a) != b)


if __name__ == "__main__":
    main()
