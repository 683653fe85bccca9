-- 0021: indexes that keep one user's diagnostics and deletion independent of the number of
-- users (issue #17; bench/users_scale.py --proposed-indexes, docs/scaling.md). Without them
-- a user's event list scans every event, and deleting a user's stories checks each story's
-- memories, turns, selections and positions by scanning those tables (1.5-2.6 s per user
-- at 1,000,000 users; 0.01 s with them).
CREATE INDEX IF NOT EXISTS idx_events_user ON events (user_id, id);
CREATE INDEX IF NOT EXISTS idx_memories_story ON memories (story_id) WHERE story_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_turns_story ON turns (story_id) WHERE story_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_selections_story ON selections (story_id) WHERE story_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_positions_story ON positions (story_id) WHERE story_id IS NOT NULL;
