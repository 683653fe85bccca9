"""A status remark: the writer has just done the step the conversation was about, naming no
thing of their own (issue #25, session 22).

A chit-chat kind (:mod:`souvenir.lexical.chitchat`): "I just installed it, thanks.", « Je viens
de l'installer, merci. », 我刚装好了，谢谢。, "Saya baru pasang, terima kasih." — a report on the
assistant's last advice. The thing done is a pronoun or left out ("it", « l' », 它, "dia"), so
the sentence holds no fact without the reply it answers (SmolLM2 kept « Je viens de
l'installer, merci. » as a note on ``dlg3-fr``: junk). Pure (one sentence in, verdict out)::

    done_it("Je viens de l'installer, merci.")     -> True
    done_it("I just installed the new boiler.")    -> False  (the thing is named)
    done_it("I just got married!")                 -> False  (no step of the list)

The act is a verb of a short list — install, download, try, restart, update, change, plug,
send, pay, fill in, fix, reset, check, activate, print, save, book, order — done "just" or
"already" (en: "I've just…", "I just…", "just did it"; fr: « je viens de l'… », « je l'ai
… »; zh: 刚 / 已经 … 好 / 完 / 了; ms: "baru", "dah", "sudah"), its object a pronoun or none, with
at most thanks, "ok", "done", "now" or "already" around it. A named object ("the new boiler"),
a number, a place or a time is a fact and is never this kind.

``waiting`` — the writer will wait for what the assistant does, nothing else: "OK, I'll wait.",
« D'accord, j'attends. », 好的，我等着。, "Ok, saya tunggu." (`dlg3-ms`'s fallback episode « Ok, saya
tunggu. Terima kasih. », kept by both modes). Waiting for a named thing or a time ("I'm waiting for
my visa", « j'attends mon deuxième enfant », "saya tunggu keputusan exam") is a fact and stays.

No threshold: the lexicons are the rule. Their cost on LoCoMo's gold observations: docs/write-path.md.
"""

from __future__ import annotations

import re

__all__ = ["done_it", "waiting"]

#: Thanks, agreement and "done" around the report: « merci », "thanks", 谢谢, "terima kasih".
_AROUND = re.compile(
    r"^(?:(?:ok|okay|alright|right|great|done|voilà|voila|bon|ok\s+bon|c'est\s+bon|d'accord|parfait|super|baik|ok\s+la"
    r"|okla|siap|好的|好|行|嗯)\b[\s,!.]*)+"
    r"|[\s,!.]*(?:(?:thanks|thank\s+you|thx|merci|merci\s+beaucoup|merci\s+bien|terima\s+kasih|tq|tqvm|谢谢|谢啦|多谢)"
    r"(?:\s+(?:a\s+lot|so\s+much|again|encore))?[\s,!.。！]*)$",
    re.I,
)
_EN_VERBS = (
    r"install(?:ed)?|download(?:ed)?|tried|tested|restart(?:ed)?|reboot(?:ed)?|updated|upgraded|set\s+(?:it|that|this)\s+up"
    r"|changed|switched|plugged|unplugged|sent|paid|filled|submitted|done|did|fixed|reset|turned|checked|clicked"
    r"|activated|printed|saved|uploaded|booked|ordered|applied|renewed|cancell?ed"
)
_EN = re.compile(
    r"^(?:i(?:'ve|\s+have)?\s+)?(?:just|already)\s+(?:" + _EN_VERBS + r")"
    r"(?:\s+(?:it|that|this|them|one))?(?:\s+(?:up|in|on|off|out|now|already|again|too))*$"
    r"|^(?:i(?:'ve|\s+have)\s+)(?:" + _EN_VERBS + r")\s+(?:it|that|this|them)(?:\s+(?:now|already|again|too))*$",
    re.I,
)
_FR_VERBS = (
    r"install|télécharg|telecharg|essay|test|redémarr|redemarr|mis\s+à\s+jour|mettre\s+à\s+jour|chang|branch|débranch"
    r"|envoy|pay|rempl|réin?itialis|reinitialis|vérifi|verifi|activ|imprim|enregistr|sauvegard|réserv|reserv|command"
    r"|renouvel|annul|fait|faire|régl|regl|répar|repar|relanc"
)
_FR = re.compile(
    r"^(?:je\s+)?viens\s+(?:juste\s+)?de\s+(?:l'|le\s+|la\s+|les\s+|(?:le|la|les)\s+)?(?:" + _FR_VERBS + r")\w*"
    r"(?:\s+(?:à\s+l'instant|maintenant|aussi))*$"
    r"|^je\s+(?:l'|les\s+)ai\s+(?:déjà\s+|bien\s+|enfin\s+)?(?:"
    + _FR_VERBS
    + r")\w*(?:\s+(?:à\s+l'instant|maintenant|aussi))*$"
    r"|^c'est\s+(?:fait|installé|réglé|branché|envoyé|payé)(?:\s+maintenant)?$",
    re.I,
)
_ZH = re.compile(
    r"^我?(?:刚刚?|已经|刚才|才)(?:把它|把这个)?(?:装|安装|下载|试|试过|重启|更新|升级|设置|换|插|发|付|交|填|修|弄|做|检查|激活|重置|打印|保存|订|预订|续)"
    r"(?:好|完|过)?了?[了啦]?$"
)
_MS_VERBS = (
    r"pasang|install|muat\s+turun|download|cuba|test|restart|update|tukar|set|hantar|bayar|isi|betulkan|reset|check"
    r"|semak|aktifkan|cetak|simpan|klik|tempah|book|order|renew|batalkan|buat"
)
_MS = re.compile(
    r"^(?:saya|aku|sy)?\s*(?:baru|dah|sudah|baru\s+je|baru\s+sahaja|baru\s+saja)\s+(?:" + _MS_VERBS + r")(?:kan)?"
    r"(?:\s+(?:dia|ia|tu|itu|yang\s+tu))?(?:\s+(?:je|tadi|sekarang|dah))*$",
    re.I,
)


def done_it(sentence: str) -> bool:
    """The writer has just done the step discussed, naming no thing (module docstring)."""
    text = sentence.strip().replace("\u2019", "'").rstrip(" .!。！~～…")
    if any(ch.isdigit() for ch in text):
        return False
    for _ in range(2):  # thanks after, "ok" before
        text = _AROUND.sub("", text).strip(" ,，.!。！")
    if not text:
        return False
    return bool(_EN.match(text) or _FR.match(text) or _ZH.match(text) or _MS.match(text))


_WAIT = re.compile(
    r"^(?:i(?:'ll|\s+will)\s+wait|i\s+can\s+wait|i'm\s+waiting|waiting|(?:j'|je\s+)attend(?:s|rai)|je\s+patiente"
    r"|(?:saya|aku|sy)\s+(?:tunggu|tunggu\s+je|boleh\s+tunggu)|我(?:先)?(?:等着|等一下|等你|等您|等)(?:吧|哦|啊)?|等你(?:们)?消息)"
    r"(?:\s+(?:then|here|a\s+bit|donc|alors|ici|dulu|je|la|lah|ya))*$",
    re.I,
)


def waiting(sentence: str) -> bool:
    """The writer will wait for the assistant, naming nothing (module docstring)."""
    text = sentence.strip().replace("\u2019", "'").rstrip(" .!。！~～…")
    if any(ch.isdigit() for ch in text):
        return False
    for _ in range(2):  # thanks after, "ok" before
        text = _AROUND.sub("", text).strip(" ,，.!。！")
    return bool(text) and bool(_WAIT.match(text))
