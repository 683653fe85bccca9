"""The words of praise of a thing shown (:mod:`souvenir.lexical.chitchat`, kind ``praise``).

A demonstrative subject ("That bowl…", « Cette photo… », ini / itu), a verb of seeming ("looks",
« a l'air », nampak, 看起来) and a word of value ("gorgeous", « magnifique », cantik, 漂亮).
Folded keys (accents off); Chinese as substrings.
"""

from __future__ import annotations

__all__ = ["DEMONSTRATIVE", "EVALUATIVE", "LOOKS", "ZH_EVALUATIVE", "ZH_LOOKS"]

DEMONSTRATIVE = frozenset(
    {
        "that",
        "this",
        "these",
        "those",
        "what",
        "how",
        "such",
        "ca",
        "cela",
        "ceci",
        "cette",
        "ce",
        "cet",
        "ces",
        "quel",
        "quelle",
        "quels",
        "quelles",
        "ini",
        "itu",
    }
)
LOOKS = frozenset(
    {"look", "looks", "looked", "sound", "sounds", "sounded", "seem", "seems", "seemed", "semble", "air", "nampak"}
)
ZH_LOOKS = ("看起来", "听起来", "看上去", "这", "那")
EVALUATIVE = frozenset(
    """great awesome amazing wonderful fantastic cool nice lovely beautiful gorgeous cute sweet incredible
    impressive stunning fancy good perfect brilliant excellent fabulous terrific neat adorable pretty fun special
    super epic inspiring touching delicious tasty yummy genial magnifique beau belle joli jolie chouette
    incroyable formidable sympa adorable mignon delicieux cantik cantiknya hebat bagus comel best lawa sedap
    sedapnya menarik delish scrumptious appetizing appetising appetissant appetissante menyelerakan
    peaceful serene relaxing calming paisible apaisant reposant tenang damai menenangkan""".split()
)
ZH_EVALUATIVE = (
    "棒",
    "宁静",
    "平静",
    "漂亮",
    "好看",
    "可爱",
    "美",
    "厉害",
    "好吃",
    "不错",
    "酷",
    "精彩",
    "赞",
    "诱人",
    "好香",
)
