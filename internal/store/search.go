package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
)

// catalogSelect reads what ReadCatalog gives of properties, with the
// names of their reference rows and the ids of their amenities (joined by
// commas): catalogQuery for every active property, catalogByIDs for
// some.
const catalogSelect = `SELECT p.id, p.slug, p.code, p.title, p.description, p.address, p.street, p.street_number,
       p.address_visibility, p.type, p.status, p.is_featured, p.price_cents, p.rent_price_cents, p.rent_period, p.area_m2,
       p.bedrooms, p.bathrooms, p.suites, p.parking_spots, p.created_at, p.is_active, p.promoted,
       s.slug, s.name, c.slug, c.name, c.state, n.slug, n.name,
       (SELECT string_agg(CAST(pa.amenity_id AS TEXT), ',') FROM property_amenities pa WHERE pa.property_id = p.id)
FROM properties p
JOIN subtypes s ON s.id = p.subtype_id
JOIN cities c ON c.id = p.city_id
JOIN neighborhoods n ON n.id = p.neighborhood_id
`

// catalogQuery reads every active property (catalogSelect).
const catalogQuery = catalogSelect + `WHERE p.is_active = TRUE`

// catalogByIDs reads the properties whose ids are in the list that
// follows it, active or not: with is_active in its WHERE, SQLite's
// planner would walk every active property (see PropertiesByIDs).
const catalogByIDs = catalogSelect + `WHERE p.id IN `

// The reference tables, whole.
const (
	catalogSubtypesQuery      = `SELECT id, slug, name FROM subtypes ORDER BY slug`
	catalogCitiesQuery        = `SELECT id, slug, name, state FROM cities ORDER BY state, slug`
	catalogNeighborhoodsQuery = `SELECT c.id, c.slug, c.name, c.state, n.id, n.slug, n.name
FROM neighborhoods n JOIN cities c ON c.id = n.city_id ORDER BY c.state, c.slug, n.slug`
	catalogAmenitiesQuery = `SELECT id, slug, name, amenity_group FROM amenities ORDER BY slug`
)

// ReadCatalog reads the catalogue as a reader that keeps its own copy
// needs it (the search index): it calls each with every active property,
// and returns the catalogue version and the references whole. It reads
// them in one read-only transaction, a consistent snapshot of the
// catalogue (SQLite's WAL read transaction; PostgreSQL's REPEATABLE
// READ), so that the properties are those of the version returned: six
// queries, the same SQL on both databases.
//
// A property holds its id, slug, code, title, description, address
// (Address, Street, Number and AddressVisibility, never the complement),
// type, status, featured, promoted and active flags, price and rent, area, rooms,
// creation time, its reference rows' slugs and names, and its amenities'
// slugs and names; nothing else. each must not keep it past its return:
// the next row is read into it.
func (s *Store) ReadCatalog(ctx context.Context, each func(*listing.Property) error) (version int64, refs listing.References, err error) {
	defer opError(&err, "read catalog")
	err = s.catalogRead(ctx, func(tx *sql.Tx, v int64, r listing.References, amenities map[int64]listing.Amenity) error {
		version, refs = v, r
		var p listing.Property
		return eachRow(ctx, tx, catalogQuery, func(rows *sql.Rows) error {
			if err := scanCatalogProperty(rows, &p, amenities); err != nil {
				return err
			}
			return each(&p)
		})
	})
	if err != nil {
		return 0, listing.References{}, err
	}
	return version, refs, nil
}

