-- Photo files uploaded to Vitrine. An image is one original file, named by
-- its content (32 hex digits of its SHA-256), kept in the media store with
-- its variants; its row is also the processing queue: a worker leases a
-- row in status 'processing' (lease_until) and makes its variants, and a
-- lease that runs out (a crash) lets another take it again.
CREATE TABLE images (
    id           TEXT PRIMARY KEY CHECK (length(id) = 32),
    original_key TEXT NOT NULL,
    content_type TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL CHECK (size_bytes > 0),
    status       TEXT NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
    width        INTEGER NOT NULL DEFAULT 0, -- as displayed, once ready
    height       INTEGER NOT NULL DEFAULT 0,
    sizes        TEXT NOT NULL DEFAULT '', -- of the variants, by ascending width: "480x360,960x720"
    error        TEXT,
    attempts     INTEGER NOT NULL DEFAULT 0,
    lease_until  TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL,
    -- When the last photo that showed it went; the collector removes its
    -- files a grace period later (store.OrphanedImages).
    orphaned_at  TIMESTAMPTZ
);
CREATE INDEX images_queue ON images (status, lease_until);

-- A photo gets an id of its own (reordering, describing and removing one
-- name it), and an uploaded photo its image; its url is then '' (the
-- address comes from the image).
ALTER TABLE property_photos ADD COLUMN id TEXT;
UPDATE property_photos SET id = replace(gen_random_uuid()::text, '-', '');
ALTER TABLE property_photos ALTER COLUMN id SET NOT NULL;
CREATE UNIQUE INDEX property_photos_id ON property_photos (id);
ALTER TABLE property_photos ADD COLUMN image_id TEXT REFERENCES images (id);
CREATE INDEX property_photos_image ON property_photos (image_id);
