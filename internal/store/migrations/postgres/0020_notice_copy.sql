-- Whether each lead's notice, sent to the lead's broker, also goes to the
-- agency's e-mail as a copy (the agency page's setting; off at first).
ALTER TABLE agency ADD COLUMN notice_copy BOOLEAN NOT NULL DEFAULT false;
