"""Which stored memories a request to forget names (pure: data in, ids out).

A request said in chat (:mod:`souvenir.lexical.forget_cues`) names what to forget by
its *topic* words. A memory is named when it holds every topic word, or when the topic
and the memory each hold half of the other's content words or more, two words at least (one
shared word of a longer topic names something beside the memory: "Forget the peanut cake"
never names "Allergic to peanuts") (the filters' own
"half of the content words" measure; Chinese by substring, Latin by stem). "Forget what I
said about my brother's gambling debts" names "Brother has gambling debts" and "Brother
owes 20k in gambling debts", not "Brother lives in Lyon"; "forget everything about my
brother" names all three.

The reflection may propose memory ids to forget (the model read the exchange with the
candidate memories): code accepts one only when the message holds a request and the
memory is among those the request may name — a topic word in it, or, for a request that
names nothing by itself ("forget what I just said", 删掉吧), a memory written from one of
the user's two latest turns that left memories (sources ``turn:N``). Nothing else is ever erased on a model's word.

A request pointing at what was just said ("don't remember that", 这事你别记了:
:mod:`souvenir.lexical.forget_deixis`) erases the ids the engine found the previous turn wrote
(``pointed``); "never mind" ("Forget it, I'll ask my mom") erases nothing, even on a model's word.

A memory written in another language than the request is named by the topic's translation
(:func:`souvenir.write.forget_across.across_languages`: "my sister" names « Ma sœur habite à
Lyon »), beside those named word for word. An attribute request ("where I live", "tempat tinggal
saya") with no keyed value and no word in common names a memory of the user's own by the
attribute's concept (``home``, ``work``).

When the request's words name no memory, :func:`souvenir.write.forget_near.match_near`
reads its topic by kind (relatives, concepts, Chinese morphemes): a single memory so named
is erased, two or more are candidates the user is asked about (nothing erased), unless the
request asks for all or the reflection's ids pick among them.

A request to forget *everything about the user* (``ForgetRequest.whole``: "forget everything
about me", « oublie tout ce que tu sais sur moi », 忘掉关于我的一切, "lupakan semua tentang
saya", said plainly: no condition, hedge or question but a polite one) names every active
memory of theirs but the operator's rules; said with a hedge or a condition it is no whole
request, names nothing, and is ambiguous.

An *ambiguous* request (no memory named) erases nothing: the caller records it as a
decision. Operator rules (kind ``rule``) are never erased by a user's request.

Shape::

    match_forget(forget_requests(message), memories)
    -> ForgetMatch(erase=(12,), ambiguous=False, reason="…")
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from souvenir.lexical.other_senses import without_other_senses
from souvenir.lexical.forget_cues import ForgetRequest, head_topic
from souvenir.lexical.forget_deixis import never_mind, points_back
from souvenir.lexical.forget_named import names_a_third_person
from souvenir.lexical.keyed import user_keys
from souvenir.lexical.named_person import any_word_not_name
from souvenir.lexical.tagged import Tok, content_of, supported, tokenize
from souvenir.lexical.topic_concepts import text_concepts
from souvenir.read.scoring.kinship import kin_concepts
from souvenir.ground.types import Memory
from souvenir.write.forget_across import across_languages
from souvenir.write.forget_near import match_near, relatives_agree
from souvenir.write.forget_whose import memory_owner, owner_named

__all__ = ["ForgetMatch", "match_forget", "named_by"]


@dataclass(frozen=True, slots=True)
class ForgetMatch:
    """``erase``: the memory ids to forget, in ``memories`` order; ``ambiguous``: requests
    were made but none named a memory, or one named an attribute two memories hold;
    ``candidates``: then, those memories' ids (the request asks which); ``reason``: one
    sentence for the event log, in plain words (no text of an erased memory in it: the event
    must not carry what is forgotten; the candidates of a question are quoted, nothing being
    erased — a later erasure of one scrubs the event like every text carrying it);
    ``whole``: the user asked to forget everything about them (every text of theirs goes too)."""

    erase: tuple[int, ...]
    ambiguous: bool
    reason: str
    candidates: tuple[int, ...] = ()
    whole: bool = False


def _share(tokens: Sequence[Tok], pool: list[Tok], pool_key: str) -> float:
    if not tokens:
        return 0.0
    return sum(supported(tok, pool, pool_key) for tok in tokens) / len(tokens)


def named_by(request: ForgetRequest, text: str) -> bool:
    """Whether ``request``'s topic names a memory of ``text`` (module docstring)."""
    topic = list(request.topic)
    if not topic or not relatives_agree(topic, text):  # « ma mère » never names « la mer »
        return False
    if not (owner_named(topic, text) or names_a_third_person(request.sentence)):
        return False  # "my money stuff" never names "Sister owes money…"; "his debts" may
    if any_word_not_name(topic, request.sentence, text):  # "about Rose" never names "I grow roses"
        return False
    tokens = tokenize(without_other_senses(text))  # "the move" never names "Was moved to tears"
    content = content_of(tokens)
    key = "".join(tok.key for tok in tokens if tok.cjk)
    in_memory = _share(topic, tokens, key)
    if in_memory == 1.0:
        return True
    # half of each side, two words at least: one shared word of a longer topic names a thing
    # beside the memory ("Forget the peanut cake" is no word about "Allergic to peanuts")
    shared = sum(supported(tok, tokens, key) for tok in topic)
    if not (shared >= 2 and in_memory >= 0.5 and _share(content, topic, request.topic_key) >= 0.5):
        return False
    # the words shared must say what, not only whose: "my little sister's wedding" shares
    # "little sister" with "My little sister plays tennis", the person's two words
    owner = memory_owner(text)
    if owner is None or not owner[0]:
        return True
    person = list(owner[0])
    person_key = "".join(tok.key for tok in person if tok.cjk)
    return any(supported(tok, tokens, key) and not supported(tok, person, person_key) for tok in topic)


