"""A wish to keep, said with a verb of forgetting or deleting (pure): « je ne veux pas que tu
oublies mon anniversaire », "jangan lupakan hari jadi saya", 不要删除我的过敏信息 — "don't
forget / don't delete". :func:`souvenir.lexical.forget_cues._has_cue` reads a sentence with
these spans blanked out, so that a plea to keep a memory is never taken for a request to
forget it.

Source: session 15, a new user's walk (lane newuser): each of the three sentences above,
sent to ``/v1/turns``, erased the very memory it asked to keep (the birthday, the allergy),
because the forgetting verb matched a request's cue: « que tu oublies » (a request in « je
veux que tu oublies… »), "lupakan" (its subject lookbehinds had no "jangan"), 删除 beside 信息.
English "don't forget …" / "don't delete …" were never read as requests (the verbs need a
clause's start or "please"), nor were « n'oublie pas », 别忘, 不要忘 (see forget_cues).

The spans, each in the sentence's NFKC form:

- fr: a negated or feared wish before « que tu / vous oublies / effaces »: « ne veux pas que
  tu oublies », « il ne faut surtout pas que vous oubliiez », « j'ai peur que tu oublies »,
  « avant que tu oublies », and the colloquial « que tu oublies pas / jamais / rien »;
- ms: "jangan / janganlah / jgn / usah / tak pernah / tidak akan …" before "lupakan" or a
  deleting verb (padam, hapus, buang, +kan, +lah): "jangan lupakan", "jangan sesekali
  padamkan";
- zh: a negator (别 不要 不用 不能 不许 不准 勿 请勿 千万别 千万不要 不可以) before a deleting verb
  (删 删掉 删除 删了 抹掉 清除 去掉…), with 再 / 帮我 / 给我 or a 把 phrase between: 不要删除…,
  千万别把我的过敏信息删了.

And a reproach for forgetting, a question that wants the memory kept: "How could you forget
my birthday?", « Comment as-tu pu oublier mon anniversaire ? », "Kenapa awak lupakan hari jadi
saya?", "Macam mana awak boleh padam…", 你怎么可以删掉我的过敏信息？ — how / why (comment,
pourquoi, macam mana, bagaimana, kenapa, mengapa, 怎么, 为什么, 凭什么) before the verb, the
polite request "Could you forget what I said…?" unchanged. The same walk found each erasing
the memory it reproached the assistant for losing.

And the user's own forgetting, which asks nothing of the assistant (English and French
never read it as a request: "I want to forget my ex", « j'aimerais oublier mon divorce »): a
wish, a modal or a subject before 忘掉 / 忘记 / 忘了 (我想忘掉我前任, 我已经忘掉他了, 她让我忘掉他,
努力忘掉离婚的事; never after 你: 你要忘掉… asks), and "tak boleh / susah (untuk / nak) /
sukar … lupakan" ("Saya tak boleh lupakan dia", "Sukar untuk lupakan perceraian saya"); and
(session 24) a hope before 忘 (我真希望能忘掉…, 但愿我能忘了他; 希望你能忘掉… asks), never 帮我 / 替我 /
给我 忘掉 (能不能帮我忘掉…: the assistant is asked), and "saya (harap saya) boleh / dapat / nak
lupakan…" (never "saya harap awak boleh lupakan…", which asks).
Each was a request: the divorce erased, or the message kept as nothing.

Shape::

    keep_wishes_out("Je ne veux pas que tu oublies mon anniversaire")
    -> "Je " + spaces + " mon anniversaire"   (same length: offsets stay valid)
"""

from __future__ import annotations

import re

__all__ = ["keep_wishes_out"]

