-- 0024: the key of the erasure marks' hashes (store.userdata.user_key), one random value per
-- store (two UUIDs of gen_random_uuid(), PostgreSQL's strong random source: 244 random bits),
-- made here and kept in its own table, outside the rows it marks: a reader of the erasures rows
-- alone (a table exported, a statement log) cannot confirm a guessed id. Every replica reads
-- it from the store, the only truth they share.
CREATE TABLE store_secrets (
  name TEXT COLLATE "C" PRIMARY KEY,
  value TEXT COLLATE "C" NOT NULL
);
INSERT INTO store_secrets (name, value)
VALUES ('erasure_key', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
