"""A request to forget said in other words than the memory (pure: data in, ids out).

:func:`souvenir.write.forget_match.match_forget` names a memory by the request's own words.
"Forget my money problems" beside "I owe 20k on my credit card", 别记我欠债的事了 beside
我欠了信用卡债务, « Oublie ce que je t'ai dit sur ma maman » beside « Sa mère a la maladie
d'Alzheimer » share no word: before this module they erased nothing (issue #26). When the
words named no memory, :func:`match_near` reads the topic by *kind* of word:

- the relatives it names (:func:`souvenir.read.scoring.kinship.kin_concepts`: "mum" is
  "mother", 妈 is 母亲, "emak" is "ibu") must be the memory's relatives, and a topic naming
  none never names a memory about a relative ("my debts" is not "Sister owes money to the
  bank"; "my brother's debts" is not the user's own mortgage); "family" / 家人 / "keluarga"
  names any relative;
- every other topic word must be in the memory: the same word (stem, Chinese substring), the
  head of a glued Chinese compound (信用卡债务 holds 债务), or a word of a concept that covers
  the memory's (:mod:`souvenir.lexical.topic_concepts`: 欠债 ~ 债务 by the morpheme 债, "debts"
  ~ "owe", "health" ~ "asthma"); filler words ("stuff", 事, "hal") name nothing, a trouble
  word ("problems", 问题, "masalah") reads money as debt.

Two errors never cost the same, and both matter: erasing the wrong memory loses a fact,
keeping one breaks the user's will. So only a *single* memory so named is erased; two or
more are *candidates*: nothing is erased, the request is recorded as a decision that names
them (the user is asked which), unless the request asks for all ("everything about my
debts") or the reflection proposed ids among them (the model read the exchange; code accepts
only a candidate). Measured on ``tests/cases/forget_near_*.jsonl``
(``python -m souvenir.bench.forget_eval``; numbers in ``docs/write-path.md``).

Shape::

    match_near(forget_requests("Forget my money problems."), memories, proposed=())
    -> NearMatch(erase=(3,), candidates=(3,), reason="…")   # or None: the topic names nothing
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from souvenir.lexical.forget_cues import ForgetRequest
from souvenir.lexical.named_person import any_word_not_name
from souvenir.lexical.tagged import Tok, supported, tokenize
from souvenir.lexical.topic_concepts import (
    covers,
    is_family,
    is_filler,
    is_trouble,
    narrowed,
    text_concepts,
    word_concepts,
)
from souvenir.read.scoring.kinship import broader, kin_concepts, word_kin
from souvenir.ground.types import Memory
from souvenir.write.forget_whose import without_named_persons_relatives

__all__ = ["NearMatch", "NearTopic", "match_near", "names_near", "near_topic", "relatives_agree"]

#: Candidates quoted in the event at most.
_SHOWN = 4


@dataclass(frozen=True, slots=True)
class NearTopic:
    """A request's topic read by kind: ``words`` (what must be in the memory, with their
    concepts), ``kin`` (relation concepts the memory must name), ``family`` (any relative)."""

    words: tuple[tuple[Tok, frozenset[str]], ...]
    kin: frozenset[str]
    family: bool

    @property
    def empty(self) -> bool:
        """It names nothing: no word, no relative."""
        return not self.words and not self.kin and not self.family


@dataclass(frozen=True, slots=True)
class NearMatch:
    """``erase``: the ids to forget; ``candidates``: every memory the topic may name (the
    user is asked which when ``erase`` is empty); ``reason``: one sentence for the event log
    (quotes candidates only when nothing is erased)."""

    erase: tuple[int, ...]
    candidates: tuple[int, ...]
    reason: str


def near_topic(request: ForgetRequest) -> NearTopic:
    """``request``'s topic read by kind (module docstring)."""
    kin: set[str] = set()
    family = False
    trouble = any(is_trouble(tok) for tok in request.topic)
    words: list[tuple[Tok, frozenset[str]]] = []
    for tok in request.topic:
        relatives = word_kin(tok.raw)
        if relatives:
            kin |= relatives
            if not tok.cjk or not (rest := _less_kin(tok.key)):
                continue
            tok = Tok(rest, rest, rest, tok.role, True)  # 爸爸经济困难: 经济困难
        if is_family(tok):
            family = True
        elif not is_trouble(tok) and not is_filler(tok):
            words.append((tok, narrowed(word_concepts(tok), trouble)))
    if trouble and not words:  # "money problems" says money; "my problems" alone says nothing
        return NearTopic((), frozenset(kin), family)
    return NearTopic(tuple(words), frozenset(kin), family)


