"""Secrets filter: credentials are never stored.

Source: spec 001 §9 ("记忆 value 不存敏感原文（密码、凭证）"): no password, key or
code reaches the store, whichever path writes it — which is why this filter is
the whole of the direct chain as well as the first of the model chain.

Detection and redaction are :mod:`souvenir.privacy` 's (:func:`~souvenir.privacy.redact`:
the kinds, their patterns and their known false positives). This filter decides what a
redacted candidate is worth: it is kept when what is left is still a memory (at least two
content words outside the secret's own description: "Paid the flight to KL with card
[redacted]"), dropped when it was only the secret ("Wi-Fi password is [redacted]").
"""

from __future__ import annotations

from dataclasses import replace

from souvenir.lexical.tagged import tokenize
from souvenir.privacy import REDACTED, redact
from souvenir.ground.types import Candidate
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep

__all__ = ["NAME", "secrets_filter"]

NAME = "secrets"

# fmt: off
#: Words describing a secret, left out when deciding whether anything else remains.
_SECRET_WORDS = frozenset({
    "password", "passwords", "passwd", "pwd", "passphrase", "passcode", "mot",
    "mots", "passe", "mdp", "kata", "laluan", "sandi", "pin", "code", "codes", "secret", "digicode", "door",
    "gate", "access", "alarm", "acces", "porte", "immeuble", "alarme", "otp", "one-time", "verification",
    "verificacion", "security", "confirmation", "auth", "authentication", "2fa", "login", "sms", "kod",
    "pengesahan", "keselamatan", "tac", "cvv", "cvc", "cryptogramme", "card", "carte", "number", "numero",
    "nombor", "key", "keys", "api", "token", "tokens", "cle", "iban", "account", "compte", "akaun", "wifi",
    "wi-fi", "box", "router", "routeur", "network", "reseau", "bank", "banque", "bancaire", "credentials",
    "identifiants", "username", "unique", "usage", "credit", "debit", "visa", "kad", "atm", "cb", "kredit",
    "mastercard", "bearer", "github", "openai", "aws", "entered", "typed", "gave", "given", "shared", "sent",
    "received", "uses", "use", "used", "saisi", "donne", "envoye", "recu", "utilise", "partage", "beri",
    "hantar", "terima", "guna", "ends", "ending", "set", "changed", "new", "phrase", "recovery", "seed",
    "mnemonic", "wallet", "confidentiel", "portail", "rahsia", "katalaluan", "pasword", "reset", "texted",
    "digits",
})
_ZH_SECRET_WORDS = (
    "密码", "口令", "验证码", "校验码", "动态码", "卡号", "银行卡", "信用卡", "密钥", "令牌", "门禁", "账号", "账户",
    "是", "给", "发", "收到", "输入", "使用", "用",
)
# fmt: on


def secrets_filter(candidate: Candidate, exchange: Exchange | None = None) -> FilterDecision:
    """Redact passwords, keys, codes, card numbers and IBANs; drop the candidate when nothing else is left
    (a text redacted before, a no-model turn's message, is judged alike)."""
    text, found = redact(candidate.text)
    if not found and REDACTED not in text:
        return keep(NAME, candidate if text is candidate.text else replace(candidate, text=text))  # read: marked
    if not found:  # redacted before it came here (a no-model turn's message): judged alike
        found = list(getattr(candidate.text, "kinds", ())) or ["redacted"]
    redacted = replace(candidate, text=text)
    kinds = ", ".join(sorted(set(found)))
    if not _still_useful(text):
        return drop(NAME, redacted, f"only a secret ({kinds}); nothing else worth remembering")
    return keep(NAME, redacted, f"redacted: {kinds}")


def _still_useful(text: str) -> bool:
    """At least two content words besides the secret and its description."""
    left = 0
    for tok in tokenize(text.replace(REDACTED, " ")):
        if tok.role in ("end", "comma", "stop", "user", "brk", "coord", "rel"):
            continue
        if tok.cjk:
            word = tok.key
            for secret in _ZH_SECRET_WORDS:
                word = word.replace(secret, "")
            left += 1 if word else 0
        elif tok.key not in _SECRET_WORDS and not tok.key.isdigit():
            left += 1
    return left >= 2
