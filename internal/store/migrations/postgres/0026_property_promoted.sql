-- Whether the home page and the results without a text put a property
-- first: marked featured (is_featured) and with a photo the public sees
-- (an external one, or an upload whose variants are made). A featured
-- listing without one is listed by date like any other, not above the
-- rest as a card without a picture. The store keeps the column with each
-- write of the property or its photos (refreshDocument); the list's
-- index orders by it.
ALTER TABLE properties ADD COLUMN promoted BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE properties SET promoted = (is_featured AND EXISTS (SELECT 1 FROM property_photos x
    LEFT JOIN images xi ON xi.id = x.image_id
    WHERE x.property_id = properties.id AND (x.image_id IS NULL OR xi.status = 'ready')));
DROP INDEX properties_home;
CREATE INDEX properties_home ON properties (is_active, promoted DESC, created_at DESC, id DESC);
