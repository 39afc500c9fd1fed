-- Counters of what visitors do on a property's page, kept apart from the
-- property's row: counting a click changes neither the property, its
-- updated_at, its document nor the catalogue version.
CREATE TABLE property_stats (
    property_id     TEXT PRIMARY KEY REFERENCES properties (id) ON DELETE CASCADE,
    whatsapp_clicks INTEGER NOT NULL DEFAULT 0 CHECK (whatsapp_clicks >= 0)
);
