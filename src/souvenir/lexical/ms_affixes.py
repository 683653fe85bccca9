"""A Malay verb and its root, either way (pure; issue #26, session 20): "berkaraoke" / "karaoke",
"memancing" / "pancing", "menari" / "tari", "mengopi" / "kopi", "menyanyi" / "nyanyi",
"menyewa" / "sewa", "bermain" / "main", "melukis" / "lukis".

An extractor writes the verb ("Suka berkaraoke", "Suka memancing") where the user said the
thing or the root ("karaoke ni dah tak minat", "dah tak pancing"). The prefixes ber- / be- /
ter- / di- / me- / mem- / men- / meng- / meny- / pe- / pem- / pen- / peng- / peny-, with the
root's first consonant the nasal prefix drops (mem-: p; men-: t; meng-: k; meny-: s). The
root is four letters or more, five after a two-letter prefix (be- / me- / pe- / di-: English
"became", "behave", "before" are no be- + "came", "have", "fore").

Shape::

    same_root("berkaraoke", "karaoke") -> True
    same_root("memancing", "pancing")  -> True
    same_root("berjalan", "makan")     -> False
"""

from __future__ import annotations

__all__ = ["roots", "same_root"]

#: Prefixes and the root's first letter each may have dropped ("" when none).
_PREFIXES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("meny", ("s",)),
    ("meng", ("", "k")),
    ("peny", ("s",)),
    ("peng", ("", "k")),
    ("mem", ("", "p")),
    ("men", ("", "t")),
    ("pem", ("", "p")),
    ("pen", ("", "t")),
    ("ber", ("",)),
    ("ter", ("",)),
    ("be", ("",)),
    ("me", ("",)),
    ("pe", ("",)),
    ("di", ("",)),
)
_MIN_ROOT = 4


def roots(word: str) -> frozenset[str]:
    """The roots ``word`` (a folded Latin key) may be a prefixed form of, itself included."""
    out = {word}
    for prefix, dropped in _PREFIXES:
        if word.startswith(prefix) and len(word) - len(prefix) >= _MIN_ROOT - 1:
            rest = word[len(prefix) :]
            least = _MIN_ROOT + 1 if len(prefix) == 2 else _MIN_ROOT  # "became" is no be- + "came"
            out.update(letter + rest for letter in dropped if len(letter + rest) >= least)
    return frozenset(out)


def same_root(a: str, b: str) -> bool:
    """Whether the folded Latin keys ``a`` and ``b`` are one Malay word with and without its
    prefix (module docstring); ``False`` for two equal keys (the caller matched them already)."""
    if a == b or not a.isalpha() or not b.isalpha():
        return False
    short, long_ = sorted((a, b), key=len)
    return len(short) >= _MIN_ROOT and short in roots(long_)
