"""A request to forget the user made of someone else, told to us: no request to us (pure).

Session 25 (lane harden10): "I told my boss: forget my address, I moved." erased the user's
address, as did « J'ai dit à mon patron : oublie mon adresse. » and "Saya cakap kat bos:
lupakan alamat saya."; 我让我姐姐忘掉我的地址。 ("I had my sister forget my address") did too.
Session 24's reported frame (:func:`souvenir.lexical.polite_asks.not_asked`) reads someone
else's words after a verb of speech and a colon, never after "I" ("As I said: forget…" is
the user's own, said to us again). What tells the two apart is the person spoken to: named,
and not us, the words were theirs to act on.

:func:`told_at` reads, on a sentence (NFKC-folded, ASCII apostrophes):

* en: "I told / asked / wrote to / texted / messaged / emailed / said to <someone>:" — one to
  four words, never "you";
* fr: « j'ai dit / demandé / écrit / répondu à <quelqu'un> : », « je lui / leur ai dit : »,
  « je dis à <quelqu'un> : » — never « à toi / à vous »;
* ms: "saya / aku cakap / kata / bagitahu / beritahu / tanya / pesan / tulis / mesej kat /
  pada / kepada / dekat / dengan <seseorang>:" — never "awak / kau / anda";
* zh: 我跟 / 对 / 和 / 给 <某人> 说 / 讲 / 发消息 / 留言：(never 你 / 您), and the causative
  我让 / 叫 / 要 <某人> 忘 / 删 (我让我姐姐忘掉…; never 我让你…, a request to us).

And the converse, :func:`said_again_out`: the user saying again to us what they asked — « Je
te l'ai dit : oublie mon adresse », « Je vous l'ai déjà dit : effacez… », « Comme je t'ai
dit : … », "Saya dah cakap: lupakan alamat saya" — was read as someone's reported words (the
verb of speech and the colon, the « je » not right before the verb) and kept the address
("As I told you: forget…", 我跟你说过了：… and "Aku dah bagitahu kau: …" were already asks).
The frame is blanked before the reported reading, so the request is read as the user's.

The user's own request said before it stays one ("Forget my address, I told my boss: he
knows": the caller reads the text before the frame for a cue), and so does one naming no one
before a colon ("I told my boss, and now please forget my address").
"""

from __future__ import annotations

import re

__all__ = ["said_again_out", "told_at"]

#: Who the user spoke to: one to four words before the colon, never the assistant.
_EN_WHO = r"(?!(?:you|u|ya)\b)(?:[\w'-]+\s+){0,3}[\w'-]+\s*[:：]"
_FR_WHO = r"(?!(?:toi|vous|te)\b)(?:[\w'-]+\s+){0,3}[\w'-]+\s*[:：]"
_MS_WHO = r"(?!(?:awak|kau|ko|anda|engkau|kamu)\b)(?:[\w'-]+\s+){0,3}[\w'-]+\s*[:：]"
_TOLD = re.compile(
    r"\bi\s+(?:just\s+|already\s+|then\s+)?(?:told|asked|texted|messaged|emailed|e-mailed|pinged|tell|ask|text)\s+"
    + _EN_WHO
    + r"|\bi\s+(?:just\s+|already\s+|then\s+)?(?:said|wrote|replied|say|write)\s+to\s+"
    + _EN_WHO
    + r"|\bj'ai\s+(?:dit|demandé|demande|écrit|ecrit|répondu|repondu|envoyé|envoye)\s+(?:à|a|au|aux)\s+"
    + _FR_WHO
    + r"|\bje\s+(?:lui|leur)\s+(?:ai\s+)?(?:dit|demandé|demande|écrit|ecrit|dis|écris|ecris)\s*[:：]"
    + r"|\bje\s+(?:dis|demande|écris|ecris|réponds|reponds)\s+(?:à|a|au|aux)\s+"
    + _FR_WHO
    + r"|\b(?:saya|aku|sy)\s+(?:dah\s+|sudah\s+|pun\s+)?(?:cakap|kata|bagitahu|beritahu|bgtau|tanya|pesan|tulis|mesej|"
    r"whatsapp)\s+(?:kat|pada|kepada|dekat|dgn|dengan|kt)\s+"
    + _MS_WHO
    + r"|我(?:就|也|已经|刚)?(?:跟|对|和|给)(?![你您])[^，。！？,.!?：:]{1,10}?(?:说|讲|发消息|发微信|留言|写)(?:了|过|道)?\s*[:：]"
    + r"|我(?:就|也|已经|刚)?(?:让|叫|要)(?![你您])[^，。！？,.!?：:]{1,8}?(?:忘|删)",
    re.I,
)


def told_at(folded: str) -> int | None:
    """Where, in the request sentence ``folded`` (NFKC-folded, ASCII apostrophes), the user
    says they told or had someone else do what follows — a person named, not us (module
    docstring); ``None`` when they do not. The caller reads a cue before it as the user's own."""
    found = _TOLD.search(folded)
    return found.start() if found else None


#: The user's own words said again to us: « je te l'ai (déjà) dit : », « comme je t'ai dit : »,
#: « je l'ai dit : », "saya dah cakap (kat awak):".
_SAID_AGAIN = re.compile(
    r"\b(?:je\s+|j')(?:(?:te|vous)\s+|t')?(?:l')?(?:ai|avais)\s+(?:d[ée]j[àa]\s+|bien\s+|pourtant\s+)?"
    r"(?:dit|demand[ée]|[ée]crit|r[ée]p[ée]t[ée])\s*[:：]"
    r"|\b(?:saya|aku|sy)\s+(?:dah\s+|sudah\s+|telah\s+|kan\s+)?(?:cakap|kata|bagitahu|beritahu|bgtau|pesan|tulis)"
    r"(?:\s+(?:kat|pada|kepada|dekat|dgn|dengan|kt)\s+(?:awak|kau|ko|anda|engkau|kamu))?\s*[:：]",
    re.I,
)


def said_again_out(folded: str) -> str:
    """``folded`` with the frame of the user saying their words again to us blanked (spaces,
    the length kept), so that it is not read as someone else's reported words (module
    docstring)."""
    return _SAID_AGAIN.sub(lambda m: " " * len(m.group()), folded)
