"""Being tired of a thing, said as an idiom, in four languages (pure; issue #26, round 13): the
negation filter reads them as the liking that ended.

The class, not a list of sentences: a word of weariness or having had enough of a thing, whatever
the thing ("I'm so over crossfit", "sick of / fed up with / bored of X", « très peu pour moi »,
« j'en ai marre de X », « lassé(e) de X », 玩腻了 / 吃腻了 / 看腻了 / 厌了 / 受够了, "dah muak / jemu /
bosan / serik main X"). Each is rewritten to the plain negated liking of its language ("not fond
of", « je ne l'aime plus », 不喜欢了, "dah tak suka"), which the clause reader already reads, the
thing staying where it was (a dislocated topic keeps its place: ``_dislocation``).

No strength left for it (session 18): 现在玩不动了 / 没那个劲了, « j'ai plus la force », "too old for X", "dah tak
larat".

Not rewritten: "over the moon", "over 30", "over there" (no weariness), "tired" alone ("I'm
tired": a state of the body), « marre » without « de » / « en », 烦 without 了 (烦人 is a
judgement of a person), "bosan" without a thing after or before it.

:data:`WEARY_IDIOMS` are ``(pattern, replacement)`` applied by ``tagged.prepare`` after
``thing_idioms``.
"""

from __future__ import annotations

import re

__all__ = ["WEARY_IDIOMS"]

