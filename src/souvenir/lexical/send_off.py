"""Send-offs: cheering the other on, and taking the other's wish, with no fact (issue #25).

Pure (sentence in, verdict out); read by :func:`souvenir.lexical.chitchat.sentence_kind`
after the other kinds, so an earlier kind keeps its name. Kinds:

- ``cheer_on`` — an imperative that cheers the other on: "Keep rockin' it!", "Keep up the
  great work!", "Keep killing it!", « Continue à tout déchirer ! », « Garde le cap ! »,
  继续保持！, 继续加油哦, "Teruskan usaha yang hebat!", "Teruskan!", "Rock on!", 冲啊！
  (« Fonce ! » is ``empty``, "Terus maju!" and "Keep going!" and
  "Keep pushing!" are ``resolve`` already).
- ``enjoy`` — taking the other's wish ("Have fun with your writing!") with a future of
  enjoying and only a pronoun for its object: "Thanks! I'll enjoy writing them.", "I'll
  enjoy it!", « Je vais en profiter ! », « Je vais bien en profiter », 我会好好享受的,
  "Saya akan menikmatinya!", "Saya akan nikmatinya". A named object ("I'll enjoy the
  concert on Friday") is a plan, not read.

The patterns are the rule (no threshold); each kind's cost on the LoCoMo conversations it
was not read on: ``bench.chitchat_share --by-kind cheer_on,enjoy --design conv-26,conv-43``
(docs/journal.md, session 15).
"""

from __future__ import annotations

import re

__all__ = ["send_off"]

_CHEER_ON = re.compile(
    r"^\W*(?:(?:wow|oh|yeah|so|and|just|ok)\W+)*keep\s+(?:(?:on\s+)?(?:rock|kill|crush|slay|shin|smash|nail|rull)"
    r"(?:ing|in'?)?(?:\s+it)?|up\s+the\s+(?:\w+\s+)?(?:work|job|vibes?)|it\s+going|doing\s+(?:what\s+you're\s+doing|"
    r"your\s+thing|it)|that\s+(?:spirit|energy|attitude|passion|fire)\s+(?:going|alive|up)|(?:being|staying)\s+"
    r"(?:awesome|amazing|great|you))"
    r"(?:\s*(?:,\s*)?\w*)?\W*$"
    r"|^\W*(?:continue|continuez)\s+(?:à|a)\s+(?:tout\s+d[ée]chirer|assurer|briller|g[ée]rer)\W*$"
    r"|^\W*(?:garde|gardez)\s+le\s+cap\W*$"
    # "Rock on!" (conv-42's second speaker, session 17); « Fonce ! » is ``empty``, "Terus maju!" ``resolve``
    r"|^\W*(?:(?:wow|oh|yeah|so|and|just|ok)\W+)*rock\s+on(?:\s*,?\s*[A-Z]?\w*)?\W*$"
    r"|^\W*teruskan(?:lah)?(?:\s+(?:usaha|semangat|kerja)(?:\s+yang)?(?:\s+(?:hebat|baik|bagus|cemerlang))?)?\W*$",
    re.IGNORECASE,
)
_ZH_CHEER_ON = re.compile(r"^\W*(?:你)?继续(?:保持|加油|努力)(?:哦|啊|呀|吧|下去)?\W*$|^\W*冲(?:冲冲|鸭|啊|吧)\W*$")

_ENJOY = re.compile(
    r"^\W*(?:(?:thanks|thank\s+you|ok|okay|sure|will\s+do|yes|yeah)\W+)*(?:i'll|i\s+will|i'm\s+(?:gonna|going\s+to))\s+"
    r"(?:(?:definitely|surely|really|totally|sure|so)\s+)?(?:enjoy|love)\s+(?:\w+ing\s+)?(?:it|them|that|this|every\s+bit)"
    r"(?:\s+(?:a\s+lot|so\s+much|for\s+sure|too))?\W*$"
    r"|^\W*(?:merci\W+)?(?:je\s+vais|j'vais)\s+(?:bien\s+|vraiment\s+)?en\s+profiter\W*$"
    r"|^\W*(?:terima\s+kasih\W+)?saya\s+akan\s+(?:me)?nikmati(?:nya|\s+ia)\W*$",
    re.IGNORECASE,
)
_ZH_ENJOY = re.compile(r"^\W*(?:谢谢\W*)?我会(?:好好|尽情)?享受(?:它|的|这个)?(?:的)?\W*$")


def send_off(sentence: str) -> str | None:
    """``"cheer_on"`` or ``"enjoy"`` when ``sentence`` is one (module docstring), else ``None``."""
    text = sentence.strip().replace("’", "'")
    if _CHEER_ON.search(text) or _ZH_CHEER_ON.search(text):
        return "cheer_on"
    if _ENJOY.search(text) or _ZH_ENJOY.search(text):
        return "enjoy"
    return None
