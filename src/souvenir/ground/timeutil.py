"""Timestamps: aware UTC datetimes in code, ISO 8601 text in SQLite (sorts as text)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone


def utcnow() -> datetime:
    """The current time, aware, in UTC (only the edges call this; the core takes ``now``)."""
    return datetime.now(timezone.utc)


def as_utc(value: datetime | date | str | None) -> datetime | None:
    """Coerce a datetime, a date (midnight UTC) or an ISO string to an aware UTC datetime.

    Naive datetimes are taken as UTC. Raises ``ValueError`` on an unparsable string.
    """
    if value is None:
        return None
    if isinstance(value, str):
        value = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    if not isinstance(value, datetime):
        value = datetime(value.year, value.month, value.day)
    if value.tzinfo is None:
        return value.replace(tzinfo=timezone.utc)
    return value.astimezone(timezone.utc)


def to_text(value: datetime) -> str:
    """ISO text with a fixed width (seconds precision, ``+00:00``) so that text order = time order."""
    aware = as_utc(value)
    assert aware is not None
    return aware.replace(microsecond=0).isoformat()


def from_text(value: str | None) -> datetime | None:
    """Inverse of :func:`to_text`."""
    return as_utc(value) if value else None


def parse_time(value: str) -> datetime:
    """An ISO date or datetime, keeping its UTC offset (the user's local day matters for
    grounding "tomorrow"); a naive value (or a date alone) stays naive: the engine reads it
    in the user's zone (:func:`souvenir.ground.timezones.localize`). Raises ``ValueError`` that
    says which forms are read."""
    try:
        return datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(
            f"{value!r} is not an ISO 8601 date or time: give YYYY-MM-DD, or "
            "YYYY-MM-DDTHH:MM[:SS] with an offset (+08:00, Z) or without one "
            "(read in the user's time zone)"
        ) from None


def aware(value: datetime) -> datetime:
    """``value`` with its own offset kept; a naive value is taken as UTC."""
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def offset_minutes(value: datetime) -> int | None:
    """The UTC offset of an aware ``value`` in minutes (``None`` for a naive one)."""
    offset = value.utcoffset()
    return None if offset is None else int(offset.total_seconds() // 60)


def with_offset(value: datetime | None, minutes: int | None) -> datetime | None:
    """``value`` (aware UTC) shown at its stored offset (``None``: left in UTC)."""
    if value is None or minutes is None:
        return value
    return value.astimezone(timezone(timedelta(minutes=minutes)))
