"""A job said as the user's job now, or made permanent, is a job change (pure; issue #26, round 26).

"Now works full-time as a barista at a café in Soho", « Maintenant je suis en CDI comme comptable
chez KPMG », 现在转正了，在星巴克当咖啡师, "Sekarang kerja tetap sebagai juruaudit di Deloitte": the
words "now", "full-time", "permanent", « maintenant », « en CDI », 现在, 转正, 全职, "sekarang", "tetap",
"sepenuh masa" tell that this is the job the user holds from now on. The keyed rules (rule 5) need the
old memory's every key in the new one, and "at a café" names no employer, so the old occupation stayed
active beside the new one; and the marks themselves hid the occupation from the keyed patterns (« en
CDI comme », 转正了，, "kerja tetap sebagai").

:func:`job_now` gives the text with its marks read away when it holds one ("Works as a barista at a
café in Soho", « travaille comme comptable chez KPMG », 在星巴克当咖啡师, "kerja sebagai juruaudit di
Deloitte"), else ``None``. "Works part-time as a tutor", a job said with no mark, and a wish ("wants
to work full-time") hold none. The write path supersedes the latest memory keying another
occupation and nothing but work (``write.keyed_pool.job_moved``).
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_fold

__all__ = ["job_now"]

_MARK = re.compile(
    r"\b(?:now|currently|these\s+days|full[-\s]?time|permanent(?:ly)?|maintenant|désormais|dorénavant|à\s+(?:temps|plein)"
    r"\s+(?:plein|temps)|cdi|sekarang|kini|tetap|sepenuh\s+masa)\b|现在|目前|如今|转正了?|全职|正式",
    re.I,
)
_WISH = re.compile(
    r"\b(?:want|wants|wanna|hope|hoping|would|might|may|could|plan|planning|thinking|veux|veut|voudrais|aimerais|espère"
    r"|pense|nak|mahu|ingin|harap|rancang|mungkin)\b|想|希望|打算|准备|可能|如果|要是|\?|？",
    re.I,
)
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.I), repl)
    for pattern, repl in (
        (
            r"\b(?:je\s+)?(?:suis|est|es)\s+(?:maintenant\s+|désormais\s+)?en\s+cdi\s+(?:comme|en\s+tant\s+que)\s+",
            "travaille comme ",
        ),
        (
            r"\b(?:a\s+)?(?:décroché|signé|obtenu|eu)\s+(?:un\s+)?(?:cdi|poste\s+fixe)\s+(?:comme|en\s+tant\s+que)\b",
            "travaille comme",
        ),
        (r"\ben\s+cdi\b", " "),
        (
            r"\b(?:got|landed|signed|has|have|was\s+given|been\s+given|started)\s+(?:a\s+)?(?:permanent|full[-\s]?time)"
            r"\s+(?:job|contract|position|role|post)\s+as\b",
            "works as",
        ),
        (r"\b(?:dapat|dapat\s+jawatan|dapat\s+kerja)\s+(?:kerja\s+)?tetap\s+sebagai\b", "kerja sebagai"),
        (r"(?:现在|目前|如今)?(?:已经)?转正了?[，,、]?", ""),
        (r"\b(kerja|bekerja|berkhidmat)\s+(?:secara\s+)?(?:tetap|sepenuh\s+masa)\b", r"\1"),
        (r"\s+tetap\b", ""),
        (
            r"\b(?:now|currently|these\s+days|full[-\s]?time|permanent(?:ly)?|maintenant|désormais|dorénavant"
            r"|à\s+(?:temps|plein)\s+(?:plein|temps)|sekarang|kini|sepenuh\s+masa)\b[,]?",
            " ",
        ),
        (r"(?:现在|目前|如今)[，,]?|全职|正式", ""),
    )
)


def job_now(text: str) -> str | None:
    """``text`` without its marks of a job held from now on, or ``None`` (module docstring)."""
    folded = nfkc_fold(text).strip()
    if len(folded) > 200 or not _MARK.search(folded) or _WISH.search(folded):
        return None
    for pattern, repl in _REWRITES:
        folded = pattern.sub(repl, folded)
    plain = " ".join(folded.split()).strip(" ,，")
    plain = re.sub(r"^(?:comme|en\s+tant\s+que)\b", "travaille comme", plain, flags=re.I)  # « Désormais en CDI comme… »
    plain = re.sub(
        r"^(?:(?:saya|aku)\s+)?(?:(?:dah|sudah|telah)\s+)?jadi\b", "kerja sebagai", plain, flags=re.I
    )  # "Sekarang jadi…"
    plain = re.sub(r"^(an?)\s+", r"Is \1 ", plain, flags=re.I)  # "Now a senior accountant at Deloitte"
    return plain[:1].upper() + plain[1:] if plain else None
