-- Saved searches with e-mail alerts (issue 33). A saved search is the
-- results page's query in its canonical form (search.Query.Encode), an
-- e-mail and how often to write to it. It waits for its confirmation
-- (double opt-in) as 'pendente', then is 'ativo' until unsubscribed
-- ('cancelado'). Its consent evidence is the lead's: the notice version
-- shown, when, and the keyed hash of the client's address. The e-mail is
-- personal data: the LGPD export lists these rows, an anonymisation
-- deletes them (with their links, hits and alerts).
CREATE TABLE saved_searches (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email           TEXT NOT NULL,
    email_key       TEXT NOT NULL,
    query           TEXT NOT NULL,
    frequency       TEXT NOT NULL CHECK (frequency IN ('imediato', 'diario')),
    status          TEXT NOT NULL CHECK (status IN ('pendente', 'ativo', 'cancelado')),
    notice_version  TEXT REFERENCES privacy_notices (version),
    consent_at      TIMESTAMPTZ NOT NULL,
    client_hash     TEXT,
    created_at      TIMESTAMPTZ NOT NULL,
    confirmed_at    TIMESTAMPTZ,
    unsubscribed_at TIMESTAMPTZ,
    updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX saved_searches_email ON saved_searches (email_key, status);
CREATE INDEX saved_searches_status ON saved_searches (status, created_at);

-- The links of the e-mails about a saved search (confirm, manage,
-- unsubscribe), by the SHA-256 hash of their token: each e-mail mints its
-- own when it is composed, so no raw token is ever stored.
CREATE TABLE saved_search_links (
    token_hash TEXT PRIMARY KEY,
    search_id  BIGINT NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX saved_search_links_search ON saved_search_links (search_id);

-- How far the alerts have read the record of catalogue changes: one row,
-- advanced only by the transaction that queues what it found, so that a
-- version's alerts are queued once whatever the number of instances.
-- searches counts the changes to saved searches, so that the alerts
-- read them again only when they changed.
CREATE TABLE alert_cursor (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    version    BIGINT NOT NULL,
    searches   BIGINT NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL
);

-- What the alerts last saw of each listing the public could see: its
-- prices, so that a drop is news and an edit is not.
CREATE TABLE alert_listings (
    property_id TEXT PRIMARY KEY,
    price_cents BIGINT NOT NULL,
    rent_cents  BIGINT NOT NULL,
    seen_at     TIMESTAMPTZ NOT NULL
);

-- One e-mail of alerts to a saved search (its reference in mail_outbox):
-- the listings it carries, "<property id> <kind> <old price in cents>"
-- joined by commas (kind 'novo', or 'preco': its price dropped), written
-- once with the row; one row per e-mail, however many listings.
CREATE TABLE saved_search_alerts (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    search_id  BIGINT NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
    listings   TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX saved_search_alerts_search ON saved_search_alerts (search_id);
CREATE INDEX saved_search_alerts_created ON saved_search_alerts (created_at);

-- A listing that is news to daily searches, waiting for their day: the
-- searches, "<search id> <old price in cents>" joined by commas. One row
-- per listing found, whatever the number of searches; the daily run
-- makes their e-mails and deletes them.
CREATE TABLE alert_news (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    property_id TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('novo', 'preco')),
    searches    TEXT NOT NULL,
    found_at    TIMESTAMPTZ NOT NULL
);

-- The agency's days whose daily alerts were queued: the instance whose
-- insert commits first queues them.
CREATE TABLE alert_days (
    day       TEXT PRIMARY KEY,
    queued_at TIMESTAMPTZ NOT NULL
);

-- "Enviar minha lista por e-mail" on /favoritos: a visitor's request to
-- e-mail themselves their favourites (property ids joined by commas),
-- with its consent evidence as the contact form keeps it. The e-mail is
-- personal data: the LGPD export lists these rows, an anonymisation
-- deletes them, and they are deleted 30 days after the request.
CREATE TABLE favorite_mails (
    id             BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email          TEXT NOT NULL,
    email_key      TEXT NOT NULL,
    properties     TEXT NOT NULL,
    notice_version TEXT NOT NULL REFERENCES privacy_notices (version),
    client_hash    TEXT,
    created_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX favorite_mails_email ON favorite_mails (email_key, created_at);
CREATE INDEX favorite_mails_created ON favorite_mails (created_at);
