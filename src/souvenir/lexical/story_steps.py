"""A later step of the same story is no correction of an earlier one (pure; issue #26, session 21).

A customer-service or shopping story is told in steps: an order, a fault, a return, a refund, a
compensation, a redelivery, a repair. Each step is a new memory beside the others (an erased step
is worse than a repeat); it corrects an earlier memory only when it states the same attribute with
a new value (a fee that went up, a date moved). Three readers of the write path took a later step
for a correction (bench/data/backref, session 21):

* a one-off sum of money — a refund, a compensation, a voucher, a deposit, a fine, cashback — is
  no fee said again: 平台给顾客补偿了五十元优惠券 / 顾客退掉了降噪耳机，退款二百九十九元 are two
  sums. :func:`money_events` names the one-off sums a wording holds; :func:`another_money_event`
  is True when the two wordings do not hold the same ones (a refund of 50 € said again as 60 € is
  still the refund: the same label on both sides);
* the doer of a Chinese clause is no habit stopped: in 顾客退掉了降噪耳机 the stop's "object"
  read before the verb was 顾客 (the customer), and 顾客拒收了小米电视，平台重新发货 "took it up
  again". :func:`strip_doer` takes a leading doer (用户, 顾客, 客户, 客人, 买家, 卖家, 商家, 平台,
  师傅, 快递员, 客服, 售后, 厂家, a pronoun) off a Chinese wording, so what follows the verb is read;
* a transaction told as done — an order, a purchase, a booking — is not ended by a later step of
  its story (a cancellation, a return, a refusal, a refund, an exchange, a repair): « A commandé un
  canapé à 800 € » / « A annulé la commande du canapé, remboursé de 800 € » are two events, and
  the order happened. :func:`later_step` is True for such a pair. A state (a subscription, a
  membership, "Pays £65 a month for the gym") is still ended by a verb of ending, and "Sold the
  car" still ends "Bought a car" (selling is no step of the purchase's story). The order's own
  cancellation is its new state and ends it (session 22: :mod:`souvenir.lexical.cancelled_orders`);
  a return, a refund or a refusal does not.

Four languages each (en, fr, zh, ms); the word lists are the levers, no threshold is tuned.

Shapes::

    money_events("Got a £20 refund from the gym")              -> frozenset({"refund"})
    another_money_event("退款二百九十九元", "补偿了五十元优惠券")  -> True
    strip_doer("顾客退掉了降噪耳机")                            -> "退掉了降噪耳机"
    later_step("Cancelled the sofa order", "Ordered a sofa for £800") -> True
"""

from __future__ import annotations

import re

from souvenir.lexical.normalize import nfkc_fold

__all__ = ["another_money_event", "another_occurrence", "happens_again", "later_step", "money_events", "strip_doer"]

#: One-off sums of money, by label (en, fr, zh, ms).
_MONEY_EVENTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, re.compile(src, re.I))
    for label, src in (
        (
            "refund",
            r"\b(?:refund(?:ed|s)?|reimburs\w*|money\s+back|rembours\w*|bayaran\s+balik|pemulangan\s+wang"
            r"|dapat\s+balik|duit\s+balik)\b|退款|退钱|退回|返还|退了\s*[\d一二两三四五六七八九十百千]",
        ),
        (
            "compensation",
            r"\b(?:compensat\w*|goodwill|dédommag\w*|indemni\w*|geste\s+commercial|pampasan|ganti\s+rugi)\b"
            r"|补偿|赔偿|赔了",
        ),
        (
            "voucher",
            r"\b(?:vouchers?|coupons?|gift\s+cards?|store\s+credit|bons?\s+d'achat|avoirs?|baucar|kupon)\b"
            r"|优惠券|代金券|购物券|礼品卡",
        ),
        ("cashback", r"\b(?:cash\s*back|rebates?|remise|rebat)\b|返现|返利"),
        ("deposit", r"\b(?:deposits?|dépôt\s+de\s+garantie|caution|acompte|wang\s+pendahuluan)\b|押金|定金|订金"),
        ("fine", r"\b(?:fined|(?:a|the|parking|speeding)\s+fine|penalty|amende|pénalité|denda|saman)\b|罚款|罚了"),
    )
)


def money_events(text: str) -> frozenset[str]:
    """The labels of the one-off sums ``text`` names (``_MONEY_EVENTS``: refund, compensation,
    voucher, cashback, deposit, fine); empty for a fee, a price or no money at all."""
    folded = nfkc_fold(text)
    return frozenset(label for label, rx in _MONEY_EVENTS if rx.search(folded))


def another_money_event(new: str, old: str) -> bool:
    """Whether ``new`` and ``old`` name different one-off sums (one side a refund, the other a
    compensation or a fee): their amounts are two sums, not one said again."""
    return money_events(new) != money_events(old)


