"""Secrets said in words: a password, a PIN, a one-time code, a seed phrase, backup codes,
a security answer, a bank account, given in a phrasing (en, fr, ms, zh). Each pattern names
the value it redacts ``v``; :mod:`souvenir.privacy.detection` runs them, and
:mod:`souvenir.privacy.values` decides whether a match's value is one."""

from __future__ import annotations

import re

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
    r"|(?<![A-Za-z0-9!@#$%^&*._\-+=/])(?P<zh>[A-Za-z0-9!@#$%^&*._\-+=/]{3,64})\s*(?:是|就是)(?:我的|我们的|你的)?(?:新)?(?:密码|口令|pin码?|门禁码|門禁碼)",
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
    r"(?P<v>[A-Za-z0-9!@#$%^&*._\-+=/]{3,})",
    re.IGNORECASE,  # 我的PIN是482913 as 我的pin是…
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
#: Words that make an account a bank's (within 60 characters of the number).
_BANK_WORDS = re.compile(
    r"sort\s*code|\bbank|banque|bancaire|\brib\b|\bbsb\b|routing|\bakaun bank|bank akaun|银行|銀行", re.IGNORECASE
)


#: The sort code beside an account number ("sort code 20-00-00").
_SORT_CODE = re.compile(r"sort\s*code[^\d\n]{0,10}(?P<v>\d{2}[ -]?\d{2}[ -]?\d{2})(?!\d)", re.IGNORECASE)
