-- 0018: why a selected memory scored what it did (issue #18): its rank among the
-- candidates by score, and the score's parts as JSON ({"use": z, "e5": z, "bm25": z,
-- "neighbours": …}; numbers only, no text of the user).
ALTER TABLE selection_items ADD COLUMN rank INTEGER;
ALTER TABLE selection_items ADD COLUMN parts TEXT;
