"""The thing a question asks for, as a query of its own (pure, no model).

"What European countries has Maria been to?", « Quels livres Mélanie a-t-elle lus ? »,
"她去过哪些欧洲国家？", "Aktiviti apa yang Melanie buat?": a list or fact question names
the *kind* of its answer ("European countries", « livres », 欧洲国家, ``aktiviti``) beside the
person and the verb. The evidence turns name instances of it ("we flew to Spain", "I baked
a cake" for "desserts") and seldom the question's words: LoCoMo's multi-hop misses share
no content word with their question at ranks 24–250 (docs/journal.md, sessions 22–24).
:func:`asked_aspect` reads that kind's words out of the question, so the embedders can read
them alone — a question decomposed into its asked part, the person left to the speaker
terms — without a lexicon of kinds (:mod:`souvenir.read.scoring.instance_kinds` knows
fifteen; "desserts", "martial arts", "states" are none of them).

The forms, each one regular-expression pass (linear time; questions read up to 512
characters):

- English: "What/Which [kind(s)|type(s)|sort(s) of] X has/does/did/is/are … ?" (X one to four
  words, none an auxiliary or a pronoun); "What are/is P's X?" (X the possessed thing).
- French: « Quel(le)(s) [sorte(s)|type(s)|genre(s) de] X … ? » (X up to the first verb,
  pronoun or name: « Quels livres Mélanie a-t-elle lus ? » → « livres »).
- Chinese: 哪些 / 哪种 / 哪类 / 什么 (not 为什么, "why") + X (the Han characters after it, up to a
  particle or the end: 她去过哪些欧洲国家？ → 欧洲国家).
- Malay: "[Jenis] X apa (yang) …", "Apakah X yang …", "X mana yang …"
  ("Aktiviti apa yang Melanie buat?" → ``aktiviti``).

A vague head ("ways", « choses », 东西, ``perkara``…) gives nothing: it names no kind.
"""

from __future__ import annotations

import re

from souvenir.lexical.text_cache import text_cache

__all__ = ["asked_aspect"]

#: Longest question read (characters): a question is short; a longer message is no such question.
MAX_CHARS = 512

_AUX_EN = "has have had does do did is are was were can could would will might should am you he she they we i it there"
_AUX_FR = (
    "a as ai ont avez avons est es sont suis sommes êtes était étaient fait font fais faites "
    "peut peux peuvent va vont veut aime aimes aiment il elle ils elles on tu vous je nous "
    "t-il t-elle t-ils t-elles que qu qui est-ce"
)
_VAGUE = (
    # en
    "way ways thing things stuff kind kinds type types sort sorts time times else one ones reason reasons "
    "part parts something anything everything "
    # fr
    "chose choses façon façons manière manières fois truc trucs sorte sortes genre genres raison raisons "
    # ms
    "perkara benda cara kali jenis sebab "
)

_WORD = r"[\w+'’-]+"
_EN_AUX = "|".join(_AUX_EN.split())
_FR_AUX = "|".join(re.escape(w) for w in sorted(_AUX_FR.split(), key=len, reverse=True))

_EN_KIND = re.compile(
    rf"^\s*(?:what|which)\s+(?:kinds?|types?|sorts?)\s+of\s+((?:(?!(?:{_EN_AUX})\b){_WORD}\s+){{0,3}}?"
    rf"(?!(?:{_EN_AUX})\b){_WORD})\s+(?:{_EN_AUX})\b",
    re.IGNORECASE,
)
_EN_HEAD = re.compile(
    rf"^\s*(?:what|which)\s+((?:(?!(?:{_EN_AUX})\b){_WORD}\s+){{0,3}}?(?!(?:{_EN_AUX})\b){_WORD})"
    rf"\s+(?:{_EN_AUX})\b",
    re.IGNORECASE,
)
_EN_POSS = re.compile(
    rf"^\s*what\s+(?:are|is|were|was)\s+(?:some\s+of\s+)?{_WORD}(?:'s|’s|')\s+((?:{_WORD}\s+){{0,3}}?{_WORD})\s*\??\s*$",
    re.IGNORECASE,
)
_FR = re.compile(
    rf"^\s*(?:(?:à|a|de|dans|pour|par|avec|sur)\s+)?quel(?:le)?s?\s+(?:(?:sortes?|types?|genres?)\s+d(?:e\s+|['’]))?"
    rf"((?:(?!(?:{_FR_AUX})\b)[a-zà-öø-ÿœæ][\w'’-]*\s+){{0,2}}?(?!(?:{_FR_AUX})\b)[a-zà-öø-ÿœæ][\w'’-]*)"
    rf"(?=\s|[?？!,]|$)",
    re.IGNORECASE,
)
_ZH = re.compile(
    r"(?:哪些|哪种|哪类|哪几种|什么样的|(?<!为)什么)([\u4e00-\u9fff]{1,6}?)(?=[了过的吗呢啊呀？?。，,！!]|$)"
)
_MS_APA = re.compile(
    rf"^\s*(?:jenis\s+)?({_WORD}(?:\s+(?!apa\b){_WORD})?)\s+(?:apa|mana)\s+(?:yang\b|saja\b|sahaja\b)", re.IGNORECASE
)
_MS_APAKAH = re.compile(rf"^\s*apakah\s+({_WORD}(?:\s+(?!yang\b){_WORD})?)\s+yang\b", re.IGNORECASE)
_VAGUE_SET = frozenset(_VAGUE.split())
_ZH_VAGUE = frozenset("东西 事 事情 时候 地方 方式 方法 办法 原因".split())
_LEADING_EN = frozenset("some other the a an".split())


def _clean(words: str) -> str | None:
    kept = [w for w in words.split() if w.casefold() not in _LEADING_EN]
    if not kept or all(w.casefold().strip("'’") in _VAGUE_SET for w in kept):
        return None
    return " ".join(kept)


@text_cache(4096)
def asked_aspect(message: str) -> str | None:
    """The words of the kind ``message`` asks for ("European countries", « livres »,
    欧洲国家, ``aktiviti``), or ``None`` (no such form, a vague head, a message longer than
    :data:`MAX_CHARS`). Cached by text."""
    if not message or len(message) > MAX_CHARS:
        return None
    text = message.strip()
    for rx in (_EN_KIND, _EN_POSS, _EN_HEAD, _MS_APAKAH, _MS_APA, _FR):
        m = rx.search(text)
        if m:
            return _clean(m.group(1))
    m = _ZH.search(text)
    if m and m.group(1) not in _ZH_VAGUE:
        return m.group(1)
    return None
