"""Sloppy typing: contractions typed without their apostrophe, restored (issue #25).

Pure (text in, text out). Users type "youre", "im", "dont", « t es », « j ai »; the readers
(:func:`souvenir.lexical.tagged.prepare`, the chit-chat kinds) read "you're", "I'm",
"don't", « t'es », « j'ai »::

    apostrophes("Youre killing it!")  -> "You're killing it!"
    apostrophes("t es trop forte")    -> "t'es trop forte"

Only forms that are not words of their own are restored ("its", "well", "were", "hell",
"wont", "cant", "lets", "id" are words, and are left). Malay "x" for "tak" is read by the
tokenizer (``lexicon.MS_X_VERBS``); Chinese has no apostrophe to drop. No threshold.
"""

from __future__ import annotations

import re

__all__ = ["apostrophes"]

_EN: dict[str, str] = {
    "youre": "you're",
    "im": "I'm",
    "ive": "I've",
    "thats": "that's",
    "whats": "what's",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "isnt": "isn't",
    "wasnt": "wasn't",
    "arent": "aren't",
    "havent": "haven't",
    "hasnt": "hasn't",
    "couldnt": "couldn't",
    "wouldnt": "wouldn't",
    "shouldnt": "shouldn't",
    "youve": "you've",
    "youll": "you'll",
    "theyre": "they're",
    "theres": "there's",
}
_EN_RE = re.compile(r"\b(" + "|".join(_EN) + r")\b", re.IGNORECASE)
#: French elisions typed with a space: « t es », « j ai », « c est », « j suis » stays.
_FR_RE = re.compile(r"\b([tTjJcCdDlLnNsSmM]) (es|ai|est|etais|étais|avais|aime)\b")


def _en(match: re.Match[str]) -> str:
    word = match.group(1)
    out = _EN[word.lower()]
    if word[0].isupper() and out[0].islower():
        out = out[0].upper() + out[1:]
    return out


def apostrophes(text: str) -> str:
    """``text`` with the apostrophes of its contractions restored (module docstring)."""
    text = _EN_RE.sub(_en, text)
    return _FR_RE.sub(lambda m: f"{m.group(1)}'{m.group(2)}", text)
