"""Guesses and cheers about the other's news, with no fact of the writer (issue #25).

Pure (sentence in, verdict out); read by :func:`souvenir.lexical.chitchat.sentence_kind`
only when the sentence has no first person (singular or plural). Kinds:

- ``guess`` — a guess at the other's experience: "Bet it felt awesome to score that
  basket", "Must have been such an adrenaline rush!", "It's gotta be a rush having all
  these options", « Ça a dû être génial », 那一定很刺激！ (with 吧 the ``proposal`` kind reads it first), "Mesti best!"
- ``congrats`` — congratulations on the other's named thing: "Congrats on those deals with
  Nike and Gatorade!", « Félicitations pour ton contrat avec Nike ! », 恭喜你拿到耐克的合同,
  "Tahniah atas tawaran Nike!"
- ``us`` — a maxim whose only person is a generic "us" as object: "It's great to find stuff
  that makes us happy and feel free", "Books can really inspire and help us keep our dreams
  alive", « Les livres nous aident à garder nos rêves », 书能让我们保持梦想, "Buku membantu
  kita mengekalkan impian"; not with "we" as subject, a capitalised word or a digit.
- ``life`` — what makes life good, said of the talk: "It's what makes life awesome!",
  « C'est ce qui rend la vie belle ! », 这就是生活的意义, "Itulah yang membuatkan hidup
  bermakna"

The lexicons are the rule (no threshold); each kind is kept by what it costs on the LoCoMo
conversations it was not written on (``bench.chitchat_share --by-kind``, docs/journal.md).
"""

from __future__ import annotations

import re

__all__ = ["cheer"]

_GUESS = re.compile(
    r"^(?:\W*(?:wow|oh|aw+|awesome|ah)\W+)*(?:i\s+)?bet\s+(?:it|that|this|you|they)\b"
    r"|\bmust(?:\s+have|'ve|\s+of)\s+(?:been|felt)\b"
    r"|\b(?:it's|it\s+has|it\s+is|that's|it)\s+(?:gotta|got\s+to|must)\s+be\b"
    r"|\b(?:[çc]a|cela)\s+(?:a|avait)\s+d[ûu]\s+(?:[êe]tre|faire)\b"
    r"|\b(?:[çc]a|cela)\s+doit\s+[êe]tre\b"
    r"|\b(?:mesti|tentu|pasti)(?:nya)?\s+(?:best|seronok|hebat|menarik|bagus|penat|mencabar|syok|gembira|teruja)\b",
    re.IGNORECASE,
)
_ZH_GUESS = re.compile(
    r"(?:一定|肯定|想必)(?:很|非常|特别|超)?[^。！？!?]{0,12}吧|(?:一定|肯定|想必)(?:很|非常|特别|超)[^。！？!?]{1,6}[！!]"
)
_CONGRATS = re.compile(
    r"^(?:\W*(?:wow|oh|hey|omg|yay)\W+)*(?:congrats|congratulations|f[ée]licitations|bravo|tahniah)\b", re.IGNORECASE
)
_ZH_CONGRATS = re.compile(r"^\W*(?:哇|哇塞)?\W*恭喜")
_LIFE = re.compile(
    r"^\W*(?:it's|that's|this\s+is|it\s+is|that\s+is)\s+what\s+makes\s+life\s+\w+\W*$"
    r"|^\W*c'est\s+(?:[çc]a\s+)?ce\s+qui\s+rend\s+la\s+vie\s+\w+\W*$"
    r"|^\W*itulah\s+yang\s+(?:membuatkan|menjadikan)\s+hidup\s+\w+\W*$",
    re.IGNORECASE,
)
_ZH_LIFE = re.compile(r"^\W*这(?:就是|才是)(?:生活|人生)(?:的意义|的乐趣|的美好)?\W*$")


_US_FRAME = re.compile(
    r"^\W*(?:(?:it's|it\s+is)\s+(?:so\s+|really\s+|always\s+)?(?:great|nice|good|important|amazing|wonderful|awesome|cool)"
    r"\s+(?:to|when|how)\b|[a-z]+s\s+(?:can|do|really|always|just|truly|often)\b|[a-z]+ing\s+\w+)"
    r".*\b(?:makes?|helps?|keeps?|lets?|gets?|brings?)\s+us\b"
    r"|^\W*(?:c'est\s+(?:si\s+|tellement\s+)?(?:génial|bien|important|super|beau)\s+de|les\s+\w+\s+)"
    r".*\bnous\s+(?:rend|rendent|aide|aident|permet|permettent|garde|gardent)\b"
    r"|^\W*(?:(?:memang\s+)?(?:seronok|bagus|penting|hebat)\s+(?:untuk|bila)|\w+\s+(?:boleh|dapat|memang))"
    r".*\b(?:membuat|membuatkan|membantu|menjadikan)\s+kita\b",
    re.IGNORECASE,
)
_ZH_US = re.compile(r"^(?:[^我你他她]{1,8})(?:能|可以|总能|会)?(?:让|使|帮助|帮)我们")
_US_NOT = re.compile(r"\b(?:we|we're|we've|we'll|nous\s+avons|nous\s+sommes|on|kami)\b|\d", re.IGNORECASE)


def _us(text: str) -> bool:
    if _US_NOT.search(text) or any(w[:1].isupper() for w in re.findall(r"\w+", text)[1:]):
        return False
    return bool(_US_FRAME.search(text) or _ZH_US.search(text))


def cheer(sentence: str, we: bool = False) -> str | None:
    """``"guess"``, ``"congrats"``, ``"life"`` or ``"us"`` when ``sentence`` (no singular
    first person in it: the caller checks; ``we``: a plural one is) is that kind (module
    docstring), else ``None``. With ``we`` only ``"us"`` is read."""
    text = sentence.replace("\u2019", "'").strip()
    if we:
        return "us" if _us(text) else None
    if _CONGRATS.match(text) or _ZH_CONGRATS.match(text):
        return "congrats"
    if _GUESS.search(text) or _ZH_GUESS.search(text):
        return "guess"
    if _LIFE.match(text) or _ZH_LIFE.match(text):
        return "life"
    return None
