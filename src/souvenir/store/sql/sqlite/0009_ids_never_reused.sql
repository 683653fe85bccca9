-- souvenir: foreign_keys off
-- 0009: ids are never reused. Without AUTOINCREMENT SQLite gives a new row max(id) + 1, so
-- after a user (or the newest memory) was deleted, the next one took the same id: an id an
-- integrator logged would point at someone else's data. Each table with an id is rebuilt
-- with AUTOINCREMENT (SQLite's 12-step ALTER TABLE procedure: the store runs this with
-- foreign keys off and checks them before the commit); rows, indexes and the read path's
-- triggers (0006) are kept as they were. PostgreSQL's identity columns never reuse a value.

-- users
CREATE TABLE users_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL,
  external_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (channel, external_id)
);
INSERT INTO users_new (id, channel, external_id, created_at) SELECT id, channel, external_id, created_at FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;

-- stories
CREATE TABLE stories_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  UNIQUE (user_id, name)
);
INSERT INTO stories_new (id, user_id, name, summary, created_at) SELECT id, user_id, name, summary, created_at FROM stories;
DROP TABLE stories;
ALTER TABLE stories_new RENAME TO stories;

-- turns
CREATE TABLE turns_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  story_id INTEGER REFERENCES stories(id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  reply TEXT,
  time TEXT NOT NULL,
  source TEXT
, utc_offset INTEGER);
INSERT INTO turns_new (id, user_id, story_id, message, reply, time, source, utc_offset) SELECT id, user_id, story_id, message, reply, time, source, utc_offset FROM turns;
DROP TABLE turns;
ALTER TABLE turns_new RENAME TO turns;
CREATE INDEX idx_turns_user_time ON turns (user_id, time);

-- memories
CREATE TABLE memories_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('fact', 'preference', 'promise', 'episode', 'rule')),
  scope TEXT NOT NULL CHECK (scope IN ('global', 'story')),
  story_id INTEGER REFERENCES stories(id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  confidence REAL NOT NULL DEFAULT 1.0,
  pinned INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'superseded', 'deleted')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  source TEXT,
  content_hash TEXT NOT NULL,
  candidate_count INTEGER NOT NULL DEFAULT 0,
  served_count INTEGER NOT NULL DEFAULT 0,
  served_semantic_count INTEGER NOT NULL DEFAULT 0,
  superseded_by INTEGER REFERENCES memories(id) ON DELETE SET NULL,
  superseded_at TEXT
, speaker TEXT, session TEXT);
INSERT INTO memories_new (id, user_id, kind, scope, story_id, text, confidence, pinned, status, created_at, updated_at, source, content_hash, candidate_count, served_count, served_semantic_count, superseded_by, superseded_at, speaker, session) SELECT id, user_id, kind, scope, story_id, text, confidence, pinned, status, created_at, updated_at, source, content_hash, candidate_count, served_count, served_semantic_count, superseded_by, superseded_at, speaker, session FROM memories;
DROP TABLE memories;
ALTER TABLE memories_new RENAME TO memories;
CREATE INDEX idx_memories_user_status ON memories (user_id, status);
CREATE INDEX idx_memories_session ON memories (user_id, session, id);

-- memory_history
CREATE TABLE memory_history_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  event TEXT NOT NULL CHECK (event IN ('replaced', 'absorbed', 'superseded')),
  text TEXT NOT NULL,
  source TEXT,
  said_at TEXT NOT NULL,
  recorded_at TEXT NOT NULL
);
INSERT INTO memory_history_new (id, memory_id, event, text, source, said_at, recorded_at) SELECT id, memory_id, event, text, source, said_at, recorded_at FROM memory_history;
DROP TABLE memory_history;
ALTER TABLE memory_history_new RENAME TO memory_history;
CREATE INDEX idx_history_memory ON memory_history (memory_id);

-- events
CREATE TABLE events_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  time TEXT NOT NULL
);
INSERT INTO events_new (id, user_id, kind, detail, time) SELECT id, user_id, kind, detail, time FROM events;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE INDEX idx_events_kind ON events (kind, time);

-- outbox
CREATE TABLE outbox_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  turn_id INTEGER NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
  job TEXT NOT NULL CHECK (job IN ('reflection', 'summary')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'parked')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL, first_error_at TEXT, model TEXT,
  UNIQUE (turn_id, job)
);
INSERT INTO outbox_new (id, user_id, turn_id, job, status, attempts, next_attempt_at, last_error, created_at, updated_at, first_error_at, model) SELECT id, user_id, turn_id, job, status, attempts, next_attempt_at, last_error, created_at, updated_at, first_error_at, model FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX idx_outbox_status ON outbox (status, next_attempt_at);
CREATE INDEX idx_outbox_user ON outbox (user_id, id);

-- selections
CREATE TABLE selections_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  story_id INTEGER REFERENCES stories(id) ON DELETE CASCADE,
  time TEXT NOT NULL,
  message TEXT NOT NULL,
  degraded INTEGER NOT NULL DEFAULT 0,
  cause TEXT
);
INSERT INTO selections_new (id, user_id, story_id, time, message, degraded, cause) SELECT id, user_id, story_id, time, message, degraded, cause FROM selections;
DROP TABLE selections;
ALTER TABLE selections_new RENAME TO selections;
CREATE INDEX idx_selections_user ON selections (user_id, id);

-- positions
CREATE TABLE positions_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  story_id INTEGER REFERENCES stories(id) ON DELETE CASCADE,
  topic TEXT NOT NULL,
  stance TEXT NOT NULL,
  justification TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, story_id, topic)
);
INSERT INTO positions_new (id, user_id, story_id, topic, stance, justification, created_at, updated_at) SELECT id, user_id, story_id, topic, stance, justification, created_at, updated_at FROM positions;
DROP TABLE positions;
ALTER TABLE positions_new RENAME TO positions;
CREATE UNIQUE INDEX idx_positions_no_story ON positions (user_id, topic) WHERE story_id IS NULL;

-- anchors
CREATE TABLE anchors_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  story_id INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL,
  removed_at TEXT,
  removed_reason TEXT
);
INSERT INTO anchors_new (id, story_id, text, created_at, removed_at, removed_reason) SELECT id, story_id, text, created_at, removed_at, removed_reason FROM anchors;
DROP TABLE anchors;
ALTER TABLE anchors_new RENAME TO anchors;
CREATE INDEX idx_anchors_story ON anchors (story_id, removed_at);

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
