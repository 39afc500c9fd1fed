-- The record of the catalogue's writes, which the search index follows
-- (store.SearchChanges): every catalogue write that bumps
-- catalog_version writes here, in its transaction, one row per property
-- it created, changed, deactivated or deleted (none of them referenced:
-- a deleted property's row stays), or one row with no property when it
-- changed none (the agency, the privacy policy). A version with no row
-- here was not recorded: the index reads the whole catalogue again.
-- Versions far behind the current one are pruned.
CREATE TABLE catalog_changes (
    version     BIGINT NOT NULL,
    property_id UUID
);
CREATE INDEX catalog_changes_version ON catalog_changes (version);
