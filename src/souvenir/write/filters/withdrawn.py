"""A request the user withdraws in the same message is no memory (issue #26, round 26): a pure
write-path filter of the model chain.

"The replacement arrived and works fine, so you can cancel the refund request", 换货已经收到了，退款就
不用了, « laissez tomber le remboursement », "tak payah refund lah"
(:func:`souvenir.lexical.withdrawn_requests.withdrawn_requests`): a candidate naming the withdrawn
request ("Wants a refund for order #A1182", 要求订单88213退款) says what the turn takes back, and is
dropped. A candidate that tells the withdrawal itself ("Cancelled the refund request", 退款不用了) or
names another step of the story ("Received the replacement headphones") is kept, as is every
candidate of a message that withdraws nothing ("I want a refund for order 88213").
"""

from __future__ import annotations

from souvenir.lexical.withdrawn_requests import names_request, withdrawn_requests, withdraws
from souvenir.ground.types import Candidate
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep

NAME = "withdrawn"


def withdrawn_filter(candidate: Candidate, exchange: Exchange) -> FilterDecision:
    """Drop ``candidate`` when it names a request the user's message withdraws (module docstring)."""
    message = exchange.user_message or ""
    if not message or len(message) > 2000:
        return keep(NAME, candidate)
    gone = withdrawn_requests(message) & names_request(candidate.text)
    if not gone or withdraws(candidate.text):
        return keep(NAME, candidate)
    return drop(NAME, candidate, f"the user withdrew the request in the same message ({', '.join(sorted(gone))})")
