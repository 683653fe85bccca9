-- 0005: one position per (user, topic) outside any story. UNIQUE (user_id, story_id, topic)
-- holds NULL story ids distinct (on SQLite and PostgreSQL alike), so a story-less position
-- was inserted again at every update. Keep the newest row (the current stance) dated from
-- the first, and enforce the rule with a partial unique index (put_position's conflict
-- target when the story is NULL).
UPDATE positions SET created_at = (
  SELECT MIN(p.created_at) FROM positions p
  WHERE p.story_id IS NULL AND p.user_id = positions.user_id AND p.topic = positions.topic)
WHERE story_id IS NULL;
DELETE FROM positions WHERE story_id IS NULL AND EXISTS (
  SELECT 1 FROM positions p
  WHERE p.story_id IS NULL AND p.user_id = positions.user_id AND p.topic = positions.topic
  AND p.id > positions.id);
CREATE UNIQUE INDEX idx_positions_no_story ON positions (user_id, topic) WHERE story_id IS NULL;
