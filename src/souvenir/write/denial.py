"""Denial: a note that negates what the user's message never negates (issue #25).

A model's note can turn the user's words around: SmolLM2-135M wrote "I have never ever made
pizza before!" from "We made pizza! We had so much fun making them together." The note's
words are the user's ("made", "pizza"), so grounding's share passes it, and the polarity
check (:mod:`souvenir.write.filters.negation`) compares like with like only on a tight
overlap ("before" and the I / we swap loosen it). This module reads the negation itself,
clause by clause: each clause of the note holding a negator (never, not, no longer, no;
ne…pas, jamais; 不, 没, 从不; tak, tidak, belum, bukan — :func:`souvenir.lexical.tagged.tokenize`'s
``neg`` role; clauses cut at sentence ends, commas and clause-opening conjunctions) must
meet a sentence of the message that negates too (a negator, a verb of refusal or ending —
hate, quit, gave up, arrêté de, 戒, berhenti) and shares a content word with it (same stem,
or a Chinese substring). A negation the message holds about something else does not ground
it: SmolLM2 wrote "I'm sorry, I didn't have time to make it." from "Sorry I haven't been
around. I made my friend some ice cream…" — "didn't have time to make" meets no negated
sentence holding "time" or "make". Pure (text in, verdict out)::

    invented_negation("I have never ever made pizza before!", "We made pizza!")   -> "never"
    invented_negation("I'm sorry, I didn't have time to make it.",
                      "Sorry I haven't been around. I made my friend some ice cream")  -> "not"
    invented_negation("I don't eat meat anymore.", "I quit eating meat.")        -> None  (quit, meat)
    invented_negation("I didn't go to the party.", "No, I didn't.")              -> None  (elliptic)
    invented_negation("I made pizza.", "We made pizza!")                         -> None

Elliptic negations carry no content word to pair with ("No, I didn't.", « Je n'étais pas
là. », 我没有。, "Tak, saya tak pergi."): a message holding one grounds any negated clause of
the note, as the message-wide reading did before. So does a negated clause of the note with
no content word of its own ("I didn't.", « Je n'y étais pas. »). A negator is never a word to
pair on: "gave" in "I gave up smoking" is the ending, not a gift, so "I didn't give him the
book" does not meet it.

No threshold: the negators of the tokenizer and one shared content word are the rule. Its
cost on LoCoMo's true observations read against their own turn: ``bench/denial_share.py``
(docs/write-path.md). Known limits: a negation the user says with no negator ("I'm
vegetarian" for "doesn't eat meat") is rejected; a negated sentence of the message that
shares one word with the note's clause lets an invented negation of another verb pass.
"""

from __future__ import annotations

from souvenir.lexical import lexicon as lx
from souvenir.lexical.tagged import Tok, tok_match, tokenize

__all__ = ["CONTRASTS", "invented_negation", "negated_clauses"]

#: Contrastive clause breaks (``brk`` tokens): a negation does not reach past them, so the
#: message's negated sentence is read up to them — "Haven't specifically gone out for
#: bird-watching, but I do spot them when I hike." negates bird-watching, not the hike
#: (conv-44's second speaker, session 18). en / fr / ms words, zh 但是 / 可是 / 不过…
CONTRASTS = frozenset(
    {
        "but",
        "although",
        "though",
        "whereas",
        "mais",
        "pourtant",
        "cependant",
        "tapi",
        "tetapi",
        "namun",
        "walaupun",
        "padahal",
        "但是",
        "但",
        "可是",
        "不过",
        "然而",
        "只是",
        "虽然",
    }
)
#: The roles of a negation in :func:`souvenir.lexical.tagged.tokenize`'s reading.
_NEGATING = frozenset({"neg", "negval", "negcontent"})
#: Where a clause of the note ends: a sentence end or a comma ("I'm sorry, I didn't have time").
#: Not at "when", "if", "but": "…content for YouTube when there are no tournaments" is read whole.
_NOTE_BREAKS = frozenset({"end", "comma"})
#: A bare answer is no content word: « Non, je n'étais pas là. » is elliptic (the tokenizer
#: reads French « non » as a word).
_ANSWERS = frozenset({"no", "nope", "nah", "non", "nan", "tak", "tidak", "bukan", "belum", "x"})
#: Verbs of ending that are read as negators only in context ("gave up", "stopped eating",
#: « arrêté de »): words to pair on, but only with another verb of ending.
_ENDING_IN_CONTEXT = lx.CESSATION_BEFORE_GERUND | lx.CESSATION_BEFORE_DE
#: Verbs of ending whatever follows ("quit", "berhenti", 戒): they pair with any form of themselves.
_ENDING = lx.CESSATION | {"戒"}


def _units(tokens: list[Tok], breaks: frozenset[str], words: frozenset[str] = frozenset()) -> list[list[Tok]]:
    units: list[list[Tok]] = [[]]
    for tok in tokens:
        if tok.role in breaks or (tok.role == "brk" and tok.key in words):
            if units[-1]:
                units.append([])
        else:
            units[-1].append(tok)
    return [unit for unit in units if unit]


def negated_clauses(
    text: str,
    breaks: frozenset[str] = _NOTE_BREAKS,
    roles: frozenset[str] = frozenset({"neg"}),
    words: frozenset[str] = frozenset(),
) -> list[list[Tok]]:
    """The clauses of ``text`` (token lists, cut at ``breaks`` roles and at the clause breaks
    in ``words``) holding a token of ``roles``."""
    return [unit for unit in _units(tokenize(text), breaks, words) if any(tok.role in roles for tok in unit)]


def _content(unit: list[Tok]) -> list[Tok]:
    return [tok for tok in unit if (tok.role == "content" and tok.key not in _ANSWERS) or _ending(tok)]


def _ending(tok: Tok) -> bool:
    return tok.role == "neg" and (tok.key in _ENDING or tok.key in _ENDING_IN_CONTEXT)


def _pairs(word: Tok, other: Tok) -> bool:
    """Same word; a verb of ending read in context ("gave" of "gave up") only with another."""
    if not tok_match(word, other):
        return False
    if _ending(word) == _ending(other):
        return True
    return (word.key if _ending(word) else other.key) in _ENDING


def invented_negation(candidate: str, message: str) -> str | None:
    """The negator (as written) of the first negated clause of ``candidate`` that no negated
    sentence of ``message`` shares a content word with, else ``None``."""
    clauses = negated_clauses(candidate)
    if not clauses:
        return None
    negated = negated_clauses(message, frozenset({"end"}), _NEGATING, CONTRASTS)
    if any(not _content(sentence) for sentence in negated):
        return None  # an elliptic "No, I didn't.": nothing to pair on
    said = [tok for sentence in negated for tok in _content(sentence)]
    for clause in clauses:
        words = _content(clause)
        if not words and negated:
            continue
        if not any(_pairs(word, other) for word in words for other in said):
            return next(tok.raw for tok in clause if tok.role == "neg")
    return None
