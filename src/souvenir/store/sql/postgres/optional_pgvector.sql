-- Optional, outside the numbered history: applied by souvenir.store.pgvector.enable() on a
-- PostgreSQL server that has the pgvector extension (>= 0.5). It adds a derived column only:
-- vectors.embedding is generated from the float32 bytes of vectors.vector, so every writer
-- (any replica, any version) keeps it current and dropping it loses nothing.
CREATE EXTENSION IF NOT EXISTS vector;

-- Little-endian IEEE 754 float32 bytes -> pgvector, bit for bit (exact in float8 arithmetic).
-- NULL for an empty or over-long blob and for any non-finite component (pgvector refuses
-- them; the numpy path stays the reference for such rows).
CREATE OR REPLACE FUNCTION souvenir_f32le_vector(b bytea) RETURNS vector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN count(*) = 0 OR count(*) > 16000 OR bool_or(e = 255) THEN NULL
    ELSE array_agg(
      (CASE WHEN e = 0 THEN m * 2::float8 ^ (-149) WHEN e = 255 THEN 0
            ELSE (8388608 + m) * 2::float8 ^ (e - 150) END * (1 - 2 * s))::real ORDER BY i)::vector END
  FROM (SELECT i, get_byte(b, 4 * i + 3) >> 7 AS s,
               ((get_byte(b, 4 * i + 3) & 127) << 1) | (get_byte(b, 4 * i + 2) >> 7) AS e,
               ((get_byte(b, 4 * i + 2) & 127) << 16) | (get_byte(b, 4 * i + 1) << 8)
                 | get_byte(b, 4 * i) AS m
        FROM generate_series(0, length(b) / 4 - 1) AS i) AS f
$$;

ALTER TABLE vectors ADD COLUMN IF NOT EXISTS embedding vector
  GENERATED ALWAYS AS (souvenir_f32le_vector(vector)) STORED;
