-- 0023: when a user was last erased (deleted, or one of their memories forgotten), keyed by a
-- SHA-256 of their channel and id (never the id itself), kept a day (store.userdata): an
-- exchange recorded late (the proxy's backlog, a reply racing a deletion) checks it under the
-- user's lock, so a deletion is never undone by a write of what was said before it.
CREATE TABLE erasures (
  user_key TEXT PRIMARY KEY,
  erased_at TEXT NOT NULL
);
