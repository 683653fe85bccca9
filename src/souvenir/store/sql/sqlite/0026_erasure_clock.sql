-- 0026: every erasure counted, store-wide (store.erasure_clock): one row whose number each
-- erasure's transaction moves on (its lock orders them: a number read is every smaller one
-- committed), and which instance made each of the last ones. Another replica's erasure then
-- reaches this one's caches of the erased texts' readings, which hold no user to look up.
CREATE TABLE erasure_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n INTEGER NOT NULL
);
INSERT INTO erasure_clock (id, n) VALUES (1, 0);
CREATE TABLE erasure_log (
  n INTEGER PRIMARY KEY,
  instance TEXT NOT NULL
);
