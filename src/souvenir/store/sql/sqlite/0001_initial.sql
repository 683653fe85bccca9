-- 0001: users, stories, turns, memories (+ history), user_kv, vectors (derived), events.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  channel TEXT NOT NULL,
  external_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (channel, external_id)
);

CREATE TABLE stories (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  UNIQUE (user_id, name)
);

CREATE TABLE turns (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  story_id INTEGER REFERENCES stories(id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  reply TEXT,
  time TEXT NOT NULL,
  source TEXT
);
CREATE INDEX idx_turns_user_time ON turns (user_id, time);

CREATE TABLE memories (
  id INTEGER PRIMARY KEY,
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
);
CREATE INDEX idx_memories_user_status ON memories (user_id, status);

-- Every wording a memory no longer shows: replaced, absorbed, or the memory itself superseded.
CREATE TABLE memory_history (
  id INTEGER PRIMARY KEY,
  memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  event TEXT NOT NULL CHECK (event IN ('replaced', 'absorbed', 'superseded')),
  text TEXT NOT NULL,
  source TEXT,
  said_at TEXT NOT NULL,
  recorded_at TEXT NOT NULL
);
CREATE INDEX idx_history_memory ON memory_history (memory_id);

CREATE TABLE user_kv (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, key)
);

-- Derived: rebuildable at any time from memories. Keyed by (memory, embedder); a row whose
-- content_hash differs from the memory's is stale and gets re-embedded.
CREATE TABLE vectors (
  memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  embedder TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  dim INTEGER NOT NULL,
  vector BLOB NOT NULL,
  PRIMARY KEY (memory_id, embedder)
);

-- Degradations and other countable events (degraded turns with their cause, …).
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  detail TEXT NOT NULL DEFAULT '',
  time TEXT NOT NULL
);
CREATE INDEX idx_events_kind ON events (kind, time);
