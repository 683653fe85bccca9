"""Secrets known by their shape: API keys and tokens, private keys, JWTs, a URL's password
or a webhook's token, card numbers (Luhn), IBANs (mod 97), long hex or base64 tokens, and
every regex detector of Yelp's detect-secrets, rewritten where it could take quadratic or
cubic time."""

from __future__ import annotations

import re

from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
from detect_secrets.plugins.base import RegexBasedDetector

from souvenir.privacy.marker import REDACTED

_API_KEYS = re.compile(
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"
    r"|\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"
    r"|\b(?:sk|pk|rk)-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}"
    r"|\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"
    r"|\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}"
    r"|\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bAIza[0-9A-Za-z_-]{35}"
    r"|\bxox[abprs]-[A-Za-z0-9-]{10,}|\bglpat-[A-Za-z0-9_-]{20,}|\bhf_[A-Za-z0-9]{30,}"
    r"|\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*"
    r"|\bsv_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])"  # Souvenir's own keys (library.access_keys)
)
_URL_CREDENTIALS = re.compile(r"(?P<pre>\b[a-z][a-z0-9+.-]{0,31}://[^/\s:@]+:)(?P<v>[^@\s/]+)(?=@)", re.IGNORECASE)
_CARD = re.compile(r"(?<![\d.-])\d(?:[ .-]?\d){12,18}(?![\d-]|\.\d)")
_CARD_WORDS = re.compile(
    r"\b(?:card|carte|cb|visa|mastercard|master card|amex|american express|credit|debit|kad|kredit|cart[ãa]o)\b"
    r"|信用卡|银行卡|借记卡|卡号",
    re.IGNORECASE,
)
_NOT_CARD_WORDS = re.compile(
    r"(?:order|commande|tracking|suivi|booking|r[ée]servation|ref(?:erence)?|invoice|facture|dossier|colis|parcel|"
    r"pesanan|penjejakan|tempahan|bil|订单|单号|快递|运单|phone|t[ée]l[ée]phone|tel|nombor telefon|电话)[^\d]{0,20}$",
    re.IGNORECASE,
)
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b")
_HEX = re.compile(r"(?<![\w/])[0-9a-fA-F]{32,}(?![\w/])")
_B64 = re.compile(r"(?<![\w/+=.-])[A-Za-z0-9+/_-]{32,}={0,2}(?![\w/+=-])")
_URL = re.compile(r"\bhttps?://\S+", re.IGNORECASE)
_HOOK_SEGMENT = re.compile(
    r"(?<=/)(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{16,}|(?<=/)(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])[A-Za-z0-9_-]{16,}"
)
_QUERY_SECRET = re.compile(
    r"(?P<pre>[?&](?:token|key|api_key|apikey|api-key|access_token|refresh_token|secret|client_secret|sig|signature|"
    r"password|pwd|auth|code)=)(?P<v>[^&\s#]+)",
    re.IGNORECASE,
)
#: detect-secrets' regex detectors, minus the public-IP one (an address is no secret).
_DETECTOR_CLASSES: list[type] = list(get_mapping_from_secret_type_to_class().values())
#: The separator five of them (IBM Cloud IAM, IBM COS HMAC, Cloudant, SoftLayer) write with
#: three space quantifiers in a row: "password" (or "key", "sl"…) followed by 2,000 spaces
#: took 32 s of CPU, 16 KiB of them hours (cubic backtracking), in the request's thread and
#: in every log line. Made atomic: the same matches (the value never starts with a space),
#: each tried once.
_SPACED_SEPARATOR = "(?: *)(?:=|:|:=|=>| +|::)(?: *)"


