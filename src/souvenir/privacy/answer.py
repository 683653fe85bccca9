"""The answer to a request for a secret: "What's your password?" → "Hunter2xyz!". The
value alone matches no phrasing; it is redacted when the assistant's question just before
it asked for a password, a PIN or a code (:mod:`souvenir.privacy.turn` passes the question
the caller holds, else the previous recorded turn's reply)."""

from __future__ import annotations

import re

from souvenir.privacy.marker import REDACTED
from souvenir.privacy.values import _looks_made_up

__all__ = ["answer_kind", "redact_answer"]


_ASKS_SECRET = re.compile(
    r"passwords?|passwd|passcode|passphrase|\bpins?\b|one[- ]time|\botp\b|verification code|security code|"
    r"\b2fa\b|\bcvv\b|\bcvc\b|\b(?:\d-digit|sms|text(?:ed)?|sent|emailed)\b[^.?!]{0,30}\bcode\b|"
    r"\bcode\b[^.?!]{0,30}\b(?:sent|texted|sms|emailed)\b|mot de passe|code (?:de v[ée]rification|de s[ée]curit[ée]|re[çc]u|secret|pin)|"
    r"kata laluan|katalaluan|kata sandi|kod (?:pengesahan|rahsia|pin|keselamatan)|\btac\b|"
    r"密码|密碼|验证码|驗證碼|口令",
    re.IGNORECASE,
)
#: The answer alone, or after "it's" / "here" / "c'est" / "ialah" / 是.
_ANSWER = re.compile(
    r"(?<!\s)\s*(?P<lead>(?:(?:it'?s|it is|here(?: it is)?|sure|ok(?:ay)?|c'est|voici|ialah|ini|是|就是)[\s:,，：]*)*)"
    r"(?P<q>[\"'«“]?)(?P<v>[^\s\"'»”]{3,64})(?P=q)\s*[.!]?\s*",
    re.IGNORECASE,
)


#: The answer first, then the rest of the message after a separator ("Zq8!ferret99 — also I moved
#: to Ipoh", « c'est Zq8!ferret99, et j'ai déménagé », "Zq8!ferret99，另外我搬到了深圳",
#: "Zq8!ferret99, saya pindah ke Ipoh"): the value is the answer, what follows is kept.
_ANSWER_FIRST = re.compile(
    r"\s*(?P<lead>(?:(?:it'?s|it is|here(?: it is)?|sure|ok(?:ay)?|c'est|voici|ialah|ini|是|就是)[\s:,，：]*)*)"
    r"(?P<q>[\"'«“]?)(?P<v>[^\s,，;；、\"'»”]{3,64}?)(?P=q)"
    r"(?=[.!。！]?\s*[,，;；、—–]|[.!。！](?:\s|$)|\s+(?:lol|haha|btw|and|also|et|aussi|mdr|dan|juga|tapi|but|mais)\b|\s*$)",
    re.IGNORECASE,
)


def answer_kind(prompt: str | None) -> str:
    """The kind of secret ``prompt`` asks for: ``pin``, ``password`` or ``otp`` (a code)."""
    m = _ASKS_SECRET.search(prompt or "")
    word = m.group(0).casefold() if m else ""
    if "pin" in word:
        return "pin"
    if any(w in word for w in ("pass", "mot de passe", "laluan", "sandi", "密码", "密碼", "口令")):
        return "password"
    return "otp"


def _made_up(value: str) -> bool:
    return value != REDACTED and (_looks_made_up(value) or (value.isdigit() and 4 <= len(value) <= 8))


def redact_answer(message: str, prompt: str | None) -> str:
    """``message`` with its value redacted when ``prompt`` (the assistant's reply just before
    it) asks for a secret and the message is the answer alone: one value, after at most
    "it's" / "here" / "c'est" / "ialah" / 是, that looks made up (letters with digits or
    symbols) or is 4 to 8 digits ("What's your password?" → "Hunter2xyz!"; "Enter the code
    we texted you" → "482913"); or such a value first, then the rest of the message after a
    separator (:data:`_ANSWER_FIRST`: the rest is kept). Anything else is left to :func:`redact`."""
    if not prompt or not _ASKS_SECRET.search(prompt):
        return message
    first = _ANSWER_FIRST.match(message)
    if first is not None and _made_up(first.group("v")):
        return message[: first.start("v")] + REDACTED + message[first.end("v") :]
    m = _ANSWER.fullmatch(message)
    if m is None:
        return message
    value = m.group("v")
    if value == REDACTED or not (_looks_made_up(value) or (value.isdigit() and 4 <= len(value) <= 8)):
        return message
    return message[: m.start("v")] + REDACTED + message[m.end("v") :]
