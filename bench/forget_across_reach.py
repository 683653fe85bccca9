"""What requests to forget a topic erase among the multilingual suites' memories (the reach of
:mod:`souvenir.write.forget_across`, and its over-reach).

Each suite of ``../shared/data/multilingual*`` holds one user's memories in French, English,
Chinese and Malay (200 or 240). Each topic below is asked in the four languages ("Forget what I
told you about my sister", « Oublie ce que je t'ai dit sur ma sœur », 忘掉我跟你说的关于我姐姐的事,
"Lupakan apa saya cakap tentang kakak saya") and matched against a suite's memories as the
engine matches them (:func:`souvenir.write.forget_match.match_forget`, no model). A topic asked in
any language should erase the same memories: the line gives, for each request language, how
many it erases in each memory language; ``--list`` lists the memories erased, to judge by hand
(a memory not about the topic erased is over-reach; the judgement of session 26 is in
docs/journal.md, lane forget4). The topics were chosen before the rule was written (the
brief's list: kinship, home, work, health, money, school, partner); the suites were not read
to write the rule.

    .venv/bin/python -m bench.forget_across_reach [--shared ../shared/data] [--list]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from souvenir.lexical.forget_cues import forget_requests
from souvenir.read.scoring.memory_language import memory_language
from souvenir.ground.types import Memory
from souvenir.write.forget_match import match_forget

#: Each topic in en, fr, zh, ms.
TOPICS: dict[str, tuple[str, str, str, str]] = {
    "sister": (
        "Forget what I told you about my sister.",
        "Oublie ce que je t'ai dit sur ma sœur.",
        "忘掉我跟你说的关于我姐姐的事。",
        "Lupakan apa saya cakap tentang kakak saya.",
    ),
    "mother": (
        "Forget what I told you about my mother.",
        "Oublie ce que je t'ai dit sur ma mère.",
        "忘掉我跟你说的关于我妈妈的事。",
        "Lupakan apa saya cakap tentang ibu saya.",
    ),
    "daughter": (
        "Forget what I told you about my daughter.",
        "Oublie ce que je t'ai dit sur ma fille.",
        "忘掉我跟你说的关于我女儿的事。",
        "Lupakan apa saya cakap tentang anak perempuan saya.",
    ),
    "husband": (
        "Forget what I told you about my husband.",
        "Oublie ce que je t'ai dit sur mon époux.",
        "忘掉我跟你说的关于我老公的事。",
        "Lupakan apa saya cakap tentang suami saya.",
    ),
    "address": (
        "Forget my address.",
        "Oublie mon adresse.",
        "忘掉我的地址。",
        "Lupakan alamat saya.",
    ),
    "job": (
        "Forget what I told you about my job.",
        "Oublie ce que je t'ai dit sur mon travail.",
        "忘掉我跟你说的关于我工作的事。",
        "Lupakan apa saya cakap tentang kerja saya.",
    ),
    "health": (
        "Forget what I told you about my health.",
        "Oublie ce que je t'ai dit sur ma santé.",
        "忘掉我跟你说的关于我健康的事。",
        "Lupakan apa saya cakap tentang kesihatan saya.",
    ),
    "money": (
        "Forget what I told you about my money problems.",
        "Oublie ce que je t'ai dit sur mes soucis d'argent.",
        "忘掉我跟你说的关于我钱的问题。",
        "Lupakan apa saya cakap tentang masalah duit saya.",
    ),
    "school": (
        "Forget what I told you about my school.",
        "Oublie ce que je t'ai dit sur mon école.",
        "忘掉我跟你说的关于我学校的事。",
        "Lupakan apa saya cakap tentang sekolah saya.",
    ),
    "partner": (
        "Forget what I told you about my boyfriend.",
        "Oublie ce que je t'ai dit sur mon copain.",
        "忘掉我跟你说的关于我男朋友的事。",
        "Lupakan apa saya cakap tentang teman lelaki saya.",
    ),
}
_LANGS = ("en", "fr", "zh", "ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shared", default="../shared/data")
    parser.add_argument("--list", action="store_true", help="list the memories each request erases")
    args = parser.parse_args()
    total = 0
    for path in sorted(Path(args.shared).glob("multilingual*/suite*.json")):
        suite = json.loads(path.read_text(encoding="utf-8"))
        pool = [Memory(i + 1, 1, row["text"]) for i, row in enumerate(suite["memories"])]
        print(f"{path.parent.name}/{path.name}: {len(pool)} memories")
        for topic, asks in TOPICS.items():
            cells = []
            for said, ask in zip(_LANGS, asks):
                found = match_forget(forget_requests(ask), pool)
                erased = [m for m in pool if m.id in set(found.erase)]
                total += len(erased)
                by = Counter(memory_language(m.text) for m in erased)
                cells.append(
                    f"{said}→" + "/".join(str(by[lang]) for lang in _LANGS) + ("?" if found.candidates else "")
                )
                if args.list:
                    for memory in erased:
                        print(f"    {topic} {said}: {memory.text[:150]!r}")
            print(f"  {topic:9s} " + "  ".join(cells))
    print(f"{total} erasures in all (request × memory)")


if __name__ == "__main__":
    main()
