"""Teamwork said to the other: "we" as a team, with nothing done or owned (issue #25).

A chit-chat kind (:mod:`souvenir.lexical.chitchat`). Pure (a sentence and its words left
once chit-chat, pronouns and names are set aside — :func:`souvenir.lexical.chitchat._left`
— in, verdict out)::

    team("We can achieve great things if we join forces together.", ["achieve", "join", "forces", "together"])
    -> True
    team("Yup, we rock as a team!", ["rock", "team"])                        -> True
    team("We worked together on the garden.", ["worked", "together", "garden"]) -> False

``team`` — the two speakers cheered on as a team, with no "!" needed (session 11's
exhortation cue, "We can…!", asked for one): "We can achieve great things if we join forces
together", "We rock as a team", "Together we can make a difference", "With effort and support, we can
make a real difference in our community", « Ensemble, on peut
accomplir de grandes choses », « On forme une super équipe », 我们一起可以成就大事,
我们是最棒的团队, "Bersama kita boleh capai perkara hebat", "Kita memang pasukan yang hebat".
A sentence is one when it holds "we" (we / us / our, on / nous, 我们 / 咱们, kita / kami), a
word of togetherness (together, team, join forces; ensemble, équipe; 一起, 团队, 携手;
bersama, pasukan) or "we can make a (real) difference" (« on peut faire une vraie
différence », 我们可以带来改变, "kita boleh buat perubahan"), and every word left is one of teamwork, achievement or a vague object
(great things, a difference, the world). Never one: a past or done marker ("We worked
together on the garden", "We made pizza together": :func:`souvenir.lexical.support._past`),
an object of its own ("We make a great team at the bakery": "bakery"), a third person.

What the kind costs on LoCoMo: ``bench/chitchat_share.py --by-kind team`` (docs/write-path.md).
No threshold: the lexicons are the rule.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import strip_accents
from souvenir.lexical.support import _past

__all__ = ["journey", "team"]

_WE = re.compile(
    r"\b(?:we|we're|we've|we'll|us|our|nous|kita|kami)\b|\bon\s+(?:peut|va|forme|est|fait|sera|pourra|a)\b|我们|咱们",
    re.I,
)
#: The writer alone (I, je, 我 but not 我们, saya): a sentence about the writer, not the two.
_I = re.compile(r"\b(?:i|i'm|i've|i'll|i'd|me|my|mine|je|moi|mon|ma|mes|saya|aku)(?=\W|$)|\bj'|我(?!们)", re.I)
#: A word of togetherness: the sentence is about the two as one.
_TOGETHER = re.compile(
    r"\b(?:together|team|teammates|teamwork|join(?:ing)?\s+(?:forces|hands)|united|as\s+one|side\s+by\s+side"
    r"|ensemble|[ée]quipe|main\s+dans\s+la\s+main|unir\s+nos\s+forces|unissons"
    r"|bersama(?:-sama)?|pasukan|sepasukan|berganding\s+bahu)\b|一起|团队|携手|联手|齐心|并肩|合作",
    re.I,
)
#: "We can make a (real) difference": the two's impact, a cue of its own.
_DIFFERENCE = re.compile(
    r"\b(?:we|together\s+we)\s+(?:can|could|will|'ll)\s+(?:really\s+)?make\s+(?:a\s+)?(?:real\s+|big\s+|huge\s+|positive\s+)?"
    r"(?:difference|change|impact)\b|\bon\s+(?:peut|pourra)\s+(?:vraiment\s+)?(?:faire\s+(?:une\s+)?(?:vraie\s+|grande\s+)?"
    r"diff[ée]rence|changer\s+les\s+choses)|我们(?:可以|能|一定能)(?:带来|做出)?(?:改变|不同)"
    r"|\bkita\s+(?:boleh|mampu)\s+(?:buat|membawa|bawa)\s+perubahan\b",
    re.I,
)
#: Words of teamwork, achievement and vague objects (folded, accents off).
_TEAM = frozenset(
    """achieve achieving accomplish accomplishing great greater things thing anything everything something
    big bigger real difference differences change changes world rock rocks rocking make making do doing
    create creating build building amazing awesome unstoppable strong stronger force forces join joining
    together team teams teamwork teammates work working united one side lot lots much more good best
    dream dreams goal goals happen possible reach reaching conquer overcome tackle handle win winning
    side-by-side support effort efforts community communities
    peut peux pouvons pourrons pourra accomplir realiser faire grandes grande grand grands choses chose
    tout monde difference changer equipe ensemble forme formons unir unissons forces force super belle
    beaucoup reussir arriver gagner rien forts fort vraie vraiment differences communaute
    boleh capai mencapai buat membuat perkara hebat besar bersama bersama-sama pasukan sepasukan ubah
    mengubah dunia perubahan kuat apa saja semua berjaya menang bawa membawa komuniti masyarakat""".split()
)
_ZH_TEAM = (
    "一起",
    "团队",
    "携手",
    "联手",
    "齐心",
    "协力",
    "并肩",
    "合作",
    "可以",
    "能",
    "成就",
    "做成",
    "做",
    "大事",
    "伟大",
    "事情",
    "事",
    "改变",
    "世界",
    "什么",
    "任何",
    "都",
    "最棒",
    "棒",
    "无敌",
    "强大",
    "一定",
    "的",
    "是",
    "个",
    "好",
    "带来",
    "做出",
    "不同",
    "社区",
)
_THIRD = re.compile(r"\b(?:he|she|they|them|il|elle|ils|elles|dia|mereka)\b|他|她", re.I)


def _fold(word: str) -> str:
    return strip_accents(word.lower())


def _team_word(word: str) -> bool:
    if any("\u3400" <= ch <= "\u9fff" for ch in word):
        rest = word
        for part in sorted(_ZH_TEAM, key=len, reverse=True):
            rest = rest.replace(part, "")
        return not rest
    key = _fold(word)
    return key in _TEAM or key.rstrip("s") in _TEAM


def team(sentence: str, left: list[str]) -> bool:
    """The two cheered on as a team, nothing done or owned (module docstring). ``left``: the
    sentence's words once chit-chat, pronouns and names are set aside."""
    text = sentence.replace("\u2019", "'")
    cue = _TOGETHER.search(text) or _DIFFERENCE.search(text)
    if not _WE.search(text) or not cue or _THIRD.search(text) or _I.search(text) or _past(text):
        return False
    if re.search(r"\d", text):
        return False
    return all(_team_word(word) for word in left)


