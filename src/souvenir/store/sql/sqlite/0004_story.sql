-- 0004: the story layer: the character's positions and the anchors above the summary.
CREATE TABLE positions (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  story_id INTEGER REFERENCES stories(id) ON DELETE CASCADE,
  topic TEXT NOT NULL,
  stance TEXT NOT NULL,
  justification TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (user_id, story_id, topic)
);

CREATE TABLE anchors (
  id INTEGER PRIMARY KEY,
  story_id INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  created_at TEXT NOT NULL,
  removed_at TEXT,
  removed_reason TEXT
);
CREATE INDEX idx_anchors_story ON anchors (story_id, removed_at);
