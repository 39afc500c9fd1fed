-- Stored documents are found by a key made from their slug (store.slugKeys),
-- as on SQLite, where the key is the rowid and spares a read the descent
-- of the slug's index. The slug stays beside the document, and a read
-- checks it. properties.slug keeps slugs unique; the documents are derived
-- data, so the table is made anew and Migrate fills it again.
DROP TABLE property_documents;

CREATE TABLE property_documents (
    slug_key    BIGINT PRIMARY KEY,
    property_id UUID NOT NULL UNIQUE REFERENCES properties (id) ON DELETE CASCADE,
    slug        TEXT NOT NULL,
    doc         TEXT NOT NULL,
    doc_gzip    BYTEA,
    etag        TEXT NOT NULL
);

UPDATE catalog_version SET document_format = '';
