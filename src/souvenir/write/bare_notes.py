"""A model's note that says nothing by itself: no predicate, or a verb without what it is about (issue #25).

Pure (a note's text in, the reason it is no memory out). A weak model copies a word or a clause
of the message as a note of its own; such a note was written in session 23's held-out runs:

- **no predicate** (:func:`no_predicate`): one word and nothing else — "进货" ("restocking", a
  word of a long message), "Restocking.", « Livraisons. », "Stok." — at most an article before
  it; a Chinese note of one or two Han characters. A clause with its verb or copula is kept:
  "Is vegetarian.", 我吃素, 血压高 (three characters, a clause).
- **no referent** (:func:`no_referent`): a verb of going or doing with nothing it goes to or
  does, but adverbs, a negation and "it / there / that" — "I never actually went." (went
  where? the message named the fiddle lessons), « J'y suis jamais allée. », 我其实没去,
  "Aku tak pergi pun." A complement keeps it: "I never went to college", « Je ne suis jamais
  allée à Rome », 我从来没去过日本, "Saya tak pernah pergi ke Jepun".

Only a model's note is read here, never a message: a message is read in its conversation (its
episode keeps its neighbours), and "No, I never went." answers the question before it. When the
note is dropped, the turn's message is kept whole as its episode wherever the notes do not
carry it (:mod:`souvenir.write.carry`), so nothing the user said is lost. No threshold: the
lexicons are the rule (session 24, lane model15).
"""

from __future__ import annotations

import re

from souvenir.lexical.tagged import tokenize

__all__ = ["bare_note", "no_predicate", "no_referent"]

_ARTICLES = frozenset("the a an le la les un une l' des du some".split())


def no_predicate(text: str) -> bool:
    """One word, an article at most before it; a Chinese note of one or two Han characters
    (module docstring)."""
    toks = [t for t in tokenize(text) if t.role not in ("end", "comma")]
    toks = [t for t in toks if t.key not in _ARTICLES] if len(toks) == 2 else toks
    if len(toks) != 1:
        return False
    tok = toks[0]
    return len(tok.key) <= 2 if tok.cjk else True


_ADV_EN = r"(?:never|not|n't|actually|really|even|ever|just|already|finally|then|in\s+the\s+end|after\s+all|eventually|honestly)"
_NO_REFERENT = re.compile(
    # "I never actually went", "We didn't go in the end", "I did it", "I never tried"
    rf"^(?:i|we|he|she|they)(?:\s+{_ADV_EN})*(?:\s+(?:did|do|does|have|has|had|will|would|could|can)(?:n't|\s+not)?)?"
    rf"(?:\s+{_ADV_EN})*\s+(?:go|went|gone|been|do|did|done|try|tried|finish(?:ed)?|start(?:ed)?|make\s+it|made\s+it"
    r"|show(?:ed)?\s+up|turn(?:ed)?\s+up|bother(?:ed)?|end(?:ed)?\s+up\s+going)"
    rf"(?:\s+(?:it|that|there|anyway|either|after\s+all|in\s+the\s+end|at\s+all))*(?:\s+{_ADV_EN})*$"
    # « J'y suis jamais allée », « Je ne l'ai pas fait finalement », « On n'y est pas allés »
    r"|^(?:je|j'|on|il|elle|nous|ils|elles)\s*(?:ne\s+|n')?(?:y\s+|l'|le\s+|la\s+|en\s+)?"
    r"(?:suis|ai|est|a|sommes|avons|sont|ont)\s+(?:(?:pas|jamais|vraiment|finalement|m[êe]me|d[ée]j[àa]|enfin|rien)\s+)*"
    r"(?:all[ée]e?s?|fait|essay[ée]|venue?s?|pass[ée]e?s?|parti(?:e|s|es)?)"
    r"(?:\s+(?:finalement|du\s+tout|au\s+final|en\s+fait))*$"
    # 我其实没去, 最后没去成, 我根本没做
    r"|^(?:我|我们|他|她|他们)?(?:其实|根本|最后|后来|还是|一直|从来|都|也|就|真的)*(?:没|没有|不)?(?:去|做|试|来)(?:过|了|成)?(?:啊|呀|呢|啦)?$"
    # "Aku tak pergi pun", "Saya tak jadi pergi", "Sebenarnya saya tak pernah pergi"
    r"|^(?:sebenarnya\s+)?(?:saya|aku|kami|dia|sy)(?:\s+(?:sebenarnya|tak|tidak|x|belum|pernah|jadi|langsung|pun|dah|sudah))*"
    r"\s+(?:pergi|buat|cuba|datang|jadi)(?:\s+(?:pun|lah|la|langsung|pun\s+tak|sebenarnya))*$",
    re.I,
)


def no_referent(text: str) -> bool:
    """A verb of going or doing with no complement (module docstring); ``text``: the note."""
    clauses = [c for c in re.split(r"[.!?。！？\n]+", text.replace("\u2019", "'")) if c.strip(" ,，")]
    return bool(clauses) and all(_NO_REFERENT.match(c.strip(" ,，")) for c in clauses)


def bare_note(text: str) -> str | None:
    """Why the note says nothing by itself, or ``None`` (module docstring)."""
    if no_predicate(text):
        return "one word, no predicate"
    if no_referent(text):
        return "a verb without what it is about, no referent"
    return None
