package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"

	"github.com/google/uuid"

	"github.com/vitrine/vitrine/internal/docenc"
	"github.com/vitrine/vitrine/internal/listing"
)

// Document is a property's public detail (spec, section 2.1) as stored:
// the JSON document and the forms it is sent in.
type Document struct {
	JSON []byte
	Gzip []byte // the JSON compressed; nil when compression does not pay
	ETag string // its validator, docenc.ETag(JSON)
}

// PropertyDocument returns the public detail of the active property with
// this slug. The database assembled it when the property was last written
// (see refreshDocument), so reading it is one lookup by slug. An unknown or
// inactive slug is listing.ErrNotFound.
func (s *Store) PropertyDocument(ctx context.Context, slug string) (Document, error) {
	var d Document
	if !listing.ValidSlug(slug) {
		return d, listing.ErrNotFound
	}
	first, second := s.keys(slug)
	if err := s.detail.QueryRowContext(ctx, first, second, slug).Scan(&d.JSON, &d.Gzip, &d.ETag); err != nil {
		return Document{}, s.wrap(err)
	}
	return d, nil
}

// propertyColumns are the columns of one property and its reference rows,
// in the order scanProperty reads them.
const propertyColumns = `p.id, p.title, p.slug, p.code, p.description, p.address, p.price_cents, p.condo_fee_cents,
       p.type, p.bedrooms, p.bathrooms, p.parking_spots, p.area_m2, p.is_featured, p.is_active,
       p.video_url, p.video_position, p.created_at, p.updated_at,
       s.id, s.name, s.slug, c.id, c.name, c.slug, c.state, n.id, n.name, n.slug`

const propertyJoins = `FROM properties p
JOIN subtypes s ON s.id = p.subtype_id
JOIN cities c ON c.id = p.city_id
JOIN neighborhoods n ON n.id = p.neighborhood_id`

type scanner interface{ Scan(dest ...any) error }

// scanProperty reads propertyColumns, then any extra destinations.
func scanProperty(row scanner, p *listing.Property, extra ...any) error {
	var code, desc, addr, video sql.NullString
	var fee sql.NullInt64
	dest := []any{&p.ID, &p.Title, &p.Slug, &code, &desc, &addr, &p.Price, &fee,
		&p.Type, &p.Bedrooms, &p.Bathrooms, &p.ParkingSpots, &p.AreaM2, &p.IsFeatured, &p.IsActive,
		&video, &p.VideoPosition, &p.CreatedAt, &p.UpdatedAt,
		&p.Subtype.ID, &p.Subtype.Name, &p.Subtype.Slug,
		&p.City.ID, &p.City.Name, &p.City.Slug, &p.City.State,
		&p.Neighborhood.ID, &p.Neighborhood.Name, &p.Neighborhood.Slug}
	if err := row.Scan(append(dest, extra...)...); err != nil {
		return err
	}
	p.Code, p.Description, p.Address, p.VideoURL = code.String, desc.String, addr.String, video.String
	p.CondoFee = listing.NullMoney{Money: listing.Money(fee.Int64), Valid: fee.Valid}
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	return nil
}

// queryer is what both *sql.DB and *sql.Tx offer for reads.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Property returns the property with this id, active or not, with its
// photos and amenities. A malformed id is listing.ErrNotFound.
func (s *Store) Property(ctx context.Context, id string) (listing.Property, error) {
	if _, err := uuid.Parse(id); err != nil {
		return listing.Property{}, listing.ErrNotFound
	}
	p, err := loadProperty(ctx, s.read, id)
	return p, s.wrap(err)
}

func loadProperty(ctx context.Context, q queryer, id string) (listing.Property, error) {
	var p listing.Property
	row := q.QueryRowContext(ctx, `SELECT `+propertyColumns+` `+propertyJoins+` WHERE p.id = $1`, id)
	if err := scanProperty(row, &p); err != nil {
		return p, err
	}
	p.Photos = []listing.Photo{}
	rows, err := q.QueryContext(ctx, `SELECT url, alt_text, display_order FROM property_photos WHERE property_id = $1 ORDER BY display_order`, id)
	if err != nil {
		return p, err
	}
	for rows.Next() {
		var ph listing.Photo
		if err := rows.Scan(&ph.URL, &ph.AltText, &ph.DisplayOrder); err != nil {
			rows.Close()
			return p, err
		}
		p.Photos = append(p.Photos, ph)
	}
	if err := rows.Close(); err != nil {
		return p, err
	}
	p.Amenities = []listing.Amenity{}
	rows, err = q.QueryContext(ctx, `SELECT a.id, a.name, a.slug, a.amenity_group
FROM property_amenities pa JOIN amenities a ON a.id = pa.amenity_id
WHERE pa.property_id = $1 ORDER BY pa.position`, id)
	if err != nil {
		return p, err
	}
	defer rows.Close()
	for rows.Next() {
		var a listing.Amenity
		if err := rows.Scan(&a.ID, &a.Name, &a.Slug, &a.Group); err != nil {
			return p, err
		}
		p.Amenities = append(p.Amenities, a)
	}
	return p, rows.Err()
}

