"""A message that only asks for a thing told before, or only drops a subject, yields no memory
(issue #26, round 25): a pure write-path filter of the model chain.

"What's my dog called?", « Comment s'appelle mon chien ? », 我的狗叫什么名字？, "Apa nama kucing
saya?" (:mod:`souvenir.lexical.own_asks`), "Do you remember what I do for a living?"
(:mod:`souvenir.lexical.recall_asks`): the user asks the listener for what it should know. Kept as
an episode, such a message takes a place and states nothing: an episode of it, or a candidate that
is itself such a question, is dropped. A fact the question takes for granted ("Has a dog") is left
to the other filters (a presupposed fact is no hypothesis).

"Never mind about the dentist thing", « Laisse tomber pour le dentiste », 算了牙医的事不说了, "Tak
apalah pasal doktor gigi tu" (:func:`souvenir.lexical.dismissals.topic_dismissal`): the user drops a
subject for now. Nothing is asserted, so no candidate drawn from the message is kept; and it is no
request to forget (the forget readers do not read it: nothing is erased).

A message with any other sentence beside ("What's my dog called? I adopted him last week",
"Never mind about the dentist, I'll go next week") is read by the other filters as before.
"""

from __future__ import annotations

from souvenir.lexical.dismissals import dismissal, topic_dismissal
from souvenir.lexical.own_asks import own_question
from souvenir.lexical.questions import assertive, sentences
from souvenir.lexical.recall_asks import recall_question
from souvenir.lexical.sloppy import apostrophes
from souvenir.ground.types import Candidate
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep

NAME = "asks_only"


def _parts(text: str) -> list[str]:
    return [apostrophes(s).strip() for s in sentences(assertive(text)) if any(ch.isalnum() for ch in s)]


def _asks(sentence: str) -> bool:
    return recall_question(sentence) or own_question(sentence)


def asks_only_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop ``candidate`` when the user's message only asks for a thing told before (an episode of
    it, or the question itself) or only drops a subject (any candidate): module docstring."""
    message = exchange.user_message or ""
    if not message or len(message) > 600:
        return keep(NAME, candidate)
    parts = _parts(message)
    if not parts:
        return keep(NAME, candidate)
    dropped = [p for p in parts if topic_dismissal(p)]
    if dropped and all(topic_dismissal(p) or dismissal(p) for p in parts):
        topic = topic_dismissal(dropped[0])
        return drop(
            NAME, candidate, f"the user dropped the subject ({topic!r}) and stated nothing; no request to forget"
        )
    if not all(_asks(p) for p in parts):
        return keep(NAME, candidate)
    own = _parts(candidate.text)
    if candidate.kind == "episode" or (own and all(_asks(p) for p in own)):
        return drop(
            NAME, candidate, "the user asked for a thing told before (what's my…, do you remember what…), no fact"
        )
    return keep(NAME, candidate)
