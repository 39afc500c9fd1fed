package store

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/search"
)

// searchDocsQuery reads what the search index keeps of every active
// property, with the names of its reference rows, in the order of ids.
const searchDocsQuery = `SELECT p.id, p.slug, p.code, p.title, p.description, p.address, p.street, p.street_number,
       p.address_visibility, p.type, p.status, p.is_featured, p.price_cents, p.rent_price_cents, p.area_m2,
       p.bedrooms, p.bathrooms, p.suites, p.parking_spots, p.created_at,
       s.slug, s.name, c.slug, c.name, c.state, n.slug, n.name
FROM properties p
JOIN subtypes s ON s.id = p.subtype_id
JOIN cities c ON c.id = p.city_id
JOIN neighborhoods n ON n.id = p.neighborhood_id
WHERE p.is_active = TRUE
ORDER BY p.id`

// searchAmenitiesQuery reads the amenity slugs of the active properties,
// in the order of searchDocsQuery.
const searchAmenitiesQuery = `SELECT pa.property_id, a.slug
FROM property_amenities pa
JOIN amenities a ON a.id = pa.amenity_id
JOIN properties p ON p.id = pa.property_id
WHERE p.is_active = TRUE
ORDER BY pa.property_id, pa.position`

// The reference tables, whole.
const (
	searchSubtypesQuery      = `SELECT slug, name FROM subtypes ORDER BY slug`
	searchCitiesQuery        = `SELECT slug, name, state FROM cities ORDER BY state, slug`
	searchNeighborhoodsQuery = `SELECT c.slug, c.name, c.state, n.slug, n.name
FROM neighborhoods n JOIN cities c ON c.id = n.city_id ORDER BY c.state, c.slug, n.slug`
	searchAmenitiesRefQuery = `SELECT slug, name FROM amenities ORDER BY slug`
)

