"""The user's own calendar: time zones, local times and local days (pure, no I/O).

A user's time zone is the profile key ``tz``: an IANA name (``Europe/Paris``, DST-aware,
read with :mod:`zoneinfo`) or a fixed UTC offset (``+08:00``). It is set by the API, by the
proxy's ``X-Souvenir-Timezone`` header, or learned from a turn's ``time`` that carries its
own offset. Every relative date ("明天", "demain", "esok") is grounded in the local day of
the moment it was said, and the context block prints the user's days.

Which local time a moment is (:func:`localize`):

1. a time with its own non-zero UTC offset keeps it (the turn's own offset: the client
   knew where the user was);
2. a naive time, a date alone, or a time in UTC (``Z``, ``+00:00``, which is what most
   clients send when they do not know) is read in the user's zone when one is known,
   else in UTC;
3. no time at all: ``now`` in the user's zone (else UTC).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from souvenir.ground.errors import InputError

__all__ = ["TZ_KEY", "canonical_zone", "learned_zone", "local_day", "localize", "southern", "zone", "zone_of"]

#: The profile key of the user's time zone.
TZ_KEY = "tz"

_OFFSET = re.compile(r"^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$", re.IGNORECASE)
#: Longest accepted zone text (IANA names are at most ~30 characters).
MAX_ZONE_CHARS = 64


def _offset_text(delta: timedelta) -> str:
    minutes = int(delta.total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    minutes = abs(minutes)
    return f"{sign}{minutes // 60:02d}:{minutes % 60:02d}"


_ZONE_FORMS = "a time zone is an IANA name (Europe/Paris, Asia/Kuala_Lumpur) or a UTC offset (+08:00)"


@lru_cache(maxsize=512)
def canonical_zone(text: str) -> str:
    """The canonical form of a zone text: an IANA name as written (``Asia/Kuala_Lumpur``),
    ``UTC``, or an offset as ``+HH:MM`` (``UTC+8``, ``+0800``, ``-7`` accepted).

    Raises :class:`InputError` for anything else (unknown names, offsets beyond ±14 h,
    text longer than 64 characters).
    """
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_ZONE_CHARS:
        raise InputError(_ZONE_FORMS)
    value = text.strip()
    if value.upper() in ("UTC", "Z", "GMT", "ETC/UTC"):
        return "UTC"
    match = _OFFSET.match(value)
    if match:
        sign, hours, minutes = match.group(1), int(match.group(2)), int(match.group(3) or 0)
        if hours > 14 or minutes >= 60 or (hours == 14 and minutes):
            raise InputError(f"time zone offset {value!r} is beyond ±14:00")
        delta = timedelta(hours=hours, minutes=minutes) * (-1 if sign == "-" else 1)
        return "UTC" if not delta else _offset_text(delta)
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_+\-]*(?:/[A-Za-z0-9_+\-]+){0,2}", value):
        raise InputError(f"unknown time zone {value!r}: {_ZONE_FORMS}")
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise InputError(f"unknown time zone {value!r}: {_ZONE_FORMS}") from exc
    return value


@lru_cache(maxsize=512)
def zone(text: str | None) -> tzinfo:
    """The tzinfo of a stored zone text (``None``, empty or unreadable → UTC)."""
    if not text:
        return timezone.utc
    try:
        value = canonical_zone(text)
    except InputError:
        return timezone.utc
    if value == "UTC":
        return timezone.utc
    if value[0] in "+-":
        hours, minutes = int(value[1:3]), int(value[4:6])
        delta = timedelta(hours=hours, minutes=minutes)
        return timezone(-delta if value[0] == "-" else delta)
    return ZoneInfo(value)


def _is_utc(moment: datetime) -> bool:
    offset = moment.utcoffset()
    return offset is None or offset == timedelta(0)


def localize(moment: datetime | date | None, tz: str | None, now: datetime) -> datetime:
    """The aware local time of ``moment`` for a user in zone ``tz`` (module docstring).

    ``moment`` may be an aware or naive datetime, a date (its local midnight) or ``None``
    (``now``, which must be aware). The result's own offset is the user's local offset at
    that instant, so ``result.date()`` is the user's calendar day.
    """
    where = zone(tz)
    if moment is None:
        return now.astimezone(where)
    if not isinstance(moment, datetime):
        moment = datetime(moment.year, moment.month, moment.day)
    if moment.tzinfo is None:
        return moment.replace(tzinfo=where).astimezone(where)  # normalises a DST gap
    if _is_utc(moment):
        return moment.astimezone(where)
    return moment


def zone_of(moment: datetime) -> str | None:
    """The fixed-offset zone text of an aware ``moment`` with a non-zero offset, else ``None``."""
    if moment.tzinfo is None or _is_utc(moment):
        return None
    return _offset_text(moment.utcoffset())  # type: ignore[arg-type]


def learned_zone(current: str | None, moment: datetime | None) -> str | None:
    """The zone to store after a turn said at ``moment``, or ``None`` to keep ``current``.

    A ``moment`` with its own non-zero offset teaches the user's zone when none is stored,
    or when the stored one gives another offset at that instant (the user travelled); an
    IANA zone that agrees with it is kept (it knows DST, a fixed offset does not).
    """
    if moment is None:
        return None
    learned = zone_of(moment)
    if learned is None:
        return None
    if current and moment.astimezone(zone(current)).utcoffset() == moment.utcoffset():
        return None
    return learned


def local_day(moment: datetime | None, tz: str | None) -> date | None:
    """The user's calendar day of an aware ``moment`` (naive = UTC) in zone ``tz``."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(zone(tz)).date()


#: IANA zones of the temperate southern hemisphere, whose seasons are the northern ones'
#: opposite (Australia, New Zealand, Argentina, Chile, Uruguay, Paraguay, southern Brazil,
#: southern Africa, the Falklands, Antarctica). Tropical zones south of the equator
#: (Jakarta, Lima, Nairobi…) have wet and dry seasons, not these: northern by default.
_SOUTHERN_PREFIXES = ("Australia/", "Antarctica/", "America/Argentina/", "Brazil/")
_SOUTHERN = frozenset(
    {
        "Pacific/Auckland", "Pacific/Chatham", "NZ", "NZ-CHAT", "America/Santiago", "America/Punta_Arenas",
        "Chile/Continental", "America/Montevideo", "America/Asuncion", "America/Sao_Paulo",
        "America/Buenos_Aires", "America/Cordoba", "America/Mendoza", "America/Catamarca", "America/Jujuy",
        "America/Rosario", "Atlantic/Stanley", "Africa/Johannesburg", "Africa/Maseru", "Africa/Mbabane",
        "Africa/Windhoek", "Africa/Gaborone", "Africa/Maputo", "Indian/Mauritius", "Indian/Reunion",
        "Indian/Antananarivo", "Pacific/Norfolk", "Pacific/Noumea",
    }
)  # fmt: skip


def southern(tz: str | None) -> bool:
    """Whether the zone ``tz`` (an IANA name; a fixed offset says no hemisphere) is in the
    southern hemisphere's temperate zone, where summer is December to February. ``False``
    when unknown: the northern hemisphere is the default (docs/write-path.md)."""
    if not tz:
        return False
    return tz in _SOUTHERN or tz.startswith(_SOUTHERN_PREFIXES)
