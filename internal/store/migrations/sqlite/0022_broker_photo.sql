-- A staff member's photo, which the public pages of the listings they are
-- the broker of show once its variants are made: an image of the photo
-- pipeline (0009), queued, processed and swept as a property photo's is.
-- An image a user shows is in use (store.OrphanedImages); removing the
-- user leaves it to the sweep.
ALTER TABLE users ADD COLUMN photo_image_id TEXT REFERENCES images (id);
CREATE INDEX users_photo ON users (photo_image_id) WHERE photo_image_id IS NOT NULL;
