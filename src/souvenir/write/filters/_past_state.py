"""A state the user tells as their past, then says is over: no present fact (issue #26, round 16; pure).

"back in my twenties I was a competitive ballroom dancer, haven't danced since the kids came
along", « à l'époque de la fac, je jouais de la batterie…, ça fait quinze ans que je n'ai pas
touché des baguettes », 上大学那会儿我天天打篮球，现在膝盖不行，早就不打了, "dulu masa bujang aku
main sepak takraw tiap petang, sekarang mana sempat dah": a candidate saying the state in the
present ("Is a competitive ballroom dancer", 天天打篮球) was kept (the blind file round3_extra12's
``ended`` kind, 0/4). Read here, by parts:

- a **period of the user's own past** (:data:`_PERIOD`: "back in my …", "when I was …", "in my
  twenties", "as a kid"; « à l'époque », « quand j'étais », « plus jeune », « pendant mes études »;
  那会儿, 那时候, 小时候, 上大学时, 年轻时, 当年; "dulu", "masa bujang / muda / sekolah", "zaman …");
- the sentence that holds it says every content word of the candidate (by stem or a shared
  form of it (joue / jouais); frequency words aside; Chinese: the candidate's characters in order);
- the message then says it is **over or changed** (:data:`_OVER`: "haven't … since", "anymore",
  "these days"; « plus », « ça fait … que », « maintenant »; 现在, 早就不, 已经不; "sekarang",
  "dah tak", "mana sempat") and never that it goes on (:data:`_STILL`: "still", « toujours »,
  还, "masih").

A period **closed by its own words** (:data:`_CLOSED`: a former home or workplace named by its place,
"back when I lived in Stockport", « quand on habitait à Grenoble », "masa kerja kat Labuan"; a span
counted in years, 在广州读书那四年) needs no end word (round3_extra14's ``ended`` kind, 0/4 before).

:func:`past_state` gives the sentence, or ``None``. A relative before the period ("my dad back in
his twenties", 我爸年轻时) is someone else's past.
"""

from __future__ import annotations

import os
import re

from souvenir.lexical.keydata import ZH_RELATIONS
from souvenir.lexical.lexicon import LEMMAS
from souvenir.lexical.normalize import normalize
from souvenir.lexical.tokens import content_words
from souvenir.lexical.verb_forms import same_verb, zh_same_verb

__all__ = ["past_state"]

