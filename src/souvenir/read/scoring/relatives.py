"""The relative a message asks about, and the memories that speak of them (pure, no model).

"ma fille, elle atterrissait quel jour…", "给女儿的生活费…", "helmet laki saya tu size
apa?": the memory that answers may be in another language and name the relative by
relation ("大姐美华…" for "kakak saya") or by name ("Hari jadi Jia Xin…" for 女儿). The
embedders match the topic across languages but not the person (suite-a's misses, issue
#28: docs/journal.md "Session 13, lane recall"). :func:`relative_flags` marks, per
memory, the ones that name a relation the message names
(:func:`souvenir.read.scoring.kinship.kin_concepts`, widened by
:func:`~souvenir.read.scoring.kinship.broader`) or a name the store gives that relation
(:func:`~souvenir.read.scoring.kinship.kin_names`: "The user's son, Jun Hao, …"). A spouse's
parent or sibling named as a chain ("my husband's mum") also asks about the in-law.

Only for a message that names no speaker: a question about "Melanie's kids" asks about
Melanie's relatives, not the user's, and the names the store gives are the user's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from souvenir.read.scoring.kinship import broader, kin_concepts, kin_names

__all__ = ["KinColumns", "relative_flags"]


_SPOUSE = frozenset({"husband", "wife"})
_PARENT = frozenset({"mother", "father"})
_SIBLING = frozenset({"sister", "brother", "sibling"})


def _in_laws(asked: frozenset[str]) -> frozenset[str]:
    """A spouse's parent or sibling named as a chain ("my husband's mum", « la sœur de mon
    mari », 老公的妈妈, "mak laki saya"): the in-law too."""
    if not asked & _SPOUSE:
        return frozenset()
    found = set()
    if asked & _PARENT:
        found.add("parent_in_law")
    if asked & _SIBLING:
        found.add("sibling_in_law")
    return frozenset(found)


class KinColumns:
    """One user's relation columns, read once (kept with :class:`~souvenir.read.scoring.
    user_columns.UserColumns`): per relation concept the memories naming it
    (:func:`kin_concepts`), per concept the names the store gives it (:func:`kin_names`),
    and per name asked the memories naming it (read on the first message asking it, kept).
    ``texts``: every candidate's text, in the candidates' order. :meth:`flags` is then a few
    unions of kept rows per message; :meth:`extended` reads only appended texts."""

    def __init__(self, texts: Sequence[str]) -> None:
        self._texts = list(texts)
        self._rows: dict[str, list[int]] = {}
        self._names: dict[str, set[str]] = {}
        self._named: dict[str, np.ndarray] = {}
        self._read(0)

    def _read(self, start: int) -> None:
        """The concepts and names of the texts from position ``start`` on."""
        for i, text in enumerate(self._texts[start:], start):
            for concept in kin_concepts(text):
                self._rows.setdefault(concept, []).append(i)
            for concept, name in kin_names(text):
                self._names.setdefault(concept, set()).add(name)

    def extended(self, texts: Sequence[str]) -> KinColumns:
        """The columns of ``texts``, this object's texts followed by new ones (the same as a
        rebuild, reading only the new texts and, for the names already asked, matching
        them on the new texts). This object is left as it was."""
        n = len(self._texts)
        if len(texts) < n:
            return KinColumns(texts)
        new = object.__new__(KinColumns)
        new._texts = list(texts)
        new._rows = {c: list(rows) for c, rows in self._rows.items()}
        new._names = {c: set(names) for c, names in self._names.items()}
        new._named = {
            name: np.concatenate([rows, n + np.flatnonzero(_naming(name, new._texts[n:]))])
            for name, rows in list(self._named.items())  # a copy: another reader may add a name
        }
        new._read(n)
        return new

    def flags(self, message: str) -> np.ndarray | None:
        """Per memory: True when it names a relative ``message`` asks about (a relation the
        message names, widened by :func:`broader` and the in-laws of a chain, or a name the
        store gives one of them); ``None`` when the message names no relation."""
        asked = kin_concepts(message)
        if not asked:
            return None
        wanted = frozenset().union(*(broader(c) for c in asked)) | _in_laws(asked)
        flags = np.zeros(len(self._texts), dtype=bool)
        for concept in sorted(wanted):
            flags[self._rows.get(concept, [])] = True
        names = set().union(*(self._names.get(c, set()) for c in wanted))
        for name in sorted(names):
            rows = self._named.get(name)
            if rows is None:
                rows = self._named[name] = np.flatnonzero(_naming(name, self._texts))
            flags[rows] = True
        return flags


def _naming(name: str, texts: Sequence[str]) -> np.ndarray:
    """Per text: it names ``name`` as a word (bool)."""
    rx = re.compile(r"\b" + re.escape(name) + r"\b")
    return np.fromiter((name in t and rx.search(t) is not None for t in texts), dtype=bool, count=len(texts))


def relative_flags(message: str, texts: Callable[[], Sequence[str]]) -> np.ndarray | None:
    """Per memory (``texts()``, the candidates' texts): True when it names a relative
    ``message`` asks about; ``None`` when the message names no relation (every text is
    read: :class:`KinColumns` once)."""
    if not kin_concepts(message):
        return None
    return KinColumns(texts()).flags(message)
