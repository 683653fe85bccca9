"""Denial: a note that negates what the user's message never negates (issue #25).

A model's note can turn the user's words around: SmolLM2-135M wrote "I have never ever made
pizza before!" from "We made pizza! We had so much fun making them together." The note's
words are the user's ("made", "pizza"), so grounding's share passes it, and the polarity
check (:mod:`souvenir.write.filters.negation`) compares like with like only on a tight
overlap ("before" and the I / we swap loosen it). This module reads the negation itself: a
note holding a negator (never, not, no longer, no; ne…pas, jamais; 不, 没, 从不; tak, tidak,
belum, bukan — :func:`souvenir.lexical.tagged.tokenize`'s ``neg`` role) when the message
holds none at all (nor a verb of refusal: hate, can't stand, quit…) states what the user
did not say. Pure (text in, verdict out)::

    invented_negation("I have never ever made pizza before!", "We made pizza!")   -> "never"
    invented_negation("I don't eat meat anymore.", "I quit eating meat.")        -> None  (quit)
    invented_negation("I made pizza.", "We made pizza!")                         -> None

No threshold: the negators of the tokenizer are the rule. Its cost on LoCoMo's true
observations read against their own turn: ``bench/grounding_share.py --list-check denial``
(docs/write-path.md). Known limits: a negation the message holds elsewhere, about something
else, lets a flipped note pass (the polarity check reads that case); a negation the user
says with no negator ("I'm vegetarian" for "doesn't eat meat") is rejected.
"""

from __future__ import annotations

from souvenir.lexical.tagged import tokenize

__all__ = ["invented_negation"]

#: The roles of a negation in :func:`souvenir.lexical.tagged.tokenize`'s reading.
_NEGATING = frozenset({"neg", "negval", "negcontent"})


def invented_negation(candidate: str, message: str) -> str | None:
    """The note's negator (as written) when ``message`` holds no negation at all, else ``None``."""
    negators = [tok.raw for tok in tokenize(candidate) if tok.role == "neg"]
    if not negators:
        return None
    if any(tok.role in _NEGATING for tok in tokenize(message)):
        return None
    return negators[0]
