-- 0015: PostgreSQL dialect of sql/sqlite/0015_local_time_outbox_causes_ids.sql. Ids: an identity
-- column's sequence never gives a value twice; GENERATED ALWAYS also refuses an id written by
-- hand, so no insert can take an id that was handed out before.
ALTER TABLE turns ADD COLUMN utc_offset INTEGER;
ALTER TABLE outbox ADD COLUMN first_error_at TEXT COLLATE "C";
ALTER TABLE outbox ADD COLUMN model TEXT;
ALTER TABLE users ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE stories ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE turns ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE memories ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE memory_history ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE events ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE outbox ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE selections ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE positions ALTER COLUMN id SET GENERATED ALWAYS;
ALTER TABLE anchors ALTER COLUMN id SET GENERATED ALWAYS;
