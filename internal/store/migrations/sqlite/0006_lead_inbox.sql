-- The back office's inbox: a lead has a status and a note that staff
-- change, and who changed them last and when ("user:<id>" or
-- "token:<name>", with the name as it was then). Every lead stored before
-- is new ("novo").
ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'novo'
    CHECK (status IN ('novo', 'em_atendimento', 'concluido', 'descartado'));
ALTER TABLE leads ADD COLUMN note TEXT;
ALTER TABLE leads ADD COLUMN updated_at TIMESTAMP;
ALTER TABLE leads ADD COLUMN updated_by TEXT;
ALTER TABLE leads ADD COLUMN updated_by_name TEXT;

-- The inbox and the export walk leads newest first, by creation time; the
-- unread count reads the new ones alone.
CREATE INDEX leads_created ON leads (created_at DESC, id DESC);
CREATE INDEX leads_unread ON leads (id) WHERE status = 'novo';

-- The admin list's search: the title and the code lower-cased with their
-- accents folded (listing.Fold), written by the store with every property
-- write; the rows stored before are filled in by the migration's Go step.
ALTER TABLE properties ADD COLUMN title_key TEXT;
ALTER TABLE properties ADD COLUMN code_key TEXT;

-- Admin API tokens made in the back office say who made them; their last
-- use is recorded at most once a minute, as a session's.
ALTER TABLE admin_tokens ADD COLUMN created_by TEXT;
ALTER TABLE admin_tokens ADD COLUMN created_by_name TEXT;
ALTER TABLE admin_tokens ADD COLUMN last_used_at TIMESTAMP;
