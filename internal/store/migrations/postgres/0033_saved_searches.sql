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

-- One e-mail of alerts to a saved search (its reference in mail_outbox).
CREATE TABLE saved_search_alerts (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    search_id  BIGINT NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX saved_search_alerts_search ON saved_search_alerts (search_id);

-- A listing that is news to a saved search ('novo', or 'preco': its price
-- dropped), waiting for its e-mail (alert_id null) or in one.
CREATE TABLE saved_search_hits (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    search_id   BIGINT NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
    property_id TEXT NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('novo', 'preco')),
    old_cents   BIGINT,
    created_at  TIMESTAMPTZ NOT NULL,
    alert_id    BIGINT REFERENCES saved_search_alerts (id) ON DELETE CASCADE
);
CREATE INDEX saved_search_hits_search ON saved_search_hits (search_id, alert_id);
CREATE INDEX saved_search_hits_alert ON saved_search_hits (alert_id);

-- The agency's days whose daily alerts were queued: the instance whose
-- insert commits first queues them.
CREATE TABLE alert_days (
    day       TEXT PRIMARY KEY,
    queued_at TIMESTAMPTZ NOT NULL
);
