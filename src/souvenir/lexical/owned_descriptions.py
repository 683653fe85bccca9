"""Things of the user's described by an age or a count (pure; issue #26, round 18): "my 14-year-old
cat", « mon chat de 14 ans », « mes deux filles », 我三岁的女儿, 我家两只猫, "anak aku yang 3 tahun".

A question or a condition does not assert what it asks or supposes, but such a description
inside it is taken for granted: « Tu crois que mon chat de 14 ans supportera le voyage ? » says the
user has a 14-year-old cat; 带我三岁的女儿去迪士尼的话，她要买票吗 that they have a three-year-old
daughter. :func:`owned_descriptions` returns these spans so that the speech-act filter reads them as
the user's assertions (the rest of the clause keeps its act).

Shapes, per language (a number in digits or in words, one to ten):

* en: my / our + [N-year-old | N-month-old | N] + up to two words ("my 3-year-old", "our two dogs");
* fr: mon / ma / mes / notre / nos + a noun (+ one word) + de N ans / mois ("ma fille de 3 ans"), or
  + N / a number word + a noun (« mes deux chats »);
* zh: 我 / 我的 / 我家 / 我们家 + N岁(大)的 / N个月(大)的 / N + a classifier (个 只 条 位 头 匹) + one or two
  Han characters;
* ms: a noun + aku / saya / kami + [yang] [berumur / berusia / umur] N tahun / bulan ("anak aku yang
  3 tahun"), or N / a number word + [orang / ekor] + a noun + aku / saya / kami ("dua ekor kucing saya").
"""

from __future__ import annotations

import re

__all__ = ["owned_descriptions"]

_EN_N = r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)"
_FR_N = r"(?:\d{1,3}|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"
_MS_N = r"(?:\d{1,3}|dua|tiga|empat|lima|enam|tujuh|lapan|sembilan|sepuluh)"
_ZH_N = r"[\d一二两三四五六七八九十半]{1,3}"
#: Words after "my 3-year-old" that are no noun of it ("my 3-year-old to Disneyland").
_EN_AFTER = r"(?:to|for|at|in|on|with|and|or|is|was|has|had|will|would|can|could|should|does|did|do|get|gets|go|goes)"
#: Han characters that end a description's noun (我家两只猫能…: 猫).
_ZH_AFTER = "能会要去是在也都和跟吗呢还就得可"

_SHAPES = re.compile(
    rf"\b(?:my|our)\s+(?:{_EN_N}[-\s](?:years?|months?|weeks?)[-\s]old(?:\s+(?!{_EN_AFTER}\b)[a-z]+)?"
    rf"|(?!one\b){_EN_N}\s+(?!{_EN_AFTER}\b)[a-z]+)"
    rf"|\b(?:mon|ma|mes|notre|nos)\s+[a-zàâçéèêëîïôûùüÿœ]+(?:\s+[a-zàâçéèêëîïôûùüÿœ]+)?\s+(?:de|d')\s*"
    rf"{_FR_N}\s*(?:ans|an|mois|semaines)\b"
    rf"|\b(?:mes|nos)\s+{_FR_N}\s+[a-zàâçéèêëîïôûùüÿœ]+"
    rf"|我(?:的|家|们家|们的)?(?:{_ZH_N}(?:岁|个月|周)(?:大)?的?|{_ZH_N}(?:个|只|条|位|头|匹))[\u4e00-\u9fff]{{1,2}}"
    rf"|\b[a-z]+\s+(?:aku|saya|kami)\s+(?:yang\s+)?(?:(?:berumur|berusia|umur|usia)\s+)?{_MS_N}\s+(?:tahun|bulan)\b"
    rf"|\b{_MS_N}\s+(?:orang\s+|ekor\s+)?[a-z]+\s+(?:aku|saya|kami)\b",
    re.I,
)


def owned_descriptions(text: str) -> list[str]:
    """The spans of ``text`` that describe a thing of the user's by an age or a count (module
    docstring): ``owned_descriptions("Tu crois que mon chat de 14 ans supportera ?")`` ->
    ``["mon chat de 14 ans"]``; none -> ``[]``."""
    return [m.group(0).rstrip(_ZH_AFTER) for m in _SHAPES.finditer(text)]
