-- Imports of a VRSync file (feed.Importer). Each imported photo keeps the
-- address it came from, so that importing the same file again neither
-- fetches nor replaces it; a photo staff added has none.
ALTER TABLE property_photos ADD COLUMN source_url TEXT;

-- An import finds the property of each listing by its code (the
-- listing's ListingID).
CREATE INDEX properties_code ON properties (code);
