-- Vitrine schema, SQLite dialect. Money is integer centavos; times are UTC.
CREATE TABLE subtypes (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL UNIQUE
);

CREATE TABLE cities (
    id    INTEGER PRIMARY KEY,
    name  TEXT NOT NULL,
    slug  TEXT NOT NULL,
    state TEXT NOT NULL,
    UNIQUE (state, slug)
);

CREATE TABLE neighborhoods (
    id      INTEGER PRIMARY KEY,
    city_id INTEGER NOT NULL REFERENCES cities (id),
    name    TEXT NOT NULL,
    slug    TEXT NOT NULL,
    UNIQUE (city_id, slug)
);

CREATE TABLE amenities (
    id            INTEGER PRIMARY KEY,
    name          TEXT NOT NULL,
    slug          TEXT NOT NULL UNIQUE,
    amenity_group TEXT NOT NULL CHECK (amenity_group IN ('caracteristica', 'lazer'))
);

CREATE TABLE properties (
    id              TEXT PRIMARY KEY,
    title           TEXT NOT NULL,
    slug            TEXT NOT NULL UNIQUE,
    code            TEXT,
    description     TEXT,
    address         TEXT,
    price_cents     INTEGER NOT NULL CHECK (price_cents >= 0),
    condo_fee_cents INTEGER CHECK (condo_fee_cents >= 0),
    type            TEXT NOT NULL,
    bedrooms        INTEGER NOT NULL DEFAULT 0,
    bathrooms       INTEGER NOT NULL DEFAULT 0,
    parking_spots   INTEGER NOT NULL DEFAULT 0,
    area_m2         REAL NOT NULL DEFAULT 0,
    is_featured     BOOLEAN NOT NULL DEFAULT 0,
    is_active       BOOLEAN NOT NULL DEFAULT 1,
    subtype_id      INTEGER NOT NULL REFERENCES subtypes (id),
    city_id         INTEGER NOT NULL REFERENCES cities (id),
    neighborhood_id INTEGER NOT NULL REFERENCES neighborhoods (id),
    video_url       TEXT,
    video_position  TEXT NOT NULL DEFAULT 'section' CHECK (video_position IN ('carousel', 'section')),
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);

CREATE INDEX properties_home ON properties (is_active, is_featured DESC, created_at DESC, id DESC);
CREATE INDEX properties_admin ON properties (created_at DESC, id DESC);

CREATE TABLE property_photos (
    property_id   TEXT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    display_order INTEGER NOT NULL,
    url           TEXT NOT NULL,
    alt_text      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (property_id, display_order)
) WITHOUT ROWID;

CREATE TABLE property_amenities (
    property_id TEXT NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL,
    amenity_id  INTEGER NOT NULL REFERENCES amenities (id),
    PRIMARY KEY (property_id, position)
) WITHOUT ROWID;

CREATE TABLE leads (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    property_id TEXT REFERENCES properties (id) ON DELETE SET NULL,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,
    phone       TEXT,
    message     TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);

CREATE INDEX leads_property ON leads (property_id, id);

-- The outbox: one row per lead to deliver to the agency's webhook, written
-- in the lead's own transaction.
CREATE TABLE lead_deliveries (
    lead_id         INTEGER PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until    TIMESTAMP,
    last_error      TEXT NOT NULL DEFAULT '',
    updated_at      TIMESTAMP NOT NULL
);

CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);

CREATE TABLE admin_tokens (
    name         TEXT PRIMARY KEY,
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   TIMESTAMP NOT NULL
);

-- Bumped by every catalogue write, so that every instance can tell that its
-- cached documents are stale.
CREATE TABLE catalog_version (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO catalog_version (id, version) VALUES (1, 0);
