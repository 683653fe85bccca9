"""A fact that is not a keyed attribute, changed by a verb of switching (issue #26, round 17; pure).

:func:`switches_from` reads a new wording that says the user went from one thing to another —
"Cycles to work now instead of taking the train", "Switched to a Pixel after the iPhone's screen
cracked", « Est passé à une pompe à chaleur, fini le fioul », « J'ai remplacé la voiture par un
vélo », 从宿舍搬出来了，现在和同事合租, 把手机号转到联通了, "Dah tukar telco dari Maxis ke
CelcomDigi", "Sekarang naik bas, motosikal dah dijual" — and a stored memory of one statement
about the thing left. The thing left is what a cue names (``from X to``, ``instead of X``, « fini
le X », « de X à », « remplacé X par », 从X搬出来 / 从X换成, 把X换成, ``dari X ke``, ``X dah
dijual``), or, after a verb of switching to a new value, a stored value of a verb of use ("Uses an
iPhone", « Utilise un Android », 用的是X, "Guna Maxis") that the new wording names too.

The stored memory says, beside the thing left, at most one content word the new wording does not
say (its own verb: "Commutes to work by train", « Se chauffe au fioul »): a longer memory says
more than the switch ends. No threshold is tuned; the cue lists are the levers (docs/write-path.md,
round 17).
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import stems
from souvenir.lexical.restated_side import mostly_han
from souvenir.lexical.tokens import content_words, tokenize

__all__ = ["switches_from"]

_HAN = re.compile(r"[\u4e00-\u9fff]")
_STOP = r"(?=$|[,;.!?，。；！？]|\s+(?:to|for|with|and|but|now|à|a|par|pour|et|mais|ke|dengan|dan|tapi)\b)"

#: Cues that name the thing left, X, in en / fr / ms (group ``x``).
_FROM_CUES = re.compile(
    r"\b(?:switched|switching|changed|moved|swapped|went|gone|transferred|passée?s?|changée?s?|tukar|bertukar|beralih"
    r"|pindah|berpindah)\b[^,;.]{0,80}?\b(?:from|de|du|des|d'|dari)\s*(?:the\s+|my\s+|a\s+|an\s+|la\s+|le\s+|l')?"
    r"(?P<x>[^,;.!?]{1,80}?)\s+(?:to|for|à|au|aux|ke|kepada)\b"
    r"|\binstead\s+of\s+(?:taking\s+|using\s+|driving\s+|riding\s+|having\s+)?(?:the\s+|my\s+|a\s+|an\s+)?"
    r"(?P<x2>[^,;.!?]{1,80}?)"
    + _STOP
    + r"|\b(?:replaced|swapped)\s+(?:the\s+|my\s+|our\s+)?(?P<x3>[^,;.!?]{1,80}?)\s+(?:with|for)\b"
    r"|\bno\s+more\s+(?P<x4>[^,;.!?]{1,80}?)"
    + _STOP
    + r"|\bsold\s+(?:the|my|our)\s+(?P<x5>[^,;.!?]{1,80}?)"
    + _STOP
    + r"|\bfini\s+(?:le|la|les|l')\s*(?P<x6>[^,;.!?]{1,80}?)"
    + _STOP
    + r"|\b(?:au\s+lieu|à\s+la\s+place)\s+(?:du|de\s+la|des|de\s+l'|de|d')\s*(?P<x7>[^,;.!?]{1,80}?)"
    + _STOP
    + r"|\bremplacée?s?\s+(?:le|la|les|l'|mon|ma|mes|son|sa|notre)\s*(?P<x8>[^,;.!?]{1,80}?)\s+par\b"
    r"|\bganti\s+(?P<x9>[^,;.!?]{1,80}?)\s+dengan\b"
    r"|\b(?P<x10>[^,;.!?]{1,80}?)\s+(?:dah|sudah|telah)\s+(?:di)?jual\b"
    r"|\b(?:dah|sudah|telah)\s+jual\s+(?P<x11>[^,;.!?]{1,80}?)" + _STOP,
    re.I,
)
#: A verb of switching to a new value (the value left named elsewhere in the wording).
_SWITCH_TO = re.compile(
    r"\b(?:switched|changed|moved|swapped|went\s+over)\s+to\b|\b(?:suis|est|sommes|sont)\s+passée?s?\s+(?:à|au|aux|sur|chez)\b"
    r"|\b(?:dah|sudah|telah)?\s*(?:tukar|bertukar|beralih)\s+(?:ke|kepada)\b",
    re.I,
)
#: Verbs of use: a stored "Uses an iPhone" is one value and its verb.
_USE_VERBS = frozenset(
    stems(
        frozenset(
            "use uses using has have owns drives rides utilise utilisent utilisais possède conduit guna pakai ada".split()
        )
    )
)

#: Chinese cues: 从X搬出来 / 从X换成Y / 把X换成Y / 不再用X / 不用X了.
_ZH_FROM = re.compile(
    r"从(?P<x>[\u4e00-\u9fff]{1,8}?)(?:搬出来|搬出去|搬走|搬出|换成|换到|改成|转到|转成|改用|退出)"
    r"|把(?P<x2>[\u4e00-\u9fff]{1,8}?)(?:换成|换了|转到|转成|改成|转网到)"
    r"|不再用(?P<x3>[\u4e00-\u9fff]{1,8}?)(?:了|[，。,]|$)|不用(?P<x4>[\u4e00-\u9fff]{1,8}?)了"
)
_ZH_FRAME = re.compile(r"[在住用的是了现我一个家那这]")


def _zh(text: str) -> bool:
    return mostly_han(text)


def _words(text: str) -> frozenset[str]:
    return stems(content_words(normalize(text)))


def _left_zh(new: str, old: str) -> bool:
    for m in _ZH_FROM.finditer(new):
        x = next(g for g in m.groups() if g)
        for part in (x, x[-2:], x[-1:]):
            # the thing left, or its head (手机号 → 号), in a short stored memory that does not hold the new value
            if part in old and len(_HAN.findall(old)) <= 10:
                after = new[m.end() :]
                new_value = re.sub(r"[了。！!，,]", "", after)[:4]
                if new_value and new_value in old:
                    return False
                rest = _ZH_FRAME.sub("", old.replace(part, ""))
                return len([c for c in rest if c not in new]) <= 3
    return False


#: Cue groups that say the thing left is over for good (« fini le fioul », "sold the car", "motosikal dah
#: dijual"): they hold even beside a time that bounds the new wording ("cet hiver").
_FINAL = ("x3", "x4", "x5", "x6", "x8", "x10", "x11")


def switches_from(new: str, old: str, lasting: bool = True) -> bool:
    """True when ``new`` says the user left what ``old`` states for something else (module docstring).

    ``new``, ``old``: one wording each. ``lasting``: False when ``new`` is bounded in time ("this week",
    « cet hiver »); then only a cue that ends the thing left for good counts. Never true when ``old`` says
    more than the thing left and its verb.
    """
    if _zh(new):
        return lasting and _zh(old) and _left_zh(new, old)
    if len(tokenize(normalize(old))) > 7:
        return False  # what is left and its verb are a short memory (the last test below, first)
    old_words = _words(old)
    new_words = _words(new)
    left: list[frozenset[str]] = []
    for m in _FROM_CUES.finditer(new):
        name, x = next((k, g) for k, g in m.groupdict().items() if g)
        if lasting or name in _FINAL:
            left.append(_words(x))
    if lasting and _SWITCH_TO.search(new):
        value = old_words - _USE_VERBS
        if value and len(old_words) <= 2 and old_words - value <= _USE_VERBS and value <= new_words:
            left.append(value)
    for x in left:
        if not x or not x <= old_words:
            continue
        rest = old_words - x - new_words - _USE_VERBS
        if len(rest) <= 1 and len(tokenize(normalize(old))) <= 7:
            return True
    return False
