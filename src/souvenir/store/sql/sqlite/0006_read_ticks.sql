-- 0006: change ticks for the read path's cache (souvenir.store.readcache). Every change a
-- turn's selection could see, by any process or any SQL, takes the next tick of one clock:
-- inserting, updating or deleting a memory, and writing or deleting one of its vectors. An
-- update that moves only the forgetting counters (bump_counters, after every turn) takes
-- none: the selection never reads them. read_ticks holds each user's last tick and the last
-- one that removed a row (the cache then reloads the user); memory_ticks each memory's last
-- tick (the cache reads again only what changed). SQLite writers are serialised, so tick
-- order is commit order.
CREATE TABLE read_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  tick INTEGER NOT NULL
);
INSERT INTO read_clock (id, tick) VALUES (1, 1);

CREATE TABLE read_ticks (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  read_tick INTEGER NOT NULL,
  reload_tick INTEGER NOT NULL
);
INSERT INTO read_ticks (user_id, read_tick, reload_tick) SELECT id, 1, 1 FROM users;

CREATE TABLE memory_ticks (
  memory_id INTEGER PRIMARY KEY REFERENCES memories(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL,
  tick INTEGER NOT NULL
);
CREATE INDEX idx_memory_ticks_user ON memory_ticks (user_id, tick);

-- A new user (or a deleted user's id taken again) starts with a reload.
CREATE TRIGGER read_tick_user AFTER INSERT ON users BEGIN
  UPDATE read_clock SET tick = tick + 1;
  INSERT INTO read_ticks (user_id, read_tick, reload_tick) SELECT NEW.id, tick, tick FROM read_clock
    WHERE true ON CONFLICT (user_id) DO UPDATE SET read_tick = excluded.read_tick,
    reload_tick = excluded.reload_tick;
END;

CREATE TRIGGER read_tick_memory_insert AFTER INSERT ON memories BEGIN
  UPDATE read_clock SET tick = tick + 1;
  INSERT INTO memory_ticks (memory_id, user_id, tick) SELECT NEW.id, NEW.user_id, tick FROM read_clock
    WHERE true ON CONFLICT (memory_id) DO UPDATE SET user_id = excluded.user_id, tick = excluded.tick;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock) WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER read_tick_memory_update AFTER UPDATE ON memories
  WHEN NEW.candidate_count IS OLD.candidate_count AND NEW.served_count IS OLD.served_count
  AND NEW.served_semantic_count IS OLD.served_semantic_count BEGIN
  UPDATE read_clock SET tick = tick + 1;
  INSERT INTO memory_ticks (memory_id, user_id, tick) SELECT NEW.id, NEW.user_id, tick FROM read_clock
    WHERE true ON CONFLICT (memory_id) DO UPDATE SET user_id = excluded.user_id, tick = excluded.tick;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock) WHERE user_id = NEW.user_id;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock), reload_tick = (SELECT tick FROM read_clock)
    WHERE user_id = OLD.user_id AND OLD.user_id IS NOT NEW.user_id;
END;

CREATE TRIGGER read_tick_memory_delete AFTER DELETE ON memories BEGIN
  UPDATE read_clock SET tick = tick + 1;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock), reload_tick = (SELECT tick FROM read_clock)
    WHERE user_id = OLD.user_id;
END;

CREATE TRIGGER read_tick_vector_insert AFTER INSERT ON vectors BEGIN
  UPDATE read_clock SET tick = tick + 1;
  INSERT INTO memory_ticks (memory_id, user_id, tick) SELECT m.id, m.user_id, c.tick FROM memories m, read_clock c
    WHERE m.id = NEW.memory_id ON CONFLICT (memory_id) DO UPDATE SET user_id = excluded.user_id, tick = excluded.tick;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock)
    WHERE user_id = (SELECT user_id FROM memories WHERE id = NEW.memory_id);
END;

CREATE TRIGGER read_tick_vector_update AFTER UPDATE ON vectors BEGIN
  UPDATE read_clock SET tick = tick + 1;
  INSERT INTO memory_ticks (memory_id, user_id, tick) SELECT m.id, m.user_id, c.tick FROM memories m, read_clock c
    WHERE m.id IN (NEW.memory_id, OLD.memory_id) ON CONFLICT (memory_id) DO UPDATE SET user_id = excluded.user_id,
    tick = excluded.tick;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock)
    WHERE user_id IN (SELECT user_id FROM memories WHERE id IN (NEW.memory_id, OLD.memory_id));
END;

CREATE TRIGGER read_tick_vector_delete AFTER DELETE ON vectors BEGIN
  UPDATE read_clock SET tick = tick + 1;
  INSERT INTO memory_ticks (memory_id, user_id, tick) SELECT m.id, m.user_id, c.tick FROM memories m, read_clock c
    WHERE m.id = OLD.memory_id ON CONFLICT (memory_id) DO UPDATE SET user_id = excluded.user_id, tick = excluded.tick;
  UPDATE read_ticks SET read_tick = (SELECT tick FROM read_clock)
    WHERE user_id = (SELECT user_id FROM memories WHERE id = OLD.memory_id);
END;
