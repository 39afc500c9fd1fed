-- Roles (listing.Matrix says what each may do). Accounts and tokens made
-- before roles existed could do everything, and keep doing so: they
-- become administrador. The store always writes a role; the default is
-- only for the rows already here.
ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'administrador'
    CHECK (role IN ('administrador', 'assistente', 'corretor'));
-- An account an administrador deactivated: it cannot sign in, and its
-- sessions and tokens were deleted with the change (store.SetUserActive).
ALTER TABLE users ADD COLUMN deactivated_at TIMESTAMPTZ;
ALTER TABLE admin_tokens ADD COLUMN role TEXT NOT NULL DEFAULT 'administrador'
    CHECK (role IN ('administrador', 'assistente', 'corretor'));

-- Devices a user has signed in from: the browser keeps the token (a
-- cookie), only its SHA-256 hash is here. A sign-in from a known device
-- counts against that device's own allowance, not the e-mail's, so that
-- a stranger spending the e-mail's attempts does not lock its owner out
-- (see docs/api.md, "Sign-in attempts"). Removed with the user.
CREATE TABLE known_devices (
    token_hash   TEXT PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX known_devices_user ON known_devices (user_id, last_used_at);
