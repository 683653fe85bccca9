"""Pure lexical tools of the write path: normalisation, tokens, carriers, grounded dates,
keyed values about the user, and the role-tagged tokens the filters read (``tagged``, its
word lists in ``lexicon``). One folding, one jieba, one list of Chinese words that are not
negations for all of them.

Nothing here does I/O; "now" is always passed in.
"""

from __future__ import annotations

from souvenir.lexical.carriers import carrier_tokens, has_negation, is_negator
from souvenir.lexical.dates import ground_dates
from souvenir.lexical.keyed import UserKeys, user_keys
from souvenir.lexical.normalize import nfkc_casefold, normalize
from souvenir.lexical.tokens import content_words, tokenize

__all__ = [
    "normalize",
    "nfkc_casefold",
    "tokenize",
    "content_words",
    "carrier_tokens",
    "is_negator",
    "has_negation",
    "ground_dates",
    "user_keys",
    "UserKeys",
]
