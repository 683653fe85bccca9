-- 0013 (numbered after issue #13, apart from the other branches' 0008+): API keys. Only the
-- SHA-256 of a key is kept; `prefix` (its first characters) names it in listings. A key is
-- admin, or reaches the users of its `channels` (a JSON list). Revoked keys stay, dated.
CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  key_hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  admin INTEGER NOT NULL DEFAULT 0,
  channels TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
