"""An order's own cancellation replaces it (pure; issue #26, round 25, customer service).

"Placed order 4411 for a blender" then "I cancelled order 4411", « A passé la commande 4411 » /
« J'ai annulé la commande 4411 », 下了订单4411 / 我把订单4411取消了, "Buat pesanan 4411" / "Saya
dah batalkan pesanan 4411": the order's state is now "cancelled", so the order memory goes to
history and the cancellation is the active one. A later step of the same story that is no
cancellation (a return, a refund, a refusal, a repair) still sits beside the order, and a
cancellation never corrects the fault of the story (:mod:`souvenir.lexical.story_steps`, session
21): this reader only ends a memory that tells an order, a booking or a reservation.

:func:`cancels_order` is True when ``new`` says a cancellation as done (cancelled, « annulé »,
取消了, "batalkan"; not a wish nor a question: "I want to cancel order 4411", « je voudrais
annuler », 我想取消订单4411, "nak batalkan pesanan 4411?") and ``old`` tells an order of the same
thing: the same order number (three digits or more, not a sum of money) when both name one, else a
content word of the thing (a Chinese pair of characters) beside the order words.
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import fold_words, nfkc_fold
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.story_steps import strip_doer

__all__ = ["cancel_not_done", "cancels_order"]

_CANCEL = re.compile(
    r"\b(?:cancel\w*|called\s+off|annul\w*|batal(?:kan)?|dibatalkan|membatalkan)\b"
    r"|取消了|取消掉|给取消|撤销了|撤单了|退订了|取消",
    re.I,
)
#: An order, a booking or a reservation told as placed (not a fault of it: "Order 4411 arrived broken").
_ORDER = re.compile(
    r"\b(?:ordered|placed\s+(?:an?\s+|the\s+|my\s+)?(?:order|booking)|booked|reserved|purchased|bought|made\s+(?:a|the)\s+(?:booking|reservation)"
    r"|commandé\w*|passé\s+(?:une\s+|la\s+|ma\s+)?commande|réservé\w*|acheté\w*"
    r"|(?:buat|membuat|letak|hantar)\s+(?:pesanan|tempahan|order)|menempah"
    r"|^(?:tempah|beli|membeli)|(?:saya|aku|kami|dah|sudah|telah|baru)\s+(?:tempah|order|oder|beli|membeli))\b"
    r"|下单|下了(?:一个|个)?(?:订单|单)|订了|预订了|预定了|订购了|网购了|买了|拍了",
    re.I,
)
#: A wish, a plan or a question: the cancellation is not done.
_NOT_DONE = re.compile(
    r"[?？]|\b(?:want|wants|wanna|would\s+like|'d\s+like|like\s+to|need\s+to|going\s+to|gonna|trying\s+to|try\s+to|can\s+i"
    r"|how\s+(?:do|can)\s+i|should|will|asked\s+(?:to|for)|asking|requested|requesting|request|pending|processing"
    r"|en\s+cours|en\s+attente|demandé|demande|minta|memohon|dalam\s+proses|veux|veut|voudrais|voudrait|aimerais|aimerait|souhaite|souhaiterait|vais|va|dois|doit|comment|peux|peut|pourrais|pourrait|envisage"
    r"|nak|mahu|ingin|boleh|macam\s+mana|patut|perlu|cuba|akan)\b|想|要不要|打算|准备|能不能|可以|怎么|要取消|吗|申请|处理中|审核中",
    re.I,
)
_NUMBER = re.compile(r"\d{3,}")
#: A sum of money is no order number ("for £450", « à 450 € », 四百五十元, "RM450").
_MONEY = re.compile(
    r"(?:[$£€¥]|\brm|\busd|\beur)\s*\d[\d,.\s]*|\d[\d,.]*\s*(?:[$£€¥]|元|块|eur\w*|rm\b|ringgit|dollars?|pounds?)", re.I
)
_HAN = re.compile(r"[\u3400-\u9fff]")
#: Words of the act itself, never the thing: order, cancel, the user…
_ACT_WORDS = frozenset(
    "order orders ordered placed cancel cancelled canceled cancelling booking booked reservation reserved purchased "
    "commande commandé commandée annulé annulée annuler passé réservation réservé pesanan tempahan tempah batalkan "
    "batal dah sudah saya aku user customer client the my mon ma la le les une un".split()
)
_ZH_ACT = "订单下单了取消我把用户顾客客户的个给已经掉单预订定购买网"


def cancels_order(new: str, old: str) -> bool:
    """Whether ``new`` is the done cancellation of the order ``old`` tells (module docstring)."""
    new, old = nfkc_fold(new).strip(), strip_doer(nfkc_fold(old).strip())
    if len(new) > 300 or len(old) > 300 or not _CANCEL.search(new) or _NOT_DONE.search(new):
        return False
    if not _ORDER.search(old) or _CANCEL.search(old):
        return False
    numbers_new, numbers_old = set(_NUMBER.findall(_MONEY.sub(" ", new))), set(_NUMBER.findall(_MONEY.sub(" ", old)))
    if numbers_new and numbers_old:  # order numbers on both sides: the same order or another
        return bool(numbers_new & numbers_old)
    if _HAN.search(new) and _HAN.search(old):
        thing = re.sub(f"[{_ZH_ACT}]", " ", old)
        pairs = {run[i : i + 2] for run in thing.split() for i in range(len(run) - 1) if _HAN.match(run[i])}
        return any(pair in new for pair in pairs)
    words_new = {w for w in fold_words(new).split() if w not in STOP_WORDS and w not in _ACT_WORDS and len(w) > 2}
    words_old = {w for w in fold_words(old).split() if w not in STOP_WORDS and w not in _ACT_WORDS and len(w) > 2}
    return bool(words_new & words_old)


def cancel_not_done(new: str) -> bool:
    """Whether ``new`` names a cancellation only wished, asked for or pending ("Asked to cancel order 4411",
    « voudrait annuler », 我想取消, "nak batalkan"): it ends no order and no membership yet."""
    new = nfkc_fold(new)
    return len(new) <= 300 and bool(_CANCEL.search(new)) and bool(_NOT_DONE.search(new))
