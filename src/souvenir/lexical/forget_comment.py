"""A request pointing at what was just said, followed by the user's comment on it (pure; issue
#26, session 20): « non en fait retiens pas ça, c'est trop perso », "eh jangan ingat yang tu,
malu saya", "actually don't save that, it's a bit embarrassing", 这个别记了，太丢人了.

The request's topic (:mod:`souvenir.lexical.forget_cues`) runs from its cue clause to the end of
the sentence, so the comment ("malu saya", « c'est trop perso ») reads as a named topic and the
request as naming something no memory holds. The comment is no topic when the cue clause names
nothing but fillers and deictics, and no later clause names a topic by a word of "about" (about,
regarding, "the part about", « sur / à propos de / concernant », pasal / tentang / mengenai, 关于
/ 有关) or holds a cue of its own.

Shape::

    bare_before_comment("eh jangan ingat yang tu, malu saya", is_filler)       -> True
    bare_before_comment("jangan ingat tu, pasal hutang abang saya", is_filler) -> False
"""

from __future__ import annotations

import re
from collections.abc import Callable

from souvenir.lexical.forget_cues import _has_cue, _topic
from souvenir.lexical.normalize import nfkc_fold
from souvenir.lexical.tagged import Tok

__all__ = ["bare_before_comment"]

_CLAUSE = re.compile(r"[,;:，；：]")
#: A later clause that names the topic: a word of "about" at its start (four languages).
_NAMES = re.compile(
    r"^(?:i\s+mean\s+)?(?:about|regarding|concerning|re|on|the\s+(?:part|bit|thing|stuff)\s+(?:about|on|with)"
    r"|sur|concernant|à\s+propos|au\s+sujet|le\s+(?:truc|passage)\s+sur|la\s+partie\s+sur"
    r"|pasal|tentang|mengenai|berkenaan|bab|hal)\b|^(?:关于|有关|就是)",
    re.I,
)


def bare_before_comment(sentence: str, filler: Callable[[Tok], bool]) -> bool:
    """Whether ``sentence``'s first cue clause (and any clause before it) holds only tokens
    ``filler`` accepts, and the clauses after it are a comment (module docstring). ``False``
    when the sentence has one clause or no cue."""
    clauses = [clause.strip() for clause in _CLAUSE.split(sentence) if clause.strip()]
    first = next((i for i, clause in enumerate(clauses) if _has_cue(clause)), None)
    if first is None or first == len(clauses) - 1:
        return False
    if not all(filler(tok) for tok in _topic(", ".join(clauses[: first + 1]))):
        return False
    rest = clauses[first + 1 :]
    return not any(_NAMES.match(nfkc_fold(clause).replace("’", "'").lower()) or _has_cue(clause) for clause in rest)
