"""What a message says beside its request to forget a topic (pure).

"My sister got married last Saturday in Lyon. Forget what I told you about my brother's debts.
I started a new job at Airbus on Monday." — before session 25 the whole message was the
request's: its turn emptied, nothing kept in either mode (no episode without a model; with one,
the reflection of a message holding a request keeps no memory), and the wedding and the job
were lost (en, fr, zh, ms alike). :func:`said_beside_request` returns what is kept instead, a
turn of its own written as any message is (an episode without a model, the reflection's to
read with one); the request acts on its own turn as before.

What is kept, conservatively (a sentence kept against the user's will is worse than one lost;
the rule of :mod:`souvenir.write.forget_rest`, which does the same after "forget everything
about me"): the whole sentences of the message other than the request's, when every request
names its topic (its words other than fillers, or an attribute: "where I live") — a request
naming nothing ("forget that", 算了，这事你别记了) may point at any of them — and each sentence

* holds no request (any request sentence, or a part read as one) and no question;
* shares no content word with a request's topic nor with a memory the request erased
  (:func:`souvenir.lexical.forgetting.mentions`: "He lost it all at the casino" beside "my
  brother's gambling debts" shares nothing, but opens on a pronoun, below);
* does not open on a third person or a demonstrative (he, she, it, that, il, elle, ça, c'est,
  他, 她, 这, 那, dia, itu, ini…): such a sentence is most often about what was just named;
* adds nothing to the request ("too", « aussi », 也, "juga"…) and repeats no emphasis ("I mean
  it", « je suis sérieux », 我是认真的, "saya serius").

A pasted transcript (its own lines read apart) and a request whose sentence is not found as
written keep nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from souvenir.lexical.forget_cues import ForgetRequest, forget_requests
from souvenir.lexical.forget_deixis import points_back, says_something
from souvenir.lexical.forgetting import mentions, wordings_key
from souvenir.lexical.speakers import transcript_lines
from souvenir.lexical.tagged import content_of, supported, tokenize
from souvenir.write.forget_rest import ADDITIVE, EMPHASIS

__all__ = ["said_beside_request"]

#: Sentence ends (the cut :mod:`souvenir.lexical.forget_cues` reads requests by).
_SENTENCE = re.compile(r"(?<=[.!?。！？…])\s*|\n+")
_QUESTION = re.compile(r"[?？]\s*$")
#: A sentence opening on a third person or a demonstrative (four languages).
_POINTING = re.compile(
    r"^\W*(?:he|she|they|it|its|it's|that|that's|this|these|those|his|her|their|them|him"
    r"|il|elle|ils|elles|ça|ca|c'est|cela|ce|son|sa|ses|leur|leurs|lui"
    r"|dia|mereka|beliau|itu|ini|tu|ni)\b"
    r"|^\W*(?:他|她|它|这|那|其)",
    re.I,
)


def _names(request: ForgetRequest) -> bool:
    """Whether ``request``'s topic holds a word other than a filler ("这事", "算了", "eh" name nothing)."""
    return bool(request.topic) and says_something(" ".join(tok.raw for tok in request.topic))


def said_beside_request(message: str, requests: Sequence[ForgetRequest], erased: Sequence[str] = ()) -> str:
    """The sentences of ``message`` that are no part of its ``requests`` (module docstring),
    joined by a blank; ``erased``: the texts of the memories the requests erased. ``""`` when
    there is none, when a request is whole or names nothing, or the message is a transcript."""
    if not requests or any(r.whole or not (r.keys or _names(r)) or points_back(r, message) for r in requests):
        return ""
    if transcript_lines(message, frozenset()) is not None:
        return ""
    parts = [part.strip() for part in _SENTENCE.split(message) if part.strip()]
    asked = {r.sentence for r in requests}
    if not asked <= set(parts):
        return ""
    topic = [tok for r in requests for tok in r.topic]
    topic_key = "".join(tok.key for tok in topic if tok.cjk)
    gone = wordings_key(erased)
    kept = []
    for part in parts:
        if part in asked or forget_requests(part) or _QUESTION.search(part):
            continue
        folded = part.replace("’", "'")
        if _POINTING.match(folded) or EMPHASIS.search(folded):
            continue
        tokens = tokenize(part)
        if any(tok.key in ADDITIVE or (tok.cjk and tok.key.startswith(("也", "包括", "还有"))) for tok in tokens):
            continue
        key = "".join(tok.key for tok in tokens if tok.cjk)
        content = content_of(tokens)
        if not content or any(supported(tok, tokens, key) for tok in topic):
            continue
        if any(supported(tok, topic, topic_key) for tok in content) or mentions(part, gone):
            continue
        kept.append(part)
    return " ".join(kept)
