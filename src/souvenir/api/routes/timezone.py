"""``GET``/``PUT /v1/users/{channel}/{user}/timezone``: the user's time zone (profile ``tz``).

The zone is an IANA name (``Europe/Paris``, DST-aware) or a fixed offset (``+08:00``); an
unknown one gets a 422 and changes nothing. Relative dates are grounded in the user's
local day and the block prints the user's days (:mod:`souvenir.ground.timezones`).
"""

from __future__ import annotations

from fastapi import APIRouter

from souvenir.api.deps import SouvenirDep
from souvenir.schemas import Timezone, TimezoneSet

router = APIRouter(prefix="/v1/users", tags=["users"])


@router.get("/{channel}/{user}/timezone", response_model=Timezone)
def get_timezone(channel: str, user: str, mem: SouvenirDep) -> Timezone:
    """The stored zone (404 for an unknown user)."""
    return mem.timezone(user, channel=channel)


@router.put("/{channel}/{user}/timezone", response_model=Timezone)
def put_timezone(channel: str, user: str, body: TimezoneSet, mem: SouvenirDep) -> Timezone:
    """Set the zone (the user is created when unknown); answers its canonical form."""
    return mem.set_timezone(user, body.tz, channel=channel)
