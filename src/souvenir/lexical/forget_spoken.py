"""Requests not to keep what was said, in spoken French without « ne » (pure; issue #26,
session 20): « retiens pas ça », « non en fait garde pas ça », « l'enregistre pas stp »,
« note pas ça, c'est perso ». Read by ``forget_cues_other.other_cue`` beside the written
cues (``forget_cues``: « ne retiens pas ça »).

Addressed to the assistant like the written ones: at a clause start, after an interjection or
a discourse word (non, bon, en fait, ah, euh, attends, et, mais, alors, donc, stp), never after a
subject (« je retiens pas les noms », « tu notes pas tout » are statements). The verb of keeping
is followed by « pas » and then the deictic (ça, cela, ceci, « ce truc », « cette info »,
« tout ça ») or the end of the clause — never an object of its own (« garde pas rancune »).
"""

from __future__ import annotations

import re

__all__ = ["spoken_fr_cue"]

_LEAD = (
    r"(?:^|[,;:\-–—(.…]\s*)(?:(?:non|bon|ah|oh|euh|attends|et|mais|alors|donc|enfin|stp|svp|ok|bref)[\s,]+)*"
    r"(?:en\s+fait[\s,]+)?(?:(?:stp|svp)\s+)?"
)
_SPOKEN_FR = re.compile(
    _LEAD + r"(?:le\s+|la\s+|les\s+|l')?(?:retiens|retenez|garde|gardez|note|notez|mémorise|mémorisez|enregistre"
    r"|enregistrez|sauvegarde|sauvegardez|stocke|stockez)\s+(?:surtout\s+|vraiment\s+|stp\s+|svp\s+)?pas"
    r"(?:\s+(?:ça|ca|cela|ceci|tout\s+ça|ce\s+(?:truc|détail|passage|bout)|cette\s+(?:info|partie|histoire))\b"
    r"|\s*(?:[,;:.!?…]|$)|\s+(?:stp|svp|hein)\b)",
    re.I,
)


def spoken_fr_cue(folded: str) -> bool:
    """Whether ``folded`` (a sentence, NFKC-folded, ASCII apostrophes) holds a spoken French
    request not to keep what was said (module docstring)."""
    return bool(_SPOKEN_FR.search(folded))