// SearchDocs returns what the search index needs: the catalogue version,
// every active property as a search.Doc (its address as the public sees
// it, listing.Property.Public, and never the complement), and the
// reference tables whole. It reads them in one read-only transaction, a
// consistent snapshot of the catalogue (SQLite's WAL read transaction;
// PostgreSQL's REPEATABLE READ), so that the documents are those of the
// version returned: six queries, the same SQL on both databases.
func (s *Store) SearchDocs(ctx context.Context) (version int64, docs []search.Doc, refs search.References, err error) {
	defer opError(&err, "search documents")
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return 0, nil, refs, s.wrap(err)
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT version FROM catalog_version WHERE id = 1`).Scan(&version); err != nil {
		return 0, nil, refs, s.wrap(err)
	}
	at := map[string]int{}
	err = eachRow(ctx, tx, searchDocsQuery, func(rows *sql.Rows) error {
		d, err := scanSearchDoc(rows)
		at[d.ID] = len(docs)
		docs = append(docs, d)
		return err
	})
	if err != nil {
		return 0, nil, refs, s.wrap(err)
	}
	err = eachRow(ctx, tx, searchAmenitiesQuery, func(rows *sql.Rows) error {
		var id, slug string
		if err := rows.Scan(&id, &slug); err != nil {
			return err
		}
		if i, ok := at[id]; ok {
			docs[i].Amenities = append(docs[i].Amenities, slug)
		}
		return nil
	})
	if err != nil {
		return 0, nil, refs, s.wrap(err)
	}
	err = eachRow(ctx, tx, searchSubtypesQuery, func(rows *sql.Rows) error {
		var n search.Name
		err := rows.Scan(&n.Slug, &n.Name)
		refs.Subtypes = append(refs.Subtypes, n)
		return err
	})
	if err == nil {
		err = eachRow(ctx, tx, searchCitiesQuery, func(rows *sql.Rows) error {
			var c search.CityName
			err := rows.Scan(&c.Slug, &c.Name, &c.State)
			refs.Cities = append(refs.Cities, c)
			return err
		})
	}
	if err == nil {
		err = eachRow(ctx, tx, searchNeighborhoodsQuery, func(rows *sql.Rows) error {
			var n search.NeighborhoodName
			err := rows.Scan(&n.City.Slug, &n.City.Name, &n.City.State, &n.Slug, &n.Name.Name)
			refs.Neighborhoods = append(refs.Neighborhoods, n)
			return err
		})
	}
	if err == nil {
		err = eachRow(ctx, tx, searchAmenitiesRefQuery, func(rows *sql.Rows) error {
			var a search.Name
			err := rows.Scan(&a.Slug, &a.Name)
			refs.Amenities = append(refs.Amenities, a)
			return err
		})
	}
	if err != nil {
		return 0, nil, search.References{}, s.wrap(err)
	}
	return version, docs, refs, s.wrap(tx.Commit())
}

// scanSearchDoc reads a row of searchDocsQuery.
func scanSearchDoc(rows *sql.Rows) (search.Doc, error) {
	var d search.Doc
	var code, desc, addr, street, number sql.NullString
	var rent sql.NullInt64
	var p listing.Property
	err := rows.Scan(&d.ID, &d.Slug, &code, &d.Title, &desc, &addr, &street, &number,
		&p.AddressVisibility, &d.Business, &d.Status, &d.Featured, &d.PriceCents, &rent, &d.AreaM2,
		&d.Bedrooms, &d.Bathrooms, &d.Suites, &d.Parking, &d.CreatedAt,
		&d.Subtype.Slug, &d.Subtype.Name, &d.City.Slug, &d.City.Name, &d.City.State,
		&d.Neighborhood.Slug, &d.Neighborhood.Name)
	d.Code, d.Description = code.String, desc.String
	p.Address, p.Street, p.Number = addr.String, street.String, number.String
	public := p.Public()
	d.Address = strings.TrimSpace(public.Address + " " + public.Street)
	if public.Address == public.Street {
		d.Address = public.Street
	}
	d.RentCents = search.NoBound
	if rent.Valid {
		d.RentCents = rent.Int64
	}
	d.CreatedAt = d.CreatedAt.UTC()
	return d, err
}

// eachRow runs query on q and calls fn with each row, stopping at its
// first error.
func eachRow(ctx context.Context, q queryer, query string, fn func(*sql.Rows) error, args ...any) error {
	rows, err := q.QueryContext(ctx, query, args...)
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

// PropertiesByIDs returns the active properties among ids as list items
// (each with its cover, as Properties gives them), in the order of ids:
// one query, by primary key. Whether a row is active is checked here, not
// in its WHERE: with "is_active = TRUE" there, SQLite's planner, which
// takes an equality on an index's first column for a few rows, walks
// properties_home through every active property (6 ms at 8,000). An id that is not a canonical UUID, unknown or inactive (the
// property was deactivated since its id was found) is left out.
func (s *Store) PropertiesByIDs(ctx context.Context, ids []string) (_ []listing.Property, err error) {
	defer opError(&err, "properties by ids")
	marks := make([]string, 0, len(ids))
	args := make([]any, 0, len(ids))
	at := make(map[string]int, len(ids))
	for _, id := range ids {
		id, err := canonicalID(id)
		if _, seen := at[id]; err != nil || seen {
			continue
		}
		at[id] = len(args)
		args = append(args, id)
		marks = append(marks, "$"+strconv.Itoa(len(args)))
	}
	out := []listing.Property{}
	if len(args) == 0 {
		return out, nil
	}
	found := make([]*listing.Property, len(args))
	err = eachRow(ctx, s.read, `SELECT `+listColumns+`
`+listJoins+`
WHERE p.id IN (`+strings.Join(marks, ", ")+`)`, func(rows *sql.Rows) error {
		p, err := s.scanListItem(rows)
		if err != nil || !p.IsActive {
			return err
		}
		found[at[strings.ToLower(p.ID)]] = &p
		return nil
	}, args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	for _, p := range found {
		if p != nil {
			out = append(out, *p)
		}
	}
	return out, nil
}
