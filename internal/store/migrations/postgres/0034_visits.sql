-- Booking a visit ("Agendar visita"). A broker's week: the intervals of
-- each weekday, in minutes since midnight in the agency's time zone.
CREATE TABLE visit_hours (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    weekday INTEGER NOT NULL CHECK (weekday BETWEEN 0 AND 6),
    starts  INTEGER NOT NULL CHECK (starts BETWEEN 0 AND 1439),
    ends    INTEGER NOT NULL CHECK (ends BETWEEN 1 AND 1440 AND ends > starts),
    PRIMARY KEY (user_id, weekday, starts)
);

-- The dates whose hours differ from the week's: a row with null times
-- blocks the date, rows with times replace its intervals.
CREATE TABLE visit_exceptions (
    user_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     TEXT NOT NULL CHECK (length(day) = 10),
    starts  INTEGER CHECK (starts BETWEEN 0 AND 1439),
    ends    INTEGER CHECK (ends BETWEEN 1 AND 1440 AND ends > starts),
    CHECK ((starts IS NULL) = (ends IS NULL))
);

CREATE INDEX visit_exceptions_user ON visit_exceptions (user_id, day);

-- A booked visit: the slot of a lead of kind "visita". The visitor's
-- link to cancel or reschedule is found by its hash; its secret is made
-- again from the nonce under the installation's key when an e-mail is
-- composed. Both are emptied when the lead is anonymised.
CREATE TABLE visits (
    lead_id      BIGINT PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
    broker_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    starts_at    TIMESTAMPTZ NOT NULL,
    ends_at      TIMESTAMPTZ NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('confirmed', 'cancelled')),
    ics_sequence INTEGER NOT NULL DEFAULT 0,
    token_hash   TEXT UNIQUE,
    token_nonce  TEXT,
    reminded_at  TIMESTAMPTZ,
    created_at   TIMESTAMPTZ NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL
);

-- No double booking: of two visitors racing for one slot of a broker,
-- the database takes the first commit and refuses the second.
CREATE UNIQUE INDEX visits_slot ON visits (broker_id, starts_at) WHERE status = 'confirmed';
-- The reminders still to queue, by when the visit starts.
CREATE INDEX visits_remind ON visits (starts_at) WHERE status = 'confirmed' AND reminded_at IS NULL;
