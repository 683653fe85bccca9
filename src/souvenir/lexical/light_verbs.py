"""A liking said with a verb of playing or doing, and its end said with the thing alone (pure;
issue #26, round 15).

    Likes playing tennis        / Not into tennis anymore
    Aime jouer au tennis        / Le tennis, c'est fini pour moi
    喜欢打网球                   / 网球我早就不打了
    Suka main badminton         / Badminton dah tak minat sangat · Gitar dah lama tak main

The verb of playing or doing (:data:`LIGHT`: play, do, practise; jouer, faire, pratiquer; main,
bermain, buat) carries no content of its own before a game, a sport or an instrument: the thing
is what is liked or given up. :func:`unlit` is the proposition's content without those verbs, so
``proposition.is_flip`` compares "Likes playing tennis" with "Not into tennis anymore" as
"Likes tennis" was compared (a side left with no content word says nothing).

Chinese glues the verb to its thing (打网球, 弹钢琴): the noun topic said first and the verb after
its negator (网球我早就不打了) is put back in the glued order (:func:`zh_noun_topic`: 不 + 打 +
网球), with the "long since" adverbs (早就, 已经) and the user (我) set aside. Malay "dah lama" (for a
long time now) before a negator is no content either (:func:`aspect_word`).

Not read: a verb that says more than playing (watch, coach, teach, regarder, 看, tonton), which
stays content ("Likes watching tennis" is not retired by "Not into tennis anymore").
"""

from __future__ import annotations

import re
from functools import lru_cache
from collections.abc import Callable

from souvenir.lexical.tokens import is_han

__all__ = ["LIGHT", "aspect_word", "long_since", "unlit_content", "unlit_glued", "zh_noun_topic"]

#: Verbs of playing, doing or practising a thing, in four languages (the stemmer's input forms).
LIGHT = frozenset(
    """play plays playing played do does doing did practise practises practising practice practices
    practicing jouer joue joues jouais jouait jouions joué fais fait faire faisais faisait pratique
    pratiquer pratiquais pratiquait main bermain buat membuat""".split()
)
#: Chinese negators a noun topic's verb follows (网球我早就不打了).
_ZH_NEG = ("不", "没", "不再")
#: Adverbs and the user between a noun topic and its negated verb: no content.
_ZH_ASIDE = frozenset({"早就", "早", "已经", "早已", "都", "也", "我", "很久", "好久"})
#: Malay words before "lama" that make it "for a long time (now)": "dah lama tak main".
_MS_ASPECT = frozenset({"dah", "sudah", "telah", "dh"})


@lru_cache(maxsize=4)
def _light_stems(stem: Callable[[str], str]) -> frozenset[str]:
    return frozenset(stem(word) for word in LIGHT)


def unlit_content(content: frozenset[str], stem: Callable[[str], str]) -> frozenset[str]:
    """``content`` (stemmed words) without the verbs of playing or doing (``stem`` is the
    proposition's stemmer, so that "playing" and "play" both go); a Chinese glued 打 / 玩 before
    its thing goes too (打游戏 / 玩游戏 → 游戏)."""
    return frozenset(unlit_glued(word) for word in content - _light_stems(stem))


#: Chinese verbs of playing glued before a thing of two characters or more (打游戏, 玩游戏, 打网球).
_ZH_PLAY = re.compile(r"[打玩](?=[\u4e00-\u9fff]{2})")


def unlit_glued(glued: str) -> str:
    """Chinese ``glued`` characters without 打 / 玩 before a thing (爱打游戏 / 不玩游戏了 say one thing)."""
    return _ZH_PLAY.sub("", glued)


#: A stretch of time said as "for a long time" ("in years", « depuis des années », 好多年, "bertahun-tahun"):
#: how long, not what (round 15: "Haven't played guitar in years").
_LONG = {
    ("in", "years"),
    ("for", "years"),
    ("in", "ages"),
    ("for", "ages"),
    ("in", "decades"),
    ("for", "decades"),
    ("depuis", "longtemps"),
    ("depuis", "des"),
}
_LONG_ONE = frozenset(
    {"bertahun-tahun", "bertahun", "berbulan-bulan", "好多年", "很多年", "好几年", "多年", "好久", "很久"}
)


def long_since(tokens: list[str]) -> frozenset[int]:
    """The positions of a "for a long time" stretch in ``tokens`` (« depuis des années / lustres »
    whole)."""
    out: set[int] = set()
    for i, token in enumerate(tokens):
        if token in _LONG_ONE:
            out.add(i)
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if (token, nxt) in _LONG:
            if nxt == "des" and (
                i + 2 >= len(tokens) or tokens[i + 2] not in ("années", "annees", "lustres", "siècles")
            ):
                continue
            out.update(range(i, min(i + (3 if nxt == "des" else 2), len(tokens))))
    return frozenset(out)


def zh_noun_topic(tokens: list[str]) -> list[str]:
    """A Chinese noun topic, then a negated one-character verb (网球我早就不打了, 钢琴早就不弹了): the
    negator, the verb and the topic in the glued order (不 打 网球 了), the adverbs and 我 set aside;
    other token lists unchanged. A topic that holds a verb itself (打游戏早就不玩了) is
    ``zh_topic_verb``'s."""
    end = len(tokens) - (1 if tokens and tokens[-1] == "了" else 0)
    if end < 3 or len(tokens[end - 1]) != 1 or not is_han(tokens[end - 1]) or tokens[end - 2] not in _ZH_NEG:
        return tokens
    head = [t for t in tokens[: end - 2] if t not in _ZH_ASIDE]
    if len(head) != 1 or len(head[0]) < 2 or not all(is_han(ch) for ch in head[0]):
        return tokens
    return [tokens[end - 2], tokens[end - 1], head[0]] + tokens[end:]


def aspect_word(tokens: list[str], index: int) -> bool:
    """Is ``tokens[index]`` Malay "lama" said as an aspect ("dah lama tak main": for a long time
    now), not "old" ("kereta lama")?"""
    return tokens[index] == "lama" and index > 0 and tokens[index - 1] in _MS_ASPECT
