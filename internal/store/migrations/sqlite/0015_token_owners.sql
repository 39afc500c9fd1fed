-- The staff member an admin API token acts for: the user who made it in
-- the back office, or the owner of the token that made it, so that a
-- token made by a token still belongs to the person behind the chain.
-- Removing the user removes their tokens (the foreign key cascades) and a
-- new password deletes them (store.SetPassword): whoever is removed or
-- reset keeps no access. NULL is a machine token made by the command line
-- (vitrine token create), revoked only by name.
ALTER TABLE admin_tokens ADD COLUMN owner_id INTEGER REFERENCES users (id) ON DELETE CASCADE;

-- Existing tokens: the owner is found by following created_by back to a
-- user ("user:<id>", or "token:<name>" of a token that still exists).
-- UNION, not UNION ALL, ends a chain that a reused name turns into a loop.
WITH RECURSIVE chain (name, root) AS (
    SELECT name, substr(created_by, 6) FROM admin_tokens WHERE created_by LIKE 'user:%'
    UNION
    SELECT t.name, c.root FROM admin_tokens t JOIN chain c ON t.created_by = 'token:' || c.name
)
UPDATE admin_tokens SET owner_id = (
    SELECT u.id FROM chain c JOIN users u ON c.root = CAST(u.id AS TEXT) WHERE c.name = admin_tokens.name LIMIT 1);

-- Tokens made by a user who has since been removed are the credentials
-- this migration exists to end: they go. So do those made, at any depth,
-- by such a token.
WITH RECURSIVE chain (name, root) AS (
    SELECT name, substr(created_by, 6) FROM admin_tokens WHERE created_by LIKE 'user:%'
    UNION
    SELECT t.name, c.root FROM admin_tokens t JOIN chain c ON t.created_by = 'token:' || c.name
)
DELETE FROM admin_tokens WHERE owner_id IS NULL AND name IN (SELECT name FROM chain);

CREATE INDEX admin_tokens_owner ON admin_tokens (owner_id);

-- Rate limits shared by every instance on the database: a token bucket
-- per key (the sign-in's per e-mail, keyed by a keyed hash of it, so no
-- e-mail is stored here), with the events left and when they were
-- counted, in Unix milliseconds so one SQL computes on both databases.
-- A row whose bucket has refilled is worth nothing and is pruned.
CREATE TABLE rate_limits (
    key    TEXT PRIMARY KEY,
    tokens DOUBLE PRECISION NOT NULL,
    at_ms  BIGINT NOT NULL
);
CREATE INDEX rate_limits_at ON rate_limits (at_ms);