#: The two's road, done and to come, with nothing named (folded): "We've done so much, and
#: there's nothing but good stuff coming", « On a fait tellement de chemin », 我们一起经历了这么多,
#: "Kita dah buat banyak".
_JOURNEY = frozenset(
    """do done doing come came coming far been through gone lot lots much so nothing but good great stuff
    things thing ahead more better best way long journey road awesome future bright amazing
    fait faire tellement chose choses arrive arriver arrivent venir vient chemin parcouru beaucoup bon bons
    bonne bonnes belle belles avenir meilleur meilleures rien que
    buat banyak perkara baik datang jauh lalui harung depan masa indah hebat lagi akan""".split()
)
_ZH_JOURNEY = (
    "一起",
    "经历",
    "这么",
    "那么",
    "多",
    "接下来",
    "只会",
    "好事",
    "事",
    "走",
    "远",
    "未来",
    "美好",
    "会",
    "有",
    "很",
    "了",
    "的",
)


def _journey_word(word: str) -> bool:
    if any("\u3400" <= ch <= "\u9fff" for ch in word):
        rest = word
        for part in sorted(_ZH_JOURNEY, key=len, reverse=True):
            rest = rest.replace(part, "")
        return not rest
    return _fold(word) in _JOURNEY


def journey(sentence: str, left: list[str]) -> bool:
    """The two's road so far and to come, nothing done or named ("We've done so much, and
    there's nothing but good stuff coming"): a "we", no "I", no third person, no digit, and
    every word of ``left`` (as :func:`team`) a word of the road. Read in a model's note only
    (:data:`souvenir.lexical.chitchat.NOTE_ONLY`): copied from a message, it holds no fact."""
    text = sentence.replace("\u2019", "'")
    text = re.sub(r"\bil\s+(?:n'\s*)?y\s+a\b", " ", text, flags=re.I)  # « il n'y a que du bon »: no one
    if not _WE.search(text) or _THIRD.search(text) or _I.search(text) or re.search(r"\d", text):
        return False
    return bool(left) and all(_journey_word(word) for word in left)
