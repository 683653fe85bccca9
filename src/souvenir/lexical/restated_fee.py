"""A fee said again in other words with another amount (pure; issue #26, session 20): "Pays £65 a
month for the gym" → "Gym membership went up to £72 a month", « Paie 29 € par mois pour Netflix »
→ « L'abonnement Netflix est passé à 32 € par mois », 健身房每个月交三百 → 健身卡涨到三百五一个月了,
"Bayar RM120 sebulan untuk internet" → "Langganan internet naik jadi RM150 sebulan".

:func:`souvenir.lexical.restated_amount.restates_amount` compares the words around the amount in
order, so a fee reworded (the payer's verb on one side, the fee's noun on the other, the thing
before or after the amount) is never met. Read here as bags of words:

* each side holds one amount of money (a currency sign or code before it — £ $ € ¥ RM —, a
  currency word after it: euros, ringgit, 元, 块, or in Chinese a number right after 交 / 付 / 缴 /
  花 / 费 / 到), the two amounts differ;
* the period is the same on both sides (a month, a week, a year, an hour — "a month", "per
  month", "monthly", « par mois », "sebulan", 每个月 / 一个月 — or none on either);
* the words left when the words of paying and of fees (pay, costs, fee, membership, subscription;
  « paie », « frais », « abonnement », « cotisation »; bayar, yuran, langganan; 交, 费, 会员), of a
  change (went up to, « est passé à », naik jadi, 涨到) and of the period are set aside name the
  same thing: the same content words (gym; Netflix; internet), or for Chinese two characters in a
  row (健身).
* any other number is the same on both sides (« 10 séances à 200 € » / « 3 séances à 50 € » are two
  contracts);
* the stored side is no event told in the past ("Paid £300 for the gym's annual pass").

Shape::

    restates_fee("Gym membership went up to £72 a month", "Pays £65 a month for the gym") -> True
    restates_fee("Pays £20 a month for Spotify", "Pays £65 a month for the gym")          -> False
"""

from __future__ import annotations

import re

from souvenir.lexical.keycounts import hanzi_amounts
from souvenir.lexical.normalize import normalize
from souvenir.lexical.proposition import stems
from souvenir.lexical.spelled import in_digits
from souvenir.lexical.stopwords import STOP_WORDS
from souvenir.lexical.tokens import content_words

__all__ = ["restates_fee"]

_MONEY = re.compile(
    r"(?:[£$€¥]|\b(?:rm|usd|eur|gbp|sgd|rmb)\s?)\s?(?P<a>\d+(?:[.,]\d+)*)"
    r"|(?P<b>\d+(?:[.,]\d+)*)\s?(?:€|£|\$|元|块钱?|(?:euros?|dollars?|pounds|ringgit|quid|bucks)\b)"
    r"|(?<=[交付缴花费到])(?P<c>\d+(?:\.\d+)?)",  # 每个月交300, 涨到350: a Chinese amount paid
    re.I,
)
_PERIODS = (
    (
        "month",
        r"\b(?:a|per|each|every|the)\s+month\b|\bmonthly\b|\bpar\s+mois\b|\bmensuel\w*|\bsebulan\b|\bsetiap\s+bulan\b"
        r"|\bbulanan\b|每(?:个|一个)?月|一个月|月费|包月",
    ),
    (
        "week",
        r"\b(?:a|per|each|every|the)\s+week\b|\bweekly\b|\bpar\s+semaine\b|\bseminggu\b|每(?:个|一个)?(?:周|星期|礼拜)",
    ),
    (
        "year",
        r"\b(?:a|per|each|every|the)\s+year\b|\byearly\b|\bannual\w*|\bpar\s+an\b|\bannuel\w*|\bsetahun\b|\btahunan\b"
        r"|每年|一年|年费",
    ),
    ("hour", r"\b(?:an|per|each|the)\s+hour\b|\bhourly\b|\bde\s+l'heure\b|\bpar\s+heure\b|\bsejam\b|每小时|一小时"),
)
_PERIOD_RES = tuple((name, re.compile(src, re.I)) for name, src in _PERIODS)
#: Words of paying, of fees and of a change, set aside (four languages; stems compared).
_ASIDE = frozenset(
    """pay pays paying paid cost costs costing fee fees membership subscription sub price charge charges charged bill
    billed spend spends rate plan went gone goes go up down rose risen increased decreased jumped dropped now
    currently month monthly week weekly year yearly annual hour hourly per each every
    paie paye payer payé coûte coûtent frais abonnement cotisation tarif prix facture passé passée monté montée
    augmenté baissé descendu maintenant mois semaine année heure mensuel mensuelle
    bayar membayar yuran langganan harga kos caj naik turun jadi kepada sekarang kini sebulan seminggu setahun
    bulan minggu tahun bulanan tahunan""".split()
)
_ASIDE_STEMS = stems(_ASIDE)
_HAN_ASIDE = re.compile(
    r"每(?:个|一个)?(?:月|周|星期|礼拜|年)|一个月|一年|月费|年费|会员费?|费用?|交了?|付了?|花了?|缴|涨到|涨了|降到|降了|变成|现在"
    r"|了|的|块钱?|元|卡|[\d.,]+|[〇一二两三四五六七八九十百千万]+"
)
_OTHER_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_PAST_EVENT = re.compile(r"^\s*(?:paid|spent|bought|a\s+payé|a\s+dépensé|dah\s+bayar|bayar\s+tadi)\b|付了|花了", re.I)


def _money(text: str) -> list[str]:
    return [(m.group("a") or m.group("b") or m.group("c")).replace(",", ".") for m in _MONEY.finditer(text)]


def _digits(text: str) -> str:
    """``text`` without its period (一个月 is no amount), numbers in digits (三百五 = 350, "ten" = 10)."""
    for _, rx in _PERIOD_RES:
        text = rx.sub(" ", text)
    return hanzi_amounts(in_digits(text))


def _period(text: str) -> str:
    return next((name for name, rx in _PERIOD_RES if rx.search(text)), "")


def _thing(text: str) -> frozenset[str]:
    words = frozenset(
        w for w in content_words(normalize(_MONEY.sub(" ", text))) if w not in STOP_WORDS and not w.isdigit()
    )
    return frozenset(w for w in stems(words) if w not in _ASIDE and w not in _ASIDE_STEMS)


def _han(text: str) -> str:
    return re.sub(r"[^\u4e00-\u9fff]", "", _HAN_ASIDE.sub("", text))


def restates_fee(new: str, old: str) -> bool:
    """Whether ``new`` says ``old``'s fee again with another amount (module docstring)."""
    if len(old) > 200 or len(new) > 300:
        return False
    dn, do = _digits(new), _digits(old)
    a, b = _money(dn), _money(do)
    if _OTHER_NUMBER.findall(_MONEY.sub(" ", dn)) != _OTHER_NUMBER.findall(_MONEY.sub(" ", do)):
        return False  # « 10 séances à 200 € » / « 3 séances à 50 € »: another count differs, another contract
    if len(a) != 1 or len(b) != 1 or a == b or _period(new) != _period(old) or _PAST_EVENT.search(old):
        return False
    han_new, han_old = _han(new), _han(old)
    if han_new or han_old:
        return any(han_old[i : i + 2] in han_new for i in range(len(han_old) - 1))
    thing_new, thing_old = _thing(new), _thing(old)
    return bool(thing_old) and thing_new == thing_old
