-- How many times visitors shared a property from its page (the WhatsApp,
-- copy-link and phone share buttons together), beside its WhatsApp clicks
-- and for the same reason: counting changes nothing of the property.
ALTER TABLE property_stats ADD COLUMN shares INTEGER NOT NULL DEFAULT 0 CHECK (shares >= 0);

-- The agency's yearly effective interest rate offered by default in the
-- financing simulator of sale listings, in hundredths of a percent
-- (1150 is 11.50 % a year); null for the product's default.
ALTER TABLE agency ADD COLUMN financing_rate_bp INTEGER;
