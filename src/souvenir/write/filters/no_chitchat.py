"""Chit-chat is no memory (issue #25): a pure write-path filter.

A model's note, or a message kept as an episode, that carries no durable fact about the
user — agreement, greetings, thanks, farewells, praise of the other speaker or of their
thing, a proposal ("let's…"), a question, an exclamation — is dropped with its kind
(:func:`souvenir.lexical.chitchat.chit_chat`). A text is chit-chat only when every
sentence of it is: "Thanks! I started pottery last week" states a fact and is kept whole.

Shape::

    chitchat_filter(Candidate("I totally agree, Melanie!"), Exchange("I totally agree, Melanie! …"))
    -> FilterDecision(kept=False, filter="chitchat", reason="chit-chat (empty): …", candidate=…)
"""

from __future__ import annotations

from souvenir.lexical.chitchat import chit_chat
from souvenir.types import Candidate
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep

#: The filter's name in drop events (``write:dropped:chitchat``).
NAME = "chitchat"

#: What each kind means, for the diagnostics page.
KIND_REASONS = {
    "leaving": "a leave-taking and the errand it goes to (I'm off to…, je file, 我先走了, saya gerak dulu)",
    "opinion": "a judgement of a thing with no one in it (the colors blend nicely…)",
    "proposal": "a proposal to the other speaker (let's…, on pourrait…, 我们…吧, jom…)",
    "question": "a question, with no statement about the user",
    "addressed": "about the other speaker (you…, your…), not the user",
    "praise": "praise of something shown (that's…, looks…)",
    "empty": "greetings, thanks, agreement or exclamations only",
    "remark": "a general remark with no one in it (… is key, … is everything)",
}


def chitchat_reason(kind: str) -> str:
    """The human reason of a chit-chat drop of ``kind``."""
    return f"chit-chat ({kind}): {KIND_REASONS.get(kind, kind)}, no fact about the user"


def chitchat_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop ``candidate`` when its text is chit-chat (module docstring). ``exchange`` is
    unused: a note is judged by its own words (grounding already tied them to the message)."""
    del exchange
    kind = chit_chat(candidate.text)
    if kind is None:
        return keep(NAME, candidate)
    return drop(NAME, candidate, chitchat_reason(kind))
