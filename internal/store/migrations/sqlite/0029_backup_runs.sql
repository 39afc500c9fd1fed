-- The scheduled backups (vitrine serve --backup-every), one row per period
-- (slot: its start, in UTC, as RFC 3339): the instance whose insert of the
-- slot commits first takes the backup, and the others find it taken. A
-- failed run is taken again, a few times, by whichever instance comes
-- first; so is a run left 'running' by an instance that died.
CREATE TABLE backup_runs (
    slot         TEXT PRIMARY KEY,
    status       TEXT NOT NULL CHECK (status IN ('running', 'ok', 'failed')),
    attempts     INTEGER NOT NULL,
    started_at   TIMESTAMP NOT NULL,
    finished_at  TIMESTAMP,
    snapshot     TEXT NOT NULL DEFAULT '',
    size_bytes   INTEGER NOT NULL DEFAULT 0,
    copied_bytes INTEGER NOT NULL DEFAULT 0,
    error        TEXT NOT NULL DEFAULT ''
);

CREATE INDEX backup_runs_started ON backup_runs (started_at DESC);
