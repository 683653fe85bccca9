"""Character-attitude filter: the character's feelings are not the user's.

Source: the spec ("la réflexion rangeait parfois une attitude du personnage
comme un fait durable sur l'utilisateur") and case R06: the user asks "Do you
ever want to go back to the harbour?", the assistant answers "(as Captain
Mira) Never. I've hated the sea since it took my brother.", and "Hates the sea"
must not become a fact about the user.

Rule: a candidate about the user that carries an attitude word of the user's
(like, love, hate, afraid, want; aime, déteste, peur; 喜欢, 讨厌, 怕; suka,
benci, takut — not "recipes *she* likes") is dropped when a statement of the
assistant reply (not a question) gives an attitude about the same thing (half
of the candidate's content words or more), not addressed to the user ("you
hate…", "tu aimes…", "你喜欢…" report the user's), and no statement of the user
(first person or subject-less, not a question) gives an attitude about any of
those words.

The same holds without an attitude word when one first-person statement of
the reply holds every content word of the whole candidate and no statement of
the user mentions any of them: "J'ai le vertige" / "我恐高" said by the
character is not "A le vertige" / "恐高" about the user.

Known false positives (wrong drops):
- The user states the attitude with words outside the attitude lexicon ("the
  sea? never again") while the character says "I hate the sea too".
- The user's attitude was given in an earlier turn; the filter sees one
  exchange. (The candidate should then come from that earlier turn.)
"""

from __future__ import annotations

from dataclasses import replace

from souvenir.write.filters._candidate import character_names, parse
from souvenir.write.filters._tail_cut import head_kept
from souvenir.write.filters._clauses import Clause, clauses
from souvenir.lexical.tagged import Tok, content_of, tok_match
from souvenir.lexical import lexicon as lx
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep
from souvenir.ground.types import Candidate

NAME = "character"


def character_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop an attitude that the assistant's reply (the character) holds and the user never
    stated; keep the note's head when only its last clauses are the character's ("Audrey
    emphasizes the bond she has with her dogs and hopes Andrew can have a similar bond with
    Toby": the hope is the reply's; :mod:`souvenir.write.filters._tail_cut`)."""
    decision = _verdict(candidate, exchange)
    if decision.kept:
        return decision
    head = head_kept(candidate.text, lambda text: not _verdict(replace(candidate, text=text), exchange).kept)
    if head is None:
        return decision
    return keep(NAME, replace(candidate, text=head), f"cut: the clauses after {head!r} are the character's")


def _verdict(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    if not exchange.assistant_reply:
        return keep(NAME, candidate)
    names = character_names(exchange.assistant_reply, exchange.character_names)
    parsed = parse(candidate.text, names)
    if parsed.subject not in ("none", "user"):
        return keep(NAME, candidate)
    reply = [c for c in clauses(exchange.assistant_reply) if c.person != "second" and not c.question]
    user = [c for c in clauses(exchange.user_message) if c.person in ("first", "none") and not c.question]
    for own in parsed.user_clauses:
        content = content_of(own.tokens)
        if not content:
            continue
        if _users_attitude(own):
            source = next((c for c in reply if _attitude_about(c, content) and not _addressed(c, content)), None)
            if source is None or any(_attitude_about(c, content, share=0.0) for c in user):
                continue
            return drop(NAME, candidate, f"the attitude is the character's ({source.text!r}), not the user's")
    whole = content_of([tok for clause in parsed.user_clauses for tok in clause.tokens])
    if whole:
        source = next((c for c in reply if c.person == "first" and _self_statement(c, whole)), None)
        if source is not None and not any(c.find(tok) is not None for c in user for tok in whole):
            return drop(NAME, candidate, f"the character says this of itself ({source.text!r}), not the user")
    return keep(NAME, candidate)


def _self_statement(clause: Clause, content: list[Tok]) -> bool:
    """A first-person clause of the reply ("J'ai le vertige", "我恐高") holding every content word."""
    return all(clause.find(tok) is not None for tok in content) and not _addressed(clause, content)


def _users_attitude(clause: Clause) -> bool:
    """An attitude word whose nearest person before it is the user, not "she" / "Joanna"."""
    owner = "user"
    for index, tok in enumerate(clause.tokens):
        if tok.key in lx.THIRD_SINGULAR or tok.key.startswith(lx.ZH_THIRD_SINGULAR) and tok.cjk:
            owner = "third"
        elif index > 0 and tok.role == "content" and tok.raw[:1].isupper() and not tok.cjk:
            owner = "third"
        elif tok.role == "user" or tok.key in lx.FIRST_PERSON:
            owner = "user"
        elif tok.role in ("pos", "negval") and owner == "user":
            return True
    return False


def _attitude_about(clause: Clause, content: list[Tok], share: float = 0.5) -> bool:
    """The clause gives an attitude about ``content`` (at least ``share`` of it; 0 = any word)."""
    found = [clause.find(tok) for tok in content]
    hits = [p for p in found if p is not None]
    return bool(hits) and len(hits) >= share * len(content) and any(p.attitude for p in hits)


def _addressed(clause: Clause, content: list[Tok]) -> bool:
    """ "You hate the sea" / "tu aimes" / "你喜欢": the assistant reports the user's attitude.

    True when a second-person word comes before the attitude word or the first
    content word of the candidate.
    """
    for tok in clause.tokens:
        if tok.role in ("pos", "negval") or any(tok_match(tok, own) for own in content if tok.role == "content"):
            return False
        if tok.key in lx.SECOND_PERSON or (tok.cjk and tok.key.startswith(lx.ZH_SECOND)):
            return True
    return False
