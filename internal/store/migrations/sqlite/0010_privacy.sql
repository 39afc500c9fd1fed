-- LGPD (Lei 13.709/2018): the privacy notice shown beside the contact
-- form, each version kept with its exact text, so that a lead's version
-- says what its visitor read and which consent label they ticked or not.
CREATE TABLE privacy_notices (
    version       TEXT PRIMARY KEY,
    text          TEXT NOT NULL,
    consent_label TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL
);

-- A lead's consent evidence: the notice version shown, the marketing
-- choice, when it was made, and the keyed hash (HMAC-SHA-256 under the
-- installation's secret) of the client's address, never the address.
-- anonymized_at is set when its personal fields are emptied. Every lead
-- stored before saw no notice and gave no consent.
ALTER TABLE leads ADD COLUMN notice_version TEXT REFERENCES privacy_notices (version);
ALTER TABLE leads ADD COLUMN marketing_consent BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN consent_at TIMESTAMP;
ALTER TABLE leads ADD COLUMN client_hash TEXT;
ALTER TABLE leads ADD COLUMN anonymized_at TIMESTAMP;

-- A data subject's leads are found by their e-mail, in any case; the
-- retention job walks the leads not yet anonymised by age.
CREATE INDEX leads_email ON leads (lower(email));
CREATE INDEX leads_retained ON leads (created_at, id) WHERE anonymized_at IS NULL;

-- Where the data subjects' requests go, when it is not the agency's e-mail.
ALTER TABLE agency ADD COLUMN privacy_email TEXT;

-- The agency's privacy policy (/privacidade): one row, made when it is
-- first set; a default text is shown until then.
CREATE TABLE privacy_policy (
    id              INTEGER PRIMARY KEY CHECK (id = 1),
    text            TEXT NOT NULL,
    updated_at      TIMESTAMP NOT NULL,
    updated_by      TEXT,
    updated_by_name TEXT
);

-- Every anonymisation: a data subject's request (the e-mail as its keyed
-- hash, who handled it) or the retention job's, and how many leads.
CREATE TABLE privacy_erasures (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind       TEXT NOT NULL CHECK (kind IN ('request', 'retention')),
    email_hash TEXT,
    leads      INTEGER NOT NULL,
    at         TIMESTAMP NOT NULL,
    by_ref     TEXT,
    by_name    TEXT
);
CREATE INDEX privacy_erasures_at ON privacy_erasures (at DESC, id DESC);

-- Secrets of this installation, made by the migration's Go step: the key
-- of the keyed hashes above.
CREATE TABLE installation_secrets (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- An anonymised lead's delivery that was still pending is cancelled and
-- never sent. SQLite cannot change a CHECK constraint: the table is made
-- again with the new status (nothing references it).
CREATE TABLE lead_deliveries_new (
    lead_id         INTEGER PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until    TIMESTAMP,
    last_error      TEXT NOT NULL DEFAULT '',
    updated_at      TIMESTAMP NOT NULL
);
INSERT INTO lead_deliveries_new (lead_id, payload, status, attempts, next_attempt_at, locked_until, last_error, updated_at)
SELECT lead_id, payload, status, attempts, next_attempt_at, locked_until, last_error, updated_at FROM lead_deliveries;
DROP TABLE lead_deliveries;
ALTER TABLE lead_deliveries_new RENAME TO lead_deliveries;
CREATE INDEX lead_deliveries_due ON lead_deliveries (status, next_attempt_at);