// ReadCatalogChanges reads what the catalogue writes after version since
// changed, from the record they keep (catalog_changes), in one read-only
// transaction as ReadCatalog: it calls each with the active properties
// they created or changed (as ReadCatalog gives them), and returns the
// ids of those they deactivated or deleted and the references whole.
// CatalogChanges.Complete is false, the rest empty and each not called,
// when they changed more than limit properties, when the record no longer
// reaches back to since or misses a version (a write that does not record
// its changes), or when the version is below since (another database).
// When each or the read fails after some calls, the error says so: what
// each was given is not the whole change.
func (s *Store) ReadCatalogChanges(ctx context.Context, since int64, limit int, each func(*listing.Property) error) (ch listing.CatalogChanges, err error) {
	defer opError(&err, "read catalog changes")
	err = s.catalogRead(ctx, func(tx *sql.Tx, v int64, refs listing.References, amenities map[int64]listing.Amenity) error {
		ch.Version = v
		if v < since {
			return nil
		}
		var ids []string
		seen := map[string]bool{}
		versions, last := int64(0), since
		err := eachRow(ctx, tx, `SELECT version, property_id FROM catalog_changes WHERE version > $1 ORDER BY version`, func(rows *sql.Rows) error {
			var cv int64
			var id sql.NullString
			if err := rows.Scan(&cv, &id); err != nil {
				return err
			}
			if cv != last {
				versions, last = versions+1, cv
			}
			if id.Valid && !seen[strings.ToLower(id.String)] {
				seen[strings.ToLower(id.String)] = true
				ids = append(ids, strings.ToLower(id.String))
			}
			if len(ids) > limit {
				return errTooManyChanges
			}
			return nil
		}, since)
		if errors.Is(err, errTooManyChanges) || err == nil && versions != v-since {
			return nil
		}
		if err != nil {
			return err
		}
		active := map[string]bool{}
		var p listing.Property
		for len(ids) > 0 {
			batch := ids[:min(len(ids), changesBatch)]
			ids = ids[len(batch):]
			args := make([]any, len(batch))
			marks := make([]string, len(batch))
			for i, id := range batch {
				args[i], marks[i] = id, "$"+strconv.Itoa(i+1)
			}
			err := eachRow(ctx, tx, catalogByIDs+"("+strings.Join(marks, ", ")+")", func(rows *sql.Rows) error {
				if err := scanCatalogProperty(rows, &p, amenities); err != nil || !p.IsActive {
					return err
				}
				active[strings.ToLower(p.ID)] = true
				return each(&p)
			}, args...)
			if err != nil {
				return err
			}
			for _, id := range batch {
				if !active[id] {
					ch.Removed = append(ch.Removed, id)
				}
			}
		}
		ch.Complete, ch.Refs = true, refs
		return nil
	})
	if err != nil || !ch.Complete {
		return listing.CatalogChanges{Version: ch.Version}, err
	}
	return ch, nil
}

// errTooManyChanges stops ReadCatalogChanges' read of the record.
var errTooManyChanges = errors.New("more changes than asked for")

// changesBatch is the number of ids ReadCatalogChanges reads a query.
const changesBatch = 500

// catalogRead runs read in a read-only transaction, a consistent snapshot
// of the catalogue (SQLite's WAL read transaction; PostgreSQL's
// REPEATABLE READ), with the catalogue version and the references whole,
// read first, and the amenities by id.
func (s *Store) catalogRead(ctx context.Context, read func(tx *sql.Tx, version int64, refs listing.References, amenities map[int64]listing.Amenity) error) error {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return s.wrap(err)
	}
	defer tx.Rollback()
	var version int64
	if err := tx.QueryRowContext(ctx, `SELECT version FROM catalog_version WHERE id = 1`).Scan(&version); err != nil {
		return s.wrap(err)
	}
	var refs listing.References
	amenities := map[int64]listing.Amenity{}
	err = eachRow(ctx, tx, catalogSubtypesQuery, func(rows *sql.Rows) error {
		var st listing.Subtype
		err := rows.Scan(&st.ID, &st.Slug, &st.Name)
		refs.Subtypes = append(refs.Subtypes, st)
		return err
	})
	if err == nil {
		err = eachRow(ctx, tx, catalogCitiesQuery, func(rows *sql.Rows) error {
			var c listing.City
			err := rows.Scan(&c.ID, &c.Slug, &c.Name, &c.State)
			refs.Cities = append(refs.Cities, c)
			return err
		})
	}
	if err == nil {
		err = eachRow(ctx, tx, catalogNeighborhoodsQuery, func(rows *sql.Rows) error {
			var n listing.PlacedNeighborhood
			err := rows.Scan(&n.City.ID, &n.City.Slug, &n.City.Name, &n.City.State, &n.ID, &n.Slug, &n.Name)
			refs.Neighborhoods = append(refs.Neighborhoods, n)
			return err
		})
	}
	if err == nil {
		err = eachRow(ctx, tx, catalogAmenitiesQuery, func(rows *sql.Rows) error {
			var a listing.Amenity
			var group string
			err := rows.Scan(&a.ID, &a.Slug, &a.Name, &group)
			a.Group = listing.AmenityGroup(group)
			refs.Amenities = append(refs.Amenities, a)
			amenities[a.ID] = a
			return err
		})
	}
	if err == nil {
		err = read(tx, version, refs, amenities)
	}
	if err != nil {
		return s.wrap(err)
	}
	return s.wrap(tx.Commit())
}

