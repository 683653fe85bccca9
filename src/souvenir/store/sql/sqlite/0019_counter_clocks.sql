-- 0019: the forgetting counters in O(selected) per turn (souvenir.store.counters), and a
-- selection's items kept in its own row.
-- A memory's "times a candidate" is no longer written on every turn: it is its stored
-- candidate_count (the frozen part) plus, while it ticks (tick_clock not NULL), the turns
-- of its clock since tick_mark. A clock counts the user's counted turns: clock 0 every
-- turn (global memories), clock S the turns of story S, clock -1 the story-less ones.
-- turn_clocks holds each clock's turns and the count and XOR hash of the memories ticking
-- on it (the turn checks its candidates against them without reading every memory).
ALTER TABLE memories ADD COLUMN tick_clock INTEGER;
ALTER TABLE memories ADD COLUMN tick_mark INTEGER;
CREATE INDEX idx_memories_ticking ON memories (user_id, tick_clock) WHERE tick_clock IS NOT NULL;
-- Active memories ticking on no clock: new ones (a turn starts them), rules, a few others.
CREATE INDEX idx_memories_loose ON memories (user_id) WHERE tick_clock IS NULL AND status = 'active';

CREATE TABLE turn_clocks (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  clock INTEGER NOT NULL,
  turns INTEGER NOT NULL DEFAULT 0,
  n_ticking INTEGER NOT NULL DEFAULT 0,
  ticking_hash INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, clock)
);

-- One row per selection (its items as JSON) instead of one per selected memory: a turn
-- writes 2 rows here (the new selection, the pruned one), not 50. Older rows keep their
-- selection_items.
ALTER TABLE selections ADD COLUMN items TEXT;

-- 0006's update trigger ignored counter-only updates; the clock columns are counters too.
DROP TRIGGER read_tick_memory_update;
CREATE TRIGGER read_tick_memory_update AFTER UPDATE ON memories
  WHEN NEW.candidate_count IS OLD.candidate_count AND NEW.served_count IS OLD.served_count
  AND NEW.served_semantic_count IS OLD.served_semantic_count AND NEW.tick_clock IS OLD.tick_clock
  AND NEW.tick_mark IS OLD.tick_mark BEGIN
  UPDATE read_clock SET tick = tick + 1;
  INSERT INTO memory_ticks (memory_id, user_id, tick) SELECT NEW.id, NEW.user_id, tick FROM read_clock
    WHERE true ON CONFLICT (memory_id) DO UPDATE SET user_id = excluded.user_id, tick = excluded.tick;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock) WHERE user_id = NEW.user_id;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock), reload_tick = (SELECT tick FROM read_clock)
    WHERE user_id = OLD.user_id AND OLD.user_id IS NOT NEW.user_id;
END;
