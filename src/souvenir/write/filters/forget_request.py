"""Forget-request filter: a request to forget is an act, never a memory.

Source: issue #26 (P3-01, P3-02): "Please forget what I said about my brother's gambling
debts" was stored as "Brother has gambling debts" — exactly what the user asked to drop;
刚才说我在考虑离职那件事，你别记了，删掉吧 as 在考虑离职. The request itself acts on the stored
memories it names (the engine, :mod:`souvenir.write.forget_match`); no candidate built from
it is kept.

Drops a candidate when the user's message holds a request to forget
(:func:`souvenir.lexical.forget_cues.forget_requests`), unless another sentence of the
message (not a request) holds half of its content words or more (the other filters'
measure): "Forget what I said about my debts. I moved to Penang." keeps "Moved to
Penang"; "Can you delete what I told you about my salary?" keeps no "Earns 90k a year",
whatever its words. The sentences before a request pointing at what was just said are what it
points at, never another sentence saying it: "My cousin owes me 500. Actually, don't
remember that." keeps nothing (:mod:`souvenir.lexical.forget_deixis`). A candidate about forgetting itself ("Asked the assistant to forget…",
要求删除…) is always dropped.

:func:`direct_forget_request_filter` (the chain of what a person, an agent or an import
writes directly: ``remember``, the MCP tool, ``POST …/memories``, ``import``) drops a text
that is itself a request to forget ("oublie mon allergie", 别记我的手机号, "lupakan pasal
hutang saya"): session 15's new user saw an agent's ``remember`` of the user's words store
the request as a fact, served in every later context, where ``/v1/turns`` acts on it. The
answer says how to forget instead (``search``, then ``forget`` by id). A ``rule`` is the
operator's instruction to the assistant ("Don't remember card numbers") and is kept.
"""

from __future__ import annotations

from souvenir.lexical.forget_cues import forget_requests, is_forget_text
from souvenir.lexical.forget_deixis import points_back
from souvenir.lexical.tagged import content_of, supported, tokenize
from souvenir.ground.types import Candidate
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep

NAME = "forget_request"


def forget_request_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop a candidate made of a request to forget (module docstring)."""
    # imported here: forget_relay reads the speech-act filter, a sibling of this one
    from souvenir.write.forget_relay import own_forget_requests

    requests = own_forget_requests(exchange.user_message, exchange.user_names)
    if not requests:
        return keep(NAME, candidate)
    if is_forget_text(candidate.text):
        return drop(NAME, candidate, "the user asked to forget: a request is an act, not a memory")
    content = content_of(tokenize(candidate.text))
    rest = exchange.user_message
    for request in requests:
        at = rest.find(request.sentence)
        if at > 0 and points_back(
            request, exchange.user_message
        ):  # "I owe my cousin 500. Don't remember that.": what it points at
            rest = rest[at:]
        rest = rest.replace(request.sentence, " ")
    tokens = tokenize(rest)
    key = "".join(tok.key for tok in tokens if tok.cjk)
    if content and sum(supported(tok, tokens, key) for tok in content) * 2 >= len(content):
        return keep(NAME, candidate)  # another sentence of the message says it
    return drop(NAME, candidate, f"the user asked to forget ({requests[0].sentence[:80]!r}), not to remember")


def direct_forget_request_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop a directly written text that is a request to forget (module docstring)."""
    if candidate.kind == "rule" or not forget_requests(candidate.text):
        return keep(NAME, candidate)
    return drop(
        NAME,
        candidate,
        "a request to forget is an act, not a memory: nothing was written or erased; find the memory "
        "(search) and forget it by its id (forget, DELETE /v1/users/{channel}/{user}/memories/{id}), "
        "or send the user's words as a turn (add_turn, POST /v1/turns), which acts on them",
    )
