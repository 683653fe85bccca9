"""The derived vector index: vectors keyed by (memory, content hash, embedder), rebuilt in
the background, and the turn's bounded query embedding (:mod:`~souvenir.index.vectors`);
scores computed in PostgreSQL with pgvector (:mod:`~souvenir.index.pgvector`).

The store is the only truth: everything here can be dropped and rebuilt.
"""
