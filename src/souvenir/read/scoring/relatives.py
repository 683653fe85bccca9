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
from collections.abc import Callable

import numpy as np

from souvenir.read.scoring.kinship import broader, kin_concepts, kin_names

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


#: Above this many candidates the relations are read on the best ones by the first stage
#: only (USE + e5 + BM25): a memory below them gains nothing it could use (the gain is 4
#: against a first stage whose 24th memory stands several spreads above the crowd), and
#: reading every text of a 100,000-memory store would cost seconds the first time.
READ_AT_MOST = 1_000


def relative_flags(message: str, texts: Callable[[], list[str]], first: np.ndarray | None = None) -> np.ndarray | None:
    """Per memory (``texts()``, the candidates' texts): True when it names a relative
    ``message`` asks about; ``None`` when the message names no relation. ``first``: the
    first stage's score per memory; with more than :data:`READ_AT_MOST` memories only the
    best :data:`READ_AT_MOST` by it are read (their names too), the others are False."""
    asked = kin_concepts(message)
    if not asked:
        return None
    wanted = frozenset().union(*(broader(c) for c in asked)) | _in_laws(asked)
    listed = texts()
    n = len(listed)
    if first is not None and n > READ_AT_MOST:
        rows = np.argpartition(-np.nan_to_num(first, nan=-np.inf), READ_AT_MOST - 1)[:READ_AT_MOST]
    else:
        rows = np.arange(n)
    flags = np.zeros(n, dtype=bool)
    names: set[str] = set()
    for i in rows.tolist():
        text = listed[i]
        if kin_concepts(text) & wanted:
            flags[i] = True
        names.update(name for concept, name in kin_names(text) if concept in wanted)
    if names:
        rx = re.compile(r"\b(?:" + "|".join(re.escape(name) for name in sorted(names)) + r")\b")
        for i in rows[~flags[rows]].tolist():
            text = listed[i]
            if any(name in text for name in names) and rx.search(text):
                flags[i] = True
    return flags
