-- What the page of a deleted listing still knows of it: enough to suggest
-- similar available listings on its 404 (business, city, subtype and
-- prices), and nothing about a person. One row per address; a later
-- listing that takes the address is found first, as an active one.
CREATE TABLE removed_listings (
    slug             TEXT PRIMARY KEY,
    type             TEXT NOT NULL,
    price_cents      BIGINT NOT NULL,
    rent_price_cents BIGINT,
    subtype_slug     TEXT NOT NULL,
    subtype_name     TEXT NOT NULL,
    city_slug        TEXT NOT NULL,
    city_name        TEXT NOT NULL,
    city_state       TEXT NOT NULL,
    removed_at       TIMESTAMPTZ NOT NULL
);
