"""Words the secret phrasings read: the words that describe a password rather than being
it, and the hint words one of which each family of phrasings needs before it runs. Each
list holds English, French, Malay and Chinese."""

from __future__ import annotations

import re

# fmt: off
_NOT_VALUES = frozenset(
    {
        "same", "changed", "new", "old", "reset", "expired", "forgotten", "oublie", "oublié", "wrong",
        "incorrect", "weak", "strong", "long", "short", "correct", "secure", "safe", "required", "invalid",
        "simple", "easy", "hard", "complicated", "complex", "different", "mine", "yours", "written", "saved",
        "stored", "locked", "blocked", "case-sensitive", "only", "still", "always", "never", "also", "now",
        "here", "there", "what", "why", "how", "where", "when", "which", "who", "missing", "empty", "blank",
        "lost", "stolen", "leaked", "compromised", "hacked", "set", "updated", "needed", "ok", "okay",
        "fine", "good", "bad", "sama", "salah", "lupa", "baru", "lama", "panjang", "pendek", "terlalu",
        "faux", "fausse", "nouveau", "nouvelle", "ancien", "changé", "bloqué", "court", "facile",
        "difficile", "compliqué", "perdu", "même", "toujours", "encore", "déjà", "trop", "très", "tukar",
        "sudah", "dah", "telah", "hilang", "tidak", "tak", "belum", "akan", "kena",
    }
)
_PASSPHRASE = re.compile(r"passphrase|phrase secr[èe]te|frasa laluan", re.IGNORECASE)

#: Words (case-folded) one of which each family of phrasings needs: a text without any skips
#: that family's patterns (most texts hold none; the patterns cost ~1 ms per 300 characters).
_PASSWORD_HINTS = (
    "pass", "pasword", "pw", "secret", "mdp", "laluan", "sandi", "kunci", "pin", "code", "kod", "wifi",
    "wi-fi", "密码", "口令",
)
_ZH_PASSWORD_HINTS = ("密", "口令", "令牌", "门禁", "門禁", "pin", "pwd", "pass")
_OTP_HINTS = (
    "code", "kod", "otp", "one-time", "one time", "tac", "码", "碼", "cvv", "cvc", "crypto", "digit",
    "chiffres", "背面",
)
_SEED_HINTS = ("phrase", "words", "mnemonic", "mots", "frasa", "助记", "助記", "恢复短语", "恢復短語")
_SECURITY_ANSWER_HINTS = ("security", "secret", "secrète", "secrete", "keselamatan", "密保", "安全")
_BANK_HINTS = ("account", "acc", "sort", "compte", "akaun", "卡号", "账号", "帐号", "账户")
_BACKUP_HINTS = (
    "backup", "recovery", "2fa", "two-factor", "scratch", "secours", "cup", "sauvegarde", "sandaran",
    "pemulihan", "备用", "恢复码", "救援码",
)
_CREDENTIAL_HINTS = ("@", "credential", "identifiant", "login details", "账号", "帳號")
#: Characters with no glyph, dropped from the second look (a password word split by them).
_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u200e\u200f\u2060\ufeff"), None)
#: What calls for the second look: invisible characters, Unicode spaces, full-width digits
#: and letters, mathematical letters (not the CJK full-width punctuation of every Chinese text).
_DISGUISED = re.compile(
    "[\u00a0\u00ad\u2000-\u200f\u202f\u205f\u2060\ufeff\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\U0001d400-\U0001d7ff]"
)

# fmt: on
