"""The engine: the one layer where the store, the vector index and the chat model meet.

- :mod:`~souvenir.engine.core` — :class:`~souvenir.engine.core.Engine`, the turn loop;
- :mod:`~souvenir.engine.runtime` — wiring: settings → store, embedders, index, engine;
- :mod:`~souvenir.engine.worker` — the reflection worker (outbox jobs after the reply);
- :mod:`~souvenir.engine.proposals` — a model's answers applied through the write path;
- :mod:`~souvenir.engine.curation`, :mod:`~souvenir.engine.search`,
  :mod:`~souvenir.engine.turn_records` — the engine's other parts.

Faces (REST, CLI, proxy, MCP) never import this package: they call the library
(:class:`souvenir.Souvenir`).
"""
