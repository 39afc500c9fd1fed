-- The agency's brand colour ("#rrggbb"), which the public pages use for
-- their links and buttons in place of the default blue; null for none.
ALTER TABLE agency ADD COLUMN brand_color TEXT;
