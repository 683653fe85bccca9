"""The relative a message asks about, and the memories that speak of them (pure, no model).

"ma fille, elle atterrissait quel jour…", "给女儿的生活费…", "helmet laki saya tu size
apa?": the memory that answers may be in another language and name the relative by
relation ("大姐美华…" for "kakak saya") or by name ("Hari jadi Jia Xin…" for 女儿). The
embedders match the topic across languages but not the person (suite-a's misses, issue
#28: docs/journal.md "Session 13, lane recall"). :func:`relative_flags` marks, per
memory, the ones that name a relation the message names
(:func:`souvenir.lexical.kinship.kin_concepts`, widened by
:func:`~souvenir.lexical.kinship.broader`) or a name the store gives that relation
(:func:`~souvenir.lexical.kinship.kin_names`: "The user's son, Jun Hao, …"). A spouse's
parent or sibling named as a chain ("my husband's mum") also asks about the in-law.

Only for a message that names no speaker: a question about "Melanie's kids" asks about
Melanie's relatives, not the user's, and the names the store gives are the user's.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from souvenir.lexical.kinship import broader, kin_concepts, kin_names

__all__ = ["relative_flags"]


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


def relative_flags(message: str, texts: Callable[[], list[str]], kept: dict | None = None) -> np.ndarray | None:
    """Per memory (``texts()``, the candidates' texts): True when it names a relative
    ``message`` asks about; ``None`` when the message names no relation. ``kept``: a
    dict kept with the candidates (the scorer's, per user) where each memory's relations
    and the store's names are read once."""
    asked = kin_concepts(message)
    if not asked:
        return None
    wanted = frozenset().union(*(broader(c) for c in asked)) | _in_laws(asked)
    table = kept.get("relatives") if kept is not None else None
    if table is None:
        table = _Table(texts())
        if kept is not None:
            kept["relatives"] = table
    return table.flags(wanted)


class _Table:
    """A store's relations and names, read once: per concept a column of the memories
    naming it, the names the store gives each concept, and per name its column (read
    the first time a question needs it)."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.columns: dict[str, np.ndarray] = {}
        self.names: dict[str, set[str]] = {}
        self._named: dict[str, np.ndarray] = {}
        for i, text in enumerate(texts):
            for concept in kin_concepts(text):
                column = self.columns.get(concept)
                if column is None:
                    column = self.columns[concept] = np.zeros(len(texts), dtype=bool)
                column[i] = True
            for concept, name in kin_names(text):
                self.names.setdefault(concept, set()).add(name)

    def flags(self, wanted: frozenset[str]) -> np.ndarray:
        flags = np.zeros(len(self.texts), dtype=bool)
        for concept in wanted:
            column = self.columns.get(concept)
            if column is not None:
                flags |= column
            for name in self.names.get(concept, ()):
                flags |= self._name_column(name)
        return flags

    def _name_column(self, name: str) -> np.ndarray:
        column = self._named.get(name)
        if column is None:
            rx = re.compile(r"\b" + re.escape(name) + r"\b")
            column = self._named[name] = np.fromiter(
                (name in t and rx.search(t) is not None for t in self.texts), dtype=bool, count=len(self.texts)
            )
        return column
