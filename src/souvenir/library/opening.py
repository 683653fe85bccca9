"""Settings for :meth:`Souvenir.open <souvenir.library.Souvenir.open>` from what a caller
gives: a database URL, a SQLite file path, a :class:`~souvenir.ground.config.Settings` or nothing."""

from __future__ import annotations

import difflib
import os
from typing import Any

from pydantic import ValidationError

from souvenir.ground.config import Settings, settings_error
from souvenir.ground.errors import InputError


def settings_for(target: str | os.PathLike[str] | Settings | None = None, **overrides: Any) -> Settings:
    """Settings from a database URL (``sqlite:///…``, ``postgresql://…``), a SQLite file path,
    a :class:`Settings`, or ``None`` (``SOUVENIR_*`` variables and ``.env``); ``overrides``
    are settings fields (``embedder="none"``…); an unknown one is an :class:`InputError`
    naming the closest field (``Settings`` itself ignores unknown ``.env`` lines, so a
    misspelt keyword would otherwise be dropped without a word)."""
    unknown = sorted(set(overrides) - set(Settings.model_fields))
    if unknown:
        close = [
            m
            for name in unknown
            for m in difflib.get_close_matches(name.lower().removeprefix("souvenir_"), Settings.model_fields, n=1)
        ]
        raise InputError(
            f"unknown setting {', '.join(map(repr, unknown))}"
            + (f": did you mean {', '.join(map(repr, close))}?" if close else "")
            + " (the fields of souvenir.ground.config.Settings, without the SOUVENIR_ prefix, lower case)"
        )
    if isinstance(target, Settings):
        return target.model_copy(update=overrides) if overrides else target
    if target is not None:
        if not isinstance(target, (str, os.PathLike)):
            raise InputError(
                f"open(): target must be a database URL, a SQLite file path or a Settings, not {type(target).__name__}"
            )
        text = os.fspath(target)
        overrides["database_url"] = text if "://" in text else f"sqlite:///{text}"
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise InputError(settings_error(exc)) from None
