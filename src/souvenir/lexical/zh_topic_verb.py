"""A Chinese topic that says its own verb, then that verb negated alone (pure; issue #26, round 14).

    打游戏早就不玩了      踢足球早就不踢了      看动漫现在不看了

The topic is a glued verb and thing (打游戏: 打 + 游戏); the one-character verb after the negator
is the topic's own and adds no content. :func:`zh_topic_verb` drops it from a token list (the
proposition of a memory); the negation filter reads :data:`ZH_VO` the same way. A noun topic
(奶茶不喝了) keeps its verb, which a stored liking holds too (爱喝奶茶); a topic that says the verb
itself apart (看动漫早就不看了: 看 + 动漫) loses the repeated one.
"""

from __future__ import annotations

from souvenir.lexical.tokens import is_han

__all__ = ["ZH_ALREADY", "ZH_VO", "zh_topic_verb"]

#: First characters of a glued verb and its thing (打游戏, 踢足球, 看动漫, 喝奶茶).
ZH_VO = frozenset("打玩看喝吃抽踢跑弹学练追刷逛下骑")
#: Adverbs of "already / long since / now" between the topic and the negator: no content.
ZH_ALREADY = frozenset({"早就", "早", "已经", "早已", "现在", "都", "也"})


def zh_topic_verb(tokens: list[str]) -> list[str]:
    """A Chinese topic, then a negated one-character verb standing alone (打游戏早就不玩了, 奶茶不喝了):
    the verb is the topic's own, the topic is what the negation is about (round 14)."""
    end = len(tokens) - (1 if tokens and tokens[-1] == "了" else 0)
    if (
        end < 3
        or len(tokens[end - 1]) != 1
        or not is_han(tokens[end - 1])
        or tokens[end - 2] not in ("不", "没", "不再")
    ):
        return tokens
    head = [t for t in tokens[: end - 2] if t not in ZH_ALREADY]
    # the topic says its own verb (打游戏, 看动漫, 踢球): the bare verb after it adds nothing; a noun topic
    # (奶茶不喝了) keeps its verb, which the stored liking holds too (爱喝奶茶)
    verb = tokens[end - 1]
    if (
        not head
        or not all(is_han(t[0]) for t in head)
        or not any((len(t) >= 2 and t[0] in ZH_VO) or (t == verb and len(head) > 1) for t in head)
    ):
        return tokens
    return head + [tokens[end - 2]] + tokens[end:]
