-- 0022: the indexer's queue (issue #17): the memories each embedder has to (re)embed, written
-- by triggers in the same transaction as the change, whoever makes it (Souvenir, another
-- replica, a hand-written UPDATE in psql). An idle indexer pass reads this table, not the
-- store; replicas claim its rows FOR UPDATE SKIP LOCKED (store.indexclaims).
-- vector_embedders: the embedders whose queue is kept (an embedder is added, and the stale
-- memories of the store enqueued for it once, when it first claims: store.indexclaims).
-- A row of vector_queue is a hint that is never missing: every active memory whose vector
-- of a kept embedder is missing or stale, or whose text no longer matches its hash, has one.
CREATE TABLE vector_embedders (
    embedder TEXT PRIMARY KEY
);
CREATE TABLE vector_queue (
    memory_id BIGINT NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    embedder TEXT NOT NULL,
    PRIMARY KEY (memory_id, embedder)
);
-- Existing stores: the embedders that have vectors, and every memory stale for one of them.
INSERT INTO vector_embedders (embedder) SELECT DISTINCT embedder FROM vectors;
INSERT INTO vector_queue (memory_id, embedder)
    SELECT m.id, e.embedder FROM memories m CROSS JOIN vector_embedders e
    LEFT JOIN vectors v ON v.memory_id = m.id AND v.embedder = e.embedder
    WHERE m.status = 'active' AND (v.memory_id IS NULL OR v.content_hash != m.content_hash
                                   OR m.content_hash != content_hash(m.text))
    ON CONFLICT DO NOTHING;

CREATE FUNCTION souvenir_queue_memory() RETURNS TRIGGER AS $$
BEGIN
  IF NEW.status = 'active' THEN
    INSERT INTO vector_queue (memory_id, embedder) SELECT NEW.id, embedder FROM vector_embedders
      ON CONFLICT DO NOTHING;
  ELSE
    DELETE FROM vector_queue WHERE memory_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- A vector of a memory being deleted (the cascade) finds no active memory: nothing queued.
CREATE FUNCTION souvenir_queue_vector() RETURNS TRIGGER AS $$
DECLARE
  mid BIGINT;
  name TEXT;
  written TEXT;  -- the vector's hash (NULL: deleted, stale whatever the memory's hash)
BEGIN
  IF TG_OP = 'DELETE' THEN mid := OLD.memory_id; name := OLD.embedder; written := NULL;
  ELSE mid := NEW.memory_id; name := NEW.embedder; written := NEW.content_hash; END IF;
  IF EXISTS (SELECT 1 FROM vector_embedders WHERE embedder = name)
     AND EXISTS (SELECT 1 FROM memories WHERE id = mid AND status = 'active'
                 AND content_hash IS DISTINCT FROM written) THEN
    INSERT INTO vector_queue (memory_id, embedder) VALUES (mid, name) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER vector_queue_memory_insert AFTER INSERT ON memories FOR EACH ROW
  WHEN (NEW.status = 'active') EXECUTE FUNCTION souvenir_queue_memory();
CREATE TRIGGER vector_queue_memory_update AFTER UPDATE OF text, content_hash, status ON memories
  FOR EACH ROW WHEN (NEW.text IS DISTINCT FROM OLD.text OR NEW.content_hash IS DISTINCT FROM OLD.content_hash
                     OR NEW.status IS DISTINCT FROM OLD.status)
  EXECUTE FUNCTION souvenir_queue_memory();
CREATE TRIGGER vector_queue_vector_delete AFTER DELETE ON vectors FOR EACH ROW
  EXECUTE FUNCTION souvenir_queue_vector();
CREATE TRIGGER vector_queue_vector_write AFTER INSERT OR UPDATE OF content_hash ON vectors FOR EACH ROW
  EXECUTE FUNCTION souvenir_queue_vector();
