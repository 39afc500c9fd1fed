-- The e-mail outbox: one row per message to send, written in the
-- transaction of what causes it (a new lead's notice in the lead's). A row
-- names what the message is about (kind, and ref: the lead's id for a lead
-- notice), never its content: the message is composed when it is sent,
-- from the data as it is then, so no personal data is copied here and an
-- anonymised lead's notice is never sent with what the lead held.
-- recipient and message_id are recorded once the message is sent.
CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    kind            TEXT NOT NULL,
    ref             INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    locked_until    TIMESTAMP,
    last_error      TEXT NOT NULL DEFAULT '',
    recipient       TEXT NOT NULL DEFAULT '',
    message_id      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    sent_at         TIMESTAMP,
    updated_at      TIMESTAMP NOT NULL
);

CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_ref ON mail_outbox (kind, ref);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at DESC, id DESC);