// PropertyFilter selects a page of properties.
type PropertyFilter struct {
	IncludeInactive bool // the admin list; the public list has active properties only
	// After, when set, starts the page after that row (keyset paging) and
	// Page is not used; otherwise the page is the Page-th (from 1) of PerPage.
	After   *PropertyCursor
	Page    int
	PerPage int
}

// PropertyPage is one page of properties. Each item's Photos holds its cover
// (the photo of display order 0) alone, or nothing; Amenities is empty.
type PropertyPage struct {
	Items []listing.Property
	Total int             // of the whole list
	Next  *PropertyCursor // the last item's key when more rows follow; nil on the last page
}

// Properties lists properties featured first (the public list only), then
// newest first. The database walks only the rows it returns, one more to
// learn whether another page follows, and, for an offset page, the rows
// before it; a page that starts at or past the total costs only the count.
func (s *Store) Properties(ctx context.Context, f PropertyFilter) (PropertyPage, error) {
	count, list := propertiesQueries(f)
	page := PropertyPage{Items: []listing.Property{}}
	if err := s.read.QueryRowContext(ctx, count).Scan(&page.Total); err != nil {
		return page, s.wrap(err)
	}
	var args []any
	switch offset := (f.Page - 1) * f.PerPage; {
	case f.After != nil && f.IncludeInactive:
		args = []any{f.PerPage + 1, 0, f.After.CreatedAt, f.After.ID}
	case f.After != nil:
		args = []any{f.PerPage + 1, 0, f.After.Featured, f.After.CreatedAt, f.After.ID}
	case offset >= page.Total:
		return page, nil
	default:
		args = []any{f.PerPage + 1, offset}
	}
	rows, err := s.read.QueryContext(ctx, list, args...)
	if err != nil {
		return page, s.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		if len(page.Items) == f.PerPage {
			last := page.Items[len(page.Items)-1]
			page.Next = &PropertyCursor{Featured: last.IsFeatured, CreatedAt: last.CreatedAt, ID: last.ID}
			break
		}
		var p listing.Property
		var url, alt sql.NullString
		if err := scanProperty(rows, &p, &url, &alt); err != nil {
			return page, s.wrap(err)
		}
		p.Photos = []listing.Photo{}
		if url.Valid {
			p.Photos = append(p.Photos, listing.Photo{URL: url.String, AltText: alt.String})
		}
		p.Amenities = []listing.Amenity{}
		page.Items = append(page.Items, p)
	}
	return page, s.wrap(rows.Err())
}

// propertiesQueries returns the count and the page ($1 rows from $2, after
// the row whose key is $3… when f.After is set) of a list. The page query
// walks its index from the first row, or from the cursor's key, without
// sorting: properties_home for the public list, properties_admin for the
// administrators'. The count reads an index alone (on PostgreSQL, when the
// table's visibility map is current). The filter is "= TRUE", not the bare
// column: SQLite uses an index only for a comparison. Every column of both
// keys is descending, so "after the cursor" is one row-value comparison,
// which both databases turn into a range of the index.
func propertiesQueries(f PropertyFilter) (count, list string) {
	where, order := `WHERE p.is_active = TRUE`, `ORDER BY p.is_featured DESC, p.created_at DESC, p.id DESC`
	after := ` AND (p.is_featured, p.created_at, p.id) < ($3, $4, $5)`
	if f.IncludeInactive {
		where, order = ``, `ORDER BY p.created_at DESC, p.id DESC`
		after = `WHERE (p.created_at, p.id) < ($3, $4)`
	}
	count = `SELECT count(*) FROM properties p ` + where
	if f.After != nil {
		where += after
	}
	return count, `SELECT ` + propertyColumns + `, ph.url, ph.alt_text
` + propertyJoins + `
LEFT JOIN property_photos ph ON ph.property_id = p.id AND ph.display_order = 0
` + where + ` ` + order + ` LIMIT $1 OFFSET $2`
}

