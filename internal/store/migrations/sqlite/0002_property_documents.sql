-- The public detail document of every active property, made by the store
-- (internal/detaildoc) in the transaction that writes the property, with its gzip form
-- (NULL when compression does not pay) and its ETag, so that a read is one
-- lookup by slug and never compresses. A property without a row here is
-- inactive. The rows are derived data: Migrate fills the table (again)
-- whenever the stored document_format differs from the one the running
-- code makes.
CREATE TABLE property_documents (
    property_id TEXT PRIMARY KEY REFERENCES properties (id) ON DELETE CASCADE,
    slug        TEXT NOT NULL UNIQUE,
    doc         TEXT NOT NULL,
    doc_gzip    BLOB,
    etag        TEXT NOT NULL
);

ALTER TABLE catalog_version ADD COLUMN document_format TEXT NOT NULL DEFAULT '';
