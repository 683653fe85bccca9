"""A note in the user's first person needs a first person in the message (issue #25).

A weak model turns the user's encouragement to the other into the user's own resolve: "Chase
those dreams, buddy!" → "I'm gonna keep chasing after the dream of dancing." The note speaks
as the user ("I", « je », 我, "saya"), and the message has no first person at all, singular
or plural ("I", "my", "we", « on », 我们, "kita"): the note's "I" has no source, and the note
is dropped (its message stays its episode: never worse than no model). A message with any
first person keeps every note (the other filters read whose each clause is); a note without a
first person ("The user…") is not read here. Malay writes "my" as the enclitic "-ku"
("rumahku", "anakku") and "I" as a bare "ku" ("ku rindu"): both are a first person::

    own_voice_filter(Candidate("I'm gonna keep chasing the dream."), Exchange("Chase those dreams, buddy!"))
    -> FilterDecision(kept=False, filter="own_voice", reason="…", candidate=…)

Its cost is measured on LoCoMo's observations written in the first person
(``bench/own_voice_share.py``): a message with an elided subject ("Just got back from
Paris!") has no first person, and its first-person note is lost (the message stays its episode).
"""

from __future__ import annotations

import re

from souvenir.lexical.chitchat_persons import FIRST, WE
from souvenir.lexical.tagged import tokenize
from souvenir.ground.types import Candidate
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep

__all__ = ["NAME", "first_person", "own_voice_filter"]

#: The filter's name in drop events (``write:dropped:own_voice``).
NAME = "own_voice"

#: « on » is the French "we" in speech (« On est allés à la plage »).
_PLURAL = WE | frozenset({"on", "we're", "we've", "we'll", "we'd"})


#: Malay words ending in "ku" that are no "my": buku (book), kuku (nail), saku (pocket)…
_NOT_KU = frozenset(
    {"buku", "suku", "kuku", "siku", "saku", "laku", "paku", "baku", "tiku", "liku", "haiku", "sudoku", "tsuku"}
)


def _enclitic_ku(key: str) -> bool:
    """A Malay first person: "ku" alone, or "-ku" after a stem of three letters or more (rumahku)."""
    return key == "ku" or (len(key) >= 5 and key.endswith("ku") and key.isalpha() and key not in _NOT_KU)


#: The user's own resolve or plan: "I'm gonna…", "I'll keep…", « je vais… », 我会…, "saya akan…".
_RESOLVE = re.compile(
    r"\bi\s*(?:'m|am|is)?\s+(?:gonna|going\s+to|gon'|planning\s+to|determined\s+to)\b|\bi(?:'ll|\s+will|\s+shall)\b"
    r"|\bje\s+(?:vais|compte|continuerai|ne\s+l[aâ]cherai)\b|\bj'(?:irai|essaierai|arr[eê]terai)\b|\bje\s+\w+rai\b"
    r"|我(?:会|要|将|打算|决定)|\b(?:saya|aku)\s+(?:akan|nak|mahu|ingin|bertekad)\b",
    re.I,
)


def first_person(text: str, plural: bool = False) -> bool:
    """``text`` holds the writer ("I", « je », « j' », 我, "saya"), or, with ``plural``, a "we"
    too ("we", « nous », « on », 我们, "kita")."""
    for tok in tokenize(text):
        key = tok.key
        if tok.cjk:
            if "我" in key.replace("我们", "") or (plural and ("我们" in key or "咱们" in key)):
                return True
            continue
        if key in FIRST or key.split("'")[0] in ("i", "i’") or key.endswith(("-moi", "-nous")) or _enclitic_ku(key):
            return True
        if plural and (key in _PLURAL or key.split("'")[0] == "we"):
            return True
    return False


def own_voice_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop a first-person note of a message with no first person (module docstring)."""
    message = exchange.user_message
    if not message.strip() or not _RESOLVE.search(candidate.text) or first_person(message, plural=True):
        return keep(NAME, candidate)
    return drop(NAME, candidate, "the note speaks as the user, and the user's message has no first person")