// CreateProperty stores a new property built from u (see listing.NewProperty),
// finding or creating its reference rows, and returns it as stored.
// A taken slug is listing.ErrConflict.
func (s *Store) CreateProperty(ctx context.Context, u listing.PropertyUpdate) (listing.Property, error) {
	p, err := listing.NewProperty(u)
	if err != nil {
		return p, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return p, err
	}
	p.ID = id.String()
	p.CreatedAt = utc(s.now())
	p.UpdatedAt = p.CreatedAt
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.resolveReferences(ctx, tx, &p); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO properties (id, title, slug, code, description, address,
    price_cents, condo_fee_cents, type, bedrooms, bathrooms, parking_spots, area_m2, is_featured, is_active,
    subtype_id, city_id, neighborhood_id, video_url, video_position, updated_at, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
			append(propertyArgs(p), p.CreatedAt)...); err != nil {
			return s.wrap(err)
		}
		if err := writePhotos(ctx, tx, p.ID, p.Photos); err != nil {
			return s.wrap(err)
		}
		if err := writeAmenities(ctx, tx, p.ID, p.Amenities); err != nil {
			return s.wrap(err)
		}
		return s.refreshDocument(ctx, tx, p.ID)
	})
	if err != nil {
		return listing.Property{}, slugConflict(err)
	}
	return p, nil
}

// UpdateProperty applies the partial update u to the property with this id
// and returns it as stored. Photos and amenities are rewritten only when u
// sets them.
func (s *Store) UpdateProperty(ctx context.Context, id string, u listing.PropertyUpdate) (listing.Property, error) {
	if _, err := uuid.Parse(id); err != nil {
		return listing.Property{}, listing.ErrNotFound
	}
	var p listing.Property
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		var err error
		if p, err = loadProperty(ctx, tx, id); err != nil {
			return s.wrap(err)
		}
		if u.Neighborhood != nil && u.City == nil {
			// A neighborhood given alone belongs to the current city.
			u.City = &listing.City{Name: p.City.Name, State: p.City.State}
		}
		if err := u.Apply(&p); err != nil {
			return err
		}
		p.UpdatedAt = utc(s.now())
		if err := s.resolveReferences(ctx, tx, &p); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE properties SET title = $2, slug = $3, code = $4, description = $5,
    address = $6, price_cents = $7, condo_fee_cents = $8, type = $9, bedrooms = $10, bathrooms = $11,
    parking_spots = $12, area_m2 = $13, is_featured = $14, is_active = $15, subtype_id = $16, city_id = $17,
    neighborhood_id = $18, video_url = $19, video_position = $20, updated_at = $21
WHERE id = $1`, propertyArgs(p)...); err != nil {
			return s.wrap(err)
		}
		if u.Photos != nil {
			if _, err := tx.ExecContext(ctx, `DELETE FROM property_photos WHERE property_id = $1`, p.ID); err != nil {
				return s.wrap(err)
			}
			if err := writePhotos(ctx, tx, p.ID, p.Photos); err != nil {
				return s.wrap(err)
			}
		}
		if u.Amenities != nil {
			if _, err := tx.ExecContext(ctx, `DELETE FROM property_amenities WHERE property_id = $1`, p.ID); err != nil {
				return s.wrap(err)
			}
			if err := writeAmenities(ctx, tx, p.ID, p.Amenities); err != nil {
				return s.wrap(err)
			}
		}
		return s.refreshDocument(ctx, tx, p.ID)
	})
	if err != nil {
		return listing.Property{}, slugConflict(err)
	}
	return p, nil
}

// DeleteProperty removes the property, its photos and its amenity links.
// Its leads stay, with property_id set to null by the foreign key.
func (s *Store) DeleteProperty(ctx context.Context, id string) error {
	if _, err := uuid.Parse(id); err != nil {
		return listing.ErrNotFound
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM properties WHERE id = $1`, id)
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return listing.ErrNotFound
		}
		return bumpVersion(ctx, tx)
	})
}

// CatalogVersion returns a number that every catalogue write increases.
// An instance that caches documents compares it with the one it saw.
func (s *Store) CatalogVersion(ctx context.Context) (int64, error) {
	var v int64
	err := s.read.QueryRowContext(ctx, `SELECT version FROM catalog_version WHERE id = 1`).Scan(&v)
	return v, s.wrap(err)
}

func bumpVersion(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `UPDATE catalog_version SET version = version + 1 WHERE id = 1`)
	return err
}

