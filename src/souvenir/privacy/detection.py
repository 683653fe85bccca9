"""Secrets are never kept: every secret of a text found and replaced by ``[redacted]``.

Source: spec 001 §9 ("记忆 value 不存敏感原文（密码、凭证）"): no password, key or
code reaches the store, whichever path writes it. :func:`redact` is the one reader: a turn's
texts (:mod:`souvenir.privacy.turn`), the write path's filter
(:mod:`souvenir.write.filters.secrets`: keeps or drops what is left), the store's and the
logs' last line (:mod:`souvenir.privacy.scrub`) all call it, and a text it has read comes back
marked (:class:`~souvenir.privacy.marker.Redacted`) so that it is read once.

Kinds, each with its test (patterns: :mod:`~souvenir.privacy.phrasings`, said in words;
:mod:`~souvenir.privacy.shaped`, known by their shape):

- ``private_key``: a PEM private-key block.
- ``jwt``: three base64url parts starting ``eyJ``.
- ``api_key``: sk-… / sk-proj-… / sk-ant-…, sk_live_…, ghp_/gho_/ghs_/ghu_/ghr_…,
  github_pat_…, AKIA/ASIA + 16, AIza…, xox[abprs]-…, glpat-…, hf_…, "Bearer <token>".
- ``url_credentials``: ``scheme://user:password@host``.
- ``password``: a bot command that takes a secret, by name or with it (``/password``,
  ``/setpassword``, ``/passwd_reset``, ``/register``; ``/``, ``／`` or ``!``);
  a value after password / mot de passe / mdp / 密码 / 密碼 / kata laluan /
  katalaluan / PIN / digicode / door code / code d'accès / code confidentiel / code de ma
  carte / code du portail / kod rahsia and "is / est / : / = / 's / — / -> / 是 / ialah";
  with no connector, a made-up value after someone's password ("my password Qw7erty9",
  "katalaluan saya …") or one with a symbol; a password changed to a made-up or quoted
  value ("changed my password to …", "mot de passe changé en …", "密码改成…", "tukar …
  kepada …"); a login and its password side by side ("credentials: alice / …",
  "alice@example.com:…", "user:…@host").
- ``seed_phrase``: 12 to 24 words after recovery / seed phrase, phrase de récupération,
  frasa pemulihan, 助记词.
- ``otp``: 4–8 digits after OTP / one-time / verification code / code de
  vérification / 验证码 / kod pengesahan / TAC / "your code", a message starting "code:",
  a code texted or sent ("the code they texted me is …", "code reçu par SMS", "短信里的码");
  3–4 digits after CVV / CVC / "the 3 digits on the back".
- ``card``: 13–19 digits (spaces or dashes allowed), Luhn-valid, and either
  near a card word, grouped like a card (4-4-4-4), or with a card issuer's
  prefix and length — and not right after an order / tracking / booking word.
- ``iban``: country code, check digits and 11–30 characters, ISO 13616 mod-97 valid.
- ``token``: 32+ hex characters, or 32+ base64 characters mixing upper case,
  lower case and digits (outside URLs).
- ``as_password``: the value named before the keyword ("I use X as my password",
  "j'utilise X comme mot de passe", "saya guna X sebagai kata laluan", "我用X当密码").
- ``national_id``: China's resident ID (18, MOD 11-2), Malaysia's MyKad (``YYMMDD-PB-####``),
  the US SSN (``AAA-GG-SSSS``), France's NIR (its key): :mod:`souvenir.privacy.national_ids`.
- ``webhook``: a webhook URL's token segments (Slack, Discord, any ``…hook…`` URL), and the
  value of a ``token=`` / ``key=`` / ``sig=``… query parameter in any URL.
- the answer to a request (:func:`redact_answer`, applied by the engine with the previous
  turn's reply): a value alone after an assistant's reply asking for a password, PIN or code.
- ``detect_secrets``: every regex detector of Yelp's detect-secrets (Slack, SendGrid,
  Stripe, Twilio, Telegram, Discord, npm, PyPI, Azure, IBM…; not its public-IP, keyword or
  entropy detectors, written for source code), run after the rules above.

A password's value is the word after "password is / mot de passe est / kata laluan saya /
密码是", unless that word describes it ("too long", "the same", "changed", "trop court",
"sama"): redacting a harmless word costs less than keeping a password. A passphrase runs to
the end of its clause, and so do three to eight plain words after a password word when none
is a stop word ("password: correct horse battery staple": its first word describes
passwords too). One-time codes may be spaced ("482 913"). Each rule also sees the
text's NFKC form without invisible characters (full-width letters, no-break spaces).

Known false positives (wrong redactions): an order number that is a
Luhn-valid 16-digit number starting with 4 or 5 with no order word before it;
a git commit hash or a file checksum; a Wi-Fi network *name* given after
"password" ("password for the network Livebox-12"); a plain word after "password is"
that describes it in words the list does not hold ("my password is ancient").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from souvenir.lexical import lexicon as lx
from souvenir.privacy.configured import without_configured
from souvenir.privacy.marker import REDACTED, Redacted, marked
from souvenir.privacy.national_ids import NATIONAL_ID, is_national_id
from souvenir.privacy.phrasings import (
    _AS_PASSWORD,
    _BACKUP_CODES,
    _BANK_ACCOUNT,
    _BARE_PASSWORD,
    _CHANGED_PASSWORD,
    _CODE_SENT,
    _COMMAND_SECRET,
    _CREDENTIAL_PAIR,
    _CVV,
    _OTP,
    _PASSWORD,
    _PASSWORD_FIRST,
    _PIN,
    _SECURITY_ANSWER,
    _SEED_PHRASE,
    _SITE_LOGIN,
    _SORT_CODE,
    _USER_INFO,
    _WORDS_PASSPHRASE,
    _ZH_PASSWORD,
)
from souvenir.privacy.shaped import (
    _API_KEYS,
    _B64,
    _CARD,
    _DETECTORS,
    _HEX,
    _IBAN,
    _QUERY_SECRET,
    _URL,
    _URL_CREDENTIALS,
    _card_like,
    _iban_valid,
    _in_url,
    _is_hook,
    _mixed,
    _redact_hook,
)
from souvenir.privacy.values import (
    _bank_context,
    pin_or_password,
    _looks_made_up,
    _plain_passphrase,
    _redact_as_password,
    _redact_group,
    _redact_password,
    _redact_value_first,
)
from souvenir.privacy.words import (
    _BACKUP_HINTS,
    _BANK_HINTS,
    _CREDENTIAL_HINTS,
    _DISGUISED,
    _INVISIBLE,
    _NOT_VALUES,
    _OTP_HINTS,
    _PASSWORD_HINTS,
    _SECURITY_ANSWER_HINTS,
    _SEED_HINTS,
    _ZH_PASSWORD_HINTS,
)

__all__ = ["redact"]


def redact(text: str) -> tuple[str, list[str]]:
    """``text`` with every secret replaced by ``[redacted]``, and the kinds found (in order);
    the text comes back as :class:`Redacted` (a :class:`Redacted` text comes back as it is,
    with no kinds).

    A second look runs on the text's NFKC form without invisible characters (full-width
    "ｐａｓｓｗｏｒｄ", a card number spaced with no-break spaces, a zero-width space inside a
    word); when it finds more, its redacted form is returned (the text then changes only
    where compatibility characters hid a secret)."""
    if type(text) is Redacted:
        return text, []
    out, found = _redact(text)
    if _DISGUISED.search(text):
        folded_out, folded_found = _redact(unicodedata.normalize("NFKC", text).translate(_INVISIBLE))
        if len(folded_found) > len(found):
            return marked(folded_out, folded_found), folded_found
    return marked(out, found), found


#: The kind of a match, read from the match (a PIN's keyword names a PIN, not a password).
KindOf = Callable[[re.Match[str]], str]


def _redact(text: str) -> tuple[str, list[str]]:
    found: list[str] = []
    text = without_configured(text, found)

    def sub(pattern: re.Pattern[str], kind: str | KindOf, text: str, group: str | None = None, check=None) -> str:
        def repl(match: re.Match[str]) -> str:
            value = match.group(group) if group else match.group(0)
            if check is not None and not check(value, match, text):
                return match.group(0)
            found.append(kind if isinstance(kind, str) else kind(match))
            if group:
                start, end = match.start(group) - match.start(), match.end(group) - match.start()
                whole = match.group(0)
                return whole[:start] + REDACTED + whole[end:]
            return REDACTED

        return pattern.sub(repl, text)

    text = sub(_COMMAND_SECRET, pin_or_password, text, "v")
    text = sub(_API_KEYS, "api_key", text)
    text = sub(_URL_CREDENTIALS, "url_credentials", text, "v")
    text = _URL.sub(lambda m: _redact_hook(m.group(0), found) if _is_hook(m.group(0)) else m.group(0), text)
    text = sub(_QUERY_SECRET, "webhook", text, "v", lambda v, m, t: v != REDACTED)
    lower = text.casefold()  # each family of phrasings runs only where one of its words is

    def mentions(words: tuple[str, ...]) -> bool:
        return any(word in lower for word in words)

    if mentions(_SEED_HINTS):
        text = sub(_SEED_PHRASE, "seed_phrase", text, "v")
    if mentions(_PASSWORD_HINTS):
        text = sub(_WORDS_PASSPHRASE, "password", text, "v", lambda v, m, t: _plain_passphrase(v))
        text = _PASSWORD.sub(lambda m: _redact_password(m, text, found), text)
        text = sub(_CHANGED_PASSWORD, "password", text, "v", lambda v, m, t: bool(m.group("q")) or _looks_made_up(v))
        text = sub(
            _BARE_PASSWORD,
            "password",
            text,
            "v",
            lambda v, m, t: (
                _looks_made_up(v) and bool(m.group("own") or m.group("after") or any(c in "!@#$%^&*+=?~" for c in v))
            ),
        )
        text = _AS_PASSWORD.sub(lambda m: _redact_as_password(m, found), text)
        text = sub(_PIN, "pin", text, "v")
    if mentions(_PASSWORD_HINTS):
        text = _PASSWORD_FIRST.sub(lambda m: _redact_value_first(m, found), text)
    if "/" in text or "|" in text:
        text = sub(
            _SITE_LOGIN, "password", text, "v", lambda v, m, t: _looks_made_up(v) and len(v) >= 6 and not _in_url(m, t)
        )
    if mentions(_SECURITY_ANSWER_HINTS):
        text = sub(
            _SECURITY_ANSWER,
            "security_answer",
            text,
            "v",
            lambda v, m, t: v.casefold() not in lx.STOPWORDS and v.casefold() not in _NOT_VALUES,
        )
    if mentions(_BANK_HINTS):
        text = sub(_BANK_ACCOUNT, "bank_account", text, "v", _bank_context)
        text = sub(_SORT_CODE, "bank_account", text, "v")
    if mentions(_BACKUP_HINTS):
        text = sub(_BACKUP_CODES, "backup_codes", text, "v")
    if mentions(_CREDENTIAL_HINTS):
        text = _CREDENTIAL_PAIR.sub(lambda m: _redact_group(m, "v" if m.group("v") else "e", "password", found), text)
        text = sub(_USER_INFO, "password", text, "v", lambda v, m, t: _looks_made_up(v))
    if mentions(_ZH_PASSWORD_HINTS):
        text = sub(_ZH_PASSWORD, pin_or_password, text, "v")
    if mentions(_OTP_HINTS):
        text = sub(_CODE_SENT, "otp", text, "v")
        text = sub(_OTP, "otp", text, "v")
        text = sub(_CVV, "otp", text, "v")
    text = sub(_IBAN, "iban", text, None, lambda v, m, t: _iban_valid(v))
    text = sub(NATIONAL_ID, "national_id", text, None, lambda v, m, t: is_national_id(v))
    text = sub(_CARD, "card", text, None, _card_like)
    text = sub(_HEX, "token", text, None, lambda v, m, t: not _in_url(m, t))
    text = sub(_B64, "token", text, None, lambda v, m, t: _mixed(v) and not _in_url(m, t))
    for pattern in _DETECTORS:
        group = "v" if "v" in pattern.groupindex else None
        text = sub(pattern, "detect_secrets", text, group, lambda v, m, t: REDACTED not in v)
    return text, found
