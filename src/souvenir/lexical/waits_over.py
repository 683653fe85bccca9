"""A waiting state ends when what was awaited comes (pure; issue #26, round 26, customer service).

"Waiting for redelivery of order 88213" then "Redelivery of order 88213 received in good
condition", « Attend le colis de remplacement de la commande 30417 » / « Le colis de remplacement de
la commande 30417 est arrivé », 在等订单30417的补发 / 订单30417的补发已经收到了, "Menunggu penghantaran
semula pesanan 88213" / "Penghantaran semula pesanan 88213 sudah diterima": the wait is over, so the
waiting memory goes to history and the arrival is the active one. Session 21's story steps keep the
steps of a story side by side (an order beside its refund); a wait is a state, and its own end
replaces it, as a cancellation ends its order (:mod:`souvenir.lexical.cancelled_orders`).

:func:`ends_wait` is True when ``old`` tells a wait (waiting for, awaiting, still waiting; attend,
en attente de; 在等, 等待, 等着; menunggu, tunggu, masih tunggu) and ``new`` tells the arrival as done
(received, arrived, delivered, came, turned up, got; reçu, arrivé, livré; 收到了, 到了, 送达, 签收;
diterima, sampai, tiba, dapat) and not denied ("still hasn't arrived", « pas encore reçu », 还没收到,
"belum sampai"), about the same thing: the same order number when both name one, and a content word
of the awaited thing (a pair of Han characters) in both. Another order's arrival ends nothing.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import fold_words, nfkc_fold
from souvenir.lexical.stopwords import STOP_WORDS

__all__ = ["ends_wait"]

_WAIT = re.compile(
    r"\b(?:waiting|awaiting|waits?\s+for|attend(?:s|ons)?|en\s+attente|menunggu|tunggu|masih\s+tunggu)\b"
    r"|在等|等待|等着|还在等|待收货|待发货|^(?:我|还|正)?等(?!等|一下|会)",
    re.I,
)
_ARRIVED = re.compile(
    r"\b(?:received|arrived|delivered|came(?:\s+through)?|went\s+through|turned\s+up|showed\s+up|got|credited|cleared"
    r"|fixed|repaired|installed|done|completed|sorted|reçue?s?|arrivée?s?|livrée?s?|versée?s?|créditée?s?|réparée?s?"
    r"|installée?s?|terminée?s?|diterima|sampai|tiba|dapat|terima|(?:dah|sudah|telah)\s+masuk|dibaiki|dipasang|siap|selesai"
    r"|collected|picked\s+up|récupérée?s?|passée?s?|diambil|dikutip|(?:dah|sudah|telah)\s+(?:baiki|betulkan|pasang|ambil|kutip|datang))\b"
    r"|收到了?|到了|已到|送达|签收|到货|到账|入账|修好了?|装好了?|弄好了?|搞定了?|取件了|取走了|来了",
    re.I,
)
_DENIED = re.compile(
    r"\b(?:not|never|yet|hasn'?t|haven'?t|didn'?t|isn'?t|wasn'?t|pas|jamais|belum|tak\s+(?:sampai|terima|dapat|tiba)"
    r"|tidak\s+(?:sampai|diterima|tiba))\b|还没|没有?(?:收到|到)|未(?:收到|到|送达)|不到|吗|\?|？",
    re.I,
)
_NUMBER = re.compile(r"\d{3,}")
_ACT_WORDS = """waiting awaiting wait waits for received arrived delivered came turned showed got today yesterday finally good
    condition order attend attends attente commande reçu reçue arrivé arrivée livré livrée est bien état bon aujourd'hui
    menunggu tunggu masih diterima sampai tiba dapat sudah dah telah pesanan dalam keadaan baik hari ini semalam
    through credited cleared morning afternoon evening tonight matin soir après-midi hier pagi petang malam tadi masuk
    versé versée crédité créditée"""
_ACT = frozenset(_ACT_WORDS.split()) | frozenset(fold_words(_ACT_WORDS).split())
_ZH_ACT = "在等待着还收到了已到送达签收货订单的我把用户顾客今天昨天终于没问题完好"
_HAN = re.compile(r"[\u3400-\u9fff]")


def _words(text: str) -> set[str]:
    return {
        w
        for w in fold_words(re.sub(r"[\d()\-/.,:;]+", " ", text)).split()
        if w not in STOP_WORDS and w not in _ACT and len(w) > 2
    }


def ends_wait(new: str, old: str) -> bool:
    """Whether ``new`` tells the arrival of what ``old`` waits for (module docstring)."""
    new, old = nfkc_fold(new).strip(), nfkc_fold(old).strip()
    if len(new) > 300 or len(old) > 300 or not _WAIT.search(old) or _WAIT.search(new):
        return False
    if not _ARRIVED.search(new) or _DENIED.search(new):
        return False
    numbers_new, numbers_old = set(_NUMBER.findall(new)), set(_NUMBER.findall(old))
    if numbers_new and numbers_old and not numbers_new & numbers_old:
        return False
    same_order = bool(numbers_new & numbers_old)  # the same order: only two named things that differ part them
    if _HAN.search(new) and _HAN.search(old):
        thing = re.sub(f"[{_ZH_ACT}]|\\d+", " ", old)
        pairs = {run[i : i + 2] for run in thing.split() for i in range(len(run) - 1) if _HAN.match(run[i])}
        return any(pair in new for pair in pairs) or (same_order and not pairs)
    words_new, words_old = _words(new), _words(old)
    return bool(words_new & words_old) or (same_order and not (words_new and words_old))