def relatives_agree(topic: Sequence[Tok], text: str) -> bool:
    """Whether every relation word of ``topic`` names a relative memory ``text`` names: a
    shared stem is not enough (« ma mère » is not « fruits de mer »: both stem to ``mer``)."""
    asked = [kin for tok in topic if (kin := word_kin(tok.raw))]
    if not asked:
        return True
    relatives = kin_concepts(text)
    return all(any(broader(k) & relatives for k in kin) for kin in asked)


def _less_kin(key: str) -> str:
    """A glued Chinese token less its relation word (哥哥借钱: 借钱), empty when all kin."""
    for size in (3, 2, 1):
        if kin_concepts(key[:size]):
            return key[size:]
    return ""


def names_near(topic: NearTopic, text: str) -> bool:
    """Whether ``topic`` names the memory ``text`` (module docstring)."""
    if topic.empty:
        return False
    relatives = kin_concepts(without_named_persons_relatives(text))  # "ibu Hafiz" is not "my mother"
    if topic.kin:
        if not all(broader(k) & relatives for k in topic.kin):
            return False
    elif topic.family:
        if not relatives:
            return False
    elif relatives:
        return False
    tokens = tokenize(text)
    key = "".join(tok.key for tok in tokens if tok.cjk)
    concepts = text_concepts(text)
    heads = [tok.key for tok in tokens if tok.cjk and len(tok.key) >= 2]
    for tok, kinds in topic.words:
        if supported(tok, tokens, key):
            continue
        if tok.cjk and any(tok.key.endswith(head) for head in heads):
            continue
        if not any(covers(kind, theirs) for kind in kinds for theirs in concepts):
            return False
    return True


def match_near(
    requests: Sequence[ForgetRequest], pool: Iterable[Memory], proposed: Iterable[int] = ()
) -> NearMatch | None:
    """The memories ``requests`` name in other words among ``pool`` (the user's active
    memories, operator rules left out by the caller), ``None`` when none: a single one is
    erased; two or more are candidates, erased only when a request asks for all of them or
    as far as ``proposed`` (the reflection's ids) picks among them (module docstring).
    Requests asking about an attribute ("where I live") or everything about the user are the
    caller's."""
    topics = [(r, near_topic(r)) for r in requests if not r.keys and not r.whole]
    topics = [(r, t) for r, t in topics if not t.empty]
    if not topics:
        return None
    memories = list(pool)
    named = [
        m
        for m in memories
        if any(names_near(t, m.text) and not any_word_not_name(r.topic, r.sentence, m.text) for r, t in topics)
    ]
    if not named:
        return None
    ids = tuple(m.id for m in named)
    listed = ", ".join(f"#{i}" for i in ids)
    if len(named) == 1 or any(r.everything for r, _ in topics):
        return NearMatch(ids, ids, f"the user asked to forget it in chat, in other words: {listed}")
    picked = tuple(i for i in ids if i in set(proposed))
    if picked:
        chosen = ", ".join(f"#{i}" for i in picked)
        return NearMatch(
            picked, ids, f"the user asked to forget it in chat; the reflection picked {chosen} of {listed}"
        )
    quoted = " or ".join(f"#{m.id} ({_quote(m.text)})" for m in named[:_SHOWN])
    if len(named) > _SHOWN:
        quoted += f" (and {len(named) - _SHOWN} more)"
    return NearMatch(
        (), ids, f"asked to forget something {len(named)} memories may be: which one? {quoted}; nothing erased"
    )


def _quote(text: str) -> str:
    return repr(text if len(text) <= 80 else text[:79] + "…")
