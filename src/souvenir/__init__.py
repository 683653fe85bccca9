"""Souvenir: long-term memory for LLM chatbots.

    from souvenir import Souvenir

    with Souvenir.open("memories.db") as memory:
        memory.add_turn("ann", "I adopted a cat called Kopi", reply="Lovely!")
        print(memory.context("ann", "how is my cat?").block)

:class:`Souvenir` / :class:`AsyncSouvenir` are the library (:mod:`souvenir.library`);
:mod:`souvenir.client` the typed HTTP client of the REST service; :mod:`souvenir.schemas`
every answer's shape; the errors below the one tree every failure belongs to. ``__all__``
is the public surface (locked by ``tests/test_exported_members.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from souvenir.ground.errors import (
    AccessDeniedError,
    EmbedderBusyError,
    EmbedderError,
    FileFormatError,
    InputError,
    ModelError,
    ServiceError,
    ServiceUnreachableError,
    SouvenirError,
    StaleJobError,
    StoreBusyError,
    StoreError,
    TextError,
    UnknownError,
)

if TYPE_CHECKING:  # pragma: no cover
    from souvenir.ground.config import Settings
    from souvenir.library import AsyncSouvenir, Souvenir

__version__ = "0.1.0"

__all__ = [
    "AccessDeniedError",
    "AsyncSouvenir",
    "EmbedderBusyError",
    "EmbedderError",
    "FileFormatError",
    "InputError",
    "ModelError",
    "ServiceError",
    "ServiceUnreachableError",
    "Settings",
    "Souvenir",
    "SouvenirError",
    "StaleJobError",
    "StoreBusyError",
    "StoreError",
    "TextError",
    "UnknownError",
    "__version__",
]

# Loaded on first use: ``import souvenir.lexical`` (or the errors) must not load the models.
_LAZY = {"Souvenir": "souvenir.library", "AsyncSouvenir": "souvenir.library", "Settings": "souvenir.ground.config"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'souvenir' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
