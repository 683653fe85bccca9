"""The verbs a request to forget is made of, one lexicon for every reader of such requests
(pure data): :mod:`souvenir.lexical.forget_cues` builds its cues from them,
:mod:`souvenir.lexical.forget_deixis` tells "don't remember that" from "forget it" (never
mind) by them. Each is a regular-expression alternation, without a group or a word boundary
(the reader adds its own), in the four languages.

- *keeping*: the verbs a negation turns into a request ("don't remember / save…",
  « ne retiens pas », "jangan ingat / simpan", 别记 / 别存);
- *deleting*: the verbs that ask to take out ("delete … from your memory", « efface … de ta
  mémoire », "padam … dari ingatan", 删掉 / 清除);
- *forgetting*: the verbs that say "forget" (forget, oublie, lupakan, 忘), which with "it" or
  nothing for object say "never mind".
"""

from __future__ import annotations

__all__ = [
    "EN_DELETE",
    "EN_FORGET",
    "EN_KEEP",
    "EN_STRIKE",
    "FR_DELETE",
    "FR_FORGET",
    "FR_KEEP",
    "MS_DELETE",
    "MS_FORGET",
    "MS_KEEP",
    "ZH_KEEP_OR_DELETE",
]

#: Keeping: "don't remember / keep / save / store / record / note / memorise / log …".
EN_KEEP = r"remember|keep|save|store|record|note|memori[sz]e|log"
#: Deleting, said with where from ("delete … from your memory").
EN_DELETE = r"delete|erase|remove|wipe|scrub|purge|clear"
#: Striking out what was said ("scrap that", "scratch that", "strike that").
EN_STRIKE = r"scrap|scratch|strike"
#: Forgetting ("forget", "disregard", "unlearn").
EN_FORGET = r"forget|disregard|unlearn"
#: « ne retiens / garde / note / mémorise / enregistre pas ».
FR_KEEP = r"retiens|retenez|garde|gardez|note|notez|mémorise|mémorisez|enregistre|enregistrez"
#: « efface / supprime / retire / enlève / sors / vire … de ta mémoire ».
FR_DELETE = r"efface|effacez|supprime|supprimez|retire|retirez|enlève|enlevez|sors|sortez|vire|virez"
#: « oublie », « oubliez », « oublier ».
FR_FORGET = r"oublie|oubliez|oublier"
#: "jangan / tak payah ingat / simpan / rekod / catat …".
MS_KEEP = r"ingat|simpan|rekod|catat|catatkan|ingatkan|simpankan"
#: "padam / hapus / buang / keluarkan / cuci / bersihkan … dari ingatan" (stems: a reader
#: adds ``(?:kan|lah)?``).
MS_DELETE = r"padam|hapus|buang|keluarkan|cuci|bersihkan"
#: "lupakan", "lupakanlah".
MS_FORGET = r"lupakan(?:lah)?"
#: 记 / 存 (keeping) and the deleting stems 删 / 抹 / 清除 / 清掉 / 清理掉 / 移除 / 去掉, searched
#: anywhere (Chinese has no word boundary).
ZH_KEEP_OR_DELETE = r"记|存|删|抹|清除|清掉|清理掉|移除|去掉"
