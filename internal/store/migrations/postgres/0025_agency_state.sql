-- The federative unit of the agency's office ("SC"): the council of a
-- CRECI written without its state, and the region of the agency's
-- address. Null until set; a CRECI stored before it ("12345-J") stays as
-- it was until the agency is next saved.
ALTER TABLE agency ADD COLUMN state TEXT;
