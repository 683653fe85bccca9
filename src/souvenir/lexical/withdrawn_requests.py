"""A request the user withdraws in the same message (pure; issue #26, round 26, customer service).

"The replacement arrived and works fine, so you can cancel the refund request", « le colis est
arrivé, laissez tomber le remboursement », 换货已经收到了，退款就不用了, "barang dah sampai, tak payah
refund lah": the user drops the refund. A candidate stating the request ("Wants a refund for
order #A1182", 要求订单88213退款) contradicts the turn.

:func:`withdrawn_requests` gives the kinds of request a text withdraws (``refund``, ``return``,
``exchange``, ``complaint``, ``compensation``, ``callback``, ``repair``): a withdrawing verb or
phrase right before or after the request's noun —

* en: cancel / drop / withdraw / scrap / close / forget (about) / never mind (the / my) X (request),
  no need for (the) X, don't need the X (anymore), the X is no longer needed, no X needed;
* fr: annulez / laissez tomber / oubliez (ma demande de / le) X, pas / plus besoin du X, je renonce
  au X, le X n'est plus nécessaire;
* zh: X就不用了, X不用了, 不用X了, X就算了, 取消X, 撤回X, 不需要X了, 不要X了;
* ms: tak payah / tak perlu / tak jadi / batalkan (permintaan) X, X tak payah lah, tarik balik X.

:func:`names_request` gives the kinds a candidate names. A request that is not the one withdrawn
("cancel the order and refund me": the order is cancelled, the refund asked) stays.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_fold

__all__ = ["names_request", "withdrawn_requests", "withdraws"]

#: The request nouns of each kind, four languages.
_KINDS: dict[str, str] = {
    "refund": r"refund(?:s|ed|ing)?|reimburse\w*|money\s+back|chargebacks?|rembours\w*|bayaran\s+balik|pemulangan\s+wang"
    r"|退款|退钱",
    "return": r"return(?:s|ed|ing)?|retour\w*|renvo\w*|pulangan|pulangkan|memulangkan|pemulangan\s+barang|退货|退回|退(?=了|掉)",
    "exchange": r"exchanges?|replacements?|échanges?|remplacements?|penggantian|tukar\s+barang|换货|补发|重新发货",
    "complaint": r"complaints?|claims?|réclamations?|plaintes?|aduan|komplen|投诉|索赔",
    "compensation": r"compensation|vouchers?|dédommagement|indemnisation|pampasan|ganti\s+rugi|赔偿|补偿",
    "callback": r"call\s*-?backs?|rappel|panggilan\s+balik|回电|回电话",
    "repair": r"repairs?|réparations?|pembaikan|baiki|维修|修理",
}
_NOUN = "|".join(f"(?P<{kind}>{words})" for kind, words in _KINDS.items())
_ANY = re.compile(rf"(?<![a-zA-Z\u00c0-\u024f])(?:{_NOUN})(?![a-zA-Z\u00c0-\u024f])", re.I)
_DET = r"(?:(?:the|my|that|this|a|le|la|l'|ma|mon|les|mes|ce|cette|du|de|d'|au|à\s+la|permintaan|permohonan|request\s+for|demande\s+de)\s*)*"
_REQ = r"(?:\s+(?:request|claim|ticket|application|process|demande|dossier|permintaan|permohonan))?"
_BEFORE = (
    r"\b(?:cancel|drop|withdraw|scrap|close|forget(?:\s+about)?|never\s*mind(?:\s+about)?|no\s+need\s+(?:for|to\s+process)"
    r"|(?:don't|do\s+not|won't|no\s+longer)\s+need|no\s+longer\s+want|annule[rz]?|laisse[rz]?\s+tomber|oublie[rz]?"
    r"|(?:pas|plus)\s+besoin(?:\s+de)?|(?:je\s+)?n'ai\s+plus\s+besoin(?:\s+de)?|je\s+renonce|tak\s+payah|tak\s+perlu|tak\s+jadi"
    r"|tak\s+nak|tidak\s+perlu|batalkan|tarik\s+balik)\s+"
)
_AFTER_EN = (
    r"\s+(?:is|isn't|are)?\s*(?:no\s+longer|not)\s+(?:needed|necessary|required)|\s+n'est\s+plus\s+(?:nécessaire|utile)"
)
_NEEDED = r"(?:\s+(?:request|claim))?\s+(?:needed|necessary|required)\b"
_AFTER_MS = r"(?:\s+(?:tu|ni|itu|ini|saya))?\s+(?:tak\s+payah|tak\s+perlu|tak\s+jadi|dibatalkan|saya\s+batalkan|saya\s+tarik\s+balik)"
_ZH_AFTER = r"(?:申请)?(?:的事)?(?:我|就|也)*(?:不用|不需要|不要|算了|免了|取消|撤回|撤销)(?:了|啦|掉了)?"
_ZH_BEFORE = r"(?:取消|撤回|撤销|不用|不需要|不要)(?:掉)?(?:这个|那个)?(?:申请)?"


def _kinds(match: re.Match[str]) -> set[str]:
    return {kind for kind in _KINDS if match.group(kind)}


def withdrawn_requests(text: str) -> set[str]:
    """The kinds of request ``text`` withdraws (module docstring)."""
    folded = nfkc_fold(text).replace("\u2019", "'")
    out: set[str] = set()
    for m in _ANY.finditer(folded):
        head, tail = folded[max(0, m.start() - 80) : m.start()], folded[m.end() : m.end() + 80]  # linear
        han = not m.group(0).isascii()
        before = re.search(rf"{_BEFORE}{_DET}$", head, re.I) is not None
        after = re.match(rf"{_REQ}(?:{_AFTER_EN}|{_AFTER_MS})\b", tail, re.I) is not None
        # "No refund needed", "no return necessary"
        after = after or (re.search(r"\bno\s+$", head, re.I) is not None and re.match(_NEEDED, tail, re.I) is not None)
        if han:
            before = before or re.search(rf"{_ZH_BEFORE}$", head) is not None
            after = after or re.match(_ZH_AFTER, tail) is not None
        if before or after:
            out |= _kinds(m)
    return out


def names_request(text: str) -> set[str]:
    """The kinds of request ``text`` names."""
    return {kind for m in _ANY.finditer(nfkc_fold(text)) for kind in _kinds(m)}


def withdraws(text: str) -> bool:
    """Whether ``text`` itself tells a withdrawal (the candidate "Cancelled the refund request" says it)."""
    return (
        bool(withdrawn_requests(text))
        or re.search(
            r"\b(?:cancel\w*|withdr[ae]w\w*|dropp?ed|no\s+longer|annul\w*|renonc\w*|batal\w*|tak\s+payah|tak\s+perlu|tarik\s+balik)\b"
            r"|不用|不需要|取消|撤回|撤销|算了",
            nfkc_fold(text),
            re.I,
        )
        is not None
    )
