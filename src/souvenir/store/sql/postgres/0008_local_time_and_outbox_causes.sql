-- 0008: PostgreSQL dialect of sql/sqlite/0008_local_time_and_outbox_causes.sql.
ALTER TABLE turns ADD COLUMN utc_offset INTEGER;
ALTER TABLE outbox ADD COLUMN first_error_at TEXT COLLATE "C";
ALTER TABLE outbox ADD COLUMN model TEXT;
