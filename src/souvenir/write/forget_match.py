"""Which stored memories a request to forget names (pure: data in, ids out).

A request said in chat (:mod:`souvenir.lexical.forget_cues`) names what to forget by
its *topic* words. A memory is named when it holds every topic word, or when the topic
and the memory each hold half of the other's content words or more (the filters' own
"half of the content words" measure; Chinese by substring, Latin by stem). "Forget what I
said about my brother's gambling debts" names "Brother has gambling debts" and "Brother
owes 20k in gambling debts", not "Brother lives in Lyon"; "forget everything about my
brother" names all three.

The reflection may propose memory ids to forget (the model read the exchange with the
candidate memories): code accepts one only when the message holds a request and the
memory is among those the request may name — a topic word in it, or, for a request that
names nothing by itself ("forget what I just said", 删掉吧), a memory written from one of
the user's two latest turns that left memories (sources ``turn:N``). Nothing else is ever erased on a model's word.

An *ambiguous* request (no memory named) erases nothing: the caller records it as a
decision. Operator rules (kind ``rule``) are never erased by a user's request.

Shape::

    match_forget(forget_requests(message), memories)
    -> ForgetMatch(erase=(12,), ambiguous=False, reason="…")
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from souvenir.lexical.forget_cues import ForgetRequest
from souvenir.lexical.tagged import Tok, content_of, supported, tokenize
from souvenir.types import Memory

__all__ = ["ForgetMatch", "match_forget", "named_by"]


@dataclass(frozen=True, slots=True)
class ForgetMatch:
    """``erase``: the memory ids to forget, in ``memories`` order; ``ambiguous``: requests
    were made but none named a memory; ``reason``: one sentence for the event log (no
    memory text in it: the event must not carry what is forgotten)."""

    erase: tuple[int, ...]
    ambiguous: bool
    reason: str


def _share(tokens: Sequence[Tok], pool: list[Tok], pool_key: str) -> float:
    if not tokens:
        return 0.0
    return sum(supported(tok, pool, pool_key) for tok in tokens) / len(tokens)


def named_by(request: ForgetRequest, text: str) -> bool:
    """Whether ``request``'s topic names a memory of ``text`` (module docstring)."""
    topic = list(request.topic)
    if not topic:
        return False
    tokens = tokenize(text)
    content = content_of(tokens)
    key = "".join(tok.key for tok in tokens if tok.cjk)
    in_memory = _share(topic, tokens, key)
    if in_memory == 1.0:
        return True
    return in_memory >= 0.5 and _share(content, topic, request.topic_key) >= 0.5


def _mentions(request: ForgetRequest, text: str) -> bool:
    tokens = tokenize(text)
    key = "".join(tok.key for tok in tokens if tok.cjk)
    return any(supported(tok, tokens, key) for tok in request.topic)


def _recent(pool: list[Memory]) -> frozenset[str]:
    sources = [m.source or "" for m in pool]
    turns = sorted({int(s[5:]) for s in sources if s.startswith("turn:") and s[5:].isdigit()}, reverse=True)
    return frozenset(f"turn:{n}" for n in turns[:2])


def match_forget(
    requests: Sequence[ForgetRequest], memories: Iterable[Memory], proposed: Iterable[int] = ()
) -> ForgetMatch:
    """The memories ``requests`` name among the user's active ``memories``, plus the
    ``proposed`` ids code accepts (module docstring)."""
    if not requests:
        return ForgetMatch((), False, "no request to forget")
    pool = [m for m in memories if m.status == "active" and m.kind != "rule" and m.text]
    recent = _recent(pool)
    asked = set(proposed)
    erase: list[int] = []
    for memory in pool:
        if any(named_by(r, memory.text) for r in requests):
            erase.append(memory.id)
        elif memory.id in asked and any(
            _mentions(r, memory.text) if r.topic else (memory.source or "") in recent for r in requests
        ):
            erase.append(memory.id)
    if erase:
        ids = ", ".join(f"#{i}" for i in erase)
        return ForgetMatch(tuple(erase), False, f"the user asked to forget it in chat: {ids}")
    topics = sum(bool(r.topic) for r in requests)
    why = "the request names no memory" if topics else "the request names nothing by itself ('forget that')"
    return ForgetMatch((), True, f"ambiguous request to forget: {why}; nothing erased")
