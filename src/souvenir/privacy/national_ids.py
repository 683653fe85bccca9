"""National identity numbers, redacted as secrets are (:func:`souvenir.privacy.detection.redact`).

A customer tells a support bot their identity number to be verified; a memory that keeps it
is a liability, never a preference. Each form is recognised by its structure and checked
the way its issuer checks it, so that an order or tracking number of the same length is
kept:

- China's resident identity card (居民身份证): 17 digits and a check character (0–9 or X,
  ISO 7064 MOD 11-2), a valid birth date at digits 7–14.
- Malaysia's MyKad / NRIC: ``YYMMDD-PB-###G`` written with its two dashes (without them
  twelve digits are any number), a valid month and day.
- The US Social Security number: ``AAA-GG-SSSS`` with its dashes, none of the parts the SSA
  never issues (area 000, 666 or 9xx; group 00; serial 0000).
- France's NIR (numéro de sécurité sociale): 13 characters (sex, year, month, département —
  2A / 2B for Corsica —, commune, order) and a 2-digit key, 97 − (number mod 97), spaced or
  not.
"""

from __future__ import annotations

import re
from datetime import date

__all__ = ["NATIONAL_ID", "is_national_id"]

_CN = r"(?<![0-9A-Za-z])[1-9]\d{16}[0-9Xx](?![0-9A-Za-z])"
_MY = r"(?<![\w-])\d{6}-\d{2}-\d{4}(?![\w-])"
_SSN = r"(?<![\w-])\d{3}-\d{2}-\d{4}(?![\w-])"
_NIR = r"(?<![\dA-Za-z])[12] ?\d{2} ?(?:0[1-9]|1[0-2]|[2-9]\d) ?(?:\d{2}|2[AaBb]) ?\d{3} ?\d{3} ?\d{2}(?![\dA-Za-z])"
#: Any of the four forms; :func:`is_national_id` checks the match.
NATIONAL_ID = re.compile("|".join(f"(?:{p})" for p in (_CN, _MY, _SSN, _NIR)))

_CN_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CN_CHECK = "10X98765432"


def _valid_date(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def _cn(value: str) -> bool:
    if len(value) != 18 or not value[:17].isdigit():
        return False
    if not _valid_date(int(value[6:10]), int(value[10:12]), int(value[12:14])) or not 1900 <= int(value[6:10]) <= 2100:
        return False
    total = sum(int(d) * w for d, w in zip(value[:17], _CN_WEIGHTS))
    return _CN_CHECK[total % 11] == value[17].upper()


def _my(value: str) -> bool:
    born = value[:6]
    return _valid_date(2000 + int(born[:2]), int(born[2:4]), int(born[4:6]))


def _ssn(value: str) -> bool:
    area, group, serial = value.split("-")
    return area not in ("000", "666") and not area.startswith("9") and group != "00" and serial != "0000"


def _nir(value: str) -> bool:
    compact = value.replace(" ", "").upper()
    if len(compact) != 15:
        return False
    body = compact[:13].replace("2A", "19").replace("2B", "18") if compact[5:7] in ("2A", "2B") else compact[:13]
    if not body.isdigit():
        return False
    return 97 - int(body) % 97 == int(compact[13:])


def is_national_id(value: str) -> bool:
    """Whether ``value`` (a :data:`NATIONAL_ID` match) passes its issuer's check."""
    if re.fullmatch(_CN, value):
        return _cn(value)
    if re.fullmatch(r"\d{6}-\d{2}-\d{4}", value):
        return _my(value)
    if re.fullmatch(r"\d{3}-\d{2}-\d{4}", value):
        return _ssn(value)
    return _nir(value)
