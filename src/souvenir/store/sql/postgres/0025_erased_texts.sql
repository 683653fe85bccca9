-- 0025: what the user erased outlives the memory (store.erased_texts): a keyed mark of each
-- erased text (an HMAC under a key derived from store_secrets' erasure key, never the text nor
-- a plain hash of it), per user (the erasures' keyed user mark: it outlives a deleted user too).
-- An import of an old export, or a replay of an old chat log, does not bring those texts back.
CREATE TABLE erased_texts (
  user_key TEXT COLLATE "C" NOT NULL,
  text_mark TEXT COLLATE "C" NOT NULL,
  erased_at TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (user_key, text_mark)
);
