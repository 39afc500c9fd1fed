-- The Brazilian listing model: the business (the type column, now
-- enumerated), rent and IPTU, the parts of the address and how much of it
-- the public sees, the facts of the unit, and its status; and the agency.
-- Nothing stored is lost: new columns are empty or take the defaults of a
-- property whose whole address the public already saw.
ALTER TABLE properties ADD COLUMN rent_price_cents BIGINT CHECK (rent_price_cents >= 0);
ALTER TABLE properties ADD COLUMN iptu_cents BIGINT CHECK (iptu_cents >= 0);
ALTER TABLE properties ADD COLUMN iptu_period TEXT CHECK (iptu_period IN ('yearly', 'monthly'));
ALTER TABLE properties ADD COLUMN cep TEXT CHECK (length(cep) = 8);
ALTER TABLE properties ADD COLUMN street TEXT;
ALTER TABLE properties ADD COLUMN street_number TEXT;
ALTER TABLE properties ADD COLUMN complement TEXT;
ALTER TABLE properties ADD COLUMN address_visibility TEXT NOT NULL DEFAULT 'all'
    CHECK (address_visibility IN ('all', 'street', 'neighborhood'));
ALTER TABLE properties ADD COLUMN latitude DOUBLE PRECISION CHECK (latitude BETWEEN -90 AND 90);
ALTER TABLE properties ADD COLUMN longitude DOUBLE PRECISION CHECK (longitude BETWEEN -180 AND 180);
ALTER TABLE properties ADD COLUMN suites INTEGER NOT NULL DEFAULT 0 CHECK (suites >= 0);
ALTER TABLE properties ADD COLUMN useful_area_m2 DOUBLE PRECISION CHECK (useful_area_m2 > 0);
ALTER TABLE properties ADD COLUMN total_area_m2 DOUBLE PRECISION CHECK (total_area_m2 > 0);
ALTER TABLE properties ADD COLUMN unit_floor INTEGER;
ALTER TABLE properties ADD COLUMN year_built INTEGER;
ALTER TABLE properties ADD COLUMN status TEXT NOT NULL DEFAULT 'disponivel'
    CHECK (status IN ('disponivel', 'reservado', 'vendido', 'alugado'));

-- Listing types written before they were enumerated take their canonical
-- value when it is plain (listing.NormalizeBusiness holds the same table):
-- case, surrounding space and the accents of these words do not matter.
-- Any other text, one that means both businesses included (its rent is not
-- known), is kept as it is. A rental's price was its monthly rent.
UPDATE properties SET type = CASE lower(trim(replace(replace(replace(replace(replace(replace(type,
        'Ç', 'c'), 'ç', 'c'), 'Ã', 'a'), 'ã', 'a'), 'À', 'a'), 'à', 'a')))
    WHEN 'venda' THEN 'venda' WHEN 'vendas' THEN 'venda' WHEN 'a venda' THEN 'venda'
    WHEN 'comprar' THEN 'venda' WHEN 'compra' THEN 'venda' WHEN 'sale' THEN 'venda' WHEN 'for sale' THEN 'venda'
    WHEN 'aluguel' THEN 'aluguel' WHEN 'alugar' THEN 'aluguel' WHEN 'locacao' THEN 'aluguel'
    WHEN 'para alugar' THEN 'aluguel' WHEN 'rent' THEN 'aluguel' WHEN 'for rent' THEN 'aluguel'
    WHEN 'venda_aluguel' THEN 'venda_aluguel'
    ELSE type END;
UPDATE properties SET rent_price_cents = price_cents WHERE type = 'aluguel';

-- What search will filter on: the business, the status, the city.
CREATE INDEX properties_search ON properties (type, status, city_id);

-- The agency: one row, made when it is first set.
CREATE TABLE agency (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    name       TEXT NOT NULL,
    creci      TEXT NOT NULL,
    phone      TEXT,
    whatsapp   TEXT,
    email      TEXT,
    address    TEXT,
    logo_url   TEXT,
    updated_at TIMESTAMPTZ NOT NULL
);