#: A Chinese clause's doer before its verb (the user, the customer, the shop, a pronoun).
_ZH_DOER = re.compile(
    r"^\s*(?:该用户|使用者|用户|顾客|客户|客人|买家|卖家|商家|店家|平台|师傅|快递员|快递|客服|售后|厂家|我们|他们|她们|我|他|她)"
    r"(?:已经|早就|刚刚|刚)?"
)


def strip_doer(text: str) -> str:
    """``text`` without a leading Chinese doer (``_ZH_DOER``): 顾客退掉了降噪耳机 → 退掉了降噪耳机;
    any other wording unchanged."""
    m = _ZH_DOER.match(text)
    return text[m.end() :] if m is not None and m.end() < len(text) else text


#: A transaction told as done: an order, a purchase, a booking (the subject first, optional).
_TRANSACTION = re.compile(
    r"^\s*(?:(?:the\s+(?:user|customer|client)|i|we|he|she)\s+)?(?:has\s+|have\s+|had\s+)?(?:just\s+|already\s+)?"
    r"(?:ordered|bought|purchased|booked|reserved|placed\s+an\s+order|paid\s+for)\b"
    r"|^\s*(?:(?:l'utilisat\w+|le\s+client|la\s+cliente|il|elle|on|j')\s*)?(?:a|ai|avons)\s+(?:déjà\s+)?"
    r"(?:commandé|acheté|réservé|payé|passé\s+(?:une\s+)?commande)\b"
    r"|^\s*(?:(?:pengguna|pelanggan|saya|aku|dia|kami)\s+)?(?:(?:dah|sudah|telah|baru)\s+)?"
    r"(?:beli|membeli|tempah|menempah|order|oder|book|booking|bayar\s+untuk)\b"
    r"|^[^，。,；;]{0,12}?(?:买了|下单|下了单|订了|预订了|预定了|购买了|网购了|订购了|团购了)",
    re.I,
)
#: A later step of a transaction's story: a cancellation, a return, a refusal, a refund, an exchange, a repair.
_STEP = re.compile(
    r"\b(?:cancell?(?:ed|s|ing)?|returned|returning|sent\s+(?:it\s+|them\s+)?back|refused|rejected|refund\w*"
    r"|exchanged|swapped|repaired|fixed"
    r"|annul\w*|renvoy\w*|retourn\w*|rendu\w*|refus\w*|rembours\w*|échang\w*|répar\w*"
    r"|batal\w*|dibatalkan|pulang(?:kan)?|memulangkan|dipulangkan|hantar\s+balik|tolak|menolak|ditolak|refund"
    r"|bayaran\s+balik|tukar|ditukar|baiki|dibaiki|membaiki)\b"
    r"|取消|退掉|退了|退货|退回|退款|拒收|拒签|换货|换了一台|修好|维修|返修|退订",
    re.I,
)


def later_step(new: str, old: str) -> bool:
    """Whether ``old`` tells a transaction as done (``_TRANSACTION``: ordered, « a commandé »,
    买了 / 下单, "tempah") and ``new`` a later step of its story (``_STEP``: cancelled,
    returned, « a annulé », 退货 / 拒收, "batalkan", a refund, a repair): two events, the
    older one still happened."""
    return bool(_TRANSACTION.search(strip_doer(nfkc_fold(old).strip()))) and bool(_STEP.search(nfkc_fold(new)))


#: An event told as happening again (another occurrence): en, fr (« a encore garé », not « est encore »,
#: still), zh (又 before a verb and 了, 再次), ms ("sekali lagi"; a bare "lagi" is also "no longer").
_AGAIN = re.compile(
    r"\b(?:again|once\s+more|one\s+more\s+time|another\s+time"
    r"|(?:a|ai|as|ont|avons|avez)\s+(?:encore|de\s+nouveau|à\s+nouveau)\s+\w+|de\s+nouveau|à\s+nouveau"
    r"|une\s+fois\s+de\s+plus|encore\s+une\s+fois"
    r"|sekali\s+lagi|lagi\s+sekali|buat\s+kali\s+(?:kedua|ketiga)|kali\s+kedua|berulang\s+lagi)\b"
    r"|又[\u4e00-\u9fff]{1,4}了|再次|再一次|第二次",
    re.I,
)


def happens_again(text: str) -> bool:
    """Whether ``text`` tells an event as happening again (``_AGAIN``: "parked there again", « a
    encore garé », 又漏水了, "rosak sekali lagi"): another occurrence, told beside the earlier
    one, never its rewording."""
    return bool(_AGAIN.search(nfkc_fold(text)))


def another_occurrence(new: str, old: str) -> bool:
    """Whether ``new`` tells ``old``'s event again (:func:`happens_again` on ``new`` only)."""
    return happens_again(new) and not happens_again(old)
