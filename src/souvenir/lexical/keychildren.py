"""A count of children of one sex outdated by a later count of all the children (pure; issue #26,
session 20): "Has one daughter" → "Has two kids now", 有一个女儿 → 老二出生了，家里两个娃了, « A une
fille » → « A deux enfants maintenant », "Ada seorang anak lelaki" → "Dah ada tiga orang anak".

``keyed.user_keys`` keys "one daughter" ``count.daughter`` (a count of one kind, like the pets) and
"two kids" ``children``: no key is shared, so both stayed active. The number of children is one
value of the user's (issue #26: the newer replaces the older); a count of daughters or sons is a
part of it. When a later text gives ``children`` and the stored one gives a count of one sex of
child and no ``children``, the stored count is read as ``children`` if it is smaller than the new
total (the family grew: 1 daughter → 2 children). An equal or larger count is left alone ("Has
two daughters" / "Has two kids": the same two, nothing to replace). A count said after a clause
telling a birth whose subject is the child (小女儿出生了，家里两个孩子了, "Our son was born in May, two
kids now") is the user's (:func:`birth_head`, read by ``keyed.user_keys``).

Shape::

    as_children(UserKeys((("count.daughter", "1"),), True), UserKeys((("children", "2"),), True))
    -> UserKeys((("children", "1"),), True)
"""

from __future__ import annotations

import re

from souvenir.lexical.keycompare import UserKeys

__all__ = ["CHILD_PAIRS", "as_children", "birth_head", "pair_total"]

#: A clause that tells a child's birth ("Our daughter was born in May", « Notre fils est né », 小女儿出生了,
#: "Anak kedua lahir", "Isteri dah bersalin"): the children's count said after it is the user's.
_BIRTH = re.compile(
    r"\b(?:was\s+born|were\s+born|arrived|née?s?|est\s+arrivée?|lahir|dilahirkan|bersalin|beranak)\b|出生|出世|生了|降生",
    re.I,
)


#: Another person's child: 我姐的儿子, "my sister's baby", « le fils de ma sœur », "anak kakak saya".
_OTHERS_CHILD = re.compile(
    r"(?<!我)(?<!我们)的(?:儿子|女儿|孩子|宝宝|小孩)|\b\w+'s\s+(?:son|daughter|baby|kid|child)\b"
    r"|\b(?:fils|fille|bébé|enfant)\s+(?:de|d')\s*(?:mon|ma|sa|son|leur|notre)?\s*\w+"
    r"|\banak\s+(?:abang|kakak|adik|kawan|sepupu|jiran)\b",
    re.I,
)


def birth_head(clause: str) -> bool:
    """Whether ``clause`` (a sentence's first clause) tells the birth of a child of the user's
    (``_BIRTH``, and no other person's child named: 我姐的儿子出生了 is the sister's)."""
    return bool(_BIRTH.search(clause)) and not _OTHERS_CHILD.search(clause.replace("’", "'"))


#: Counts of children of one sex, as ``count.<noun>`` keys (the noun singular as the keys write it).
SEXED = frozenset(
    {
        "count.daughter",
        "count.son",
        "count.boy",
        "count.girl",
        "count.fille",
        "count.fil",
        "count.fils",
        "count.garçon",
        "count.garcon",
        "count.女儿",
        "count.儿子",
        "count.闺女",
        "count.男孩",
        "count.女孩",
        "count.anak lelaki",
        "count.anak perempuan",
    }
)


def _number(value: str | None) -> int | None:
    return int(value) if value is not None and value.isdigit() else None


def as_children(old: UserKeys, new: UserKeys) -> UserKeys:
    """``old`` with its count of children of one sex keyed ``children`` when ``new`` gives a larger
    ``children`` count and ``old`` none (module docstring); ``old`` unchanged otherwise."""
    total = _number(new.get("children"))
    if total is None or "children" in old.keys:
        return old
    sexed = [(k, v) for k, v in old.values if k in SEXED]
    if len(sexed) != 1:
        return old
    part = _number(sexed[0][1])
    if part is None or part >= total:
        return old
    values = tuple(sorted(("children", v) if k in SEXED else (k, v) for k, v in old.values))
    return UserKeys(values, old.complete)


#: Children told as sons and daughters in one phrase (session 21): "Has a son and a daughter", « A un fils et
#: deux filles », 一儿一女 / 两个儿子一个女儿, "Ada seorang anak lelaki dan dua anak perempuan" (group ``v``, kind
#: ``count_pair``: the value is the sum, keyed ``children``).
_EN_N = r"(?:a|an|one|two|three|four|\d)"
_EN_KID = _EN_N + r"\s+(?:sons?|daughters?|boys?|girls?)"
_FR_N = r"(?:un|une|deux|trois|quatre|\d)"
_FR_KID = _FR_N + r"\s+(?:fils|filles?|garçons?)"
_ZH_N = r"[一两二三四五1-5]"
_ZH_KID = _ZH_N + r"个(?:儿子|女儿|男孩|女孩)"
_MS_N = r"(?:seorang|dua|tiga|empat|\d)"
_MS_KID = _MS_N + r"\s+(?:orang\s+)?anak\s+(?:lelaki|perempuan)"
CHILD_PAIRS: tuple[str, ...] = (
    r"(?:(?:i\s+|we\s+)?(?:has|have|got|'ve\s+got)\s+(?:now\s+|got\s+)?)(?P<v>"
    + _EN_KID
    + r"\s+and\s+"
    + _EN_KID
    + r")\b",
    r"(?:(?:j'ai|ai|a|avons|on\s+a)\s+(?:maintenant\s+|désormais\s+)?)(?P<v>"
    + _FR_KID
    + r"\s+et\s+"
    + _FR_KID
    + r")\b",
    r"(?:现在|目前|家里|我家)?(?:有了?|是)?(?P<v>"
    + _ZH_N
    + r"儿"
    + _ZH_N
    + r"女|"
    + _ZH_KID
    + r"[和跟、]?"
    + _ZH_KID
    + r")",
    r"(?:(?:saya\s+)?(?:ada|mempunyai|punya)\s+(?:sekarang\s+|kini\s+)?)(?P<v>"
    + _MS_KID
    + r"\s+dan\s+"
    + _MS_KID
    + r")\b",
)

_ONES = {
    "a": 1,
    "an": 1,
    "one": 1,
    "un": 1,
    "une": 1,
    "seorang": 1,
    "一": 1,
    "two": 2,
    "deux": 2,
    "dua": 2,
    "两": 2,
    "二": 2,
    "three": 3,
    "trois": 3,
    "tiga": 3,
    "三": 3,
    "four": 4,
    "quatre": 4,
    "empat": 4,
    "四": 4,
    "五": 5,
}


def pair_total(value: str) -> int | None:
    """The number of children a ``CHILD_PAIRS`` value counts ("a son and two daughters" -> 3, 一儿一女
    -> 2), ``None`` when a count is not read."""
    counts = re.findall(
        r"\d|[一两二三四五]|\b(?:an?|one|two|three|four|une?|deux|trois|quatre|seorang|dua|tiga|empat)\b",
        value.casefold(),
    )
    if len(counts) != 2:
        return None
    return sum(int(c) if c.isdigit() else _ONES[c] for c in counts)