WEARY_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(p, re.IGNORECASE), r)
    for p, r in (
        # en: "I'm so over crossfit", "totally over it"
        (
            r"\b(?:i'm|i\s+am|am|i've\s+been|been)\s+(?:so+|totally|completely|kinda|kind\s+of|really|just|officially"
            r"|pretty\s+much|honestly|sooo+)\s+over\s+(?!the\s+moon\b|\d|it\s+all\b|there\b|here\b)",
            "I'm not fond of ",
        ),
        # en: "sick of", "tired of", "fed up with", "bored of / with", "burnt out on"
        (
            r"\b(?:i'm|i\s+am|am|i\s+got|got|getting|i've\s+become|become)\s+(?:so\s+|really\s+|totally\s+|kinda\s+|pretty\s+)?"
            r"(?:sick\s+(?:and\s+tired\s+)?of|tired\s+of|fed\s+up\s+with|bored\s+(?:of|with)|burnt\s+out\s+on|burned\s+out\s+on)\s+",
            "I'm not fond of ",
        ),
        # fr: « très peu pour moi (maintenant) » after a dislocated thing
        (r"\btrès\s+peu\s+pour\s+moi\b", "je ne l'aime plus"),
        # fr: « j'en ai marre de X », « j'ai marre du X », « je suis lassée des X », « saoulé de »
        (
            r"\b(?:j'en\s+ai|j'ai|j'en\s+ai\s+eu)\s+(?:trop\s+|vraiment\s+|un\s+peu\s+)?(?:marre|ras\s+le\s+bol|assez)\s+"
            r"(?P<d>de\s+la|de\s+l'|des|du|de|d')",
            r"je n'aime plus \g<d>",
        ),
        # « j'en ai ras le bol / marre » with the thing set apart before it
        (
            r"\bj'en\s+ai\s+(?:trop\s+|vraiment\s+|un\s+peu\s+)?(?:marre|ras\s+le\s+bol|assez)\b(?!\s+(?:de|du|des|d'))",
            "je ne l'aime plus",
        ),
        (
            r"\bje\s+suis\s+(?:trop\s+|vraiment\s+|un\s+peu\s+)?(?:lassée?|saoulée?|blasée?|dégoûtée?|dégoutée?)\s+"
            r"(?P<d>de\s+la|de\s+l'|des|du|de|d')",
            r"je n'aime plus \g<d>",
        ),
        # fr: « ça me branche / botte / tente plus (trop) »: a colloquial liking, negated without « ne »
        (
            r"\b(?:ça|ca|cela)\s+(?:ne\s+)?me\s+(?:branche|botte|tente|dit|parle|fait\s+kiffer)\s+(?P<n>plus|pas|jamais)"
            r"(?:\s+(?:trop|vraiment|tellement|du\s+tout|beaucoup|rien|grand-chose|grand\s+chose))?\b",
            r"je ne l'aime \g<n>",
        ),
        # en: "karaoke does nothing for me anymore", "X doesn't do anything for me now" (round 16)
        (
            r"(?<![\w-])(?P<x>[\w-]{1,40}(?:\s+[\w-]{1,40})?)\s+(?:does\s+nothing|doesn't\s+do\s+(?:anything|much|it)"
            r"|does\s+not\s+do\s+(?:anything|much|it))\s+for\s+me\b",
            r"not fond of \g<x>",
        ),
        # en: "football's lost me (these days)", "X has lost me" (round 18): the thing before, as above
        (
            r"(?<![\w-])(?P<x>[\w-]{1,40}(?:\s+[\w-]{1,40})?)(?:'s|\u2019s|\s+has)\s+(?:kind\s+of\s+|kinda\s+|totally\s+"
            r"|completely\s+|rather\s+)?lost\s+me\b",
            r"not fond of \g<x>",
        ),
        # en: "I've lost interest in X", "can't be bothered (with / watching) X (anymore)" (round 18)
        (
            r"\b(?:i've\s+|i\s+have\s+|i\s+)?(?:kind\s+of\s+|kinda\s+|totally\s+|completely\s+)?lost\s+(?:all\s+|any\s+)?"
            r"(?:interest|the\s+taste)\s+(?:in|for)\b",
            "I'm not fond of",
        ),
        (
            r"\b(?:i\s+)?(?:can't|can\u2019t|cannot|can\s+not)\s+be\s+(?:bothered|arsed|fussed)(?:\s+(?:with|to))?\b",
            "I'm not fond of",
        ),
        # fr: « le bowling, j'y vais plus du tout », « j'y mets plus les pieds », « j'en fais plus jamais »:
        # a place or a pastime set apart, then never any more, said without « ne » (round 18)
        (
            r"\bj'(?:y|en)\s+(?:vais|retourne|touche|fais|joue|mets)\s+(?:les\s+pieds\s+)?plus\s+(?:du\s+tout|jamais)"
            r"(?:\s+les\s+pieds)?\b|\bj'y\s+(?:re)?mets\s+plus\s+les\s+pieds\b",
            "je ne l'aime plus",
        ),
        # zh: 懒得看了 / 早就懒得去了 (can't be bothered any more: 了 closes it) (round 18)
        (r"(?:已经|早就|现在)?懒得(?:再)?[\u4e00-\u9fff]?了", "不喜欢了"),
        # zh: 现在玩不动了 / 早就跑不动了 / 没那个劲了 (no strength left for it any more; a now-word before V不动了:
        # 今天走不动了 is a tired day) (session 18, lane write20)
        (
            r"(?:现在|如今|已经|早就|早|这些年|这几年|年纪大了?)(?:也|都|就|真)?(?:[玩跑爬打跳踢骑游蹦熬]|折腾)不动了"
            r"|没(?:那个|那份|这个)(?:劲儿?|精力|心思|兴致|闲心)了",
            "不喜欢了",
        ),
        # fr: « j'ai plus la force / l'énergie / le courage pour ça » (no strength left, said without « ne »)
        (
            r"\bj'ai\s+plus\s+(?:la\s+force|l'énergie|le\s+courage|la\s+patience|le\s+temps\s+ni\s+l'énergie)\b",
            "je ne l'aime plus",
        ),
        # en: "I'm too old for paintball now", "I've gotten too old for it"
        (
            r"\b(?:i'm|i\s+am|i've\s+gotten|i've\s+got|i\s+got)\s+(?:getting\s+|way\s+|far\s+)?too\s+old\s+for\s+",
            "I'm not fond of ",
        ),
        # ms: "dah tak larat (main) X" (no strength left for it)
        (r"\b(?:dah|sudah)\s+(?:tak|tidak|x)\s+larat\b", "dah tak suka"),
        # zh: 提不起兴趣了 / 没什么兴趣了 (round 16)
        (r"(?:已经|早就|现在)?(?:提不起(?:什么|一点)?|没(?:什么|啥)|没有(?:什么|啥)?)兴趣(?:了)?", "不喜欢了"),
        # ms: "dah tak ada feel", "tak rasa apa dah" (round 16)
        (
            r"\b(?:dah\s+|sudah\s+)?(?:tak|tidak|x)\s+(?:ada\s+)?(?:feel|rasa\s+apa(?:-apa)?)(?:\s+(?:dah|lagi))?\b",
            "dah tak suka",
        ),
        # ms: "dah tak layan X" / "X ni aku dah tak layan" (layan = be into, in speech) (round 18)
        (r"\b(?:dah|sudah|memang)\s+(?:tak|tidak|x)\s+(?:berapa\s+|sangat\s+)?layan\b", "dah tak suka"),
        # zh: 不感冒 / 不怎么感冒了 (感冒 = be into, in speech)
        (r"(?:不怎么|不太|一点都不|一点也不|不)感冒(?:了)?", "不喜欢了"),
        # ms: a negated verb closed by "langsung / sangat / sgt" (at all, much): the adverb set aside
        (
            r"\b(?P<n>tak|tidak|x|dah\s+tak)\s+(?P<v>minat|suka|minum|makan|main|layan|hisap)\s+(?:langsung|sangat|sgt|sangat-sangat)\b",
            r"\g<n> \g<v>",
        ),
        # zh: 玩腻了 / 吃腻了 / 早看腻了 / 厌了 / 受够了 / 没兴趣了
        (r"(?:早就|早|已经)?(?:玩|吃|看|听|喝|穿|用|做|打)?(?:腻|厌倦|厌烦)了", "不喜欢了"),
        (r"(?:早就|早|已经)?受够了", "不喜欢"),
        # ms: "dah muak main X", "jemu dengan X", "bosan gila dengan X", "serik"
        (
            r"\b(?:dah\s+|sudah\s+|aku\s+|saya\s+)?(?:muak|jemu|serik|naik\s+muak|bosan(?=\s+(?:dengan|dgn|gila|sangat|main|makan"
            r"|tengok)))(?:\s+(?:gila|sangat|betul|dah))?(?:\s+(?:dengan|dgn))?\b",
            "dah tak suka",
        ),
    )
)