def _mentions(request: ForgetRequest, text: str) -> bool:
    if not (owner_named(request.topic, text) or names_a_third_person(request.sentence)):
        return False  # the model's pick is held to whose it is too
    if any_word_not_name(request.topic, request.sentence, text):
        return False
    tokens = tokenize(text)
    key = "".join(tok.key for tok in tokens if tok.cjk)
    return any(supported(tok, tokens, key) for tok in request.topic)


def _recent(pool: list[Memory]) -> frozenset[str]:
    sources = [m.source or "" for m in pool]
    turns = sorted({int(s[5:]) for s in sources if s.startswith("turn:") and s[5:].isdigit()}, reverse=True)
    return frozenset(f"turn:{n}" for n in turns[:2])


def match_forget(
    requests: Sequence[ForgetRequest],
    memories: Iterable[Memory],
    proposed: Iterable[int] = (),
    pointed: Iterable[int] | None = None,
    near: bool = True,
) -> ForgetMatch:
    """The memories ``requests`` name among the user's active ``memories``, plus the
    ``proposed`` ids code accepts (module docstring). ``pointed``: the ids a request naming
    nothing but what was just said points at ("don't remember that": what the user's
    previous turn wrote, chosen by the engine, :mod:`souvenir.engine.chat_forget`); erased
    as named, rules never; given (even empty), a model's ids for such a request are accepted
    among them only. A "never mind" request ("Forget it, I'll ask my mom":
    :func:`~souvenir.lexical.forget_deixis.never_mind`) accepts none. ``near=False``: the
    topic said in other words (:func:`~souvenir.write.forget_near.match_near`) is not tried —
    for a pool known to be incomplete, where the memory the request names may not be written
    yet and another one would be taken in its stead (the request's reflection decides later)."""
    if not requests:
        return ForgetMatch((), False, "no request to forget")
    pool = [m for m in memories if m.status == "active" and m.kind != "rule" and m.text]
    # 算了，这事你别记了: its topic's fillers (这事, 算了) name nothing
    requests = [replace(r, topic=()) if r.topic and points_back(r) else r for r in requests]
    just_said = set(pointed or ())
    if just_said and not any(r.whole or r.topic or r.keys for r in requests):
        said = tuple(m.id for m in pool if m.id in just_said)
        if said:
            ids = ", ".join(f"#{i}" for i in said)
            return ForgetMatch(said, False, f"the user asked in chat to forget what they had just said: {ids}")
    if any(r.whole for r in requests):  # "forget everything about me": every memory of theirs
        if not pool:
            return ForgetMatch((), True, "asked to forget everything about them, but no memory is stored", whole=True)
        return ForgetMatch(
            tuple(m.id for m in pool),
            False,
            f"the user asked in chat to forget everything about them: {len(pool)} memor{'y' if len(pool) == 1 else 'ies'}",
            whole=True,
        )
    which = _which(requests, pool)
    if which:
        quoted = " or ".join(f"#{m.id} ({_quote(m.text)})" for m in which[1][:_SHOWN])
        if len(which[1]) > _SHOWN:
            quoted += f" (and {len(which[1]) - _SHOWN} more)"
        return ForgetMatch(
            (),
            True,
            f"asked to forget {_WHAT.get(which[0], 'something')}, which {len(which[1])} memories hold: "
            f"which one? {quoted}; nothing erased",
            tuple(m.id for m in which[1]),
        )
    recent = _recent(pool)
    asked = set(proposed)
    if any(never_mind(r) for r in requests):  # never mind: not even on a model's word
        asked = set()
    elif pointed is not None and any(points_back(r) for r in requests):
        asked &= just_said
    erase: list[int] = []
    by_topic = [r for r in requests if not r.keys]  # an attribute's request: its holders below
    for memory in pool:
        if any(named_by(r, memory.text) for r in by_topic):
            erase.append(memory.id)
        elif memory.id in asked and any(
            _mentions(r, memory.text) if r.topic else (memory.source or "") in recent for r in requests
        ):
            erase.append(memory.id)
    for request in requests:  # "where I live": the one memory holding the attribute
        for memory in _holding(request, pool):
            if memory.id not in erase:
                erase.append(memory.id)
    erase += across_languages(by_topic, pool, erase)  # « Ma sœur habite à Lyon » for "my sister"
    if erase:
        erase += _same_turn_in_other_words(requests, pool, erase, asked)
        ids = ", ".join(f"#{i}" for i in erase)
        return ForgetMatch(tuple(erase), False, f"the user asked to forget it in chat: {ids}")
    narrow = [
        replace(r, topic=head) for r in by_topic if r.topic and (head := head_topic(r.sentence)) and head != r.topic
    ]
    if narrow:  # the cue's own clause alone: what came after it was a comment ("…别记着，家丑")
        erase = [m.id for m in pool if any(named_by(r, m.text) for r in narrow)]
        if erase:
            ids = ", ".join(f"#{i}" for i in erase)
            return ForgetMatch(tuple(erase), False, f"the user asked to forget it in chat: {ids}")
    if not near:  # the pool may lack the memory named: no other one in its stead
        return ForgetMatch(
            (), True, "nothing names it word for word yet; in other words once the earlier turns are read"
        )
    other = match_near(requests, pool, asked)  # the topic in other words (issue #26, forget2)
    if other is not None:
        return ForgetMatch(other.erase, not other.erase, other.reason, () if other.erase else other.candidates)
    topics = sum(bool(r.topic) for r in requests)
    why = "no memory matches what it names" if topics else "it does not say what ('forget that')"
    return ForgetMatch((), True, f"asked to forget something, but {why}; nothing erased")


