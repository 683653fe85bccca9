"""A habit said to be over in a colloquial ending: « Les clopes, c'est fini pour moi »,
"Cigarettes? I'm done with them", 烟嘛，早戒了 / 烟，我早就不抽了, "Rokok? Dah stop dah" (pure).

The negation filter compares a candidate's words with the user's clauses one by one; these
endings name the thing in one clause (often a topic, a slang word: clope, ciggies, 烟) and
end it in another with no verb of consuming ("c'est fini", "done with", 戒了, "dah stop"),
so "Fume des cigarettes" / "Smokes" / 抽烟 / "Hisap rokok" were kept beside them (issue #26,
lane write9's probe). Read here:

- the candidate is a plain statement of consuming — a verb of eating, drinking or smoking
  (:data:`VERBS`; Chinese 吃 / 喝 / 抽 glued to its thing) and its thing, no negator;
- one sentence of the user's (or a bare topic with "?" and the sentence after it) names that
  thing — the same word by stem, or a word of the same kind (:data:`SMOKING`: clope,
  ciggies, fags, 烟, rokok for "cigarettes" and for the verb of smoking alone) — and says it
  is over (:data:`_ENDED`: fr « c'est fini / terminé / du passé », « j'ai arrêté / lâché »;
  en "done with", "quit", "gave up", "over for me", "no more"; zh 戒, 不…了 / 没再, 拜拜了;
  ms "dah stop / berhenti / tinggal", "dah tak … dah / lagi"), with no third person before
  it ("My sister quit smoking") and no negation of the ending itself ("not done with").

:func:`ended_habit` gives the sentence that ends it, or ``None``.
"""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.lexical.tagged import Tok, content_of, tokenize

__all__ = ["SMOKING", "VERBS", "ended_habit"]

#: Verbs of consuming a candidate states its habit with (Latin keys and stems).
VERBS = frozenset(
    """eat eats eating drink drinks drinking smoke smokes smoking vape vapes vaping
    mange manger boit boire fume fumer vapote
    makan minum hisap menghisap merokok""".split()
)
_ZH_VERBS = ("吃", "喝", "抽")
#: Words of smoking: any of them names the habit of any other ("Smokes" / "clopes").
SMOKING = frozenset(
    """smoke smokes smoking cigarette cigarettes cig cigs ciggie ciggies fag fags tobacco vape vapes vaping
    fume fumer clope clopes cigarette cigarettes tabac vapote clop
    rokok merokok hisap menghisap vape""".split()
)
_ZH_SMOKING = ("烟",)
_ENDED = re.compile(
    r"c'est (?:fini|termin[ée]|du pass[ée]|plus pour moi)|\bfini(?:es)? pour moi\b|\bj'ai (?:arr[êe]t[ée]|l[âa]ch[ée])"
    r"|\bdone with\b|\bi'?m done\b|\b(?:i|i've|i have) (?:quit|stopped|given up|gave up|kicked)\b|\bquit\b|\bgave up\b"
    r"|\bover for me\b|\bno more\b(?! than)"
    r"|戒|不(?:抽|喝|吃|碰)了|没再|拜拜了|告别了"
    r"|\b(?:dah|sudah|telah) (?:stop|berhenti|tinggal|buang)\b|\b(?:dah|sudah) tak\b.*\b(?:dah|lagi)\b",
    re.IGNORECASE,
)
_NOT_ENDED = re.compile(r"\bnot done\b|\bpas fini\b|\bnever (?:quit|stopped)\b|没戒|\bbelum (?:stop|berhenti)\b", re.I)
#: A wish, an intent or a duty before the ending: the habit is not over yet ("I should quit
#: smoking", « je voudrais arrêter », 我想戒烟, "saya nak berhenti").
_WISH = re.compile(
    r"\b(?:should|shall|want(?:s|ed)? to|wanna|gonna|going to|need(?:s)? to|have to|has to|try(?:ing)? to"
    r"|hop(?:e|ing) to|plan(?:s|ning)? to|(?:'d|would) like to|will|'ll|might|could|must|thinking (?:about|of)"
    r"|devrais|dois|doit|veux|voudrais|vais|aimerais|essaie|essayer|compte|faudrait|faut|envie d)\b"
    r"|想|要|应该|应当|得|打算|准备|希望|试着|该|决定"
    r"|\b(?:nak|patut|mahu|hendak|ingin|cuba|perlu|kena|akan|rancang|teringin)\b",
    re.IGNORECASE,
)
_THIRD = re.compile(
    r"\b(?:he|she|they|il|elle|ils|elles|dia|mereka|my (?:\w+ )?(?:sister|brother|wife|husband|mum|mom|dad|friend)"
    r"|ma (?:s[œo]eur|femme|m[èe]re|copine)|mon (?:fr[èe]re|mari|p[èe]re|copain))\b|他|她|他们|我(?:妈|爸|哥|姐|弟|妹|老公|老婆)",
    re.I,
)
_SENTENCES = re.compile(r"(?<=[.!?。！？])\s*")


