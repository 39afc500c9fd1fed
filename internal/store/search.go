package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/search"
)

// searchDocsSelect reads what the search index keeps of properties, with
// the names of their reference rows and the ids of their amenities
// (joined by commas): searchDocsQuery for every active property,
// searchDocsByIDs for some.
const searchDocsSelect = `SELECT p.id, p.slug, p.code, p.title, p.description, p.address, p.street, p.street_number,
       p.address_visibility, p.type, p.status, p.is_featured, p.price_cents, p.rent_price_cents, p.area_m2,
       p.bedrooms, p.bathrooms, p.suites, p.parking_spots, p.created_at, p.is_active,
       s.slug, s.name, c.slug, c.name, c.state, n.slug, n.name,
       (SELECT string_agg(CAST(pa.amenity_id AS TEXT), ',') FROM property_amenities pa WHERE pa.property_id = p.id)
FROM properties p
JOIN subtypes s ON s.id = p.subtype_id
JOIN cities c ON c.id = p.city_id
JOIN neighborhoods n ON n.id = p.neighborhood_id
`

// searchDocsQuery reads every active property (searchDocsSelect).
const searchDocsQuery = searchDocsSelect + `WHERE p.is_active = TRUE`

// searchDocsByIDs reads the properties whose ids are in the list that
// follows it, active or not: with is_active in its WHERE, SQLite's
// planner would walk every active property (see PropertiesByIDs).
const searchDocsByIDs = searchDocsSelect + `WHERE p.id IN `

// The reference tables, whole.
const (
	searchSubtypesQuery      = `SELECT slug, name FROM subtypes ORDER BY slug`
	searchCitiesQuery        = `SELECT slug, name, state FROM cities ORDER BY state, slug`
	searchNeighborhoodsQuery = `SELECT c.slug, c.name, c.state, n.slug, n.name
FROM neighborhoods n JOIN cities c ON c.id = n.city_id ORDER BY c.state, c.slug, n.slug`
	searchAmenitiesRefQuery = `SELECT id, slug, name FROM amenities ORDER BY slug`
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
	err = s.searchRead(ctx, func(tx *sql.Tx, v int64, slugs map[int64]string, r search.References) error {
		version, refs = v, r
		return eachRow(ctx, tx, searchDocsQuery, func(rows *sql.Rows) error {
			d, _, err := scanSearchDoc(rows, slugs)
			docs = append(docs, d)
			return err
		})
	})
	if err != nil {
		return 0, nil, search.References{}, err
	}
	return version, docs, refs, nil
}

// SearchChanges returns what the catalogue writes after version since
// changed, from the record they keep (catalog_changes), in one read-only
// transaction as SearchDocs: the documents of the active properties they
// created or changed, the ids of those they deactivated or deleted, and
// the references whole. Changes.Complete is false, and the rest empty,
// when they changed more than limit properties, when the record no
// longer reaches back to since or misses a version (a write that does
// not record its changes), or when the version is below since (another
// database).
func (s *Store) SearchChanges(ctx context.Context, since int64, limit int) (ch search.Changes, err error) {
	defer opError(&err, "search changes")
	err = s.searchRead(ctx, func(tx *sql.Tx, v int64, slugs map[int64]string, refs search.References) error {
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
		for len(ids) > 0 {
			batch := ids[:min(len(ids), changesBatch)]
			ids = ids[len(batch):]
			args := make([]any, len(batch))
			marks := make([]string, len(batch))
			for i, id := range batch {
				args[i], marks[i] = id, "$"+strconv.Itoa(i+1)
			}
			err := eachRow(ctx, tx, searchDocsByIDs+"("+strings.Join(marks, ", ")+")", func(rows *sql.Rows) error {
				d, isActive, err := scanSearchDoc(rows, slugs)
				if err == nil && isActive {
					ch.Changed = append(ch.Changed, d)
					active[strings.ToLower(d.ID)] = true
				}
				return err
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
		return search.Changes{Version: ch.Version}, err
	}
	return ch, nil
}

// errTooManyChanges stops SearchChanges' read of the record.
var errTooManyChanges = errors.New("more changes than asked for")

// changesBatch is the number of ids SearchChanges reads a query.
const changesBatch = 500

// searchRead runs read in a read-only transaction, a consistent snapshot
// of the catalogue (SQLite's WAL read transaction; PostgreSQL's
// REPEATABLE READ), with the catalogue version, the amenities' slugs by
// id, and the references whole, read first.
func (s *Store) searchRead(ctx context.Context, read func(tx *sql.Tx, version int64, amenities map[int64]string, refs search.References) error) error {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return s.wrap(err)
	}
	defer tx.Rollback()
	var version int64
	if err := tx.QueryRowContext(ctx, `SELECT version FROM catalog_version WHERE id = 1`).Scan(&version); err != nil {
		return s.wrap(err)
	}
	var refs search.References
	slugs := map[int64]string{}
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
			var id int64
			var a search.Name
			err := rows.Scan(&id, &a.Slug, &a.Name)
			refs.Amenities = append(refs.Amenities, a)
			slugs[id] = a.Slug
			return err
		})
	}
	if err == nil {
		err = read(tx, version, slugs, refs)
	}
	if err != nil {
		return s.wrap(err)
	}
	return s.wrap(tx.Commit())
}

// scanSearchDoc reads a row of searchDocsSelect, and whether the
// property is active; slugs are the amenities' by id.
func scanSearchDoc(rows *sql.Rows, slugs map[int64]string) (search.Doc, bool, error) {
	var d search.Doc
	var code, desc, addr, street, number, amenities sql.NullString
	var rent sql.NullInt64
	var active bool
	var p listing.Property
	err := rows.Scan(&d.ID, &d.Slug, &code, &d.Title, &desc, &addr, &street, &number,
		&p.AddressVisibility, &d.Business, &d.Status, &d.Featured, &d.PriceCents, &rent, &d.AreaM2,
		&d.Bedrooms, &d.Bathrooms, &d.Suites, &d.Parking, &d.CreatedAt, &active,
		&d.Subtype.Slug, &d.Subtype.Name, &d.City.Slug, &d.City.Name, &d.City.State,
		&d.Neighborhood.Slug, &d.Neighborhood.Name, &amenities)
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
	for a := range strings.SplitSeq(amenities.String, ",") {
		if id, err := strconv.ParseInt(a, 10, 64); err == nil {
			d.Amenities = append(d.Amenities, slugs[id])
		}
	}
	return d, active, err
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

// byIDsBatch is the most ids one read of list items takes: a search's
// largest page.
const byIDsBatch = search.MaxPer

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
// property (6 ms at 8,000). An id that is not a canonical UUID, unknown
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
