-- 0008: each turn keeps its own UTC offset (minutes east of UTC; NULL for turns recorded
-- before it, read in the user's zone), so a reflection grounds "明天" in the user's local
-- day, not in UTC. The outbox remembers when a job first failed (it is parked only after
-- SOUVENIR_REFLECTION_PARK_AFTER_S of failures, not after a count of refused calls) and
-- which model its last real failure came from.
ALTER TABLE turns ADD COLUMN utc_offset INTEGER;
ALTER TABLE outbox ADD COLUMN first_error_at TEXT;
ALTER TABLE outbox ADD COLUMN model TEXT;
