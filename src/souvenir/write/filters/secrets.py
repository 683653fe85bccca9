"""Secrets filter: credentials are never stored.

Source: spec 001 §9 ("记忆 value 不存敏感原文（密码、凭证）"): no password, key or
code reaches the store, whichever path writes it — which is why this filter is
the whole of the direct chain as well as the first of the model chain.

Each secret is replaced by ``[redacted]``. The candidate is kept when what is
left is still a memory (at least two content words outside the secret's own
description: "Paid the flight to KL with card [redacted]"), dropped when it
was only the secret ("Wi-Fi password is [redacted]").

Patterns, each with its test:

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
  the US SSN (``AAA-GG-SSSS``), France's NIR (its key): :mod:`souvenir.write.filters.national_ids`.
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
from dataclasses import replace

from detect_secrets.core.plugins.util import get_mapping_from_secret_type_to_class
from detect_secrets.plugins.base import RegexBasedDetector

from souvenir.lexical import lexicon as lx
from souvenir.lexical.tagged import tokenize
from souvenir.write.filters.shapes import Exchange, FilterDecision, drop, keep
from souvenir.write.filters.national_ids import NATIONAL_ID, is_national_id
from souvenir.types import Candidate

NAME = "secrets"
REDACTED = "[redacted]"

#: Codes that open a card, a door or a gate (their value starts with a digit).
_WORD_CODE = (
    r"pin(?: code| number)?|code pin|nombor pin|kod pin|kod rahsia|code secret|code confidentiel|digicode|door code|"
    r"gate code|access code|alarm code|code d'acc[eè]s|code (?:du |de |d')?portail|"
    r"code de (?:la porte|l'immeuble|l'alarme|la bo[iî]te)|code de (?:ma |la |votre |ta )?carte(?: bleue| bancaire)?"
)
_WORD_PASSWORD = (
    r"(?:passwords?|passwd|pwd|pw|pass(?=\s*[:=])|passphrase|passcode|secret|mots? de passe|mdp|kata laluan|"
    r"katalaluan|pasword|kata sandi|kata kunci|" + _WORD_CODE + r"|wi-?fi key|cl[ée] wi-?fi)"
)
_CONNECT = (
    r"(?:\s+(?:is|was|est|c'est|était|etait|ialah|adalah|ni)(?:\s*:)?|\s+:|\s*[:=]|['’]s\b|"
    r"\s*(?:->|=>|→|—|–)|\s+-(?=\s)|(?<=kata laluan saya)|(?<=kata laluan anda)|(?<=katalaluan saya))"
)
_PASSWORD = re.compile(
    _WORD_PASSWORD
    + r"\b(?P<between>[^.\n:=;]{0,40}?)"
    + _CONNECT
    + r"\s*(?P<q>[\"'«“]?)\s*(?P<v>(?<=[\"'«“])[^\"'»”\n]{1,80}(?=[\"'»”])|[^\s\"'»”,;]+)",
    re.IGNORECASE,
)
_PIN = re.compile(
    r"\b(?:" + _WORD_CODE + r")\b(?:['’]s\b)?[^\w\n]{0,3}(?:(?:saya|my|mon|ma|anda|awak|kamu)\s+)?"
    r"(?:(?:is|est|ialah|adalah)\s+)?(?P<v>\d[0-9A-Za-z#*]{2,9})(?![\w#*])",
    re.IGNORECASE,
)
#: A password word followed by its value with no connector ("here's my password Qw7erty9",
#: "katalaluan saya Ujm741ik", "password zX4!mq9 for the printer"): a value that looks made up
#: (_looks_made_up), and the password someone's ("my", "mon", "saya") or the value with a
#: symbol — French and Malay name the service after the word ("kata laluan Maybank2u").
_BARE_PASSWORD = re.compile(
    r"(?P<own>\b(?:my|mon|ma|our|notre|your|votre|ton|ta)\s+(?:[\w-]+\s+){0,2})?"
    r"(?<![\w-])(?:password|passwd|pwd|passcode|mot de passe|mdp|kata laluan|katalaluan|pasword|kata sandi)"
    r"\s+(?P<after>(?:(?:saya|anda|baru|new|now|sekarang)\s+){1,2})?(?P<v>[^\s\"'»”,;]{6,64})",
    re.IGNORECASE,
)
#: A bot command that takes a secret ("/password hunter2pass", "/login bob Qw7erty",
#: "/2fa 492183", Telegram's "/pin@MyBot 4921"): its arguments are the secret, whatever they
#: look like (the turn keeps the command, its write-log event says it was dropped).
_COMMAND_SECRET = re.compile(
    r"^(?P<pre>[^\S\n]*[/／!](?:(?:set|change|reset|new|update|forgot|my)_?)?"
    r"(?:password|passwd|pwd|pass|passcode|passphrase|login|signin|signup|register|auth|2fa|mfa|otp|pin|"
    r"token|secret|apikey|mdp|motdepasse|katalaluan|sandi)(?:_?(?:set|change|reset|new|update))?"
    r"(?:@\w+)?\s+)(?P<v>\S.*)$",
    re.IGNORECASE | re.MULTILINE,
)
#: A passphrase of plain words after a password word and its connector, to the end of its
#: clause ("password: correct horse battery staple", "my password is correct horse battery
#: staple"): three to eight words, no stop word among them (:func:`_plain_passphrase`: "my
#: password is strong and long enough" is no value).
_WORDS_PASSPHRASE = re.compile(
    r"(?<![\w-])(?:passwords?|passwd|pwd|passphrase|mots? de passe|mdp|kata laluan|katalaluan|pasword|kata sandi)"
    r"\b(?P<between>[^.\n:=;]{0,40}?)" + _CONNECT + r"\s*(?P<v>[^\W\d_]+(?:[ \-][^\W\d_]+){2,7})(?=\s*(?:[.,;!?\n]|$))",
    re.IGNORECASE,
)
_CHANGE_VERB = (
    r"(?:changed|change|set|reset|updated|update|switched|changé|changer|modifié|modifier|mis|remis|"
    r"tukar|tukarkan|menukar|ubah|tetapkan)"
)
_CHANGE_TO = r"(?:to|as|into|en|pour|à|kepada|jadi|ke)"
#: A password changed to a value ("I changed my password to Zx9cv8Bn", "j'ai changé mon
#: mot de passe en …", "kata laluan saya tukar kepada …"): values that look made up, or quoted.
_CHANGED_PASSWORD = re.compile(
    r"(?:"
    + _CHANGE_VERB
    + r"\s+(?:(?:my|the|our|mon|ma|le|la|notre)\s+)?"
    + _WORD_PASSWORD
    + r"(?:\s+(?:saya|anda))?|"
    + _WORD_PASSWORD
    + r"\b[^.\n:=;]{0,30}?\b"
    + _CHANGE_VERB
    + r"(?:\s+it)?)"
    r"\s+" + _CHANGE_TO + r"\s+(?P<q>[\"'«“]?)(?P<v>(?<=[\"'«“])[^\"'»”\n]{1,80}(?=[\"'»”])|[^\s\"'»”,;]{3,64})",
    re.IGNORECASE,
)
#: A login and its password side by side: "credentials: alice / Mn2bv4Cx", an e-mail and its
#: password ("alice@example.com:Pl0km9Nj"), or a URL's user info without its scheme.
_CREDENTIAL_PAIR = re.compile(
    r"(?:\bcredentials?|\bidentifiants?|\blogin details|账号密码|帳號密碼|账号和密码)\s*[:=：]?\s*(?:are|is|sont|est)?\s*"
    r"[^\s/:|]{1,64}\s*[/:|]\s*(?P<v>[^\s,;]{3,64})"
    r"|\b[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+:(?P<e>[^\s,;]{3,64})",
    re.IGNORECASE,
)
_USER_INFO = re.compile(r"(?<![\w/:.])[\w.+-]{1,64}:(?P<v>[^\s@/:]{3,64})@[\w-]+(?:\.[\w-]+)+")
#: A wallet's seed phrase: 12 to 24 short lower-case words after its name.
_SEED_PHRASE = re.compile(
    r"(?:(?:recovery|seed|secret|backup|mnemonic|wallet)\s+(?:phrase|words)|mnemonic|"
    r"phrase (?:de récupération|de recuperation|secrète|mnémonique)|mots? de récupération|"
    r"frasa (?:pemulihan|benih|rahsia)|助记词|助記詞|恢复短语|恢復短語)"
    r"[^a-z\n]{0,12}?(?:\b(?:is|are|est|sont|ialah|adalah)\b|是|为)?[\s:：]*"
    r"(?P<v>(?:[a-z]{3,8}[\s,]+){11,23}[a-z]{3,8})",
    re.IGNORECASE,
)
_AS_PASSWORD = re.compile(
    r"\b(?:use|used|using|utilise|utilisé|utilisais|guna|gunakan|menggunakan|pakai)\s+[\"'«“]?(?P<v>[^\s\"'»”]{3,64})[\"'»”]?"
    r"\s+(?:as|comme|sebagai)\s+(?:(?:my|mon|ma|the|le|la|a|un)\s+)?"
    r"(?:password|passcode|passphrase|pin|mot de passe|mdp|code|kata laluan|kata sandi)\b"
    r"(?!\s+(?:manager|managers|app|vault|generator|reset|field|box|hint|policy))"
    r"|用\s*(?P<zh>[A-Za-z0-9!@#$%^&*._\-+=/]{3,64})\s*(?:当|作为|做)(?:我的)?(?:密码|口令)",
    re.IGNORECASE,
)
#: A password named before its keyword ("hunter2 is my password", "Soleil2024 c'est mon mot
#: de passe", "Ujm741ik ialah kata laluan saya", "Qz7pLm2x是我的密码"): the value is one token
#: right before the connector (its check: :func:`_value_first`).
_PASSWORD_FIRST = re.compile(
    r"(?<![^\s\"'“«(])[\"'“«]?(?P<v>[^\s\"'”»,;:()]{3,64})[\"'”»]?\s+"
    r"(?:is|was|will be|est|c'est|était|sera|ialah|adalah|merupakan|jadi)\s+"
    r"(?P<own>(?:my|our|your|the|mon|ma|notre|votre|le|la|saya|kami|anda)\s+)?"
    r"(?:new\s+|nouveau\s+|baru\s+)?(?:wi-?fi\s+|bank\s+|email\s+|e-mail\s+)?"
    r"(?:password|passcode|passphrase|pin|mot de passe|mdp|code pin|kata laluan|katalaluan|kata sandi)"
    r"(?P<own_after>\s+(?:saya|kami|anda))?\b(?!\s*(?:manager|app|vault|generator|hint|policy|field|reset|rules?))"
    r"|(?<![A-Za-z0-9!@#$%^&*._\-+=/])(?P<zh>[A-Za-z0-9!@#$%^&*._\-+=/]{3,64})\s*(?:是|就是)(?:我的|我们的|你的)?(?:新)?(?:密码|口令)",
    re.IGNORECASE,
)
#: A login and its password after a site's name: "netflix: alice@example.com / Hunter22x",
#: "gmail - bob.smith | Pa55word!", "Shopee : ali99 / Kucing#77": a login (an e-mail, or a
#: user name after "site:"), a slash or bar, and a value that looks made up.
_SITE_LOGIN = re.compile(
    r"(?:(?<![\w.@-])[\w.-]{2,40}(?:\s*[:：]|\s+[\-–—])\s*[\w.+-]{1,64}|(?<![\w.+-])[\w.+-]{1,64}@[\w-]+(?:\.[\w-]+)+)"
    r"\s*[/|]\s*(?P<v>[^\s,;/|]{4,64})",
)
#: Two-factor backup (recovery) codes: groups of digits, or of letters and digits, after
#: their name ("backup codes: 8472 9361 2048", "codes de secours 1234-5678 2345-6789",
#: "kod sandaran …", "备用码 …"); each group holds a digit.
_BACKUP_CODES = re.compile(
    r"(?:(?:backup|recovery|2fa|two-factor|scratch)\s+codes?|codes? de (?:secours|r[ée]cup[ée]ration|sauvegarde)|"
    r"kod (?:sandaran|pemulihan)|备用码|备用代码|恢复码|救援码)"
    r"(?:\s+(?:saya|anda))?[^\w\n]{0,12}?(?:(?:are|is|sont|ialah|adalah|是)\s*[:：]?\s*)?"
    r"(?P<v>(?=[A-Za-z-]{0,20}\d)[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10})?"
    r"(?:[\s,;]+(?=[A-Za-z-]{0,20}\d)[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10})?){0,19})",
    re.IGNORECASE,
)
#: The answer to a security question, when named as one ("security answer: Rex", "my security
#: question's answer is Rex", "réponse secrète : Rex", "jawapan keselamatan saya Rex",
#: "密保答案是Rex"). A plain fact ("my first pet was Rex") is a memory: docs/security.md.
_SECURITY_ANSWER = re.compile(
    r"(?:(?:security|secret)\s+(?:question(?:['’]s|s)?\s+)?answers?|r[ée]ponse\s+(?:secr[èe]te|de\s+s[ée]curit[ée])|"
    r"jawapan\s+(?:soalan\s+)?keselamatan|密保答案|安全(?:问题)?答案)"
    r"[^\n.?!:：=]{0,40}?(?:\s(?:is|was|est|ialah|adalah)|[:：=]|是|为|saya)\s*[\"'“«]?"
    r"(?P<v>[^\s\"'”»,.;!?]{2,40}(?:\s+[^\s\"'”»,.;!?]{2,40}){0,2})",
    re.IGNORECASE,
)
#: A bank account number given with its sort code or under its name ("sort code 20-00-00,
#: account 31926819", "account number: 31926819", "numéro de compte 12345678901", "nombor
#: akaun 1234567890", "银行账号 6222…"): 6 to 17 digits (spaces or dashes allowed), and the
#: sort code itself. An account number lets a stranger set up a direct debit (docs/security.md).
_BANK_ACCOUNT = re.compile(
    r"(?:account\s+(?:number|no\.?|#)|\bacc(?:ount)?\s*no\.?|\baccount\b|"
    r"num[ée]ro\s+de\s+compte|n°\s*de\s+compte|nombor\s+akaun|no\.?\s+akaun|"
    r"(?:银行)?(?:卡号|账号|帐号|账户号码?))"
    r"[^\d\n]{0,20}?(?P<v>\d(?:[ -]?\d){5,18})(?![\d])",
    re.IGNORECASE,
)
_ZH_PASSWORD = re.compile(
    r"(?:(?:密码|密碼|口令|密钥|密鑰|令牌|门禁码|門禁碼|门禁密码|PIN码|pin码)[^，。,.\d\w]{0,4}"
    r"(?:是|为|為|[:：=]|(?:改成|改为|改為|换成|換成|设为|設為|设成|設成|设置为|設置為|更改为|更改為|变成|變成)了?)?"
    r"|(?<![A-Za-z])(?:pwd|password|passwd|pin)\s*(?:是|为|為))\s*"
    r"(?P<v>[A-Za-z0-9!@#$%^&*._\-+=/]{3,})"
)
#: A code someone was sent, named only "code": "your code is 938271", a message starting
#: "code:", "the code they texted me", "le code reçu par SMS", "短信里的码" (4 to 8 digits:
#: "your code is 200 lines long" stays).
#: A one-time code typed digit by digit ("4 8 2 9 1 3", "4-8-2-9"): four to eight digits.
_SPACED_DIGITS = r"\d(?:[ .-]\d){3,7}(?![\d])"
_CODE_SENT = re.compile(
    r"(?:\b(?:your|votre|ton) code\s*(?:is|est|:|=)|\bkod anda\s*(?:ialah|adalah|:)?|(?:^|(?<=[.!?\n]))[^\S\n]*code\s*[:=]|"
    r"短信(?:里|裡)?的?(?:验证)?码|"
    r"\bcode\b(?=[^\d\n]{0,25}?\b(?:texted|sms|sent me|text message|reçu|envoyé|texto|dihantar|diterima)\b))"
    r"[^\d\n]{0,25}?(?P<v>" + _SPACED_DIGITS + r"|\d{2}(?:[ .-]\d{2}){2,3}|\d{4,8}(?:[ .-]\d{2,4}){0,2})(?![\d.-]?\d)",
    re.IGNORECASE,
)
_OTP = re.compile(
    r"(?:\botp\b|one[- ]time (?:code|password|pin)|verification code|security code|confirmation code|"
    r"auth(?:entication)? code|2fa code|login code|sms code|code de (?:v[ée]rification|confirmation|s[ée]curit[ée])|"
    r"code (?:à|a) usage unique|code sms|kod (?:pengesahan|otp|keselamatan|tac)|\btac\b|验证码|校验码|动态码|动态密码|短信码|确认码)"
    r"[^\d\n]{0,25}?(?P<v>" + _SPACED_DIGITS + r"|\d{2,8}(?:[ .-]\d{2,4}){0,3})(?![\d.-]?\d)",
    re.IGNORECASE,
)
_CVV = re.compile(
    r"(?:\b(?:cvv2?|cvc2?|cryptogramme|安全码)\b|\b(?:3|three) digits (?:on|at) the back\b|\b3 chiffres (?:au|du) dos\b|"
    r"\b3 digit di belakang\b|背面的?(?:三|3)位(?:数字?)?)[^\d\n]{0,12}(?P<v>\d{3,4})(?!\d)",
    re.IGNORECASE,
)
_API_KEYS = re.compile(
    r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)"
    r"|\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"
    r"|\b(?:sk|pk|rk)-(?:proj-|ant-|live-|test-)?[A-Za-z0-9_-]{16,}"
    r"|\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}"
    r"|\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}"
    r"|\b(?:AKIA|ASIA)[0-9A-Z]{16}\b|\bAIza[0-9A-Za-z_-]{35}"
    r"|\bxox[abprs]-[A-Za-z0-9-]{10,}|\bglpat-[A-Za-z0-9_-]{20,}|\bhf_[A-Za-z0-9]{30,}"
    r"|\bBearer\s+[A-Za-z0-9._~+/-]{16,}=*"
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
#: Words that describe a password rather than being it ("my password is too long").
_NOT_VALUES = frozenset(
    {
        "same",
        "changed",
        "new",
        "old",
        "reset",
        "expired",
        "forgotten",
        "oublie",
        "oublié",
        "wrong",
        "incorrect",
        "weak",
        "strong",
        "long",
        "short",
        "correct",
        "secure",
        "safe",
        "required",
        "invalid",
        "simple",
        "easy",
        "hard",
        "complicated",
        "complex",
        "different",
        "mine",
        "yours",
        "written",
        "saved",
        "stored",
        "locked",
        "blocked",
        "case-sensitive",
        "only",
        "still",
        "always",
        "never",
        "also",
        "now",
        "here",
        "there",
        "what",
        "why",
        "how",
        "where",
        "when",
        "which",
        "who",
        "missing",
        "empty",
        "blank",
        "lost",
        "stolen",
        "leaked",
        "compromised",
        "hacked",
        "set",
        "updated",
        "needed",
        "ok",
        "okay",
        "fine",
        "good",
        "bad",
        "sama",
        "salah",
        "lupa",
        "baru",
        "lama",
        "panjang",
        "pendek",
        "terlalu",
        "faux",
        "fausse",
        "nouveau",
        "nouvelle",
        "ancien",
        "changé",
        "bloqué",
        "court",
        "facile",
        "difficile",
        "compliqué",
        "perdu",
        "même",
        "toujours",
        "encore",
        "déjà",
        "trop",
        "très",
        "tukar",
        "sudah",
        "dah",
        "telah",
        "hilang",
        "tidak",
        "tak",
        "belum",
        "akan",
        "kena",
    }
)
_PASSPHRASE = re.compile(r"passphrase|phrase secr[èe]te|frasa laluan", re.IGNORECASE)

#: Words describing a secret, left out when deciding whether anything else remains.
_SECRET_WORDS = frozenset(
    {
        "password",
        "passwords",
        "passwd",
        "pwd",
        "passphrase",
        "passcode",
        "mot",
        "mots",
        "passe",
        "mdp",
        "kata",
        "laluan",
        "sandi",
        "pin",
        "code",
        "codes",
        "secret",
        "digicode",
        "door",
        "gate",
        "access",
        "alarm",
        "acces",
        "porte",
        "immeuble",
        "alarme",
        "otp",
        "one-time",
        "verification",
        "verificacion",
        "security",
        "confirmation",
        "auth",
        "authentication",
        "2fa",
        "login",
        "sms",
        "kod",
        "pengesahan",
        "keselamatan",
        "tac",
        "cvv",
        "cvc",
        "cryptogramme",
        "card",
        "carte",
        "number",
        "numero",
        "nombor",
        "key",
        "keys",
        "api",
        "token",
        "tokens",
        "cle",
        "iban",
        "account",
        "compte",
        "akaun",
        "wifi",
        "wi-fi",
        "box",
        "router",
        "routeur",
        "network",
        "reseau",
        "bank",
        "banque",
        "bancaire",
        "credentials",
        "identifiants",
        "username",
        "unique",
        "usage",
        "credit",
        "debit",
        "visa",
        "kad",
        "atm",
        "cb",
        "kredit",
        "mastercard",
        "bearer",
        "github",
        "openai",
        "aws",
        "entered",
        "typed",
        "gave",
        "given",
        "shared",
        "sent",
        "received",
        "uses",
        "use",
        "used",
        "saisi",
        "donne",
        "envoye",
        "recu",
        "utilise",
        "partage",
        "beri",
        "hantar",
        "terima",
        "guna",
        "ends",
        "ending",
        "set",
        "changed",
        "new",
        "phrase",
        "recovery",
        "seed",
        "mnemonic",
        "wallet",
        "confidentiel",
        "portail",
        "rahsia",
        "katalaluan",
        "pasword",
        "reset",
        "texted",
        "digits",
    }
)
_ZH_SECRET_WORDS = (
    "密码",
    "口令",
    "验证码",
    "校验码",
    "动态码",
    "卡号",
    "银行卡",
    "信用卡",
    "密钥",
    "令牌",
    "门禁",
    "账号",
    "账户",
    "是",
    "给",
    "发",
    "收到",
    "输入",
    "使用",
    "用",
)


def secrets_filter(candidate: Candidate, exchange: Exchange | None = None) -> FilterDecision:
    """Redact passwords, keys, codes, card numbers and IBANs; drop the candidate when nothing else is left
    (a text redacted before, a no-model turn's message, is judged alike)."""
    text, found = redact(candidate.text)
    if not found and REDACTED not in text:
        return keep(NAME, candidate if text is candidate.text else replace(candidate, text=text))  # read: marked
    if not found:  # redacted before it came here (a no-model turn's message): judged alike
        found = ["redacted"]
    redacted = replace(candidate, text=text)
    kinds = ", ".join(sorted(set(found)))
    if not _still_useful(text):
        return drop(NAME, redacted, f"only a secret ({kinds}); nothing else worth remembering")
    return keep(NAME, redacted, f"redacted: {kinds}")


#: Words (case-folded) one of which each family of phrasings needs: a text without any skips
#: that family's patterns (most texts hold none; the patterns cost ~1 ms per 300 characters).
_PASSWORD_HINTS = (
    "pass",
    "pasword",
    "pw",
    "secret",
    "mdp",
    "laluan",
    "sandi",
    "kunci",
    "pin",
    "code",
    "kod",
    "wifi",
    "wi-fi",
    "密码",
    "口令",
)
_ZH_PASSWORD_HINTS = ("密", "口令", "令牌", "门禁", "門禁", "pin", "pwd", "pass")
_OTP_HINTS = (
    "code",
    "kod",
    "otp",
    "one-time",
    "one time",
    "tac",
    "码",
    "碼",
    "cvv",
    "cvc",
    "crypto",
    "digit",
    "chiffres",
    "背面",
)
_SEED_HINTS = ("phrase", "words", "mnemonic", "mots", "frasa", "助记", "助記", "恢复短语", "恢復短語")
_SECURITY_ANSWER_HINTS = ("security", "secret", "secrète", "secrete", "keselamatan", "密保", "安全")
_BANK_HINTS = ("account", "acc", "sort", "compte", "akaun", "卡号", "账号", "帐号", "账户")
#: Words that make an account a bank's (within 60 characters of the number).
_BANK_WORDS = re.compile(
    r"sort\s*code|\bbank|banque|bancaire|\brib\b|\bbsb\b|routing|\bakaun bank|bank akaun|银行|銀行", re.IGNORECASE
)


def _bank_context(value: str, match: re.Match[str], text: str) -> bool:
    """An account number is a bank's when a bank word or a sort code is near it; a shop's or a
    service's account id ("my account 88812345 has a problem") is a memory of the customer."""
    return bool(_BANK_WORDS.search(text, max(0, match.start() - 60), match.end() + 60))


#: The sort code beside an account number ("sort code 20-00-00").
_SORT_CODE = re.compile(r"sort\s*code[^\d\n]{0,10}(?P<v>\d{2}[ -]?\d{2}[ -]?\d{2})(?!\d)", re.IGNORECASE)
_BACKUP_HINTS = (
    "backup",
    "recovery",
    "2fa",
    "two-factor",
    "scratch",
    "secours",
    "cup",
    "sauvegarde",
    "sandaran",
    "pemulihan",
    "备用",
    "恢复码",
    "救援码",
)
_CREDENTIAL_HINTS = ("@", "credential", "identifiant", "login details", "账号", "帳號")
#: Characters with no glyph, dropped from the second look (a password word split by them).
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"), None)
#: What calls for the second look: invisible characters, Unicode spaces, full-width digits
#: and letters, mathematical letters (not the CJK full-width punctuation of every Chinese text).
_DISGUISED = re.compile(
    "[\u00a0\u00ad\u2000-\u200f\u202f\u205f\u2060\ufeff\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\U0001d400-\U0001d7ff]"
)


#: An assistant's reply that asks for a secret ("What's your password?", "Please enter the
#: OTP we sent", "请输入验证码", "Masukkan kod pengesahan"): the user's next message may be
#: the secret alone, which no phrasing rule sees.
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


def redact_answer(message: str, prompt: str | None) -> str:
    """``message`` with its value redacted when ``prompt`` (the assistant's reply just before
    it) asks for a secret and the message is the answer alone: one value, after at most
    "it's" / "here" / "c'est" / "ialah" / 是, that looks made up (letters with digits or
    symbols) or is 4 to 8 digits ("What's your password?" → "Hunter2xyz!"; "Enter the code
    we texted you" → "482913"). Anything longer is left to :func:`redact`."""
    if not prompt or not _ASKS_SECRET.search(prompt):
        return message
    m = _ANSWER.fullmatch(message)
    if m is None:
        return message
    value = m.group("v")
    if value == REDACTED or not (_looks_made_up(value) or (value.isdigit() and 4 <= len(value) <= 8)):
        return message
    return message[: m.start("v")] + REDACTED + message[m.end("v") :]


class Redacted(str):
    """A text :func:`redact` has read (its output, or a turn's texts redacted together):
    :func:`redact` returns it as it is, so each text of a turn is read once however many
    layers pass it on (the write path's filter, the store's last line). Any new string made
    from it — sliced, stripped, joined — is a plain ``str`` again and is read again.

    Reading a redacted text again finds nothing new (checked on the secret battery, the six
    LoCoMo conversations and the multilingual files: 5,339 texts); it only wrapped a Chinese
    ``密码：[redacted]`` once more (``[[redacted]]``)."""

    __slots__ = ()


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
            return Redacted(folded_out), folded_found
    return Redacted(out), found


#: The secrets this process was configured with (:func:`known_secrets`).
_KNOWN: set[str] = set()


def known_secrets(*values: str | None) -> None:
    """Redact each of ``values`` wherever it appears, whatever its shape, from now on in this
    process: the chat model's or embedder's API key, the password of a configured URL. A
    model server that refuses the key echoes it in its answer ("Invalid API key: …"), which
    became a parked job's cause (the store, ``/v1/jobs``, a user's diagnostics) and a log
    line when no pattern knew its shape. Only values of 8 characters or more that are not a
    bare word: a database password "souvenir" must not redact every memory of a souvenir."""
    for value in values:
        value = (value or "").strip()
        if len(value) >= 8 and not value.isalpha():
            _KNOWN.add(value)


def configured_secrets() -> tuple[str, ...]:
    """The values :func:`known_secrets` was given (the proxy scrubs what it relays of them)."""
    return tuple(_KNOWN)


def _redact(text: str) -> tuple[str, list[str]]:
    found: list[str] = []
    for secret in _KNOWN:
        if secret in text:
            text = text.replace(secret, REDACTED)
            found.append("configured")

    def sub(pattern: re.Pattern[str], kind: str, text: str, group: str | None = None, check=None) -> str:
        def repl(match: re.Match[str]) -> str:
            value = match.group(group) if group else match.group(0)
            if check is not None and not check(value, match, text):
                return match.group(0)
            found.append(kind)
            if group:
                start, end = match.start(group) - match.start(), match.end(group) - match.start()
                whole = match.group(0)
                return whole[:start] + REDACTED + whole[end:]
            return REDACTED

        return pattern.sub(repl, text)

    text = sub(_COMMAND_SECRET, "password", text, "v")
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
        text = sub(_PIN, "password", text, "v")
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
        text = sub(_ZH_PASSWORD, "password", text, "v")
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


def _redact_password(match: re.Match[str], text: str, found: list[str]) -> str:
    value = match.group("v")
    if not _password_value(value, match, text):
        return match.group(0)
    found.append("password")
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
    found.append("password")
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
    if not (_looks_made_up(value) or (owned and value.isalpha() and len(value) >= 4 and not value.istitle())):
        return match.group(0)
    found.append("password")
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
