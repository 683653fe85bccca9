-- 0007: what the read path needs to score an episode in its conversation: who said it and
-- which session (conversation, story or day) it belongs to; neighbours are the same
-- session's memories in id order (docs/benchmarks.md, "Recall levers": neighbours, speaker).
ALTER TABLE memories ADD COLUMN speaker TEXT;
ALTER TABLE memories ADD COLUMN session TEXT;
CREATE INDEX idx_memories_session ON memories (user_id, session, id);