// refreshDocument stores anew, inside the transaction that wrote the
// property, its public detail document as the database assembles it, with
// its gzip form and ETag (none when it is inactive), and bumps the
// catalogue version. Reference rows keep their names once created (see
// upsertRef), so a document changes only when its own property is written.
func (s *Store) refreshDocument(ctx context.Context, tx *sql.Tx, id string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM property_documents WHERE property_id = $1`, id); err != nil {
		return s.wrap(err)
	}
	var pid, slug string
	var doc []byte
	err := tx.QueryRowContext(ctx, s.d.documentQuery()+` WHERE p.id = $1 AND p.is_active`, id).Scan(&pid, &slug, &doc)
	switch {
	case errors.Is(err, sql.ErrNoRows): // inactive: no public document
	case err != nil:
		return s.wrap(err)
	default:
		if err := s.insertDocument(ctx, tx, pid, slug, doc); err != nil {
			return s.wrap(err)
		}
	}
	return s.wrap(bumpVersion(ctx, tx))
}

// insertDocument stores a property's document, compacted (PostgreSQL's
// json_build_object writes a space around every ':' and after every ',',
// a tenth of the document; SQLite's concat writes none), with its forms,
// under the first of its slug's keys that no other document holds.
func (s *Store) insertDocument(ctx context.Context, tx *sql.Tx, id, slug string, doc []byte) error {
	var compact bytes.Buffer
	if err := json.Compact(&compact, doc); err != nil {
		return fmt.Errorf("document of property %s is not JSON: %w", id, err)
	}
	doc = compact.Bytes()
	gz, etag := docenc.Gzip(doc), docenc.ETag(doc)
	first, second := s.keys(slug)
	for _, key := range []int64{first, second} {
		res, err := tx.ExecContext(ctx, `INSERT INTO property_documents (slug_key, property_id, slug, doc, doc_gzip, etag)
VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (slug_key) DO NOTHING`, key, id, slug, string(doc), gz, etag)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
	}
	return fmt.Errorf("document of property %s: both keys of slug %q (%d, %d) are held by other slugs", id, slug, first, second)
}

// slugKeys returns the two keys under which the document of slug may be
// stored: the first half of the slug's SHA-256 as a number of 63 bits, or,
// when another slug holds that one (among 100,000 slugs, one chance in
// some 2,000 million that any two share it), the second half as a negative
// number. A read looks for both, and checks the slug.
func slugKeys(slug string) (first, second int64) {
	sum := sha256.Sum256([]byte(slug))
	first = int64(binary.BigEndian.Uint64(sum[:8]) >> 1)
	second = -1 - int64(binary.BigEndian.Uint64(sum[8:16])>>1)
	return first, second
}

// documentFormat names the documents the running code makes: a hash of the
// dialect's query and of docenc's forms. Migrate stores it beside them.
func (s *Store) documentFormat() string {
	sum := sha256.Sum256([]byte(s.d.documentQuery() + "\x00compact\x00" + docenc.Format))
	return hex.EncodeToString(sum[:8])
}

// rebuildDocuments makes the stored documents of every property again when
// they were made in another format (a new version of the query or of the
// compression, or a database that had none), inside the migration's
// transaction. Properties are read in batches of batch by id, since a
// connection of PostgreSQL cannot write while it still sends rows.
func (s *Store) rebuildDocuments(ctx context.Context, tx *sql.Tx, batch int) error {
	var format string
	if err := tx.QueryRowContext(ctx, `SELECT document_format FROM catalog_version WHERE id = 1`).Scan(&format); err != nil {
		return err
	}
	want := s.documentFormat()
	if format == want {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM property_documents`); err != nil {
		return err
	}
	type row struct {
		id, slug string
		doc      []byte
	}
	after := "00000000-0000-0000-0000-000000000000" // below every id, as text and as uuid
	for {
		rows, err := tx.QueryContext(ctx, s.d.documentQuery()+` WHERE p.is_active AND p.id > $1 ORDER BY p.id LIMIT $2`, after, batch)
		if err != nil {
			return err
		}
		var got []row
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.slug, &r.doc); err != nil {
				rows.Close()
				return err
			}
			got = append(got, r)
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if len(got) == 0 {
			break
		}
		for _, r := range got {
			if err := s.insertDocument(ctx, tx, r.id, r.slug, r.doc); err != nil {
				return err
			}
		}
		after = got[len(got)-1].id
	}
	if _, err := tx.ExecContext(ctx, `UPDATE catalog_version SET document_format = $1 WHERE id = 1`, want); err != nil {
		return err
	}
	return bumpVersion(ctx, tx)
}

