"""A Chinese nickname cut apart from its particle by the segmenter, rejoined (pure but for jieba's dictionary).

jieba reads 小美的 as 小 + 美的 (美的, the brand, is a dictionary word), 小静地说 as 小 + 静地,
and, for a name it does not know, glues the particle to it: 小美地说 → 小美地, 小美得了病 →
小美得. A request to forget then named 小 and 美的, never 小美: "忘掉小美的事" erased nothing
beside "我和小美吵架了" (session 25, lane harden10; fixed session 26, lane forget4). Every reader of
Chinese words cuts with :func:`souvenir.lexical.tokens.zh_words`, which calls
:func:`rejoin_names`, so the request and the memory agree.

The kind: a nickname of a prefix 小 / 老 / 阿 and one character, followed by the particle 的 /
地 / 得 (the possessive, the adverbial, the complement):

- the prefix alone, then a two-character word of one Han character and the particle (美的,
  静地, 真的, 雪地): the prefix and that character are one word, the particle another —
  小 + 美的 → 小美 + 的;
- one three-character word of the prefix, a character, the particle, that is not a dictionary
  word (小场地, 小天地 are) nor a reduplication (小小的): the first two characters are the
  name — 小美地 → 小美 + 地.

A two-character given name (丽丽, 志明, 美玲) before 的 is already cut apart by jieba; a longer
nickname glued otherwise is not read here.

Shape::

    rejoin_names(("忘掉", "小", "美的", "事")) -> ("忘掉", "小美", "的", "事")
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

__all__ = ["rejoin_names"]

#: The prefixes of a nickname (小X, 老X, 阿X) and the particles glued after one.
_PREFIXES = frozenset("小老阿")
_PARTICLES = frozenset("的地得")
_HAN = re.compile(r"[\u3400-\u9fff]")


def rejoin_names(words: Sequence[str], in_dictionary: Callable[[str], bool]) -> tuple[str, ...]:
    """``words`` (jieba's cut of one Han run) with each nickname cut from its particle
    rejoined (module docstring); ``in_dictionary``: whether a word is one of jieba's own."""
    out: list[str] = []
    for word in words:
        if (
            out
            and out[-1] in _PREFIXES
            and len(word) == 2
            and word[1] in _PARTICLES
            and _HAN.match(word[0])
            and word[0] not in _PARTICLES
        ):
            out[-1] += word[0]
            out.append(word[1])
            continue
        if (
            len(word) == 3
            and word[0] in _PREFIXES
            and word[2] in _PARTICLES
            and word[1] != word[0]
            and _HAN.match(word[1])
            and word[1] not in _PARTICLES
            and not in_dictionary(word)
        ):
            out.extend((word[:2], word[2]))
            continue
        out.append(word)
    return tuple(out)
