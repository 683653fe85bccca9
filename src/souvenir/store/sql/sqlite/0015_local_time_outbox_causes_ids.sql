-- souvenir: foreign_keys off
-- souvenir: autoincrement users, stories, turns, memories, memory_history, events, outbox, selections, positions, anchors
-- 0015 (numbered after issue #15). Three things the user's trust needs:
-- * each turn keeps its own UTC offset (minutes east of UTC; NULL for turns recorded before,
--   read in the user's zone), so a reflection grounds "明天" in the user's local day;
-- * the outbox remembers when a job first failed (it is parked only after
--   SOUVENIR_REFLECTION_PARK_AFTER_S of failures, not after a count of refused calls) and
--   which model its last real failure came from;
-- * ids are never reused. Without AUTOINCREMENT SQLite gives a new row max(id) + 1, so after
--   a user (or the newest memory) was deleted the next one took the same id, and an id an
--   integrator logged pointed at someone else's data. The directive above has the store
--   rebuild each listed table with AUTOINCREMENT after these statements (SQLite's 12-step
--   ALTER TABLE procedure, from the table's schema as it stands, every column, index and
--   trigger kept: souvenir.store.rebuild), with foreign keys off, checked before the commit.
ALTER TABLE turns ADD COLUMN utc_offset INTEGER;
ALTER TABLE outbox ADD COLUMN first_error_at TEXT;
ALTER TABLE outbox ADD COLUMN model TEXT;
