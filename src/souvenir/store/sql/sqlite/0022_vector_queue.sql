-- 0022: the indexer's queue (issue #17): the memories each embedder has to (re)embed, written
-- by triggers in the same transaction as the change, whoever makes it (Souvenir, another
-- replica, a hand-written UPDATE in the sqlite3 shell: the triggers call no function of
-- Souvenir's, so they run there too). An idle indexer pass reads this table, not the store.
-- vector_embedders: the embedders whose queue is kept (an embedder is added, and the stale
-- memories of the store enqueued for it once, when it first claims: store.indexclaims).
-- A row of vector_queue is a hint that is never missing: every active memory whose vector
-- of a kept embedder is missing or stale, or whose text no longer matches its hash, has one.
CREATE TABLE vector_embedders (
    embedder TEXT PRIMARY KEY
);
CREATE TABLE vector_queue (
    memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
    embedder TEXT NOT NULL,
    PRIMARY KEY (memory_id, embedder)
);
-- Existing stores: the embedders that have vectors, and every memory stale for one of them.
INSERT INTO vector_embedders (embedder) SELECT DISTINCT embedder FROM vectors;
INSERT OR IGNORE INTO vector_queue (memory_id, embedder)
    SELECT m.id, e.embedder FROM memories m CROSS JOIN vector_embedders e
    LEFT JOIN vectors v ON v.memory_id = m.id AND v.embedder = e.embedder
    WHERE m.status = 'active' AND (v.memory_id IS NULL OR v.content_hash != m.content_hash
                                   OR m.content_hash != content_hash(m.text));
CREATE TRIGGER vector_queue_memory_insert AFTER INSERT ON memories WHEN NEW.status = 'active' BEGIN
  INSERT OR IGNORE INTO vector_queue (memory_id, embedder) SELECT NEW.id, embedder FROM vector_embedders;
END;
CREATE TRIGGER vector_queue_memory_update AFTER UPDATE OF text, content_hash, status ON memories
  WHEN NEW.status = 'active' AND (NEW.text IS NOT OLD.text OR NEW.content_hash IS NOT OLD.content_hash
                                  OR OLD.status IS NOT 'active') BEGIN
  INSERT OR IGNORE INTO vector_queue (memory_id, embedder) SELECT NEW.id, embedder FROM vector_embedders;
END;
CREATE TRIGGER vector_queue_memory_leave AFTER UPDATE OF status ON memories
  WHEN NEW.status IS NOT 'active' AND OLD.status = 'active' BEGIN
  DELETE FROM vector_queue WHERE memory_id = NEW.id;
END;
CREATE TRIGGER vector_queue_vector_delete AFTER DELETE ON vectors
  WHEN EXISTS (SELECT 1 FROM vector_embedders WHERE embedder = OLD.embedder)
  AND EXISTS (SELECT 1 FROM memories WHERE id = OLD.memory_id AND status = 'active') BEGIN
  INSERT OR IGNORE INTO vector_queue (memory_id, embedder) VALUES (OLD.memory_id, OLD.embedder);
END;
CREATE TRIGGER vector_queue_vector_insert AFTER INSERT ON vectors
  WHEN EXISTS (SELECT 1 FROM vector_embedders WHERE embedder = NEW.embedder)
  AND EXISTS (SELECT 1 FROM memories WHERE id = NEW.memory_id AND status = 'active'
              AND content_hash IS NOT NEW.content_hash) BEGIN
  INSERT OR IGNORE INTO vector_queue (memory_id, embedder) VALUES (NEW.memory_id, NEW.embedder);
END;
CREATE TRIGGER vector_queue_vector_update AFTER UPDATE OF content_hash ON vectors
  WHEN EXISTS (SELECT 1 FROM vector_embedders WHERE embedder = NEW.embedder)
  AND EXISTS (SELECT 1 FROM memories WHERE id = NEW.memory_id AND status = 'active'
              AND content_hash IS NOT NEW.content_hash) BEGIN
  INSERT OR IGNORE INTO vector_queue (memory_id, embedder) VALUES (NEW.memory_id, NEW.embedder);
END;