#: detect-secrets patterns whose first repetition could start anywhere inside a run (16 KB of
#: "eyJ", "sk-" or "//" tried the rest of the text from each: seconds of CPU), written so that
#: a run is tried once, from its start; the npm one goes to the line's first "//" at once.
_REWRITTEN = {
    r"eyJ[A-Za-z0-9-_=]+\.[A-Za-z0-9-_=]+\.?[A-Za-z0-9-_.+/=]*?": r"(?<![A-Za-z0-9\-_=])eyJ[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.?[A-Za-z0-9\-_.+/=]*?",
    r"sk-[A-Za-z0-9-_]*[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}": r"(?<![A-Za-z0-9\-_])sk-[A-Za-z0-9\-_]*[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}",
    r"\/\/.+\/:_authToken=\s*((npm_.+)|([A-Fa-f0-9-]{36})).*": r"(?m)(?<![^\n])(?>[^\n/]*(?:/(?!/)[^\n/]*)*)(?P<v>//[^\n]*/:_authToken=[^\S\n]*(?:npm_.+|[A-Fa-f0-9-]{36}).*)",
}


def _linear(pattern: re.Pattern[str]) -> re.Pattern[str]:
    if pattern.pattern in _REWRITTEN:
        return re.compile(_REWRITTEN[pattern.pattern], pattern.flags)
    if _SPACED_SEPARATOR not in pattern.pattern:
        return pattern
    return re.compile(pattern.pattern.replace(_SPACED_SEPARATOR, f"(?>{_SPACED_SEPARATOR})"), pattern.flags)


_DETECTORS = tuple(
    _linear(pattern)
    for detector in _DETECTOR_CLASSES
    if issubclass(detector, RegexBasedDetector) and detector.__name__ != "IPPublicDetector"
    for pattern in detector().denylist
)


def _is_hook(url: str) -> bool:
    """Whether ``url`` (a :data:`_URL` match) is a webhook's: "hook" in its host or path. (One
    pass over each URL: a pattern looking for "hook" from each "http" of 16 KB of "http://a/"
    tried the rest of the text from every one of them.)"""
    return "hook" in url.partition("://")[2].casefold()


def _redact_hook(url: str, found: list[str]) -> str:
    """A webhook URL with its token-like path segments redacted (ids of 16+ characters with a
    digit, or mixed case)."""
    out = _HOOK_SEGMENT.sub(REDACTED, url)
    if out != url:
        found.append("webhook")
    return out


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        n = int(char)
        if index % 2:
            n = n * 2 - 9 if n * 2 > 9 else n * 2
        total += n
    return total % 10 == 0


def _issuer(digits: str) -> bool:
    n = len(digits)
    if digits[0] == "4":
        return n in (13, 16, 19)
    if 51 <= int(digits[:2]) <= 55 or 2221 <= int(digits[:4]) <= 2720:
        return n == 16
    if digits[:2] in ("34", "37"):
        return n == 15
    if digits.startswith(("6011", "65")) or 644 <= int(digits[:3]) <= 649:
        return n in (16, 19)
    if 3528 <= int(digits[:4]) <= 3589 or digits.startswith("62"):
        return 16 <= n <= 19
    return False


def _card_like(value: str, match: re.Match[str], text: str) -> bool:
    digits = re.sub(r"\D", "", value)
    if not 13 <= len(digits) <= 19 or not _luhn(digits):
        return False
    before = text[max(0, match.start() - 40) : match.start()]
    if _NOT_CARD_WORDS.search(before):
        return False
    grouped = bool(re.fullmatch(r"\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}|\d{4}([ -])\d{6}\2\d{5}", value))
    return bool(_CARD_WORDS.search(before)) or grouped or _issuer(digits)


def _iban_valid(value: str) -> bool:
    compact = value.replace(" ", "")
    if not 15 <= len(compact) <= 34:
        return False
    moved = compact[4:] + compact[:4]
    number = "".join(str(int(c, 36)) for c in moved)
    return int(number) % 97 == 1


def _mixed(value: str) -> bool:
    return any(c.isupper() for c in value) and any(c.islower() for c in value) and any(c.isdigit() for c in value)


def _in_url(match: re.Match[str], text: str) -> bool:
    for url in _URL.finditer(text):
        if url.start() <= match.start() < url.end():
            return not re.search(r"[?&](?:key|token|api_key|apikey|access_token|secret|sig)=", url.group(0), re.I)
    return False
