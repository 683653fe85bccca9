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

__all__ = ["as_children", "birth_head"]

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
