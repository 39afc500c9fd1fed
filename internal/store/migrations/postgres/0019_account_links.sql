-- Single-use links that let staff set their own password: an invitation
-- (kind 'invite', 72 h) or a forgotten password's reset (kind 'reset',
-- 1 h). Only the SHA-256 hash of the link's token identifies it. The raw
-- token is kept in `token` only until the link's e-mail is sent or given
-- up (the outbox composes e-mails when it sends them), then it is
-- blanked. Used and expired links are deleted by the retention job
-- (store.DeleteStaleLinks); a reset goes with its user.
CREATE TABLE account_links (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('invite', 'reset')),
    token_hash TEXT NOT NULL UNIQUE,
    token      TEXT,
    email      TEXT NOT NULL,
    name       TEXT NOT NULL DEFAULT '',
    role       TEXT NOT NULL DEFAULT 'corretor' CHECK (role IN ('administrador', 'assistente', 'corretor')),
    user_id    BIGINT REFERENCES users (id) ON DELETE CASCADE,
    invited_by TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX account_links_email ON account_links (kind, email);
CREATE INDEX account_links_expires ON account_links (expires_at);
