"""When the summarizer runs: only on new facts (seed 001 §2 decision 3, §5.3).

:func:`should_summarize` fires on the first of, in order:

1. ``language_changed`` — the resolved language differs from the stored one (see
   :func:`souvenir.profile.language.update_language`; unknown → known counts);
2. ``new_facts`` — the reflection of this turn wrote genuinely new memories (> 0);
3. ``new_sku`` — a product/order code (:func:`find_skus`) absent from the stored
   ``last_queries`` and ``summary``;
4. ``keyword`` — the user says who they are, what they need or want to buy, or speaks of
   an order or a refund: the seed's list as it stands (ZH 我是 我叫 需要 想买 订单 退款)
   and its equivalents (EN I am / my name is / need / want to buy / order / refund; MS
   saya ialah / nama saya / perlu / nak beli / pesanan / bayaran balik; FR je suis / je
   m'appelle / besoin / acheter / commande / remboursement) — a question about an order
   ("订单什么时候发货？", "退款要多久？") fires too;
5. ``turns`` — ``SUMMARY_EVERY`` (10) free-text turns since the last summary (the
   fallback of §5.3, counted under ``TURNS_KEY`` in the profile, see :func:`count_turn`).
"""

from __future__ import annotations

import re
import unicodedata

from souvenir.lexical import nfkc_casefold

from souvenir.profile.queries import is_command, load_queries

__all__ = [
    "SUMMARY_EVERY",
    "TURNS_KEY",
    "find_skus",
    "sku_key",
    "should_summarize",
    "need_keyword",
    "turns_since_summary",
    "count_turn",
]

SUMMARY_EVERY = 10
#: Profile key of the fallback counter: free-text turns since the last summary.
TURNS_KEY = "meta:turns_since_summary"

# -- SKUs and order codes ---------------------------------------------------------------
_SEED_SKU = re.compile(r"(?<![A-Z0-9])[A-Z0-9]{2,}\d{2,}")  # seed 001 §5.3, on the token without "-"
_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![A-Za-z0-9])")
_CURRENCY = "RM|MYR|USD|SGD|EUR|GBP|HKD|RP|IDR|RMB|CNY|JPY|AUD"
_UNITS = (
    "ML|L|KG|G|MG|CM|MM|M|KM|GB|TB|MB|KB|PCS|PC|X|W|KW|V|MAH|HZ|K|P|AM|PM|H|HR|HRS|"
    "MIN|MINS|S|SEC|ST|ND|RD|TH|RM|MYR|SEN|D|DAY|DAYS|YR|YRS|Y|FPS|MP|IN|INCH|FT|LB|LBS|OZ"
)
_MONEY_OR_MEASURE = re.compile(rf"(?:{_CURRENCY})?\d+(?:{_UNITS})?")
_ORDER_MARKER = re.compile(
    r"(?:order|orders|sku|item|tracking|awb|invoice|pesanan|tempahan|commande|colis|"
    r"订单号?|单号|编号|货号|运单号?)"
    r"(?:\s*(?:no\.?|number|num|id|n°|nombor|no\s*\.|号))?\s*[:#：.=]?\s*$",
    re.IGNORECASE,
)


def sku_key(sku: str) -> str:
    """The comparison key of a code: upper case, letters and digits only ("lz-7731" →
    "LZ7731")."""
    return re.sub(r"[^0-9A-Z]", "", sku.upper())


def _date_like(digits: str) -> bool:
    """True for YYYYMMDD between 1900 and 2099."""
    if len(digits) != 8 or digits[:2] not in ("19", "20"):
        return False
    month, day = int(digits[4:6]), int(digits[6:])
    return 1 <= month <= 12 and 1 <= day <= 31


def _phone_like(digits: str, before: str) -> bool:
    """A phone number: after "+", a leading 0 (national format), or a Malaysian,
    Indonesian or Singaporean country code with 10-13 digits."""
    return (
        before.rstrip().endswith("+")
        or digits.startswith("0")
        or (digits[:2] in ("60", "62", "65") and 10 <= len(digits) <= 13)
    )


def find_skus(text: str) -> set[str]:
    """Product, order and tracking codes in ``text``, upper-cased as written.

    Seed 001 §5.3 counts ``/[A-Z0-9]{2,}\\d{2,}/i`` tokens. Here a token (letters and
    digits, inner hyphens kept: "LZ-7731", "SKU-12345", "CP482915367FR") is a code when:

    * it has a letter and, without hyphens, matches the seed's pattern, and is not an
      amount or a measure ("RM129", "1000mAh", "2500rm", "21st", "1080p");
    * or it is all digits, 8 or more, not a phone number (leading 0 or "+", or 60/62/65
      with 10-13 digits) nor a YYYYMMDD date (Lazada order numbers);
    * or it is 4+ digits right after "#" or an order marker ("order no. 5512",
      "订单号 123456", "pesanan #88231").

    Plain years ("2024"), prices ("129.90", "RM 1,299"), dates ("2024-06-11"), times and
    phone numbers ("012-3456789") are never codes. NFKC first, so full-width "ＬＺ７７３１"
    counts.
    """
    norm = unicodedata.normalize("NFKC", text)
    found: set[str] = set()
    for m in _TOKEN.finditer(norm):
        token = m.group()
        compact = token.replace("-", "").upper()
        if not any(c.isdigit() for c in compact):
            continue
        start = m.start()
        before = norm[max(0, start - 30) : start]
        if any(c.isalpha() for c in compact):
            if _SEED_SKU.search(compact) and not _MONEY_OR_MEASURE.fullmatch(compact):
                found.add(token.upper())
            continue
        if "-" in token:
            continue  # dates, phone numbers, ranges
        if len(compact) >= 8 and not _phone_like(compact, before) and not _date_like(compact):
            found.add(token)
        elif len(compact) >= 4 and (before.endswith("#") or _ORDER_MARKER.search(before)):
            found.add(token)
    return found


