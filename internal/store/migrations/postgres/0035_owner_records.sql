-- The owner's record of a listing (the captação): back office only. One
-- row per property at most, gone with it. Phones and e-mails are kept one
-- per line; owner_record_emails holds each e-mail's key (listing.EmailKey)
-- so that a data subject's request finds the record by any of them.
-- commission_bp is in hundredths of a percent (600 is 6.00 %).
CREATE TABLE owner_records (
    property_id     UUID PRIMARY KEY REFERENCES properties (id) ON DELETE CASCADE,
    name            TEXT NOT NULL DEFAULT '',
    phones          TEXT NOT NULL DEFAULT '',
    emails          TEXT NOT NULL DEFAULT '',
    exclusive       BOOLEAN NOT NULL DEFAULT FALSE,
    exclusive_until TEXT, -- YYYY-MM-DD, as on SQLite: one scan for both
    commission_bp   INTEGER CHECK (commission_bp BETWEEN 0 AND 10000),
    keys_location   TEXT NOT NULL DEFAULT '',
    notes           TEXT NOT NULL DEFAULT '',
    updated_at      TIMESTAMPTZ NOT NULL,
    updated_by      TEXT,
    updated_by_name TEXT,
    anonymized_at   TIMESTAMPTZ
);
CREATE TABLE owner_record_emails (
    property_id UUID NOT NULL REFERENCES owner_records (property_id) ON DELETE CASCADE,
    email_key   TEXT NOT NULL,
    PRIMARY KEY (property_id, email_key)
);
CREATE INDEX owner_record_emails_key ON owner_record_emails (email_key);

-- The owner's documents: their files live in the file storage under a
-- private prefix that /media/ never serves (blob_key); the rows go with
-- the property, and whoever deletes them deletes the files.
CREATE TABLE owner_documents (
    id              TEXT PRIMARY KEY CHECK (length(id) = 32),
    property_id     UUID NOT NULL REFERENCES properties (id) ON DELETE CASCADE,
    name            TEXT NOT NULL,
    content_type    TEXT NOT NULL,
    size_bytes      BIGINT NOT NULL CHECK (size_bytes > 0),
    blob_key        TEXT NOT NULL UNIQUE,
    created_at      TIMESTAMPTZ NOT NULL,
    created_by      TEXT,
    created_by_name TEXT
);
CREATE INDEX owner_documents_property ON owner_documents (property_id, created_at);
