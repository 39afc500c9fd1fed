-- Staff accounts: users sign in with an e-mail and a password and get a
-- session, a Bearer token of which only the SHA-256 hash is kept. E-mails
-- are stored normalised (trimmed, lower case), so the unique constraint
-- is case-insensitive.
CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    email         TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);

CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash   TEXT NOT NULL UNIQUE,
    user_agent   TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMP NOT NULL,
    last_used_at TIMESTAMP NOT NULL,
    expires_at   TIMESTAMP NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id, id);

-- Who created a property and who wrote it last: "user:<id>" or
-- "token:<name>", with the name a person reads as it was then. NULL for
-- rows written before accounts, or by the server's own tools.
ALTER TABLE properties ADD COLUMN created_by TEXT;
ALTER TABLE properties ADD COLUMN created_by_name TEXT;
ALTER TABLE properties ADD COLUMN updated_by TEXT;
ALTER TABLE properties ADD COLUMN updated_by_name TEXT;