// resolveReferences finds or creates, by slug, the subtype, city,
// neighborhood and amenities that p names but has no id for.
func (s *Store) resolveReferences(ctx context.Context, tx *sql.Tx, p *listing.Property) error {
	var err error
	if p.Subtype.ID == 0 {
		p.Subtype.ID, p.Subtype.Name, err = upsertRef(ctx, tx, `INSERT INTO subtypes (name, slug) VALUES ($1, $2)
ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id, name`, p.Subtype.Name, p.Subtype.Slug)
		if err != nil {
			return s.wrap(err)
		}
	}
	if p.City.ID == 0 {
		p.City.ID, p.City.Name, err = upsertRef(ctx, tx, `INSERT INTO cities (name, slug, state) VALUES ($1, $2, $3)
ON CONFLICT (state, slug) DO UPDATE SET slug = excluded.slug RETURNING id, name`, p.City.Name, p.City.Slug, p.City.State)
		if err != nil {
			return s.wrap(err)
		}
	}
	if p.Neighborhood.ID == 0 {
		p.Neighborhood.ID, p.Neighborhood.Name, err = upsertRef(ctx, tx, `INSERT INTO neighborhoods (name, slug, city_id) VALUES ($1, $2, $3)
ON CONFLICT (city_id, slug) DO UPDATE SET slug = excluded.slug RETURNING id, name`, p.Neighborhood.Name, p.Neighborhood.Slug, p.City.ID)
		if err != nil {
			return s.wrap(err)
		}
	}
	// Rows are locked until commit. Taking amenities in slug order (as the
	// other references come in a fixed order) keeps two writers that share
	// amenities from waiting on each other in a cycle (a deadlock on
	// PostgreSQL).
	order := make([]int, len(p.Amenities))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return p.Amenities[order[i]].Slug < p.Amenities[order[j]].Slug })
	for _, i := range order {
		a := &p.Amenities[i]
		if a.ID != 0 {
			continue
		}
		row := tx.QueryRowContext(ctx, `INSERT INTO amenities (name, slug, amenity_group) VALUES ($1, $2, $3)
ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id, name, amenity_group`, a.Name, a.Slug, string(a.Group))
		if err := row.Scan(&a.ID, &a.Name, &a.Group); err != nil {
			return s.wrap(err)
		}
	}
	return nil
}

// upsertRef runs an insert that returns the id and name of the row with
// that slug, new or existing. An existing row keeps its name.
func upsertRef(ctx context.Context, tx *sql.Tx, query string, args ...any) (int64, string, error) {
	var id int64
	var name string
	err := tx.QueryRowContext(ctx, query, args...).Scan(&id, &name)
	return id, name, err
}

func writePhotos(ctx context.Context, tx *sql.Tx, id string, photos []listing.Photo) error {
	for _, ph := range photos {
		if _, err := tx.ExecContext(ctx, `INSERT INTO property_photos (property_id, display_order, url, alt_text) VALUES ($1, $2, $3, $4)`,
			id, ph.DisplayOrder, ph.URL, ph.AltText); err != nil {
			return err
		}
	}
	return nil
}

func writeAmenities(ctx context.Context, tx *sql.Tx, id string, amenities []listing.Amenity) error {
	for i, a := range amenities {
		if _, err := tx.ExecContext(ctx, `INSERT INTO property_amenities (property_id, position, amenity_id) VALUES ($1, $2, $3)`,
			id, i, a.ID); err != nil {
			return err
		}
	}
	return nil
}

// propertyArgs are the values of a property's row, $1 to $21, in the order
// of both the INSERT and the UPDATE.
func propertyArgs(p listing.Property) []any {
	return []any{p.ID, p.Title, p.Slug, nullString(p.Code), nullString(p.Description), nullString(p.Address),
		int64(p.Price), nullMoney(p.CondoFee), p.Type, p.Bedrooms, p.Bathrooms, p.ParkingSpots, p.AreaM2,
		p.IsFeatured, p.IsActive, p.Subtype.ID, p.City.ID, p.Neighborhood.ID,
		nullString(p.VideoURL), string(p.VideoPosition), p.UpdatedAt}
}

func nullMoney(m listing.NullMoney) any {
	if !m.Valid {
		return nil
	}
	return int64(m.Money)
}

// slugConflict names the field of a uniqueness conflict: the only unique
// property column an administrator writes is the slug.
func slugConflict(err error) error {
	if errors.Is(err, listing.ErrConflict) {
		return fmt.Errorf("%w: slug", listing.ErrConflict)
	}
	return err
}
