"""``GET``/``PUT /v1/users/{channel}/{user}/timezone``: the user's time zone (profile ``tz``).

Its own router so that the service's authentication applies to it as to the other user
routes. The zone is an IANA name (``Europe/Paris``, DST-aware) or a fixed offset
(``+08:00``); an unknown one gets a 422 and changes nothing.
"""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from souvenir.errors import UnknownError
from souvenir.timezones import TZ_KEY


class TimezoneIn(BaseModel):
    """The user's zone."""

    tz: str = Field(..., min_length=1, max_length=64,
                    description="IANA name (Europe/Paris, Asia/Kuala_Lumpur) or offset (+08:00).")


def build_router(get_runtime) -> APIRouter:
    """The time-zone routes; ``get_runtime()`` returns the :class:`Runtime`."""
    router = APIRouter()

    @router.get("/v1/users/{channel}/{user}/timezone")
    def get_timezone(channel: str, user: str) -> dict:
        """The stored zone (``null`` when none is known: days are then UTC days)."""
        store = get_runtime().engine.store
        user_id = store.find_user(channel, user)
        if user_id is None:
            raise UnknownError(f"no user {channel}:{user}")
        return {"tz": store.kv_get(user_id, TZ_KEY)}

    @router.put("/v1/users/{channel}/{user}/timezone")
    def put_timezone(channel: str, user: str, body: TimezoneIn) -> dict:
        """Set the zone (the user is created when unknown); answers its canonical form."""
        return {"tz": get_runtime().engine.set_timezone(channel, user, body.tz)}

    return router
