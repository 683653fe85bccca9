"""The engine: the one layer where the store, the vector index and the chat model meet.

- :mod:`~souvenir.engine.core` — :class:`~souvenir.engine.core.Engine`, composed of its parts:
  :mod:`~souvenir.engine.writer` (a memory written), :mod:`~souvenir.engine.turn_writer` (an
  exchange stored), :mod:`~souvenir.engine.reader` (a context) and
  :mod:`~souvenir.engine.query_scores` (its scores), :mod:`~souvenir.engine.turn_records`
  (what a context leaves, diagnostics) and :mod:`~souvenir.engine.bookkeeping` (written off
  the turn), :mod:`~souvenir.engine.search`, :mod:`~souvenir.engine.curation` (a person's
  acts on a user's memories), :mod:`~souvenir.engine.proposals` (a model's answers applied;
  a claimed reflection job's in :mod:`~souvenir.engine.reflection_job`),
  :mod:`~souvenir.engine.identity` (the ids every entry checks);
- :mod:`~souvenir.engine.runtime` — wiring: settings → store, embedders, index, engine;
- :mod:`~souvenir.engine.worker` — the reflection worker (outbox jobs after the reply).

Faces (REST, CLI, proxy, MCP) never import this package: they call the library
(:class:`souvenir.Souvenir`).
"""
