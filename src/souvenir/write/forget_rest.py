"""What a message says after its request to forget everything (pure).

"Please forget everything about me. I live in Leeds now." — the request erases everything the
user said before it; the sentence after it is a new statement, said after the request, and
is kept as any turn's message is (an episode without a model, the reflection's to read with
one). Before session 18 the whole message was the request's: its turn emptied, the new
statement lost (en, fr, zh, ms alike).

What is kept, conservatively (a sentence kept against the user's will is worse than one
lost): the whole sentences after the last sentence holding a request to forget everything,
each one that

* is followed by no request to forget (any later one: "… I live in Leeds. Forget that
  too." keeps nothing), and
* is a statement about the user: it opens on the user ("I live…", « J'habite… », 我现在…,
  "Saya tinggal…": :func:`~souvenir.lexical.forget_cues.opens_on_the_user`), or on the user's
  possessive with a few words after it ("My new address is…", « Ma nouvelle adresse est… »,
  我的新地址是…, "Alamat baru saya ialah…"), and
* is no continuation of the request (nor the request said again: "I mean it", « je suis
  sérieux », 我是认真的, "saya serius"): no additive word ("too", "also", "including", « aussi »,
  « y compris », 也, 包括, "juga", "termasuk") — "And my sister's address too." names more to
  forget, not a new fact —, and no question.

A clause after a comma in the request's own sentence ("Forget everything about me, I moved")
is not read: the sentence may go on naming what to forget ("…, including my address").
"""

from __future__ import annotations

import re

from souvenir.lexical.forget_cues import ForgetRequest, forget_requests, opens_on_the_user
from souvenir.lexical.tagged import tokenize

#: Sentence ends (the same cut the requests are read by: lexical.forget_cues).
_SENTENCE = re.compile(r"(?<=[.!?。！？])\s*|\n+")
#: Possessives of the user that may open a statement (en, fr; zh 我的; ms after the noun).
_MINE_FIRST = frozenset({"my", "mon", "ma", "mes"})
_MINE_AFTER = frozenset({"saya", "aku"})
#: Words that make a sentence name more of what to forget, not a new fact (four languages).
ADDITIVE = frozenset(
    {"too", "also", "including", "aussi", "également", "compris", "juga", "termasuk", "turut", "也", "包括", "还有"}
)
_QUESTION = re.compile(r"[?？]\s*$")
#: The request said again with emphasis ("I mean it", « je suis sérieux », 我是认真的, "saya serius").
EMPHASIS = re.compile(
    r"^(?:i mean it|i'?m serious|i am serious|seriously|je suis s[ée]rieu(?:x|se)|s[ée]rieusement|"
    r"我是认真的|说真的|认真的|saya serius|aku serius)\b",
    re.IGNORECASE,
)
#: Tokens a possessive-led statement holds at least ("My address." names; it states nothing).
MIN_TOKENS = 4


def _states_about_user(sentence: str) -> bool:
    if _QUESTION.search(sentence) or EMPHASIS.search(sentence.replace("’", "'")) or forget_requests(sentence):
        return False
    tokens = [tok.key for tok in tokenize(sentence)]
    if not tokens or any(key in ADDITIVE or key.startswith(("也", "包括", "还有")) for key in tokens):
        return False
    if opens_on_the_user(sentence):
        return True
    if len(tokens) < MIN_TOKENS:
        return False
    return tokens[0] in _MINE_FIRST or tokens[0].startswith("我的") or bool(_MINE_AFTER & set(tokens[1:3]))


def said_after_request(message: str, requests: list[ForgetRequest]) -> str:
    """The statements about the user ``message`` makes after its last request to forget
    everything (module docstring), joined by a blank; ``""`` when there is none, when no
    request of ``requests`` is whole, or when the request's sentence cannot be found as
    written (a pasted transcript's lines are read apart)."""
    whole = [r for r in requests if r.whole]
    if not whole:
        return ""
    at = message.rfind(whole[-1].sentence)
    if at < 0:
        return ""
    rest = [part.strip() for part in _SENTENCE.split(message[at + len(whole[-1].sentence) :]) if part.strip()]
    if any(forget_requests(part) for part in rest):  # "… I live in Leeds. Forget that too.": nothing
        return ""
    return " ".join(part for part in rest if _states_about_user(part))
