"""Whether what a phrasing matched is a secret value: a made-up word rather than a word
that describes a password ("too long", "the same"), a passphrase rather than a sentence,
an account number near a bank word. Each takes a :mod:`souvenir.privacy.phrasings` match
and, for the redacting ones, the list of kinds found so far."""

from __future__ import annotations

import re

from souvenir.lexical import lexicon as lx
from souvenir.privacy.marker import REDACTED
from souvenir.privacy.phrasings import _BANK_WORDS, _WORD_CODE
from souvenir.privacy.words import _NOT_VALUES, _PASSPHRASE


#: The words that name a PIN or a door code rather than a password.
_PIN_WORD = re.compile(r"(?<![A-Za-z])(?:" + _WORD_CODE + r")(?![A-Za-z])|门禁|門禁", re.IGNORECASE)


def pin_or_password(match: re.Match[str]) -> str:
    """``pin`` when the words around the value (group ``v``, else ``zh``) name a PIN or a door
    code ("My PIN is …", "/pin 4921", 我的PIN是…, "4829 is my door code"), else ``password``:
    the write log says which was dropped."""
    group = "v" if "v" in match.re.groupindex and match.group("v") is not None else "zh"
    whole, base = match.group(0), match.start()
    words = whole[: match.start(group) - base] + " " + whole[match.end(group) - base :]
    return "pin" if _PIN_WORD.search(words) else "password"


def _bank_context(value: str, match: re.Match[str], text: str) -> bool:
    """An account number is a bank's when a bank word or a sort code is near it; a shop's or a
    service's account id ("my account 88812345 has a problem") is a memory of the customer."""
    return bool(_BANK_WORDS.search(text, max(0, match.start() - 60), match.end() + 60))


def _plain_passphrase(value: str) -> bool:
    """Whether the words of ``value`` (:data:`_WORDS_PASSPHRASE`) are a passphrase rather than
    a description of a password: no stop word among them, and not all of them describing
    words ("correct horse battery staple"; not "the same as my email", "weak short simple")."""
    words = [w.casefold() for w in re.split(r"[ \-]", value)]
    return all(w not in lx.STOPWORDS for w in words) and not all(w in _NOT_VALUES for w in words)


def _looks_made_up(value: str) -> bool:
    """Whether ``value`` looks like a made-up secret rather than a word: letters with digits
    or symbols, not an ordinal, a duration or a size ("3rd", "24h", "16GB")."""
    value = value.rstrip(".!?)")
    if value == REDACTED or value.startswith("[") or value.casefold() in lx.STOPWORDS:
        return False
    letters = any(c.isalpha() for c in value)
    marks = any(c.isdigit() for c in value) or any(c in "!@#$%^&*+=?~_" for c in value)
    return letters and marks and not _MEASURE.fullmatch(value)


_MEASURE = re.compile(
    r"(?<!\d)\d+(?:[.,]\d+)?(?:st|nd|rd|th|h|hrs?|am|pm|min|mins|s|x|k|kg|km|cm|mm|gb|mb|kb|tb|g|m)", re.IGNORECASE
)


def _redact_group(match: re.Match[str], group: str, kind: str, found: list[str]) -> str:
    value = match.group(group)
    if value == REDACTED or value.startswith("[") or value.casefold() in lx.STOPWORDS:
        return match.group(0)
    found.append(kind)
    start, end = match.start(group) - match.start(), match.end(group) - match.start()
    return match.group(0)[:start] + REDACTED + match.group(0)[end:]


def _redact_password(match: re.Match[str], text: str, found: list[str]) -> str:
    value = match.group("v")
    if not _password_value(value, match, text):
        return match.group(0)
    found.append(pin_or_password(match))
    start = match.start("v") - match.start()
    whole = match.group(0)
    if _PASSPHRASE.search(whole):  # a passphrase runs to the end of its clause
        return whole[:start] + REDACTED
    return whole[:start] + REDACTED + whole[start + len(value) :]


def _redact_as_password(match: re.Match[str], found: list[str]) -> str:
    group = "v" if match.group("v") is not None else "zh"
    value = match.group(group)
    if value == REDACTED or value.casefold() in lx.STOPWORDS or value.casefold() in _NOT_VALUES:
        return match.group(0)
    found.append(pin_or_password(match))
    start, end = match.start(group) - match.start(), match.end(group) - match.start()
    return match.group(0)[:start] + REDACTED + match.group(0)[end:]


def _redact_value_first(match: re.Match[str], found: list[str]) -> str:
    """:data:`_PASSWORD_FIRST`: the value is redacted when it looks made up, or when it is a
    word that is not a stop word or a description and the password is someone's ("sunshine
    is my password")."""
    group = "v" if match.group("v") is not None else "zh"
    value = match.group(group)
    key = value.casefold()
    if value == REDACTED or value.startswith("[") or key in lx.STOPWORDS or key in _NOT_VALUES:
        return match.group(0)
    owned = group == "zh" or match.group("own") or match.group("own_after")
    pin = pin_or_password(match) == "pin" and value.isdigit() and 3 <= len(value) <= 10  # "482913 is my PIN"
    if not (pin or _looks_made_up(value) or (owned and value.isalpha() and len(value) >= 4 and not value.istitle())):
        return match.group(0)
    found.append(pin_or_password(match))
    start, end = match.start(group) - match.start(), match.end(group) - match.start()
    return match.group(0)[:start] + REDACTED + match.group(0)[end:]


def _password_value(value: str, match: re.Match[str], text: str) -> bool:
    if value == REDACTED or value.startswith("["):
        return False
    key = value.casefold().strip(".!?)")
    if key in lx.STOPWORDS or (key in _NOT_VALUES and not match.group("q")):
        return False
    word = match.group(0).split()[0].casefold()
    if word in ("pin", "digicode") or "code" in match.group(0).casefold()[:20]:
        return bool(re.fullmatch(r"[A-Za-z0-9#*]{3,12}", value.strip(".!?)"))) and any(c.isdigit() for c in value)
    if word == "secret" and not (match.group("q") or re.search(r"[\d!@#$%^&*_+=]", value)):
        return False  # "the secret is cooking slowly": a secret is only a value when it looks like one
    return True
