"""The access log names routes, not people: uvicorn's line for ``/v1/users/{channel}/{user}/…``
shows ``{user}`` in place of the user's id.

A user id is often a phone number, an e-mail or a handle (``whatsapp:+60123456789``), and
the access log writes one line per request to wherever the operator ships its logs. The
channel, the method, the route, the status and the query string (already redacted of
secrets by :func:`souvenir.privacy.scrub.install_log_redaction`) stay: enough to read traffic
and errors; the store's write log and ``souvenir export`` say which user did what.
"""

from __future__ import annotations

import logging
import re

__all__ = ["UserIdFilter", "install_access_log_filter", "without_user_id"]

#: The user segment of a per-user route (percent-encoded, as uvicorn writes the path).
_USER_PATH = re.compile(r"^(/v1/users/[^/?#]+/)([^/?#]+)")


def without_user_id(path: str) -> str:
    """``path`` with the ``{user}`` segment of ``/v1/users/{channel}/{user}…`` replaced by
    ``{user}``; any other path unchanged."""
    return _USER_PATH.sub(r"\1{user}", path)


class UserIdFilter(logging.Filter):
    """Rewrites uvicorn's access records (args ``(client, method, path, http version,
    status)``) so that the path carries no user id; other records pass unchanged."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) >= 3 and isinstance(args[2], str):
            record.args = (*args[:2], without_user_id(args[2]), *args[3:])
        return True


_FILTER = UserIdFilter()


def install_access_log_filter() -> None:
    """Attach the filter to uvicorn's access logger (idempotent)."""
    logger = logging.getLogger("uvicorn.access")
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)