_FR_VERB = r"(?:oublies|oubliiez|oublie|oubliez|effaces|effaciez|efface|effacez|supprimes|supprimiez)"
_FR = re.compile(
    r"\b(?:ne|n')\s*(?:[\w'-]+\s+){0,2}?(?:pas|jamais|plus|point)\s+(?:[\w'-]+\s+){0,2}?que\s+(?:tu|vous)\s+"
    + _FR_VERB
    + r"\b"
    r"|\b(?:peur|crainte|avant|sans|[ée]viter)\s+(?:[\w'-]+\s+){0,1}?que\s+(?:tu|vous)\s+" + _FR_VERB + r"\b"
    r"|\bque\s+(?:tu|vous)\s+" + _FR_VERB + r"\s+(?:pas|jamais|rien|point)\b",
    re.I,
)
_MS = re.compile(
    r"\b(?:jangan(?:lah)?|jgn|usah|tak\s+pernah|tidak\s+pernah|takkan|tidak\s+akan|tak\s+akan)\s+"
    r"(?:(?:sesekali|sekali-kali|pernah|sampai)\s+)?"
    r"(?:lupakan|lupa|padam(?:kan)?|hapus(?:kan)?|buang(?:kan)?)(?:lah)?\b",
    re.I,
)
_ZH = re.compile(
    r"(?:千万别|千万不要|请勿|不可以|不要|不用|(?<!能)不能|不许|不准|别|勿)(?:再|随便|帮我|给我)?"  # 能不能删掉… asks
    r"(?:把[^，。！？,.!?]{0,20}?)?(?:删掉|删除|删了|删去|删|抹掉|抹去|清除|清掉|去掉)"
)

_REPROACH = re.compile(
    r"\b(?:how|why)\s+(?:could|would|can|did|do|dare|could've|would've)\s+(?:you|u)\s+"
    r"(?:(?:ever|just|possibly|even)\s+)?(?:forget|delete|erase|remove|wipe|disregard)\b"
    r"|\b(?:comment|pourquoi)\s+(?:est-ce\s+qu(?:e\s+|')?)?(?:as-tu|avez-vous|pourrais-tu|pourriez-vous|peux-tu"
    r"|pouvez-vous|tu\s+(?:as|peux|pourrais)|vous\s+(?:avez|pouvez|pourriez))\s+(?:pu\s+)?"
    r"(?:oublier|oubli[ée]|effacer|effac[ée]|supprimer|supprim[ée])\b"
    r"|\b(?:macam\s+mana|bagaimana|kenapa|mengapa|apasal|camne|camana)\s+(?:(?:awak|kau|ko|engkau|you|anda)\s+)?"
    r"(?:(?:boleh|sampai\s+hati|tergamak|sanggup)\s+)?(?:lupakan|lupa|padam(?:kan)?|hapus(?:kan)?|buang(?:kan)?)(?:lah)?\b"
    r"|(?:怎么|为什么|为啥|凭什么|怎能)(?:能|可以|会|敢)?(?:把[^，。！？,.!?]{0,20}?)?"
    r"(?:删掉|删除|删了|删|抹掉|清除|去掉|忘掉|忘记|忘了)",
    re.I,
)

_OWN = re.compile(
    r"(?:(?<!你)想|(?<!你)要|已经|早就|早已|终于|努力|试着|尝试|尽量|很难|难以|无法|没法|没办法|让我|叫我"
    r"|希望(?:我)?(?:能|可以)?|但愿(?:我)?(?:能)?|巴不得|(?<![别请帮替给])我)"
    r"(?:去|再|慢慢)?(?:把[^，。！？,.!?]{0,20}?)?(?:忘掉|忘记|忘了)"
    r"|\b(?:(?:tak|tidak|x)\s+(?:boleh|dapat|mampu|sanggup|reti)|susah|sukar|payah|senang|mudah|cuba)\s+"
    r"(?:(?:untuk|nak|hendak|mahu)\s+)?(?:lupakan|lupa)(?:lah)?\b"
    # "saya harap saya boleh lupakan…", "kalaulah aku dapat lupakan…": the user's own (never "… awak boleh lupakan")
    r"|\b(?:saya|aku|kami|kita)\s+(?:(?:harap|rasa|pun|memang|sangat)\s+(?:saya\s+|aku\s+)?)?"
    r"(?:boleh|dapat|nak|mahu|ingin|hendak|perlu)\s+(?:untuk\s+)?lupakan(?:lah)?\b",
    re.I,
)


def keep_wishes_out(text: str) -> str:
    """``text`` with each wish to keep (module docstring) replaced by as many spaces."""
    for pattern in (_FR, _MS, _ZH, _REPROACH, _OWN):
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text
