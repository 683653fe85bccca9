"""Kinds of a thing and near-synonyms for one keyed thing (pure; issue #26, session 20).

Two bounded lexicons, en / fr / zh / ms, read by the stop, relapse and end readers:

* :data:`KINDS`: a general name and the things of its kind — a habit stopped under its general name and
  taken up again under a specific one (« A arrêté les jeux d'argent » / « S'est remis à jouer au poker »,
  "Quit drinking" / "Back on the beer", 戒了赌 / 又去打德州扑克了, "Dah berhenti berjudi" / "Main poker
  semula"), or the other way round. :func:`kind_meets` says whether one text names the general name of a
  kind and the other one of its things (or its general name).
* :data:`SAME`: the words that name one keyed thing by its place, its card or its membership (健身卡 /
  健身房, "gym membership" / "gym", « abonnement à la salle » / « salle de sport », "keahlian gim" /
  "gim"): :func:`same_thing` rewrites each to the group's first word, so the readers that compare words
  see one thing.

The lists are the levers: habits users stop and relapse into (gambling, drinking, smoking, social
media, video games, sweets) and the memberships users end (gym, pool, yoga studio). Hand-written, not
tuned on data; a word is matched whole (Latin) or as a substring (Chinese).
"""

from __future__ import annotations

import re
from souvenir.lexical.normalize import nfkc_fold
from souvenir.lexical.text_cache import text_cache

__all__ = ["KINDS", "SAME", "kind_meets", "kinds_named", "same_thing"]

#: A kind: (its general names, the things of its kind), each a regex alternation over folded text.
KINDS: dict[str, tuple[str, str]] = {
    "gambling": (
        r"gambl\w*|betting|jeux\s+d'argent|jeux\s+de\s+hasard|jeu\s+d'argent|(?:ber)?judi|赌博|赌钱|赌",
        r"poker|blackjack|roulette|casinos?|slot\s+machines?|lotter(?:y|ies)|sports?\s+betting"
        r"|baccarat|paris\s+sportifs|loto|machines?\s+à\s+sous|kasino|loteri|nombor\s+ekor|4d|judi\s+bola|mesin\s+slot"
        r"|扑克|德州|老虎机|彩票|百家乐|赌场|赌球|轮盘",
    ),
    "alcohol": (
        r"drinking|alcohol|booze|alcool|boire|arak|alkohol|minum\s+arak|喝酒|(?<![啤红白萄尾米黄烧])酒",
        r"beers?|wine|whisk(?:e)?y|vodka|gin|rum|cocktails?|bières?|vin|rhum|apéro|tuak|todi|bir|wain"
        r"|啤酒|红酒|白酒|葡萄酒|威士忌|鸡尾酒",
    ),
    "smoking": (
        r"smoking|tobacco|nicotine|fumer|tabac|(?:me)?rokok|抽烟|吸烟|(?<![香雪水电])烟",
        r"cigarettes?|cigars?|shisha|cigare|clopes?|chicha|cerut|rokok\s+daun|香烟|雪茄|水烟",
    ),
    "social media": (
        r"social\s+media|réseaux\s+sociaux|media\s+sosial|社交媒体|社交软件|社交平台",
        r"instagram|tiktok|facebook|twitter|snapchat|reddit|抖音|微博|小红书|快手|朋友圈",
    ),
    "video games": (
        r"video\s*games?|gaming|jeux\s+vidéo|jeu\s+vidéo|main\s+game|permainan\s+video|打游戏|玩游戏|游戏",
        r"fortnite|minecraft|league\s+of\s+legends|valorant|genshin|pubg|free\s+fire|mobile\s+legends|call\s+of\s+duty"
        r"|王者荣耀|原神|英雄联盟|吃鸡|和平精英",
    ),
    "sweets": (
        r"sweets|sugar|junk\s+food|sucre|sucreries|makanan\s+manis|gula|甜食|零食",
        r"chocolate|candy|cakes?|soda|fizzy\s+drinks?|chocolat|bonbons|gâteaux|coklat|gula-gula|kek|air\s+manis"
        r"|巧克力|糖果|蛋糕|奶茶|可乐",
    ),
}

#: One keyed thing by several names: the group's first word replaces the others (:func:`same_thing`).
SAME: tuple[tuple[str, str], ...] = (
    ("gym", r"gym\s+(?:membership|pass|subscription)|fitness\s+(?:club|centre|center)|health\s+club|gym"),
    (
        "salle",
        r"abonnement\s+(?:à|a)\s+la\s+salle(?:\s+de\s+(?:sport|gym|muscu))?|salle\s+de\s+(?:sport|gym|muscu|fitness)"
        r"|club\s+de\s+(?:gym|fitness|sport)",
    ),
    ("健身房", r"健身卡|健身会员卡|健身会员|健身年卡|健身中心|健身馆|健身房"),
    ("gim", r"keahlian\s+gim|kad\s+gim|gimnasium|pusat\s+kecergasan|gim"),
    ("pool", r"swimming\s+pool|pool\s+membership|swim\s+pass"),
    ("piscine", r"abonnement\s+(?:à|a)\s+la\s+piscine|piscine"),
    ("游泳馆", r"游泳卡|游泳年卡|游泳池|游泳馆"),
    ("kolam renang", r"keahlian\s+kolam\s+renang|kolam\s+renang"),
)


def _alternation(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z0-9à-ÿ'-])(?:{pattern})(?![a-z0-9à-ÿ-])", re.I)


_GENERAL = {kind: _alternation(general) for kind, (general, _) in KINDS.items()}
_SPECIFIC = {kind: _alternation(specific) for kind, (_, specific) in KINDS.items()}
_SAME = tuple((first, _alternation(names)) for first, names in SAME)


@text_cache(512)
def kinds_named(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """``(kinds named by their general name, kinds one of whose things is named)`` in ``text``'s first
    400 characters (cached by text; emptied with the lexical caches, dropped at an erasure)."""
    text = nfkc_fold(text)[:400]
    general = frozenset(k for k, p in _GENERAL.items() if p.search(text))
    specific = frozenset(k for k, p in _SPECIFIC.items() if p.search(text))
    return general, specific


def kind_meets(general: str, other: str) -> bool:
    """Whether ``general`` names a kind by its general name (gambling, « jeux d'argent », 赌博, judi) and
    ``other`` names one of its things (poker, « loto », 德州扑克, "nombor ekor"), in either order. Bounded:
    each text is read to 400 characters."""
    g1, s1 = kinds_named(general)
    g2, s2 = kinds_named(other)
    return bool((g1 & s2) or (g2 & s1))


@text_cache(512)
def same_thing(text: str) -> str:
    """``text`` (folded) with every name of a :data:`SAME` group rewritten to the group's first word
    ("Cancelled my gym membership" → "cancelled my gym"; 把健身卡退了 → 把健身房退了)."""
    text = nfkc_fold(text)
    for first, pattern in _SAME:
        text = pattern.sub(first, text)
    return text