_PERIOD = re.compile(
    r"\b(?:back\s+in\s+(?:my|the)\b|back\s+when\s+i\b|when\s+i\s+was\b|in\s+my\s+(?:teens|twenties|thirties|youth"
    r"|younger\s+days|student\s+days|uni\s+days|college\s+days)|as\s+a\s+(?:kid|child|teen(?:ager)?|student)\b"
    r"|during\s+(?:my\s+)?(?:uni|college|school)\b|years\s+ago\b|back\s+in\s+(?:college|uni|school|high\s+school)\b"
    r"|before\s+(?:the\s+(?:kids|children|baby|wedding)|(?:we|i)\s+(?:had|got|moved|married|retired)|retiring|kids)\b)"
    r"|(?:\bà\s+l'époque\b|\bquand\s+j'étais\b|\bdans\s+ma\s+jeunesse\b|\bplus\s+jeune\b|\bpendant\s+mes\s+études\b"
    r"|\bà\s+la\s+fac\b|\bavant\s+(?:je|j')|\bétant\s+(?:jeune|petite?|étudiante?)\b|\bil\s+y\s+a\s+\w+\s+ans\b|\bdu\s+temps\s+où\b|\bavant\b,"
    r"|\bavant\s+(?:la\s+naissance|l'arrivée|(?:le|mon|notre)\s+mariage|les\s+(?:enfants|gosses|petits)"
    r"|(?:ma|la)\s+retraite|d'avoir)\b)"
    r"|那会儿|那会|那时候|那时|小时候|年轻时|年轻的时候|上学时|上学的时候|上大学时|大学时|读书时|读书的时候|当年|以前"
    r"|(?:读|上)(?:小学|初中|高中|中学|大学|大专|研究生|技校)(?:的)?(?:时候|时|那会儿?|那几年)"
    r"|刚毕业|那几年|那阵子|那段(?:时间|日子)|(?:结婚|生孩子|退休)(?:以)?前"
    r"|\b(?:dulu|dahulu|masa\s+(?:bujang|muda|kecil|sekolah|belajar|universiti|remaja)"
    r"|zaman\s+(?:bujang|muda|sekolah|universiti|remaja|kanak-kanak)|waktu\s+(?:muda|kecil|sekolah|bujang)"
    r"|sebelum\s+(?:kahwin|berkahwin|ada\s+anak|anak-anak|bersara|pencen)|lepas\s+(?:habis\s+)?(?:belajar|grad))\b",
    re.I,
)
_OVER = re.compile(
    r"\bhaven'?t\b[^.!?]*\bsince\b|\bhave\s+not\b[^.!?]*\bsince\b|\banymore\b|\bany\s+more\b|\bno\s+longer\b"
    r"|\bthese\s+days\b|\bnowadays\b|\bgave\s+(?:it\s+)?up\b|\bquit\b|\bstopped\b|\bnot\s+since\b"
    r"|\bnow\s+i(?:'m|\s+am)\b|\bc'est\s+fini\b|\bplus\b|\bça\s+fait\b[^.!?]*\bque\b|\bdepuis\b[^.!?]*\bpas\b|\bmaintenant\b|\baujourd'hui\b|\barrêté\b"
    r"|现在|如今|早就不|早不|已经不|不再|好多年没|很久没|再也没|没再|早就没"
    r"|\bsekarang\b|\bkini\b|\bdah\s+tak\b|\bsudah\s+tak\b|\bmana\s+(?:ada\s+)?sempat\b|\bberhenti\b|\bdah\s+stop\b"
    # said over by its length ("haven't touched a bass in fifteen years"), by an end of the thing
    # ("sold it", « on a vendu », 卖掉了, "dah jual") or by a move away after it (« puis on est
    # remontés dans le Nord », "then we moved", 后来搬到, "lepas tu pindah")
    r"|\b(?:haven'?t|have\s+not|hasn'?t|not)\b[^.!?]*\bin\s+(?:\w+\s+){0,2}(?:years|decades|ages|forever)\b"
    r"|\b(?:sold|closed|shut)\s+(?:it|that|them|the\s+\w+|my\s+\w+|down|up)\b|\bmoved\s+(?:away|out|back|on)\b"
    r"|\bthen\s+(?:we|i)\s+moved\b|\b(?:vendue?s?|revendue?s?|fermée?s?|déménagé)\b"
    r"|\bpuis\b[^.!?]*\b(?:remonté|descendu|déménagé|parti|installé|rentré|revenu)s?\b"
    r"|卖掉|关掉|关门|转让|搬走|后来(?:就)?(?:搬|去了)"
    r"|\b(?:dah|sudah)\s+(?:lama|bertahun(?:-tahun)?)\s+tak\b|\b(?:dah|sudah)\s+(?:jual|tutup|pindah)\b"
    r"|\b(?:lepas\s+tu|kemudian)\b[^.!?]*\bpindah\b",
    re.I,
)
#: A past period closed by its own words, no end word needed: a former home or workplace named by its
#: place ("back when I lived in Stockport", « quand on habitait à Grenoble », "masa kerja kat Labuan"), or a
#: span counted in years (在广州读书那四年). The place is a name (a capital): "masa kerja kat pejabat" is "at
#: work at the office", a habit of now.
_CLOSED = re.compile(
    r"\bwhen\s+(?:i|we)\s+(?:lived|worked|studied|was\s+(?:living|working|studying)|were\s+(?:living|working))"
    r"\s+(?:in|at|near|out\s+in)\s+(?-i:[A-Z])"
    r"|\b(?:quand\s+|lorsque\s+|lorsqu')(?:j'|on\s+|nous\s+)(?:habit(?:ais|ait|ions)|viv(?:ais|ait|ions)|travaill(?:ais|ait|ions)"
    r"|étudi(?:ais|ait|ions)|bossai[st])\s+(?:à|en|au|aux|dans|sur)\s+(?:l[ae']\s*)?(?-i:[A-ZÉÈ])"
    r"|在[\u4e00-\u9fff]{1,6}?(?:读书|上学|读大学|念书|工作|上班|住|生活)(?:的)?那[一二三四五六七八九十两几]+年"
    r"|\b(?:masa|waktu|semasa|zaman)\s+(?:aku\s+|saya\s+|kami\s+)?(?:kerja|bekerja|tinggal|duduk|belajar|menetap)"
    r"\s+(?:kat|di|dekat)\s+(?-i:[A-Z])",
    re.I,
)
_STILL = re.compile(
    r"\bstill\b|\bto\s+this\s+day\b|\btoujours\b|\bencore\b|\bjusqu'à\s+aujourd'hui\b|还在|还是|至今|依然|仍然|一直"
    r"|\bmasih\b|\bsampai\s+sekarang\b|\bhingga\s+kini\b",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?。！？\n])\s*")
