-- 0003: the last selections per user, for the diagnostics page (why each memory was there).
CREATE TABLE selections (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  story_id INTEGER REFERENCES stories(id) ON DELETE CASCADE,
  time TEXT NOT NULL,
  message TEXT NOT NULL,
  degraded INTEGER NOT NULL DEFAULT 0,
  cause TEXT
);
CREATE INDEX idx_selections_user ON selections (user_id, id);

CREATE TABLE selection_items (
  selection_id INTEGER NOT NULL REFERENCES selections(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  memory_id INTEGER NOT NULL REFERENCES memories(id) ON DELETE CASCADE,
  pass TEXT NOT NULL,
  reason TEXT NOT NULL,
  score REAL,
  PRIMARY KEY (selection_id, position)
);
