"""Keyed values compared: the same value, the keys that changed, an old memory outdated (pure).

``keys.user_keys`` reads the values; ``admission`` compares them with these.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from souvenir.lexical.keycounts import hanzi_amounts
from souvenir.lexical.normalize import fold_words, normalize
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import tokenize

__all__ = ["KEYS", "MEASURED", "measured", "UserKeys", "same_value", "changed_keys", "outdates"]

KEYS: tuple[str, ...] = (
    "home.city",
    "home.region",
    "home.country",
    "home.address",
    "employer",
    "occupation",
    "work.place",
    "car",
    "delivery.address",
    "phone",
    "email",
    "name",
    "name.preferred",
    "weight",
    "height",
    "salary",
    "rent",
    "children",
    "birth.date",
)


#: Measured keys: a value is its numbers in order (or its words in order), never a word set.
MEASURED = frozenset({"weight", "height", "salary", "rent", "children", "birth.date"})


def measured(key: str) -> bool:
    """True for a measured key: ``MEASURED`` or a count of one kind of thing (``count.cat``)."""
    return key in MEASURED or key.startswith(("count.", "size.", "date.")) or key in ("loan", "commute", "age")


@dataclass(frozen=True, slots=True)
class UserKeys:
    """Keyed values of one text: ``values`` as sorted ``(key, value)`` pairs (values
    casefolded; digits only for a phone), and whether every clause gave a key."""

    values: tuple[tuple[str, str], ...] = ()
    complete: bool = False

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(k for k, _ in self.values)

    def get(self, key: str) -> str | None:
        return next((v for k, v in self.values if k == key), None)

    def __bool__(self) -> bool:
        return bool(self.values)


def _value_words(value: str) -> frozenset[str]:
    words = tokenize(normalize(fold_words(value)))
    kept = frozenset(w for w in words if w not in STOP_WORDS)
    return kept or frozenset(words)


def same_value(key: str, a: str, b: str) -> bool:
    """True when ``a`` and ``b`` say the same value of ``key``: equal, or the words of one
    inside the other's ("Ipoh" / "Ipoh, Perak"); phones by digits, a local number being
    the end of the international one; a measured value (``MEASURED``) by its numbers in
    order ("5月3日" and "3月5日" differ), or its words in order (一万 / 一万二). Undecidable (no words) counts as the same."""
    if a == b:
        return True
    if key == "phone":
        da, db = a.lstrip("+").lstrip("0"), b.lstrip("+").lstrip("0")
        short, long = sorted((da, db), key=len)
        return len(short) >= 7 and long.endswith(short)
    if key == "email":
        return a.casefold() == b.casefold()
    if measured(key):  # "5月3日" / "3月5日", "1,75 m" / "1,78 m": the numbers in order
        na, nb = re.findall(r"\d+", hanzi_amounts(a)), re.findall(r"\d+", hanzi_amounts(b))  # 两千八 = 2800
        if na or nb:
            return na == nb
        return tokenize(normalize(fold_words(a))) == tokenize(normalize(fold_words(b)))
    wa, wb = _value_words(a), _value_words(b)
    return not wa or not wb or wa <= wb or wb <= wa


def _base(key: str) -> str:
    return key.split("@", 1)[0]


def changed_keys(old: UserKeys, new: UserKeys) -> tuple[str, ...]:
    """Keys both texts carry with different values: ``KEYS`` order, then the others
    (attributes, named people's keys) sorted."""
    shared = old.keys & new.keys
    ordered = [k for k in KEYS if k in shared] + sorted(k for k in shared if k not in KEYS)
    return tuple(k for k in ordered if not same_value(_base(k), old.get(k) or "", new.get(k) or ""))


def outdates(new: UserKeys, old: UserKeys) -> str | None:
    """The key by which ``new`` outdates ``old`` (``None`` if it does not): ``old`` is
    complete (every clause keyed, so superseding it loses nothing else), every key of
    ``old`` is in ``new``, and at least one of them changed value."""
    if not old.complete or not old.keys <= new.keys:
        return None
    changed = changed_keys(old, new)
    return changed[0] if changed else None
