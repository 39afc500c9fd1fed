-- Whether each morning's summary of the leads still "novo" after a day
-- goes to the brokers and administradores (the agency page's setting; off
-- at first).
ALTER TABLE agency ADD COLUMN daily_summary BOOLEAN NOT NULL DEFAULT false;

-- The days, in the agency's time zone (YYYY-MM-DD), whose summaries were
-- queued: the instance whose insert of the day commits first queues them,
-- in the same transaction, and the others find the day taken.
CREATE TABLE summary_days (
    day       TEXT PRIMARY KEY,
    queued_at TIMESTAMPTZ NOT NULL
);