// scanCatalogProperty reads a row of catalogSelect into p, whose
// amenities' backing array it reuses; amenities are the catalogue's by
// id.
func scanCatalogProperty(rows *sql.Rows, p *listing.Property, amenities map[int64]listing.Amenity) error {
	*p = listing.Property{Amenities: p.Amenities[:0]}
	var code, desc, addr, street, number, ids, period sql.NullString
	var price int64
	var rent sql.NullInt64
	var status string
	err := rows.Scan(&p.ID, &p.Slug, &code, &p.Title, &desc, &addr, &street, &number,
		&p.AddressVisibility, &p.Type, &status, &p.IsFeatured, &price, &rent, &period, &p.AreaM2,
		&p.Bedrooms, &p.Bathrooms, &p.Suites, &p.ParkingSpots, &p.CreatedAt, &p.IsActive, &p.Promoted,
		&p.Subtype.Slug, &p.Subtype.Name, &p.City.Slug, &p.City.Name, &p.City.State,
		&p.Neighborhood.Slug, &p.Neighborhood.Name, &ids)
	p.Code, p.Description = code.String, desc.String
	p.Address, p.Street, p.Number = addr.String, street.String, number.String
	p.Status, p.Price = listing.Status(status), listing.Money(price)
	p.RentPrice = listing.NullMoney{Money: listing.Money(rent.Int64), Valid: rent.Valid}
	p.RentPeriod = listing.RentPeriod(period.String)
	for a := range strings.SplitSeq(ids.String, ",") {
		if id, err := strconv.ParseInt(a, 10, 64); err == nil {
			p.Amenities = append(p.Amenities, amenities[id])
		}
	}
	return err
}

// eachRow runs query on q and calls fn with each row, stopping at its
// first error.
func eachRow(ctx context.Context, q queryer, query string, fn func(*sql.Rows) error, args ...any) error {
	rows, err := q.QueryContext(ctx, query, args...)
	return each(rows, err, fn)
}

// each calls fn with each of rows, the answer of a query that err
// reports the failure of, stopping at fn's first error.
func each(rows *sql.Rows, err error, fn func(*sql.Rows) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Close()
}

// byIDsBatch is the most ids one read of list items takes: the public
// search's largest page (search.MaxPer; a test keeps them equal).
const byIDsBatch = 48

// byIDsStmt returns the statement that reads the list items of n
// properties by id (0 < n ≤ byIDsBatch), prepared on its first use: a
// search then runs a statement parsed once, not a query parsed anew (a
// sixth of the read's time on SQLite). A statement takes exactly its n
// ids, so that each database plans it for the rows it reads.
func (s *Store) byIDsStmt(ctx context.Context, n int) (*sql.Stmt, error) {
	s.byIDsMu.Lock()
	defer s.byIDsMu.Unlock()
	if st := s.byIDs[n]; st != nil {
		return st, nil
	}
	marks := make([]string, n)
	for i := range marks {
		marks[i] = "$" + strconv.Itoa(i+1)
	}
	st, err := s.read.PrepareContext(ctx, `SELECT `+listColumns+`
`+listJoins+`
WHERE p.id IN (`+strings.Join(marks, ", ")+`)`)
	if err != nil {
		return nil, err
	}
	s.byIDs[n] = st
	return st, nil
}

// PropertiesByIDs returns the active properties among ids as list items
// (each with its cover, as Properties gives them), in the order of ids:
// one query by primary key for each byIDsBatch ids. Whether a row is
// active is checked here, not in its WHERE: with "is_active = TRUE"
// there, SQLite's planner, which takes an equality on an index's first
// column for a few rows, walks properties_home through every active
// property, a cost that grows with the catalogue. An id that is not a canonical UUID, unknown
// or inactive (the property was deactivated since its id was found) is
// left out.
func (s *Store) PropertiesByIDs(ctx context.Context, ids []string) (_ []listing.Property, err error) {
	defer opError(&err, "properties by ids")
	args := make([]any, 0, len(ids))
	at := make(map[string]int, len(ids))
	for _, id := range ids {
		id, err := canonicalID(id)
		if _, seen := at[id]; err != nil || seen {
			continue
		}
		at[id] = len(args)
		args = append(args, id)
	}
	// Each item goes to its id's place; an id that finds no active row
	// leaves a zero Property, which the end skips.
	found := make([]listing.Property, len(args))
	r := s.newListReader()
	for from := 0; from < len(args); from += byIDsBatch {
		batch := args[from:min(from+byIDsBatch, len(args))]
		st, err := s.byIDsStmt(ctx, len(batch))
		if err != nil {
			return nil, s.wrap(err)
		}
		rows, err := st.QueryContext(ctx, batch...)
		err = each(rows, err, func(rows *sql.Rows) error {
			p, err := r.read(rows)
			if err != nil || !p.IsActive {
				return err
			}
			found[at[strings.ToLower(p.ID)]] = p
			return nil
		})
		if err != nil {
			return nil, s.wrap(err)
		}
	}
	out := found[:0]
	for _, p := range found {
		if p.ID != "" {
			out = append(out, p)
		}
	}
	return out, nil
}
