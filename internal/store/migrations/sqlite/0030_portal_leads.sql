-- Leads the portals deliver (Grupo OLX's lead integration: ZAP Imóveis,
-- VivaReal, OLX). They are leads like the site's, in the same table, with
-- what the portal says of them. portal_lead_id is the portal's id of the
-- lead (originLeadId): unique, so that a retry of a lead already stored
-- stores nothing. None of these columns is personal data: anonymising a
-- lead keeps them, and a late retry is still recognised.
ALTER TABLE leads ADD COLUMN portal_origin TEXT;
ALTER TABLE leads ADD COLUMN portal_lead_id TEXT;
ALTER TABLE leads ADD COLUMN portal_listing_id TEXT;
ALTER TABLE leads ADD COLUMN client_listing_id TEXT;
ALTER TABLE leads ADD COLUMN temperature TEXT;
ALTER TABLE leads ADD COLUMN business TEXT;
ALTER TABLE leads ADD COLUMN portal_sent_at TIMESTAMP;
CREATE UNIQUE INDEX leads_portal_lead ON leads (portal_lead_id);

-- The secret in the address the portals post leads to (they send no
-- credential of ours otherwise), one row, made when the back office first
-- reads the address; rotated as the feed's (portal_feed) is, and apart
-- from it: the feed's address is given to every portal that reads it.
CREATE TABLE portal_lead_secret (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    secret          TEXT NOT NULL,
    generation      INTEGER NOT NULL,
    rotated_at      TIMESTAMP NOT NULL,
    rotated_by      TEXT,
    rotated_by_name TEXT
);
