"""The persons chit-chat reads (:mod:`souvenir.lexical.chitchat`): the writer alone, "we", the listener.

Folded keys (accents off), one word a key. "we" is not the writer alone: a sentence holding it
tells of the writer's own ("We went camping last week").
"""

from __future__ import annotations

from souvenir.lexical import lexicon as lx

__all__ = ["FIRST", "SECOND", "WE"]

FIRST = frozenset(
    {
        "i",
        "me",
        "my",
        "mine",
        "myself",
        "je",
        "j'",
        "m'",
        "moi",
        "moi-meme",
        "mon",
        "ma",
        "mes",
        "saya",
        "aku",
        "sy",
        "gua",
        "gue",
    }
)
#: "we" / "us" / "our": not the writer alone, but a sentence holding it tells of the writer's own
#: ("We played Catan, a great game where you build…"): never praise of the other's thing.
WE = frozenset({"we", "us", "our", "ours", "nous", "notre", "nos", "kami", "kita"})
SECOND = lx.SECOND_PERSON | frozenset(
    {"yourself", "yourselves", "y'all", "yall", "ya", "te", "t'", "toi-meme", "vous-meme", "dirimu", "korang", "kalian"}
)
