"""One scope model for every door that takes an API key: the REST routes, the proxy and the
MCP server (stdio or HTTP) call these checks, and nothing else decides what a key may do.

A request acts as a :class:`~souvenir.api.keys.Principal`: an *admin* key (or the open
loopback mode, or a local MCP stdio session) reaches everything; a *channel* key reaches the
users of its channels only, and never a ``rule`` (the operator's instruction, carried by every
later context of the user): it may not write, reword, pin or forget one. A refusal is an
:class:`~souvenir.ground.errors.AccessDeniedError` with ``status_code`` 403 (REST and the proxy
answer 403, MCP an error result with the same sentence).

=====================================  ===================================================
what                                   needs
=====================================  ===================================================
any user route / tool (read or write)  :func:`reach` the user's channel
write memories                         :func:`write_kinds`: admin for a ``rule``
change one memory (edit, pin, forget)  :func:`change_memory`: the memory's kind, as above
operators' routes (jobs, metrics…)     :func:`admin`
=====================================  ===================================================
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from souvenir.api.keys import Principal
from souvenir.ground.errors import AccessDeniedError
from souvenir.schemas import DEFAULT_CHANNEL

if TYPE_CHECKING:  # pragma: no cover
    from souvenir.library import Souvenir

__all__ = ["admin", "change_memory", "hint_channels", "reach", "without_addresses", "write_kinds"]


def reach(principal: Principal, channel: str, *, named: bool = False) -> None:
    """403 unless ``principal`` reaches the users of ``channel``; the sentence names the key's
    own channels (its holder knows them) and what to do: for the default ``api`` (a channel
    key sent without a channel reaches for it) where a request names its channel; for a
    channel the request named, that another key is needed (naming it again changes nothing),
    or, when it differs from one of the key's own by case alone, that names are case-sensitive.
    ``named``: the request spelt ``channel`` out (the path's ``/v1/users/api/…``), so even
    ``api`` was chosen, not defaulted to: "name the channel" would tell it to do what it did."""
    if not principal.reaches(channel):
        own = ", ".join(repr(name) for name in sorted(principal.channels)) or "no channel"
        if channel == DEFAULT_CHANNEL and not named:
            hint = (
                "name the channel (a body's \"channel\", the path's /v1/users/{channel}/, the proxy's"
                " X-Souvenir-Channel header, SouvenirClient(channel=…), `souvenir mcp --channel`;"
                f" none named is {DEFAULT_CHANNEL!r})"
            )
        elif any(name.casefold() == channel.casefold() for name in principal.channels):
            hint = "channel names are case-sensitive: send the key's own spelling"
        else:
            hint = f"use a key of that channel (`souvenir keys create --name NAME --channel {channel}`) or an admin key"
        raise AccessDeniedError(f"this key does not reach channel {channel!r}, only {own}: {hint}", 403)


def admin(principal: Principal, what: str = "this operators' route") -> None:
    """403 unless ``principal`` is an admin key (or the open loopback mode). The sentence
    says what needed it (``what``) and what the key reaches instead, so its holder knows
    whether to ask for another key or to drop the request ("writing a rule needs an admin
    key; this key reaches channel 'whatsapp' only")."""
    if not principal.admin:
        own = ", ".join(repr(name) for name in sorted(principal.channels)) or "no channel"
        noun = "channel" if len(principal.channels) == 1 else "channels"
        raise AccessDeniedError(f"{what} needs an admin key; this key reaches {noun} {own} only", 403)


def write_kinds(principal: Principal, kinds: Iterable[str], act: str = "writing") -> None:
    """403 when a ``rule`` is among the ``kinds`` written and ``principal`` is not admin;
    ``act``: what is done to it, for the sentence (``writing``, ``changing``)."""
    if "rule" in set(kinds):
        admin(principal, f"{act} a rule (the operator's instruction, in every later context of the user)")


def change_memory(principal: Principal, memory: Souvenir, channel: str, user: str, memory_id: int) -> None:
    """The checks before memory ``memory_id`` of ``channel:user`` is edited, pinned or
    forgotten: the channel reached (403), the memory the user's
    (:class:`~souvenir.ground.errors.UnknownError`, 404), and an admin key when it is a rule (403)."""
    reach(principal, channel)
    kind = memory.memory(user, memory_id, channel=channel).kind
    write_kinds(principal, {kind}, act="editing, pinning or forgetting")


def hint_channels(principal: Principal | None) -> frozenset[str] | None:
    """The channels an unknown user's hint may name for ``principal``: ``None`` (all) for an
    admin key or the open loopback mode, the key's own channels otherwise, none for nobody."""
    if principal is None:
        return frozenset()
    return None if principal.admin else principal.channels


#: A URL in a stored cause (a model server's or an embedder's address).
_URL = re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s'\"()<>]+")


def without_addresses(principal: Principal, text: str | None) -> str | None:
    """``text`` (a parked job's cause) as ``principal`` may read it: whole for an admin key
    (or the open loopback mode); with every URL — the operator's model server, an internal
    address the public ``/health`` hides too — replaced by ``[model server]`` otherwise."""
    if text is None or principal.admin:
        return text
    return _URL.sub("[model server]", text)
