"""Embedders: local (USE default, e5) or HTTP (Ollama, OpenAI-compatible)."""

from __future__ import annotations

from souvenir.ground.config import Settings
from souvenir.embedding.contract import Embedder, normalise_rows
from souvenir.ground.errors import EmbedderError, InputError

#: Cosine floor of the semantic pass per embedder, read from distributions (never copied
#: from seed 000's 0.32, which was for another model): the lowest 5th percentile of
#: cosine(query, relevant memory) over the public data sets, rounded down, so that ≥ 95%
#: of relevant pairs stay eligible on each (``souvenir calibrate floor``; docs/journal.md,
#: "Floors read, not chosen"). USE: 0.05 on LoCoMo and the first suite, 0.04 once
#: ``multilingual2/suite-b.json`` is read too (its P5 0.0486); e5: 0.77 both times.
DEFAULT_THRESHOLDS: dict[str, float] = {"use-m3": 0.04, "e5-small": 0.77}


def make_embedder(settings: Settings) -> Embedder | None:
    """Build the embedder named by ``settings.embedder``; ``None`` for ``"none"``.

    Raises :class:`InputError` for an unknown name, :class:`EmbedderError` for a missing
    package.
    """
    name = settings.embedder.lower()
    if name == "none":
        return None
    if name == "use":
        from souvenir.embedding.local import USEEmbedder

        return USEEmbedder(threads=settings.blas_threads or 2)
    if name == "e5":
        from souvenir.embedding.local import E5Embedder

        return E5Embedder(threads=settings.blas_threads, query_engine=settings.e5_query_engine)
    if name in ("ollama", "openai"):
        from souvenir.embedding.http import OllamaEmbedder, OpenAIEmbedder

        cls = OllamaEmbedder if name == "ollama" else OpenAIEmbedder
        return cls(settings.embedder_url, settings.embedder_model, settings.embedder_api_key)
    raise InputError(f"unknown embedder {settings.embedder!r} (use, e5, ollama, openai, none)")


def make_window_embedder(settings: Settings) -> Embedder | None:
    """The fused score's window embedder (``settings.window_embedder``: ``e5`` or ``none``).

    Raises :class:`InputError` for an unknown name, :class:`EmbedderError` for a missing
    package.
    """
    name = settings.window_embedder.lower()
    if name == "none":
        return None
    if name == "e5":
        from souvenir.embedding.local import E5Embedder

        return E5Embedder(threads=settings.blas_threads, query_engine=settings.e5_query_engine)
    raise InputError(f"unknown window embedder {settings.window_embedder!r} (e5, none)")


#: The floor of an embedder nobody read (an HTTP model): none — every scored memory is
#: eligible and the semantic pass takes the best by cosine — rather than a guessed value.
#: ``souvenir calibrate floor`` reads it on the model's own vectors.
UNREAD_FLOOR = -1.0


def threshold_for(embedder: Embedder | None, settings: Settings) -> float:
    """The semantic threshold: the setting if given, else the value read for this embedder
    (``UNREAD_FLOOR``, with a warning, for one without a reading)."""
    if settings.semantic_threshold is not None:
        return settings.semantic_threshold
    if embedder is None:
        return 1.0
    if embedder.name not in DEFAULT_THRESHOLDS:
        import logging

        logging.getLogger(__name__).warning(
            "no semantic floor read for embedder %s: none applied; run `souvenir calibrate floor` "
            "and set SOUVENIR_SEMANTIC_THRESHOLD",
            embedder.name,
        )
        return UNREAD_FLOOR
    return DEFAULT_THRESHOLDS[embedder.name]


__all__ = [
    "Embedder",
    "EmbedderError",
    "make_embedder",
    "make_window_embedder",
    "normalise_rows",
    "threshold_for",
    "DEFAULT_THRESHOLDS",
    "UNREAD_FLOOR",
]
