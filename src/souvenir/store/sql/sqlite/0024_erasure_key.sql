-- 0024: the key of the erasure marks' hashes (store.userdata.user_key), one random 256-bit
-- value per store, made here and kept in its own table, outside the rows it marks: a reader of
-- the erasures rows alone (a table exported, a statement log) cannot confirm a guessed id.
-- Every replica reads it from the store, the only truth they share. And the index a supersede
-- chain is walked by (store.erasure: a chain of 70,000 values took minutes without it).
CREATE TABLE store_secrets (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO store_secrets (name, value) VALUES ('erasure_key', lower(hex(randomblob(32))));
CREATE INDEX IF NOT EXISTS idx_memories_superseded_by ON memories (superseded_by);
