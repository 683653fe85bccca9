"""A memory's moment as the selection reads it: aware (UTC when naive), in microseconds
since 1970 for the recency order, in words for a reason ("updated 3 days ago"), and a
cosine printed so its side of a threshold shows."""

from __future__ import annotations

from datetime import datetime, timezone

from souvenir.ground.types import Memory

__all__ = ["UNDATED", "age_text", "aware", "cosine_text", "micros", "moment_of"]

EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
#: A memory without any date is the oldest.
UNDATED = -(2**62)


def aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment


def moment_of(memory: Memory) -> datetime | None:
    moment = memory.updated_at or memory.created_at
    return None if moment is None else aware(moment)


def micros(memory: Memory) -> int:
    """Microseconds since 1970 (exact integer arithmetic, cheaper than ``// timedelta``)."""
    moment = moment_of(memory)
    if moment is None:
        return UNDATED
    delta = moment - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def age_text(memory: Memory, now: datetime) -> str:
    moment = moment_of(memory)
    if moment is None:
        return "undated"
    days = (now - moment).days
    if days < 0:
        return f"dated {moment.date().isoformat()} (after now)"
    return "updated today" if days == 0 else f"updated {days} day{'s' * (days > 1)} ago"


def cosine_text(cos: float, threshold: float) -> str:
    """Three decimals, more when rounding would hide which side of the threshold it is."""
    text = f"{cos:.3f}"
    return text if (float(text) >= threshold) == (cos >= threshold) else repr(float(cos))
