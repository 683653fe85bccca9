"""A user or channel id no write could have made is bad input on every face's call.

The writes check their ids (:func:`souvenir.ground.limits.check_user_id`), REST checks its paths'
ids; a library read (and so an MCP tool) naming ``ann\\x00`` or a lone surrogate went to the
store, where PostgreSQL failed on it — a store error, a ``UnicodeEncodeError``, the MCP
tools' bare "Error executing tool" — where SQLite answered "no such user". Each named
method now refuses such an id first (:class:`~souvenir.ground.errors.TextError`, an input error:
REST's 422, an MCP error result of one sentence). Only what no store can hold is refused
(NUL, lone surrogates; another type is left to the method's own check): a read of an older
id the write check would refuse today still finds it."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable

from souvenir.ground.limits import MAX_TEXT_BYTES, check_field

__all__ = ["checked_ids"]


def checked_ids(cls: type, names: Iterable[str]) -> None:
    """Check the ``user`` and ``channel`` arguments of each named method of ``cls``."""
    for name in names:
        setattr(cls, name, _checked(getattr(cls, name)))


def _checked(method: Callable) -> Callable:
    signature = inspect.signature(method)

    @functools.wraps(method)
    def call(*args, **kwargs):
        try:
            bound = signature.bind_partial(*args, **kwargs).arguments
        except TypeError:  # the method's own check names what is wrong (an unknown keyword…)
            return method(*args, **kwargs)
        for name, what in (("user", "user id"), ("channel", "channel")):
            value = bound.get(name)
            if isinstance(value, str):  # another type: the method's own check names it
                check_field(value, what, MAX_TEXT_BYTES)
        return method(*args, **kwargs)

    return call
