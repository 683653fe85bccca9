-- 0020: the indexer's claims (issue #17): a replica embeds a batch of memories it claimed,
-- never one another replica holds. A claim lasts until expires_at (ISO 8601 UTC text to the
-- microsecond, the claimer's clock); an expired claim (its replica died) is taken over.
-- No text of the user: the memory's id, the embedder's name, an opaque random token.
CREATE TABLE vector_claims (
    memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    embedder TEXT NOT NULL,
    token TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (memory_id, embedder)
);
CREATE INDEX vector_claims_token ON vector_claims (embedder, token);
