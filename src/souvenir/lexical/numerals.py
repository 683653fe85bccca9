"""Numbers and clock times in canonical form, so that two spellings of one value match.

* Chinese numerals → Arabic digits: "三" → "3", "十二" → "12", "两" → "2",
  "二〇二五" → "2025", "三千五百" → "3500".
* Clock times → "HH:MM": "14h30", "14 h 30", "14:30" → "14:30"; "3pm" → "15:00";
  "9h" → "09:00". Seed 000 accepted "14h30" and "14 h 30" as two entries (a redite);
  folding them is on the same side of the ledger (never merges two different times).
"""

from __future__ import annotations

import re

__all__ = ["ZH_NUMERAL_CHARS", "zh_to_digits", "clock", "CLOCK_PATTERNS", "canonical_clocks"]

_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_ZH_SMALL_UNITS = {"十": 10, "百": 100, "千": 1000}
_ZH_BIG_UNITS = {"万": 10_000, "亿": 100_000_000}

ZH_NUMERAL_CHARS = "".join(_ZH_DIGITS) + "".join(_ZH_SMALL_UNITS) + "".join(_ZH_BIG_UNITS)


def zh_to_digits(numeral: str) -> str:
    """Chinese numeral string → decimal digits (as a string).

    A numeral without unit characters is read digit by digit ("二〇二五" → "2025");
    otherwise the usual positional reading applies ("二十五" → "25", "一万二" → "10002").
    Characters that are not numerals are ignored.
    """
    if not any(c in _ZH_SMALL_UNITS or c in _ZH_BIG_UNITS for c in numeral):
        digits = "".join(str(_ZH_DIGITS[c]) for c in numeral if c in _ZH_DIGITS)
        return digits or numeral
    total = section = number = 0
    for char in numeral:
        if char in _ZH_DIGITS:
            number = _ZH_DIGITS[char]
        elif char in _ZH_SMALL_UNITS:
            section += (number or 1) * _ZH_SMALL_UNITS[char]
            number = 0
        elif char in _ZH_BIG_UNITS:
            total += (section + number) * _ZH_BIG_UNITS[char]
            section = number = 0
    return str(total + section + number)


def clock(hour: str, minute: str | None, meridiem: str | None = None) -> str | None:
    """Canonical "HH:MM" for an hour, optional minutes and optional am/pm marker.

    Returns ``None`` when the value is not a clock time (hour > 24, minute > 59, or
    am/pm on an hour above 12): the digits are then read as plain numbers.
    """
    h = int(hour)
    m = int(minute) if minute else 0
    if m > 59:
        return None
    if meridiem:
        if not 1 <= h <= 12:
            return None
        pm = meridiem.startswith("p")
        h = (h % 12) + (12 if pm else 0)
    elif h > 24:
        return None
    return f"{h:02d}:{m:02d}"


# Clock times in normalised text: "3pm", "3:30 p.m.", "14h30", "14 h 30", "9 heures",
# "14:30". Each pattern's groups are (hour, minutes[, am/pm]). A number glued to a
# word on its left ("hba1c") or inside a decimal is never a time.
CLOCK_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(r"(?<![\w:.,])(\d{1,2})(?::(\d{2}))?\s?(a\.m\.|p\.m\.|am|pm)(?![^\W_])"),
    re.compile(r"(?<![\w:.,])(\d{1,2})\s?(?:h|heures?)(?:\s?(\d{2}))?(?![^\W_])"),
    re.compile(r"(?<![\w:.,])(\d{1,2}):(\d{2})(?![\d:])"),
)


def canonical_clocks(text: str) -> str:
    """``text`` with every clock time rewritten as "HH:MM" ("14 h 30" → "14:30")."""
    for pattern in CLOCK_PATTERNS:
        text = pattern.sub(lambda m: clock(*m.groups()) or m.group(), text)
    return text
