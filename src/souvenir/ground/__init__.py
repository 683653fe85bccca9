"""The ground: what every layer above may import, and which imports no layer itself.

- :mod:`~souvenir.ground.errors` — the one exception tree (``SouvenirError`` and its kinds);
- :mod:`~souvenir.ground.config` — :class:`Settings`, the ``SOUVENIR_*`` settings;
- :mod:`~souvenir.ground.limits` — the input bounds (text bytes, page sizes, ids);
- :mod:`~souvenir.ground.types` — the plain data of the pure core and the edges (kinds, candidates, selections);
- :mod:`~souvenir.ground.results` — what the engine answers for a write or a read;
- :mod:`~souvenir.ground.timeutil` / :mod:`~souvenir.ground.timezones` — UTC timestamps, a
  user's IANA zone;
- :mod:`~souvenir.ground.urls` — addresses without their credentials;
- :mod:`~souvenir.ground.http_codings` — a model server's answer read with a bound;
- :mod:`~souvenir.ground.hashing` — content-hash identity of derived data;
- :mod:`~souvenir.ground.blas` — BLAS threads and the scores' dot product.

The other ground packages stand beside it: ``candidates``, ``lexical``, ``schemas``,
``privacy``, ``embedding``, ``llm``, ``profile``. No imports here: importing one module of the
ground loads that module alone.
"""
