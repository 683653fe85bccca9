-- 0002: the outbox. A turn and its reflection job are written in one transaction; a worker
-- runs each job once, in order per user, retries with backoff, and finally parks it.
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  turn_id INTEGER NOT NULL REFERENCES turns(id) ON DELETE CASCADE,
  job TEXT NOT NULL CHECK (job IN ('reflection', 'summary')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'parked')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (turn_id, job)
);
CREATE INDEX idx_outbox_status ON outbox (status, next_attempt_at);
CREATE INDEX idx_outbox_user ON outbox (user_id, id);
