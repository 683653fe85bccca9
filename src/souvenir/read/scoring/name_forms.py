"""How a message writes a speaker's name when it does not write it in full (pure, no model):
a short form or a one-letter slip (issue #28, session 23).

LoCoMo's questions say "Mel" for Melanie, "Jo" for Joanna, "Andew" for Andrew; matched as
the store writes them, those names named nobody: the speaker terms read no one and a
question naming both speakers kept their names in its query vectors
(:mod:`souvenir.read.scoring.person_query`). :func:`short_forms` reads, per speaker name,
the word of the message that stands for it:

- **a short form** (Latin script): a capitalised word of at least two letters that begins
  the name and no other speaker's — "Mel" (Melanie), "Jo" (Joanna when no John is a speaker:
  then it begins both and names no one), « Mél » (Mélanie), "Mary" (Mary Jane);
- **a slip**: a capitalised word of at least four letters that is the name (five letters or
  more) with one letter missing, one more, or two neighbours swapped — "Andew", "Caroilne";
- **Chinese**: a three-character name's given name (王小明 → 小明), or 小 / 阿 with its last
  character (小明 → 阿明), found anywhere (Chinese puts no space between words).

A capital says nothing where every word takes one: a word that opens the message or a
sentence (after . ! ? 。！？ and an opening quote) is not read as a short form ("May I…",
"Can you…", « Mar… »); nor are the names and abbreviations of months and days in English,
French and Malay ("in Mar", « en Mai », "pada Mac", "on Sat"), nor titles ("Mr", "Dr"). A
form that stands for two speakers names neither. The full name is
:func:`~souvenir.read.scoring.fusion.holds_name`'s, not this module's.

Linear in the message (one pass of a regular expression; at most 4,096 characters read).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["MAX_CHARS", "short_forms"]

#: Characters of a message read (the rest is not searched for names).
MAX_CHARS = 4096

#: A capitalised Latin word (its first letter upper case, then at least one lower case
#: letter and only letters), not inside a longer word; an apostrophe ends it ("Mel's").
_WORD = re.compile(r"(?<![^\W\d_])([A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+)(?![^\W\d_])")
#: What may stand between a sentence's end and its first word; what ends a sentence.
_BETWEEN = " \t\r\n\"'“‘«([¿¡"
_ENDS = ".!?…。！？:\n"
#: Characters looked back from a word for a sentence's end (more spaces: an opening).
_LOOK_BACK = 16

#: Words a capital does not make a name: months and days (names and abbreviations) in
#: English, French and Malay, and titles. Lower case, accents kept.
_NOT_NAMES = frozenset(
    """
    jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june
    july august september october november december mon tue tues wed thu thur thurs fri sat
    sun monday tuesday wednesday thursday friday saturday sunday
    janv févr fév avr mai juin juil août déc janvier février mars avril juillet septembre
    octobre novembre décembre lun mer jeu ven sam dim lundi mardi mercredi jeudi vendredi
    samedi dimanche
    januari februari mac mei julai ogos oktober disember isnin selasa rabu khamis jumaat
    sabtu ahad
    mr mrs ms dr st mt prof mme mlle
    """.split()
)

_HAN = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$")


def _slip(word: str, name: str) -> bool:
    """Whether ``word`` is ``name`` with one letter missing, one more, or two neighbours
    swapped (lower case both)."""
    if abs(len(word) - len(name)) > 1 or word == name:
        return False
    if len(word) == len(name):
        diff = [i for i, (a, b) in enumerate(zip(word, name)) if a != b]
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and word[diff[0]] == name[diff[1]]
            and word[diff[1]] == name[diff[0]]
        )
    short, long_ = (word, name) if len(word) < len(name) else (name, word)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1 :]


def _opens(message: str, start: int) -> bool:
    """Whether the word at ``start`` opens the message or a sentence (at most
    :data:`_LOOK_BACK` characters read back)."""
    before = message[max(0, start - _LOOK_BACK) : start].rstrip(_BETWEEN)
    return not before or before[-1] in _ENDS


def _latin_forms(message: str, name: str, others: Sequence[str]) -> str | None:
    wanted = name.lower()
    rivals = [o.lower() for o in others]
    for found in _WORD.finditer(message):
        word = found.group(1)
        low = word.lower()
        if low == wanted or low in _NOT_NAMES or _opens(message, found.start()):
            continue
        if len(low) >= 2 and wanted.startswith(low) and not any(r.startswith(low) for r in rivals):
            return word
        if (
            len(wanted) >= 5
            and len(low) >= 4
            and _slip(low, wanted)
            and not any(r == low or _slip(low, r) for r in rivals)
        ):
            return word
    return None


def _han_forms(message: str, name: str, others: Sequence[str]) -> str | None:
    forms = [f"小{name[-1]}", f"阿{name[-1]}"] + ([name[1:]] if len(name) == 3 else [])
    for form in forms:
        if form != name and form in message and not any(form in o for o in others):
            return form
    return None


def short_forms(message: str, names: Sequence[str | None]) -> dict[str, str]:
    """Speaker name → the short form or slip ``message`` writes for it (the module's rules),
    for each of ``names`` the message does not already name in full; a form that would stand
    for two of them is left out. ``{}`` for fewer than two names (a store of one speaker
    reads no speaker term)."""
    distinct = sorted({n for n in names if n})
    if len(distinct) < 2 or not message:
        return {}
    text = message[:MAX_CHARS]
    out: dict[str, str] = {}
    for name in distinct:
        others = [o for o in distinct if o != name]
        form = _han_forms(text, name, others) if _HAN.match(name) else _latin_forms(text, name, others)
        if form is not None:
            out[name] = form
    taken: dict[str, list[str]] = {}
    for name, form in out.items():
        taken.setdefault(form.lower(), []).append(name)
    return {n: f for n, f in out.items() if len(taken[f.lower()]) == 1}