#: Frequency words a candidate adds or rewords (tiap / setiap, 天天 / 每天): no content of the state.
_FREQUENCY = frozenset(
    "every each daily weekly always often setiap tiap hari selalu chaque tous toutes jours souvent toujours".split()
)
_ZH_FREQUENCY = re.compile(r"每天|天天|经常|常常|总是|每周|一直")
_THIRD = re.compile(
    r"\b(?:my|mon|ma|mes)\s+(?:dad|father|mum|mom|mother|brother|sister|son|daughter|wife|husband|friend|père|mère"
    r"|frère|sœur|fils|fille|femme|mari|ami|amie)\b|\b(?:he|she|his|her|il|elle|dia)\b|\b(?:ayah|ibu|abang|kakak|adik"
    r"|suami|isteri|kawan)\s+(?:aku|saya)\b",
    re.I,
)


def _han(text: str) -> str:
    return "".join(ch for ch in text if "\u4e00" <= ch <= "\u9fff")


def _in_order(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def _covered(candidate: str, sentence: str, spare: int = 0) -> bool:
    """Every content word of ``candidate`` is in ``sentence`` (a stem or a shared opening of four
    letters: joue / jouais), frequency words aside, but ``spare`` of them when it has four or more (a
    word the candidate adds: "Sunday league football" / "Sunday league games"); Chinese: its
    characters in order."""
    han = _han(_ZH_FREQUENCY.sub("", zh_same_verb(candidate)))
    if han and len(han) * 2 >= len(candidate.replace(" ", "")):
        return len(han) >= 2 and _in_order(han, _han(_ZH_FREQUENCY.sub("", zh_same_verb(sentence))))
    want = [w for w in content_words(normalize(candidate)) if w not in _FREQUENCY]
    have = content_words(normalize(sentence))
    missing = [w for w in want if not (w in have or any(_stem_shared(w, h) or _one_lemma(w, h) for h in have))]
    return bool(want) and len(missing) <= (spare if len(want) >= 4 else 0)


def _one_lemma(a: str, b: str) -> bool:
    """Two irregular forms of one verb (runs / ran, vit / vivait: ``lexicon.LEMMAS``; taught /
    teaches, « bossais » / « travaille », "mengajar" / "ajar": :func:`~souvenir.lexical.verb_forms.same_verb`)."""
    la = LEMMAS.get(a)
    return (la is not None and la == LEMMAS.get(b)) or same_verb(a, b)


def _stem_shared(a: str, b: str) -> bool:
    """Two forms of one verb or noun: an opening of at least three letters, all of the shorter but
    its last letter at most (joue / jouais, dance / danced)."""
    n = len(os.path.commonprefix([a, b]))
    return n >= 3 and n >= min(len(a), len(b)) - 1


def past_state(candidate: str, message: str) -> str | None:
    """The user's sentence telling ``candidate``'s state as their past, with the message saying it
    is over (module docstring), or ``None``."""
    if _STILL.search(message):
        return None
    over = _OVER.search(message) is not None  # once: read per sentence, a long message cost its square
    for sentence in _SENTENCE.split(message):
        closed = _CLOSED.search(sentence)
        if (
            closed is not None
            and not _THIRD.search(sentence[: closed.start()])
            and not any(rel in sentence[: closed.start()] for rel in ZH_RELATIONS)
            and _covered(candidate, sentence, 1)
        ):
            return sentence.strip()
        if not over:
            continue
        period = _PERIOD.search(sentence)
        if period is None or not _OVER.search(sentence[period.end() :] + " " + message[len(sentence) :]):
            continue
        before = sentence[: period.start()]
        if _THIRD.search(before) or any(rel in before for rel in ZH_RELATIONS):
            continue  # someone else's past ("my dad back in his twenties", 我爸年轻时)
        if _covered(candidate, sentence):
            return sentence.strip()
    return None
