"""``GET``/``PUT /v1/users/{channel}/{user}/timezone``: the user's time zone (profile ``tz``).

The zone is an IANA name (``Europe/Paris``, DST-aware) or a fixed offset (``+08:00``); an
unknown one gets a 422 and changes nothing. Relative dates are grounded in the user's
local day and the block prints the user's days (:mod:`souvenir.timezones`).
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from souvenir.api.deps import EngineDep
from souvenir.errors import UnknownError
from souvenir.timezones import TZ_KEY

router = APIRouter(prefix="/v1/users", tags=["users"])


class Timezone(BaseModel):
    """The user's zone (``null``: none known, days are UTC days)."""

    tz: str | None = Field(None, max_length=64,
                           description="IANA name (Europe/Paris, Asia/Kuala_Lumpur) or offset (+08:00).")


class TimezoneSet(BaseModel):
    tz: str = Field(..., min_length=1, max_length=64,
                    description="IANA name (Europe/Paris, Asia/Kuala_Lumpur) or offset (+08:00).")


@router.get("/{channel}/{user}/timezone", response_model=Timezone)
def get_timezone(channel: str, user: str, engine: EngineDep) -> Timezone:
    """The stored zone (404 for an unknown user)."""
    user_id = engine.store.find_user(channel, user)
    if user_id is None:
        raise UnknownError(f"no user {channel}:{user}")
    return Timezone(tz=engine.store.kv_get(user_id, TZ_KEY))


@router.put("/{channel}/{user}/timezone", response_model=Timezone)
def put_timezone(channel: str, user: str, body: TimezoneSet, engine: EngineDep) -> Timezone:
    """Set the zone (the user is created when unknown); answers its canonical form."""
    return Timezone(tz=engine.set_timezone(channel, user, body.tz))
