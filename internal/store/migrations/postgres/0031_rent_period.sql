-- The period of a property's rent (daily, weekly, monthly, quarterly,
-- yearly): the portals take season rents by the day or the week. NULL is
-- monthly, what every rent stored before meant.
ALTER TABLE properties ADD COLUMN rent_period TEXT;