def _new_skus(profile: dict[str, str], text: str) -> list[str]:
    """Codes of ``text`` that neither the stored ``last_queries`` nor ``summary`` holds."""
    skus = find_skus(text)
    if not skus:
        return []
    stored = " ".join(load_queries(profile.get("last_queries"))) + " " + (profile.get("summary") or "")
    seen = sku_key(unicodedata.normalize("NFKC", stored))
    return sorted(s for s in skus if sku_key(s) not in seen)


# -- identity and need keywords ------------------------------------------------------------
# Seed 001 §5.3's list as it stands (我是 我叫 需要 想买 订单 退款) and its equivalents: a
# plain question about an order or a refund fires too. The list was once narrowed to
# first-person statements without a measurement; the seed's costs say why it is not: a
# missed trigger loses a fact from the summary, a spare one costs one cheap summary call.
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, re.compile(rx))
    for label, rx in (
        # Chinese: the seed's words, as substrings.
        ("我是", r"我是"),
        ("我叫", r"我叫|我的名字"),
        ("需要", r"需要"),
        ("想买", r"想买|要买"),
        ("订单", r"订单|下单"),
        ("退款", r"退款|退钱"),
        # English.
        ("i am", r"\bi(?:'m| am)\b"),
        ("my name is", r"\bmy name(?:'s| is)\b|\bcall me\b"),
        ("need", r"\bneed(?:s|ed)?\b"),
        ("want to buy", r"\b(?:want|wanna|would like|'d like|plan|planning) (?:to )?(?:buy|order|purchase)\b"),
        ("order", r"\border(?:s|ed)?\b"),
        ("refund", r"\brefund\w*"),
        # Malay (and Indonesian): no copula, so "saya" + a role word stands for 我是.
        ("saya ialah", r"\b(?:saya|aku) (?:ialah|adalah|seorang)\b"),
        ("nama saya", r"\b(?:nama saya|nama aku|panggil saya)\b"),
        ("perlu", r"\bperlu\w*"),
        ("nak beli", r"\b(?:nak|mahu|mau|ingin|hendak) (?:beli|membeli)\b"),
        ("pesanan", r"\b(?:pesanan|tempahan)\w*"),
        ("bayaran balik", r"\bbayaran balik\b|\bpemulangan wang\b"),
        # French.
        ("je suis", r"\bje suis\b"),
        ("je m'appelle", r"\bje m'appelle\b|\bmon nom est\b"),
        ("besoin", r"\bbesoin\b"),
        ("acheter", r"\b(?:acheter|achète|achèterais)\b"),
        ("commande", r"\bcommand(?:e|es|er|é|ée)\b"),
        ("remboursement", r"\brembours\w*"),
    )
)


def need_keyword(text: str) -> str | None:
    """The label of the first identity/need/order/refund keyword in ``text``, or ``None``."""
    norm = re.sub(r"\s+", " ", nfkc_casefold(text)).replace("’", "'")
    for label, pattern in _PATTERNS:
        if pattern.search(norm):
            return label
    return None


# -- the fallback counter ------------------------------------------------------------------
def turns_since_summary(profile: dict[str, str]) -> int:
    """The stored counter under ``TURNS_KEY`` (missing or unreadable → 0)."""
    try:
        return max(0, int(profile.get(TURNS_KEY) or 0))
    except (TypeError, ValueError):
        return 0


def count_turn(profile: dict[str, str], text: str) -> int:
    """The counter after this turn: +1 for free text; commands and blanks do not count.

    Store it under ``TURNS_KEY``; reset it to 0 when the summarizer is scheduled.
    """
    n = turns_since_summary(profile)
    return n if not text.strip() or is_command(text) else n + 1


def should_summarize(
    profile: dict[str, str], text: str, language_changed: bool, new_facts: int, turns_since_summary: int
) -> tuple[bool, str]:
    """Whether this turn is worth a summarizer run, and why (seed 001 §5.3).

    ``profile``: the user's values **as they were before this turn** (``last_queries``
    before pushing ``text``, ``summary``); ``text``: the user's message;
    ``language_changed``: from :func:`update_language`; ``new_facts``: memories the
    reflection wrote as new this turn; ``turns_since_summary``: the counter including
    this turn (:func:`count_turn`).

    Returns ``(True, reason)`` with reason ``language_changed``, ``new_facts:N``,
    ``new_sku:CODE``, ``keyword:LABEL`` or ``turns:N`` (first that holds, in this order),
    else ``(False, "none")``. A command only fires through the language, new facts or the
    counter.
    """
    if language_changed:
        return True, "language_changed"
    if new_facts > 0:
        return True, f"new_facts:{new_facts}"
    if text.strip() and not is_command(text):
        fresh = _new_skus(profile, text)
        if fresh:
            return True, f"new_sku:{fresh[0]}"
        label = need_keyword(text)
        if label:
            return True, f"keyword:{label}"
    if turns_since_summary >= SUMMARY_EVERY:
        return True, f"turns:{turns_since_summary}"
    return False, "none"
