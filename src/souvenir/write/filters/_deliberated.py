"""A thing the user deliberates over accepting is a thing the user has (pure; issue #26, session 21).

"Should I accept the offer from Deloitte?", « J'hésite à accepter l'offre de Capgemini, t'en penses quoi »,
我在纠结要不要接腾讯的offer, "Serba salah nak ambil tawaran kerja kat Penang": the question is whether to
take it; that there is an offer is taken for granted. A candidate that says the user has or received
the thing ("Has a job offer from Deloitte", « A reçu une offre », 拿到了腾讯的offer, "Dapat tawaran kerja")
is then no question's content — the decision itself ("Will accept the offer", « Va accepter l'offre »)
still is. Read by :mod:`souvenir.write.filters.speech_act` for its question units.
"""

from __future__ import annotations

import re

__all__ = ["had_while_deliberating"]

#: Verbs of taking or refusing something offered (the deliberation's verb).
_DECIDE = re.compile(
    r"\b(?:accept|accepting|take|taking|turn(?:ing)?\s+down|refuse|refusing|decline|declining|sign|signing"
    r"|accepter|refuser|prendre|décliner|signer|ambil|terima|tolak|menerima|mengambil|menolak)\b|接受|接(?!着|下来|送|孩子|人)|拒绝|签",
    re.I,
)
#: A candidate saying the user has or got the thing (not "terima", which is also "accept").
_HAVE = re.compile(
    r"^\s*(?:(?:the\s+user\s+|i\s+)?(?:has|have|had|got|received|was\s+offered|holds?)\b"
    r"|(?:(?:l'utilisateur|l'utilisatrice|j')\s*)?(?:a|ai)\s+(?:une?|reçu|eu|obtenu|décroché)\b"
    r"|(?:用户|我)?(?:已经)?(?:拿到|收到|有|获得|得到)"
    r"|(?:(?:pengguna|saya)\s+)?(?:dah\s+|sudah\s+)?(?:dapat|ada|mendapat|memperoleh)\b)",
    re.I,
)


#: What is offered to be taken or refused: an offer, a post, a place, a contract, a scholarship, a promotion.
_OFFERED = re.compile(
    r"\b(?:offers?|proposals?|job|position|post|role|place|contract|scholarship|promotion|offres?|propositions?"
    r"|poste|contrat|bourse|tawaran|jawatan|kontrak|biasiswa|pangkat)\b|offer|录用|职位|合同|奖学金|升职|名额",
    re.I,
)


def had_while_deliberating(candidate: str, question: str) -> bool:
    """Whether ``candidate`` says the user has what the ``question`` deliberates over taking or refusing."""
    return bool(
        _HAVE.match(candidate)
        and _DECIDE.search(question)
        and _OFFERED.search(question)
        and _OFFERED.search(candidate)
        and not _DECIDE.search(candidate)
    )
