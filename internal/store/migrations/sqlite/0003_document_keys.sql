-- Stored documents are found by a key made from their slug (store.slugKeys)
-- instead of through an index on the slug. Here the key is the table's
-- rowid, so that a read descends one b-tree instead of two: the slug's
-- index and then the table. The slug stays beside the document, and a read
-- checks it. properties.slug keeps slugs unique; the documents are derived
-- data, so the table is made anew and Migrate fills it again.
DROP TABLE property_documents;

CREATE TABLE property_documents (
    slug_key    INTEGER PRIMARY KEY,
    property_id TEXT NOT NULL UNIQUE REFERENCES properties (id) ON DELETE CASCADE,
    slug        TEXT NOT NULL,
    doc         TEXT NOT NULL,
    doc_gzip    BLOB,
    etag        TEXT NOT NULL
);

UPDATE catalog_version SET document_format = '';