def _things(candidate: str) -> tuple[bool, list[Tok]] | None:
    """``(smoking, things)`` of a plain statement of consuming, else ``None``."""
    tokens = tokenize(candidate)
    if any(tok.role in ("neg", "pos", "negval") for tok in tokens):
        return None
    content = content_of(tokens)
    verbs = [t for t in content if t.key in VERBS or t.stem in VERBS or (t.cjk and t.key[:1] in _ZH_VERBS)]
    if not verbs:
        return None
    smoking = any(t.key in SMOKING or t.stem in SMOKING or (t.cjk and "烟" in t.key) for t in content)
    things = [t for t in content if t not in verbs and t.key not in lx.TIME_WORDS]
    things += [Tok(t.raw[1:], t.key[1:], t.key[1:], "content", True) for t in verbs if t.cjk and len(t.key) > 1]
    return (smoking, things) if smoking or things else None


def _names(sentence: str, smoking: bool, things: list[Tok]) -> bool:
    tokens = tokenize(sentence)
    if smoking and any(t.key in SMOKING or t.stem in SMOKING or (t.cjk and "烟" in t.key) for t in tokens):
        return True
    cjk = "".join(t.key for t in tokens if t.cjk)
    return bool(things) and all(
        (t.cjk and t.key in cjk) or any(t.stem == o.stem or t.key == o.key for o in tokens) for t in things
    )


def ended_habit(candidate: str, message: str) -> str | None:
    """The user's sentence that says the candidate's habit is over (module docstring)."""
    read = _things(candidate)
    if read is None:
        return None
    smoking, things = read
    sentences = [s for s in _SENTENCES.split(message) if s.strip()]
    for index, sentence in enumerate(sentences):
        unit = sentence
        if index and sentences[index - 1].rstrip().endswith(("?", "？")) and len(sentences[index - 1].split()) <= 3:
            unit = sentences[index - 1] + " " + sentence  # "Cigarettes? I'm done with them"
        elif sentence.rstrip().endswith(("?", "？")):
            continue
        parts = [p for p in _PARTS.split(unit) if p.strip()]
        for at, part in enumerate(parts):
            found = _ENDED.search(part)
            if not found or _NOT_ENDED.search(part) or _THIRD.search(" ".join(parts[:at]) + part[: found.start()]):
                continue
            if _WISH.search(part[: found.start()]):
                continue  # "I should quit…": a wish, not an ending
            # the thing in the ending's own clause, or in a bare topic just before it
            topic = parts[at - 1] if at and _bare(parts[at - 1]) else ""
            if _names(part, smoking, things) or (topic and _names(topic, smoking, things)):
                return sentence.strip()
    return None


_PARTS = re.compile(r"[,，;；:：?？—–]|\s-\s")


def _bare(part: str) -> bool:
    """A topic alone: three words at most ("Les clopes", "Rokok tu"), or a short Chinese one (烟嘛)."""
    words = part.split()
    return len(words) <= 3 if not re.search(r"[\u3400-\u9fff]", part) else len(part.strip()) <= 5
