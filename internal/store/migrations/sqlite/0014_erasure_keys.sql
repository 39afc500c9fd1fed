-- A data subject's leads are found by email_key: the e-mail trimmed,
-- in Unicode normal form C and lower-cased by the application
-- (listing.EmailKey), since SQLite's lower() folds ASCII alone and would
-- miss "JOSÉ@…" written before as "josé@…". The store writes it with
-- every lead; the migration's Go step fills the leads stored before. An
-- anonymised lead's key is null.
ALTER TABLE leads ADD COLUMN email_key TEXT;
DROP INDEX leads_email;
CREATE INDEX leads_email_key ON leads (email_key);

-- The agency's webhook hears of each anonymisation (event
-- lead.anonymised), written in the anonymisation's own transaction as a
-- new lead's delivery is: the payload holds the leads' ids, nothing
-- personal.
CREATE TABLE erasure_deliveries (
    erasure_id      INTEGER PRIMARY KEY REFERENCES privacy_erasures (id),
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until    TIMESTAMP,
    last_error      TEXT NOT NULL DEFAULT '',
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX erasure_deliveries_due ON erasure_deliveries (status, next_attempt_at);
