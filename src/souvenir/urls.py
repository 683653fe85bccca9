"""URLs in messages: without their user and password.

An HTTP embedder's or chat model's address may carry credentials
(``https://user:password@host``); its failures' messages reach a turn's degraded cause (any
caller's answer), the events, parked jobs and the logs, so the address they name never
carries them.
"""

from __future__ import annotations

import ipaddress
import re

__all__ = ["is_loopback", "without_userinfo"]

_USERINFO = re.compile(r"(?<=://)[^/@\s'\"]+@")


def without_userinfo(text: str) -> str:
    """``text`` with every ``scheme://user:password@`` reduced to ``scheme://``."""
    return _USERINFO.sub("", text)


def is_loopback(host: str | None) -> bool:
    """Whether ``host`` (an address or ``localhost``) is on loopback."""
    if not host:
        return False
    if host.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
