-- The portals' feed (VRSync, read by ZAP Imóveis, VivaReal and OLX).
--
-- Whether a property goes to the portals is chosen per property. It is
-- off until staff turn it on: a portal contract pays for a number of
-- listings, and what reaches the portals is a business decision, not a
-- side effect of being on the site.
ALTER TABLE properties ADD COLUMN publish_to_portals BOOLEAN NOT NULL DEFAULT 0;

-- The secret in the feed's address (the portal's crawler sends no
-- header), one row, made when the back office first reads the address.
-- Rotating it writes a new random secret and counts a new generation: the
-- old address stops answering at once. It is kept as it is, not hashed,
-- since the back office shows the address to be pasted into the portal.
CREATE TABLE portal_feed (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    secret          TEXT NOT NULL,
    generation      INTEGER NOT NULL,
    rotated_at      TIMESTAMP NOT NULL,
    rotated_by      TEXT,
    rotated_by_name TEXT
);
