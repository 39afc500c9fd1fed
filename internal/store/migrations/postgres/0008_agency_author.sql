-- Who last set the agency's record, as property writes record it: the
-- actor's reference and the name it had then. Empty for a record set
-- before.
ALTER TABLE agency ADD COLUMN updated_by TEXT;
ALTER TABLE agency ADD COLUMN updated_by_name TEXT;
