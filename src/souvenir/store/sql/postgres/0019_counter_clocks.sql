-- 0019: the forgetting counters in O(selected) per turn, a selection's items in its own row
-- (see sql/sqlite/0019_counter_clocks.sql), and the read path's cache on PostgreSQL
-- (souvenir.store.readcache).
ALTER TABLE memories ADD COLUMN tick_clock BIGINT;
ALTER TABLE memories ADD COLUMN tick_mark BIGINT;
CREATE INDEX idx_memories_ticking ON memories (user_id, tick_clock) WHERE tick_clock IS NOT NULL;
-- Active memories ticking on no clock: new ones (a turn starts them), rules, a few others.
CREATE INDEX idx_memories_loose ON memories (user_id) WHERE tick_clock IS NULL AND status = 'active';

CREATE TABLE turn_clocks (
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  clock BIGINT NOT NULL,
  turns BIGINT NOT NULL DEFAULT 0,
  n_ticking BIGINT NOT NULL DEFAULT 0,
  ticking_hash BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, clock)
);

ALTER TABLE selections ADD COLUMN items TEXT;

-- The read cache's ticks, as on SQLite (0006) but per user: a change to a user's memories
-- or vectors takes the next tick of that user's row in read_ticks, whose row lock is held
-- until the writing transaction ends. The next writer of that user waits for it, so a
-- user's ticks are taken in commit order: a reader that sees tick T sees every change up
-- to T. reload_tick: the last tick that removed a memory row (the cache reloads the user).
-- An update that moves only the forgetting counters takes no tick (the selection never
-- reads them), so a turn's bookkeeping does not invalidate the cache.
CREATE TABLE read_ticks (
  user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  read_tick BIGINT NOT NULL,
  reload_tick BIGINT NOT NULL
);
INSERT INTO read_ticks (user_id, read_tick, reload_tick) SELECT id, 1, 1 FROM users;

CREATE TABLE memory_ticks (
  memory_id BIGINT PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL,
  tick BIGINT NOT NULL
);
CREATE INDEX idx_memory_ticks_user ON memory_ticks (user_id, tick);

-- A transaction takes one tick per user, at its first write to that user's rows (kept in a
-- transaction-local setting): every row it writes carries that tick, and the lock taken
-- then is held to its end. One update of read_ticks per transaction and user, not per row:
-- updating one row 100,000 times in one transaction is quadratic in PostgreSQL (each
-- update walks the chain of versions the transaction left behind).
CREATE FUNCTION souvenir_read_tick(uid BIGINT, mid BIGINT, reload BOOLEAN) RETURNS VOID AS $$
DECLARE
  setting TEXT := 'souvenir.read_tick_' || uid;
  next_tick BIGINT := NULLIF(current_setting(setting, true), '')::BIGINT;
BEGIN
  IF next_tick IS NULL THEN
    -- (no row: the user is being deleted, or is not cached)
    UPDATE read_ticks SET read_tick = read_tick + 1,
        reload_tick = CASE WHEN reload THEN read_tick + 1 ELSE reload_tick END
      WHERE user_id = uid RETURNING read_tick INTO next_tick;
    IF next_tick IS NULL THEN
      RETURN;
    END IF;
    PERFORM set_config(setting, next_tick::TEXT, true);
  ELSIF reload THEN
    UPDATE read_ticks SET reload_tick = read_tick WHERE user_id = uid AND reload_tick <> read_tick;
  END IF;
  IF mid IS NOT NULL THEN
    INSERT INTO memory_ticks AS t (memory_id, user_id, tick) VALUES (mid, uid, next_tick)
      ON CONFLICT (memory_id) DO UPDATE SET user_id = excluded.user_id, tick = excluded.tick
      WHERE t.tick IS DISTINCT FROM excluded.tick OR t.user_id IS DISTINCT FROM excluded.user_id;
  END IF;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION souvenir_read_tick_user() RETURNS TRIGGER AS $$
BEGIN
  INSERT INTO read_ticks AS r (user_id, read_tick, reload_tick) VALUES (NEW.id, 1, 1)
    ON CONFLICT (user_id) DO UPDATE SET read_tick = r.read_tick + 1, reload_tick = r.read_tick + 1;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE FUNCTION souvenir_read_tick_memory() RETURNS TRIGGER AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM souvenir_read_tick(NEW.user_id, NEW.id, false);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM souvenir_read_tick(OLD.user_id, NULL, true);
  ELSIF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    PERFORM souvenir_read_tick(OLD.user_id, NULL, true);
    PERFORM souvenir_read_tick(NEW.user_id, NEW.id, true);
  ELSE
    PERFORM souvenir_read_tick(NEW.user_id, NEW.id, false);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

-- A vector of a memory being deleted (the cascade) takes no tick: the memory's does.
CREATE FUNCTION souvenir_read_tick_vector() RETURNS TRIGGER AS $$
DECLARE
  mid BIGINT;
  uid BIGINT;
BEGIN
  IF TG_OP = 'DELETE' THEN mid := OLD.memory_id; ELSE mid := NEW.memory_id; END IF;
  SELECT user_id INTO uid FROM memories WHERE id = mid;
  IF uid IS NOT NULL THEN
    PERFORM souvenir_read_tick(uid, mid, false);
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER read_tick_user AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION souvenir_read_tick_user();
CREATE TRIGGER read_tick_memory_insert AFTER INSERT ON memories
  FOR EACH ROW EXECUTE FUNCTION souvenir_read_tick_memory();
CREATE TRIGGER read_tick_memory_delete AFTER DELETE ON memories
  FOR EACH ROW EXECUTE FUNCTION souvenir_read_tick_memory();
CREATE TRIGGER read_tick_memory_update AFTER UPDATE ON memories FOR EACH ROW
  WHEN (to_jsonb(OLD) - '{candidate_count,served_count,served_semantic_count,tick_clock,tick_mark}'::text[]
        IS DISTINCT FROM
        to_jsonb(NEW) - '{candidate_count,served_count,served_semantic_count,tick_clock,tick_mark}'::text[])
  EXECUTE FUNCTION souvenir_read_tick_memory();
CREATE TRIGGER read_tick_vector AFTER INSERT OR UPDATE OR DELETE ON vectors
  FOR EACH ROW EXECUTE FUNCTION souvenir_read_tick_vector();