def _same_turn_in_other_words(
    requests: Sequence[ForgetRequest], pool: list[Memory], erase: list[int], asked: set[int]
) -> list[int]:
    """The memories of the same turn (``source``) as one named word for word that the topic
    names in other words (:func:`~souvenir.write.forget_near.match_near`): a model's note in
    other words and the message it restated, kept beside it as its episode, are one statement —
    « A une dette envers son cousin Paul » was erased for « oublie … ma dette à mon cousin
    Paul » and « Je dois 2000 euros à mon cousin Paul » stayed (docs/security.md, session 24)."""
    sources = {m.source for m in pool if m.id in erase and m.source}
    siblings = [m for m in pool if m.id not in erase and m.source in sources]
    if not siblings:
        return []
    other = match_near(requests, siblings, asked)
    return list(other.erase) if other is not None else []


def _holding(request: ForgetRequest, pool: list[Memory]) -> list[Memory]:
    """The memories holding the attribute ``request`` asks about by a question word ("where
    I live": the user's keyed home values; a relative's "Sister lives in Ipoh" has no key), else
    the memories its topic names."""
    if not request.keys:
        return []
    keyed = [m for m in pool if any(k.startswith(request.keys) for k in user_keys(m.text).keys)]
    named = keyed or [m for m in pool if named_by(request, m.text)]
    if named or not request.attribute:
        return named
    # no value read, no word shared: the attribute's concept in any language, the user's own
    # ("tempat tinggal saya" beside "Saya tinggal di Kampung Baru"; "where I work" beside 我在腾讯工作)
    return [m for m in pool if request.attribute in text_concepts(m.text) and not kin_concepts(m.text)]


_WHAT = {"home": "where they live", "work": "where they work"}
#: Candidates quoted in the question at most (the event's detail stays short).
_SHOWN = 4


def _which(requests: Sequence[ForgetRequest], pool: list[Memory]) -> tuple[str, list[Memory]] | None:
    """The memories a request asking about an attribute ("where I live", 我住在哪里) may mean,
    when there are two or more and it did not ask for all of them ("everything about…"):
    the user is asked which, nothing is erased; ``(attribute, memories)``, else ``None``."""
    for request in requests:
        if request.keys and not request.everything and len(held := _holding(request, pool)) >= 2:
            return request.attribute or "", held
    return None


def _quote(text: str) -> str:
    return repr(text if len(text) <= 80 else text[:79] + "…")
