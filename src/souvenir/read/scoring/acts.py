"""What a memory *does*: report something that happened, or ask (pure, no model).

A list question ("What activities has Melanie done with her family?") is answered by the
memories that report events ("we went camping with my fam two weekends ago", "I took the
kids to the museum"), not by those that talk about the theme ("Family time matters to me.
What's up with you lately?"). Two flags per memory, read on its text:

- :func:`reports_an_event`: the speaker tells what they (or we) did — a first-person
  subject then, within three words, a verb in a past form. Only the first person: the
  flag tells a report from chit-chat among a conversation's own messages (the episodes
  of no-model mode); the write path's facts ("The user …", "L'utilisateur …") are
  reports already, and flagging theirs cost the multilingual files recall
  (docs/journal.md, "Multi-hop levers, session 7").
  EN: "I / we / my X and I" + a past form (a regular "-ed", or an irregular one of the
  list below; "need", "feed", "indeed" are not past forms).
  FR: the passé composé or plus-que-parfait of the first persons: "j'ai / j'avais / on a
  / nous avons" then (an adverb such as "déjà", "enfin", and) a past participle
  (-é/-ée/-és/-ées, -i/-is/-ie, -u/-ue, -it, -ert, -int, or "fait", "pris", "vu", "eu",
  "lu", "bu", "dit", "mis"); "je suis / on est / nous sommes / j'étais" then a verb of
  motion's participle ("allé", "parti", "rentré"…: "je suis contente" is not a report).
  ZH: 我 / 我们 / 咱们, then within eight characters 了 or 过 ("我们去了露营", "我去过上海"),
  not when the character belongs to another word (过敏, 难过, 过去, 受不了, 为了…: "我对花生过敏"
  is no report).
  MS: "saya / aku / kami / kita" then "sudah / telah / dah / pernah" (Malay verbs do not
  mark the past; the aspect words do).
- :func:`asks`: the memory ends on a question ("?", "？", or a Chinese final 吗 / 呢).

Measured on LoCoMo's multi-hop questions (docs/journal.md, "Multi-hop levers, session 7"):
how often their evidence and the memories ranked above it carry each flag is reported
there; the rules were read from the languages' grammar, not fitted to those rates.
Both flags are cached by text (as :func:`souvenir.read.scoring.periods.names_a_date` is), so a
user's candidates rebuilt after a write cost a lookup a memory, not the expressions.
"""

from __future__ import annotations

import re

from souvenir.lexical import nfkc_casefold
from souvenir.lexical.text_cache import text_cache

__all__ = ["asks", "reports_an_event"]

_EN_IRREGULAR = (
    "went|took|got|made|saw|had|did|bought|ran|came|found|gave|met|read|wrote|began|won|lost|built|drove|"
    "flew|left|spent|taught|learnt|swam|ate|drank|sang|sent|told|brought|caught|felt|kept|heard|held|"
    "paid|sold|sat|slept|stood|thought|threw|rode|wore|chose|broke|fell|grew|knew|became|forgot|"
    "began|hung|lent|made|meant|shot|shut|spoke|stole|struck|swore|woke|been|done|gone|seen|taken|"
    "given|written|eaten|driven|flown|grown|known|ridden|spoken|stolen|sworn|thrown|worn"
)
_EN_NOT_PAST = "need|feed|seed|bleed|breed|speed|proceed|succeed|exceed|indeed|weed|shed|bed|red"
_EN = re.compile(
    r"\b(?:i|we|i've|we've|i'd|we'd|i had|we had|(?:my|our) \w+ and i)\s+(?:\w+\s+){0,2}?"
    r"(?:(?!(?:" + _EN_NOT_PAST + r")\b)[a-z]{2,}ed|" + _EN_IRREGULAR + r")\b"
)
_FR_ADVERB = r"(?:(?:déjà|bien|enfin|finalement|vraiment|beaucoup|aussi|encore|souvent|toujours|tous|toutes)\s+)?"
_FR_MOTION = (
    r"(?:allé|venu|parti|arrivé|rentré|revenu|sorti|monté|descendu|resté|tombé|passé|retourné"
    r"|devenu|né)(?:e|s|es)?"
)
_FR = re.compile(
    r"(?:\bj'ai|\bj'avais|\bon a|\bon avait|\bnous avons|\bnous avions)\s+"
    + _FR_ADVERB
    + r"(?:\w+(?:é|ée|és|ées|i|is|ie|ies|u|ue|us|ues|it|ert|erte|int)|fait|pris|vu|eu|lu|bu|dit|mis)\b"
    r"|(?:\bje suis|\bj'étais|\bon est|\bon était|\bnous sommes|\bnous étions)\s+" + _FR_ADVERB + _FR_MOTION + r"\b"
)
# 了 / 过 as aspect markers, not as a character of another word: 过敏 (allergic), 过来 / 过去
# (come over, formerly), 难过 (sad), 不过 (but), 超过 / 经过 / 通过 (exceed, via), 受不了 /
# 算了 (cannot stand, never mind), 为了 / 除了 (for, except), 了解 (understand).
_ZH = re.compile(r"(?:我们|咱们|我)[^。！？!?，,]{0,8}?(?:(?<![不为除算])了(?!解)|(?<![难不超经通])过(?![敏来去]))")
_MS = re.compile(r"\b(?:saya|aku|kami|kita)\s+(?:\w+\s+)?(?:sudah|telah|dah|pernah)\b")
_NOTE = re.compile(r"\s*\[[^\]]*\]\s*$")
_ASKS = re.compile(r"(?:[?？]|[吗呢][。.]?)[\s\"'”’)）\]]*$")


@text_cache(200_000)
def reports_an_event(text: str) -> bool:
    """True when ``text`` tells something its speaker did (see the module's rules)."""
    folded = nfkc_casefold(text).replace("’", "'")
    return bool(_EN.search(folded) or _FR.search(folded) or _ZH.search(folded) or _MS.search(folded))


@text_cache(200_000)
def asks(text: str) -> bool:
    """True when ``text`` ends on a question (a trailing bracketed note, such as a shared
    photo's caption, left aside)."""
    return bool(_ASKS.search(_NOTE.sub("", text.rstrip())))
