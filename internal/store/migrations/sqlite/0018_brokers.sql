-- Brokers (corretores): a staff member's individual CRECI ("CRECI/SC
-- 12345-F"), phone and WhatsApp (E.164), which the public page of each
-- listing they are responsible for shows (the phone excepted).
-- assign_seq is the lead rotation's turn: the value of lead_rotation.seq
-- when the user last received a lead; the rotation gives the next lead to
-- the one with the lowest (NULL: never, first).
ALTER TABLE users ADD COLUMN creci TEXT;
ALTER TABLE users ADD COLUMN phone TEXT;
ALTER TABLE users ADD COLUMN whatsapp TEXT;
ALTER TABLE users ADD COLUMN assign_seq INTEGER;

-- A listing's responsible broker; removing the user leaves it without.
ALTER TABLE properties ADD COLUMN broker_id INTEGER REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX properties_broker ON properties (broker_id) WHERE broker_id IS NOT NULL;

-- The staff member a lead is assigned to; NULL while nobody is.
ALTER TABLE leads ADD COLUMN assigned_to INTEGER REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX leads_assigned ON leads (assigned_to, created_at DESC, id DESC);

-- One row whose update serialises the rotation's choices: every lead's
-- transaction on every instance takes its lock before it reads whose turn
-- it is, so two leads never see the same turn.
CREATE TABLE lead_rotation (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    seq INTEGER NOT NULL
);
INSERT INTO lead_rotation (id, seq) VALUES (1, 0);

-- A lead's timeline: what happened to it, by whom ("user:<id>" or
-- "token:<name>", with the name as it was then; NULL for the site or the
-- server), and when. data is a JSON object whose fields depend on kind.
CREATE TABLE lead_events (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    lead_id    INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL,
    at         TIMESTAMP NOT NULL,
    actor      TEXT,
    actor_name TEXT,
    data       TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX lead_events_lead ON lead_events (lead_id, id);

-- Every lead before has its creation in the timeline, and its one note
-- becomes a note event, by whoever changed the lead last.
INSERT INTO lead_events (lead_id, kind, at, data)
SELECT id, 'created', created_at, '{"source":"site"}' FROM leads ORDER BY id;
INSERT INTO lead_events (lead_id, kind, at, actor, actor_name, data)
SELECT id, 'note', COALESCE(updated_at, created_at), updated_by, updated_by_name, json_object('text', note)
FROM leads WHERE note IS NOT NULL AND note <> '' ORDER BY id;
