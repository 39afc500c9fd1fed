-- The agency's logo, which the public pages show (header, favicon, link
-- previews) once its variants are made: an image of the photo pipeline
-- (0009), queued, processed and swept as a property photo's is. An image
-- the agency shows is in use (store.OrphanedImages). logo_url, an address
-- typed before, stays: it is shown while no logo is uploaded.
ALTER TABLE agency ADD COLUMN logo_image_id TEXT REFERENCES images (id);
