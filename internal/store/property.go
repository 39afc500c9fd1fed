package store

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Document is a property's public detail (spec, section 2.1) as stored:
// the JSON document and the forms it is sent in.
type Document struct {
	JSON []byte
	Gzip []byte // the JSON compressed; nil when compression does not pay
	ETag string // its validator
}

// PropertyDocument returns the public detail of the active property with
// this slug. It was encoded when the property was last written (see
// refreshDocument), so reading it is one lookup by slug. An unknown or
// inactive slug is listing.ErrNotFound.
func (s *Store) PropertyDocument(ctx context.Context, slug string) (d Document, err error) {
	defer opError(&err, "property document")
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
// in the order propertyReader reads them.
var propertyColumns = `p.id, p.title, p.slug, p.code, p.description, p.address, p.price_cents, p.condo_fee_cents,
       p.type, p.bedrooms, p.bathrooms, p.parking_spots, p.area_m2, p.is_featured, p.is_active,
       p.video_url, p.video_position, p.created_at, p.updated_at,
       p.created_by, p.created_by_name, p.updated_by, p.updated_by_name,
       ` + modelColumns + `, p.publish_to_portals,
       s.id, s.name, s.slug, c.id, c.name, c.slug, c.state, n.id, n.name, n.slug,
       COALESCE(st.whatsapp_clicks, 0), COALESCE(st.shares, 0), p.broker_id, ` + brokerColumns

// propertyJoins are the rows propertyColumns read beside the property's:
// its reference rows, its counters (property_stats, none until the
// first is counted) and its broker (none when broker_id is null).
const propertyJoins = `FROM properties p
JOIN subtypes s ON s.id = p.subtype_id
JOIN cities c ON c.id = p.city_id
JOIN neighborhoods n ON n.id = p.neighborhood_id
LEFT JOIN property_stats st ON st.property_id = p.id
LEFT JOIN users b ON b.id = p.broker_id ` + brokerPhotoJoin

// brokerColumns are what a listing's public page shows of its broker, in
// brokerRow's order, from users b and brokerPhotoJoin.
var brokerColumns = `b.name, b.creci, b.whatsapp, ` + imageColumns("bi.")

// brokerPhotoJoin is the broker's photo (users b): none when they have
// none.
const brokerPhotoJoin = `LEFT JOIN images bi ON bi.id = b.photo_image_id`

// brokerRow is a broker as read.
type brokerRow struct {
	name, creci, whatsapp sql.NullString
	photo                 imageRow
}

func (r *brokerRow) dest() []any {
	return append([]any{&r.name, &r.creci, &r.whatsapp}, r.photo.dest()...)
}

// broker makes the broker id of a row.
func (s *Store) broker(id int64, r brokerRow) *listing.Broker {
	return &listing.Broker{ID: id, Name: r.name.String, CRECI: r.creci.String, WhatsApp: r.whatsapp.String, Photo: s.image(r.photo)}
}

// modelColumns are the columns of the listing model (migration 0005), in
// the order of propertyReader and propertyArgs.
const modelColumns = `p.rent_price_cents, p.iptu_cents, p.iptu_period, p.cep, p.street, p.street_number,
       p.complement, p.address_visibility, p.latitude, p.longitude, p.suites, p.useful_area_m2,
       p.total_area_m2, p.unit_floor, p.year_built, p.status, p.rent_period`

type scanner interface{ Scan(dest ...any) error }

// modelRow holds the nullable columns of modelColumns while they are read.
type modelRow struct {
	rent, iptu                      sql.NullInt64
	period, cep, street, num, compl sql.NullString
	rentPeriod                      sql.NullString
	lat, lng, useful, total         sql.NullFloat64
	floor, year                     sql.NullInt64
}

func (m *modelRow) dest(p *listing.Property) []any {
	return []any{&m.rent, &m.iptu, &m.period, &m.cep, &m.street, &m.num, &m.compl, &p.AddressVisibility,
		&m.lat, &m.lng, &p.Suites, &m.useful, &m.total, &m.floor, &m.year, &p.Status, &m.rentPeriod}
}

func (m *modelRow) fill(p *listing.Property) {
	p.RentPrice = listing.NullMoney{Money: listing.Money(m.rent.Int64), Valid: m.rent.Valid}
	p.IPTU = listing.NullMoney{Money: listing.Money(m.iptu.Int64), Valid: m.iptu.Valid}
	p.IPTUPeriod = listing.IPTUPeriod(m.period.String)
	p.RentPeriod = listing.RentPeriod(m.rentPeriod.String)
	p.CEP, p.Street, p.Number, p.Complement = m.cep.String, m.street.String, m.num.String, m.compl.String
	nullFloat := func(f sql.NullFloat64) listing.NullFloat { return listing.NullFloat{Float: f.Float64, Valid: f.Valid} }
	p.Latitude, p.Longitude = nullFloat(m.lat), nullFloat(m.lng)
	p.UsefulAreaM2, p.TotalAreaM2 = nullFloat(m.useful), nullFloat(m.total)
	p.Floor = listing.NullInt{Int: int(m.floor.Int64), Valid: m.floor.Valid}
	p.YearBuilt = listing.NullInt{Int: int(m.year.Int64), Valid: m.year.Valid}
}

// propertyReader reads rows of propertyColumns, then any extra columns,
// into one set of destinations that every row reuses: a page of rows
// allocates their values and little else.
type propertyReader struct {
	s                                                  *Store
	p                                                  listing.Property
	code, desc, addr, video                            sql.NullString
	fee                                                sql.NullInt64
	createdBy, createdByName, updatedBy, updatedByName sql.NullString
	brokerID                                           sql.NullInt64
	broker                                             brokerRow
	m                                                  modelRow
	dest                                               []any
}

// newPropertyReader returns a reader of propertyColumns followed by the
// columns of extra, which the caller reads after each row.
func (s *Store) newPropertyReader(extra ...any) *propertyReader {
	r := &propertyReader{s: s}
	p := &r.p
	r.dest = append([]any{&p.ID, &p.Title, &p.Slug, &r.code, &r.desc, &r.addr, &p.Price, &r.fee,
		&p.Type, &p.Bedrooms, &p.Bathrooms, &p.ParkingSpots, &p.AreaM2, &p.IsFeatured, &p.IsActive,
		&r.video, &p.VideoPosition, &p.CreatedAt, &p.UpdatedAt,
		&r.createdBy, &r.createdByName, &r.updatedBy, &r.updatedByName},
		r.m.dest(p)...)
	r.dest = append(r.dest, &p.PublishToPortals, &p.Subtype.ID, &p.Subtype.Name, &p.Subtype.Slug,
		&p.City.ID, &p.City.Name, &p.City.Slug, &p.City.State,
		&p.Neighborhood.ID, &p.Neighborhood.Name, &p.Neighborhood.Slug, &p.WhatsAppClicks, &p.Shares,
		&r.brokerID)
	r.dest = append(append(r.dest, r.broker.dest()...), extra...)
	return r
}

// read scans one row and returns its property.
func (r *propertyReader) read(row scanner) (listing.Property, error) {
	r.p = listing.Property{}
	if err := row.Scan(r.dest...); err != nil {
		return listing.Property{}, err
	}
	p := &r.p
	r.m.fill(p)
	p.Code, p.Description, p.Address, p.VideoURL = r.code.String, r.desc.String, r.addr.String, r.video.String
	p.CondoFee = listing.NullMoney{Money: listing.Money(r.fee.Int64), Valid: r.fee.Valid}
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	p.CreatedBy = scanActor(r.createdBy, r.createdByName)
	p.UpdatedBy = scanActor(r.updatedBy, r.updatedByName)
	if r.brokerID.Valid {
		p.Broker = r.s.broker(r.brokerID.Int64, r.broker)
	}
	return *p, nil
}

// queryer is what both *sql.DB and *sql.Tx offer for reads.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Property returns the property with this id, active or not, with its
// photos and amenities. An id that is not a canonical UUID is
// listing.ErrNotFound.
func (s *Store) Property(ctx context.Context, id string) (p listing.Property, err error) {
	defer opError(&err, "property")
	if id, err = canonicalID(id); err != nil {
		return p, err
	}
	p, err = s.loadProperty(ctx, s.read, id)
	return p, s.wrap(err)
}

// loadProperty reads the property with this id, with its photos and
// amenities; sql.ErrNoRows when there is none.
func (s *Store) loadProperty(ctx context.Context, q queryer, id string) (listing.Property, error) {
	ps, err := s.loadProperties(ctx, q, `WHERE p.id = $1`, id)
	if err == nil && len(ps) == 0 {
		err = sql.ErrNoRows
	}
	if err != nil {
		return listing.Property{}, err
	}
	return ps[0], nil
}

// loadProperties reads the properties that where selects (a WHERE clause
// that ends with ORDER BY p.id, and its arguments), with their photos and
// amenities. Whatever their number, that is three queries: the photos and
// amenities come from the range of ids between the first property and the
// last, in the order of their primary keys, and those of properties that
// where left out are skipped.
func (s *Store) loadProperties(ctx context.Context, q queryer, where string, args ...any) ([]listing.Property, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+propertyColumns+` `+propertyJoins+` `+where, args...)
	if err != nil {
		return nil, err
	}
	var ps []listing.Property
	at := map[string]int{}
	r := s.newPropertyReader()
	for rows.Next() {
		p, err := r.read(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		p.Photos, p.Amenities = []listing.Photo{}, []listing.Amenity{}
		at[p.ID] = len(ps)
		ps = append(ps, p)
	}
	if err := rows.Close(); err != nil || len(ps) == 0 {
		return ps, err
	}
	first, last := ps[0].ID, ps[len(ps)-1].ID
	err = s.eachPhoto(ctx, q, `ph.property_id >= $1 AND ph.property_id <= $2`, func(id string, ph listing.Photo) {
		if i, ok := at[id]; ok {
			ps[i].Photos = append(ps[i].Photos, ph)
		}
	}, first, last)
	if err != nil {
		return nil, err
	}
	rows, err = q.QueryContext(ctx, `SELECT pa.property_id, a.id, a.name, a.slug, a.amenity_group
FROM property_amenities pa JOIN amenities a ON a.id = pa.amenity_id
WHERE pa.property_id >= $1 AND pa.property_id <= $2 ORDER BY pa.property_id, pa.position`, first, last)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var a listing.Amenity
		if err := rows.Scan(&id, &a.ID, &a.Name, &a.Slug, &a.Group); err != nil {
			return nil, err
		}
		if i, ok := at[id]; ok {
			ps[i].Amenities = append(ps[i].Amenities, a)
		}
	}
	return ps, rows.Err()
}

// PropertyFilter selects a page of properties.
type PropertyFilter struct {
	IncludeInactive bool // the admin list; the public list has active properties only
	// After, when set, starts the page after that row (keyset paging) and
	// Page is not used; otherwise the page is the Page-th (from 1) of PerPage.
	// Keyset paging follows the default order only.
	After   *PropertyCursor
	Page    int
	PerPage int

	// The admin list's filters; zero values select everything.
	Search   string         // in the title or the code, ignoring case and accents (see listing.Fold)
	Active   *bool          // is_active
	Status   listing.Status // status
	Business string         // type
	Sort     PropertySort   // "" is SortNewest
	// BrokerID, when not 0, selects the listings of that broker (the
	// admin list only): a broker's own listings.
	BrokerID int64
}

// PropertySort is an order of the admin list; every order ends with the
// id, so that rows that tie keep their places from page to page.
type PropertySort string

// The orders of the admin list.
const (
	SortNewest    PropertySort = "newest" // the default: keyset paging (After) follows it
	SortOldest    PropertySort = "oldest"
	SortUpdated   PropertySort = "updated" // most recently written first
	SortPriceAsc  PropertySort = "price_asc"
	SortPriceDesc PropertySort = "price_desc"
	SortTitle     PropertySort = "title" // by the folded title: case and accents aside, in byte order
)

// propertySorts are the ORDER BY clauses of the admin list's orders.
var propertySorts = map[PropertySort]string{
	SortNewest:    `p.created_at DESC, p.id DESC`,
	SortOldest:    `p.created_at, p.id`,
	SortUpdated:   `p.updated_at DESC, p.id DESC`,
	SortPriceAsc:  `p.price_cents, p.id`,
	SortPriceDesc: `p.price_cents DESC, p.id DESC`,
	SortTitle:     `p.title_key, p.id`,
}

// Valid reports whether o is an order of the admin list.
func (o PropertySort) Valid() bool { _, ok := propertySorts[o]; return ok }

// PropertyPage is one page of properties. Each item's Photos holds its cover
// (the first photo the public sees: an upload still processing or failed
// is passed over) alone, or nothing; Amenities is empty.
type PropertyPage struct {
	Items []listing.Property
	Total int             // of the whole list
	Next  *PropertyCursor // the last item's key when more rows follow; nil on the last page, and in the admin list's other orders
	// Leads counts, for the admin list, the leads of each item (by id)
	// that has any.
	Leads map[string]LeadCount
}

// LeadCount is how many leads a property has, and how many of them are
// still new (status "novo") and not anonymised.
type LeadCount struct {
	Total, Unread int
}

// Properties lists properties featured first (the public list only), then
// newest first, or in the admin list's order f.Sort. The database walks
// only the rows it returns, one more to learn whether another page
// follows, and, for an offset page, the rows before it; a page that starts
// at or past the total costs only the count. The admin list's lead counts
// take one more query, grouped, for the page's ids.
func (s *Store) Properties(ctx context.Context, f PropertyFilter) (_ PropertyPage, err error) {
	defer opError(&err, "list properties")
	count, list, countArgs, listArgs := propertiesQueries(f)
	page := PropertyPage{Items: []listing.Property{}}
	if err := s.read.QueryRowContext(ctx, count, countArgs...).Scan(&page.Total); err != nil {
		return page, s.wrap(err)
	}
	offset := 0
	if f.After == nil {
		if offset = (f.Page - 1) * f.PerPage; offset >= page.Total {
			return page, nil
		}
	}
	rows, err := s.read.QueryContext(ctx, list, append(listArgs, f.PerPage+1, offset)...)
	if err != nil {
		return page, s.wrap(err)
	}
	defer rows.Close()
	page.Items = make([]listing.Property, 0, min(f.PerPage, page.Total-offset))
	r := s.newListReader()
	for rows.Next() {
		if len(page.Items) == f.PerPage {
			if keyed := !f.IncludeInactive || cmp.Or(f.Sort, SortNewest) == SortNewest; keyed {
				last := page.Items[len(page.Items)-1]
				// An item holds its cover when it has a photo the
				// public sees: with is_featured, what promoted is.
				page.Next = &PropertyCursor{Featured: last.IsFeatured && len(last.Photos) > 0, CreatedAt: last.CreatedAt, ID: last.ID}
			}
			break
		}
		p, err := r.read(rows)
		if err != nil {
			return page, s.wrap(err)
		}
		page.Items = append(page.Items, p)
	}
	if err := rows.Close(); err != nil {
		return page, s.wrap(err)
	}
	if f.IncludeInactive && len(page.Items) > 0 {
		page.Leads, err = s.leadCounts(ctx, page.Items)
	}
	return page, err
}

// listColumns are the columns of a list item: a property, its reference
// rows and its cover, from listJoins, in the order listReader reads them.
var listColumns = propertyColumns + `, ` + photoColumns

// listJoins are the rows of listColumns: propertyJoins, and the cover, the
// first photo the public sees (an upload still processing or failed is
// passed over), when there is one.
const listJoins = propertyJoins + `
LEFT JOIN property_photos ph ON ph.property_id = p.id AND ph.display_order = (SELECT x.display_order
    ` + visiblePhotosOf + `p.id ORDER BY x.display_order LIMIT 1)
LEFT JOIN images i ON i.id = ph.image_id`

// visiblePhotosOf, followed by a property's id, is the photos x of that
// property the public sees: an external one, or an upload whose variants
// are made (listing.Photo.Visible). The cover and the promoted flag read
// the same rule.
const visiblePhotosOf = `FROM property_photos x LEFT JOIN images xi ON xi.id = x.image_id
    WHERE (x.image_id IS NULL OR xi.status = 'ready') AND x.property_id = `

// listReader reads rows of listColumns as list items: each item's Photos
// hold its cover alone, or nothing, and Amenities is empty.
type listReader struct {
	*propertyReader
	cover photoRow
}

func (s *Store) newListReader() *listReader {
	r := &listReader{}
	r.propertyReader = s.newPropertyReader(r.cover.dest()...)
	return r
}

// read scans one row and returns its list item.
func (r *listReader) read(row scanner) (listing.Property, error) {
	p, err := r.propertyReader.read(row)
	if err != nil {
		return p, err
	}
	p.Photos = []listing.Photo{}
	if r.cover.id.Valid {
		p.Photos = []listing.Photo{r.s.photo(r.cover)}
	}
	p.Amenities = []listing.Amenity{}
	return p, nil
}

// propertiesQueries returns the count of f's list and the page query, with
// their arguments; the page query takes two more, the number of rows and
// the offset. Its rows come after the cursor's key when f.After is set.
func propertiesQueries(f PropertyFilter) (count, list string, countArgs, listArgs []any) {
	conds, countArgs := propertyWhere(f)
	count = `SELECT count(*) FROM properties p` + whereClause(conds)
	listArgs = countArgs[:len(countArgs):len(countArgs)]
	order := `p.promoted DESC, p.created_at DESC, p.id DESC`
	n := len(listArgs)
	switch {
	case f.IncludeInactive:
		order = propertySorts[cmp.Or(f.Sort, SortNewest)]
		if f.After != nil {
			listArgs = append(listArgs, f.After.CreatedAt, f.After.ID)
			conds = append(conds, fmt.Sprintf(`(p.created_at, p.id) < ($%d, $%d)`, n+1, n+2))
		}
	case f.After != nil:
		listArgs = append(listArgs, f.After.Featured, f.After.CreatedAt, f.After.ID)
		conds = append(conds, fmt.Sprintf(`(p.promoted, p.created_at, p.id) < ($%d, $%d, $%d)`, n+1, n+2, n+3))
	}
	n = len(listArgs)
	list = `SELECT ` + listColumns + `
` + listJoins + `
` + whereClause(conds) + ` ORDER BY ` + order + fmt.Sprintf(` LIMIT $%d OFFSET $%d`, n+1, n+2)
	return count, list, countArgs, listArgs
}

// propertyWhere returns the conditions of f's list and their arguments
// ($1…). The public list's filter is "= TRUE", not the bare column: SQLite
// uses an index (properties_home) only for a comparison. The admin list
// in its default order walks properties_admin, from the cursor's key
// when there is one: every column of both keys is descending, so "after
// the cursor" is one row-value comparison, which both databases turn into
// a range of the index. The search is a LIKE on the folded title and
// code, its wildcards escaped.
func propertyWhere(f PropertyFilter) (conds []string, args []any) {
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if !f.IncludeInactive {
		return []string{`p.is_active = TRUE`}, nil
	}
	if f.Search != "" {
		n := arg("%" + likeEscaper.Replace(listing.Fold(f.Search)) + "%")
		conds = append(conds, `(p.title_key LIKE `+n+` ESCAPE '\' OR p.code_key LIKE `+n+` ESCAPE '\')`)
	}
	if f.Active != nil {
		conds = append(conds, `p.is_active = `+arg(*f.Active))
	}
	if f.Status != "" {
		conds = append(conds, `p.status = `+arg(string(f.Status)))
	}
	if f.Business != "" {
		conds = append(conds, `p.type = `+arg(f.Business))
	}
	if f.BrokerID != 0 {
		conds = append(conds, `p.broker_id = `+arg(f.BrokerID))
	}
	return conds, args
}

// likeEscaper makes a text match itself alone in a LIKE pattern whose
// escape character is '\'.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// leadCounts counts the leads of each of ps, in one query grouped by
// property (leads_property holds what it reads).
func (s *Store) leadCounts(ctx context.Context, ps []listing.Property) (map[string]LeadCount, error) {
	args := make([]any, len(ps))
	marks := make([]string, len(ps))
	for i, p := range ps {
		args[i], marks[i] = p.ID, "$"+strconv.Itoa(i+1)
	}
	rows, err := s.read.QueryContext(ctx, `SELECT property_id, count(*), count(CASE WHEN status = 'novo' AND anonymized_at IS NULL THEN 1 END)
FROM leads WHERE property_id IN (`+strings.Join(marks, ", ")+`) GROUP BY property_id`, args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := make(map[string]LeadCount, len(ps))
	for rows.Next() {
		var id string
		var c LeadCount
		if err := rows.Scan(&id, &c.Total, &c.Unread); err != nil {
			return nil, s.wrap(err)
		}
		out[id] = c
	}
	return out, s.wrap(rows.Err())
}

// CreateProperty stores a new property built from u (see listing.NewProperty),
// finding or creating its reference rows, and returns it as stored.
// A taken slug is a *listing.ConflictError on "slug".
func (s *Store) CreateProperty(ctx context.Context, u listing.PropertyUpdate) (p listing.Property, err error) {
	defer opError(&err, "create property")
	p, err = s.newProperty(u)
	if err != nil {
		return p, err
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error { return s.insertProperty(ctx, tx, &p, nil) })
	if err != nil {
		return listing.Property{}, err
	}
	return p, nil
}

// CreateProperties stores new properties built from us, each as
// CreateProperty does, in one transaction: all of them or none. It is
// the path of bulk loads (vitrine-bench): the reference rows are found
// or created once for the whole batch, and it commits once.
func (s *Store) CreateProperties(ctx context.Context, us []listing.PropertyUpdate) (ps []listing.Property, err error) {
	defer opError(&err, "create properties")
	ps = make([]listing.Property, len(us))
	for i, u := range us {
		if ps[i], err = s.newProperty(u); err != nil {
			return nil, err
		}
	}
	refs := &refCache{}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		for i := range ps {
			if err := s.insertProperty(ctx, tx, &ps[i], refs); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ps, nil
}

// newProperty builds a new property from u, validated, with its id and
// times, before it is stored.
func (s *Store) newProperty(u listing.PropertyUpdate) (p listing.Property, err error) {
	if u.Photos != nil {
		if err := keepPhotos(nil, *u.Photos); err != nil { // a new property has no photo to name
			return p, err
		}
	}
	if p, err = listing.NewProperty(u); err != nil {
		return p, err
	}
	if p.ID, err = s.newID(); err != nil {
		return listing.Property{}, err
	}
	if p.ID, err = canonicalID(p.ID); err != nil {
		return listing.Property{}, fmt.Errorf("new id is not a canonical UUID: %w", err)
	}
	p.CreatedAt = utc(s.now())
	p.UpdatedAt = p.CreatedAt
	p.CreatedBy, p.UpdatedBy = u.By, u.By
	return p, nil
}

// insertProperty stores the new property p (newProperty) in tx, its
// reference rows found or created through refs (nil: a cache of its own).
func (s *Store) insertProperty(ctx context.Context, tx *sql.Tx, p *listing.Property, refs *refCache) error {
	if err := s.resolveReferences(ctx, tx, p, refs); err != nil {
		return err
	}
	if err := s.resolveBroker(ctx, tx, p); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO properties (id, title, slug, code, description, address,
    price_cents, condo_fee_cents, type, bedrooms, bathrooms, parking_spots, area_m2, is_featured, is_active,
    subtype_id, city_id, neighborhood_id, video_url, video_position, updated_at,
    rent_price_cents, iptu_cents, iptu_period, cep, street, street_number, complement, address_visibility,
    latitude, longitude, suites, useful_area_m2, total_area_m2, unit_floor, year_built, status,
    updated_by, updated_by_name, title_key, code_key, publish_to_portals, broker_id, rent_period,
    created_at, created_by, created_by_name)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
    $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38, $39, $40, $41, $42, $43, $44,
    $45, $46, $47)`,
		append(propertyArgs(*p), p.CreatedAt, actorRef(p.CreatedBy), nullString(p.CreatedBy.Name))...); err != nil {
		return s.wrap(err)
	}
	if err := writePhotos(ctx, tx, p.ID, p.Photos); err != nil {
		return s.wrap(err)
	}
	if err := writeAmenities(ctx, tx, p.ID, p.Amenities); err != nil {
		return s.wrap(err)
	}
	return s.refreshDocument(ctx, tx, *p)
}

// UpdateProperty applies the partial update u to the property with this id
// and returns it as stored. Photos and amenities are rewritten only when u
// sets them.
func (s *Store) UpdateProperty(ctx context.Context, id string, u listing.PropertyUpdate) (p listing.Property, err error) {
	defer opError(&err, "update property")
	if id, err = canonicalID(id); err != nil {
		return p, err
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		p, err = s.updateProperty(ctx, tx, id, u, true)
		return err
	})
	if err != nil {
		return listing.Property{}, err
	}
	return p, nil
}

// updateProperty applies u to the property with this (canonical) id in
// tx. With keepUnseen, a list of photos that leaves out uploads the
// public does not see yet keeps them (unseenUploads); without, the list
// is the whole list.
func (s *Store) updateProperty(ctx context.Context, tx *sql.Tx, id string, u listing.PropertyUpdate, keepUnseen bool) (listing.Property, error) {
	p, err := s.loadProperty(ctx, tx, id)
	if err != nil {
		return p, s.wrap(err)
	}
	if u.Photos != nil {
		if err := keepPhotos(p.Photos, *u.Photos); err != nil {
			return p, err
		}
		if keepUnseen {
			*u.Photos = append(*u.Photos, unseenUploads(p.Photos, *u.Photos)...)
		}
	}
	old := p.Photos
	if u.Neighborhood != nil && u.City == nil {
		// A neighborhood given alone belongs to the current city.
		u.City = &listing.City{Name: p.City.Name, State: p.City.State}
	}
	if err := u.Apply(&p); err != nil {
		return p, err
	}
	p.UpdatedAt = utc(s.now())
	p.UpdatedBy = u.By
	if err := s.resolveReferences(ctx, tx, &p, nil); err != nil {
		return p, err
	}
	if err := s.resolveBroker(ctx, tx, &p); err != nil {
		return p, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE properties SET title = $2, slug = $3, code = $4, description = $5,
    address = $6, price_cents = $7, condo_fee_cents = $8, type = $9, bedrooms = $10, bathrooms = $11,
    parking_spots = $12, area_m2 = $13, is_featured = $14, is_active = $15, subtype_id = $16, city_id = $17,
    neighborhood_id = $18, video_url = $19, video_position = $20, updated_at = $21,
    rent_price_cents = $22, iptu_cents = $23, iptu_period = $24, cep = $25, street = $26, street_number = $27,
    complement = $28, address_visibility = $29, latitude = $30, longitude = $31, suites = $32,
    useful_area_m2 = $33, total_area_m2 = $34, unit_floor = $35, year_built = $36, status = $37,
    updated_by = $38, updated_by_name = $39, title_key = $40, code_key = $41, publish_to_portals = $42,
    broker_id = $43, rent_period = $44
WHERE id = $1`, propertyArgs(p)...); err != nil {
		return p, s.wrap(err)
	}
	if u.Photos != nil {
		if err := replacePhotos(ctx, tx, &p, old, p.UpdatedAt); err != nil {
			return p, s.wrap(err)
		}
	}
	if u.Amenities != nil {
		if _, err := tx.ExecContext(ctx, `DELETE FROM property_amenities WHERE property_id = $1`, p.ID); err != nil {
			return p, s.wrap(err)
		}
		if err := writeAmenities(ctx, tx, p.ID, p.Amenities); err != nil {
			return p, s.wrap(err)
		}
	}
	return p, s.refreshDocument(ctx, tx, p)
}

// PropertiesByCode returns the properties, active or not, whose code is
// code, with their photos and amenities, in the order of their ids:
// none, one, or several (codes are not unique).
func (s *Store) PropertiesByCode(ctx context.Context, code string) (ps []listing.Property, err error) {
	defer opError(&err, "properties by code")
	ps, err = s.loadProperties(ctx, s.read, `WHERE p.code = $1 ORDER BY p.id`, code)
	return ps, s.wrap(err)
}

// ImportProperty writes one listing of an import in one transaction: the
// rows of the files it fetched (images, already stored in the media
// store, which photos of u name by Image.ID), then the property: a new
// one built from u when id is "", else u applied to the property with
// this id. u's photos, when set, are the whole list: uploads still being
// processed that it leaves out go. A failure writes nothing, and the
// originals stored for it are left to the media sweep.
func (s *Store) ImportProperty(ctx context.Context, id string, u listing.PropertyUpdate, images []NewImage) (p listing.Property, err error) {
	defer opError(&err, "import property")
	if id != "" {
		if id, err = canonicalID(id); err != nil {
			return p, err
		}
	} else if p, err = s.newProperty(u); err != nil {
		return p, err
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		for _, img := range images {
			if _, err := s.upsertImage(ctx, tx, img); err != nil {
				return s.wrap(err)
			}
		}
		if id == "" {
			return s.insertProperty(ctx, tx, &p, nil)
		}
		var err error
		p, err = s.updateProperty(ctx, tx, id, u, false)
		return err
	})
	if err != nil {
		return listing.Property{}, err
	}
	return p, nil
}

// DeleteProperty removes the property, its photos and its amenity links.
// Its leads stay, with property_id set to null by the foreign key. What
// its page's 404 suggests from is kept (RemovedListing).
func (s *Store) DeleteProperty(ctx context.Context, id string) (err error) {
	defer opError(&err, "delete property")
	if id, err = canonicalID(id); err != nil {
		return err
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var photos []listing.Photo
		err := s.eachPhoto(ctx, tx, `ph.property_id = $1`, func(_ string, ph listing.Photo) { photos = append(photos, ph) }, id)
		if err != nil {
			return s.wrap(err)
		}
		if _, err := tx.ExecContext(ctx, rememberRemovedSQL, id, utc(s.now())); err != nil {
			return s.wrap(err)
		}
		res, err := tx.ExecContext(ctx, `DELETE FROM properties WHERE id = $1`, id)
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return listing.ErrNotFound
		}
		if err := markOrphans(ctx, tx, photos, utc(s.now())); err != nil {
			return s.wrap(err)
		}
		return s.wrap(recordChange(ctx, tx, id))
	})
}

// rememberRemovedSQL keeps, of the property $1 about to be deleted at
// $2, what RemovedListing reads.
const rememberRemovedSQL = `INSERT INTO removed_listings (slug, type, price_cents, rent_price_cents,
    subtype_slug, subtype_name, city_slug, city_name, city_state, removed_at)
SELECT p.slug, p.type, p.price_cents, p.rent_price_cents, s.slug, s.name, c.slug, c.name, c.state, $2
FROM properties p JOIN subtypes s ON s.id = p.subtype_id JOIN cities c ON c.id = p.city_id WHERE p.id = $1
ON CONFLICT (slug) DO UPDATE SET type = excluded.type, price_cents = excluded.price_cents,
    rent_price_cents = excluded.rent_price_cents, subtype_slug = excluded.subtype_slug,
    subtype_name = excluded.subtype_name, city_slug = excluded.city_slug, city_name = excluded.city_name,
    city_state = excluded.city_state, removed_at = excluded.removed_at`

// RemovedListing returns what is known of the listing that had the page
// slug and no longer shows it: deactivated (its row), or deleted (what
// DeleteProperty kept). It holds the slug, business, prices, subtype and
// city, enough to suggest similar listings; nothing else. A slug no
// listing had, or an active one's, is listing.ErrNotFound.
func (s *Store) RemovedListing(ctx context.Context, slug string) (p listing.Property, err error) {
	defer opError(&err, "removed listing")
	var rent sql.NullInt64
	var price int64
	err = s.read.QueryRowContext(ctx, `SELECT p.slug, p.type, p.price_cents, p.rent_price_cents, s.slug, s.name, c.slug, c.name, c.state
FROM properties p JOIN subtypes s ON s.id = p.subtype_id JOIN cities c ON c.id = p.city_id
WHERE p.slug = $1 AND p.is_active = FALSE
UNION ALL
SELECT r.slug, r.type, r.price_cents, r.rent_price_cents, r.subtype_slug, r.subtype_name, r.city_slug, r.city_name, r.city_state
FROM removed_listings r WHERE r.slug = $1 AND NOT EXISTS (SELECT 1 FROM properties x WHERE x.slug = $1)`, slug).Scan(
		&p.Slug, &p.Type, &price, &rent, &p.Subtype.Slug, &p.Subtype.Name, &p.City.Slug, &p.City.Name, &p.City.State)
	if err != nil {
		return listing.Property{}, s.wrap(err)
	}
	p.Price, p.RentPrice = listing.Money(price), listing.NullMoney{Money: listing.Money(rent.Int64), Valid: rent.Valid}
	return p, nil
}

// CatalogVersion returns a number that every catalogue write increases.
// An instance that caches documents compares it with the one it saw.
func (s *Store) CatalogVersion(ctx context.Context) (v int64, err error) {
	defer opError(&err, "catalog version")
	err = s.read.QueryRowContext(ctx, `SELECT version FROM catalog_version WHERE id = 1`).Scan(&v)
	return v, s.wrap(err)
}

// bumpVersion moves the catalogue version on without recording what
// changed (catalog_changes): the search index reads the whole catalogue
// again. A write that knows which properties it changed calls
// recordChange instead.
func bumpVersion(ctx context.Context, tx *sql.Tx) error {
	_, err := tx.ExecContext(ctx, `UPDATE catalog_version SET version = version + 1 WHERE id = 1`)
	return err
}

// recordChange moves the catalogue version on and records, under the new
// version, the properties the write created, changed, deactivated or
// deleted (ids), or that it changed none. Every keptChanges versions it
// prunes the record older than that.
func recordChange(ctx context.Context, tx *sql.Tx, ids ...string) error {
	var v int64
	if err := tx.QueryRowContext(ctx, `UPDATE catalog_version SET version = version + 1 WHERE id = 1 RETURNING version`).Scan(&v); err != nil {
		return err
	}
	if len(ids) == 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO catalog_changes (version, property_id) VALUES ($1, NULL)`, v); err != nil {
			return err
		}
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `INSERT INTO catalog_changes (version, property_id) VALUES ($1, $2)`, v, id); err != nil {
			return err
		}
	}
	if v%pruneChangesEvery == 0 {
		_, err := tx.ExecContext(ctx, `DELETE FROM catalog_changes WHERE version <= $1`, v-keptChanges)
		return err
	}
	return nil
}

// The record of changes keeps the last keptChanges versions, pruned every
// pruneChangesEvery versions: an index further behind reads the whole
// catalogue.
const (
	keptChanges       = 100_000
	pruneChangesEvery = 1024
)

// refreshDocument stores anew, inside the transaction that wrote p, its
// public detail document (Options.Documents) with its gzip form and ETag
// (none when it is inactive), and records the change of p (recordChange). p must be
// as stored: its reference rows resolved, their names as the database
// keeps them. Reference rows keep their names once created (see
// upsertRef), so a document changes only when its own property is written.
func (s *Store) refreshDocument(ctx context.Context, tx *sql.Tx, p listing.Property) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM property_documents WHERE property_id = $1`, p.ID); err != nil {
		return s.wrap(err)
	}
	if _, err := tx.ExecContext(ctx, promoteSQL, p.ID); err != nil {
		return s.wrap(err)
	}
	if p.IsActive {
		insert := func(args ...any) (sql.Result, error) { return tx.ExecContext(ctx, insertDocumentSQL, args...) }
		if err := s.insertDocument(insert, p); err != nil {
			return s.wrap(err)
		}
	}
	return s.wrap(recordChange(ctx, tx, p.ID))
}

// promoteSQL sets whether the public list puts the property $1 first
// (properties.promoted): marked featured, and with a photo the public sees
// (listJoins' cover). Read from the rows, not from a Property, so that it
// holds whatever the caller loaded of the photos.
const promoteSQL = `UPDATE properties SET promoted = (is_featured AND EXISTS (SELECT 1 ` + visiblePhotosOf + `properties.id))
WHERE id = $1`

// insertDocumentSQL stores a document under a key ($1) unless another
// holds the key.
const insertDocumentSQL = `INSERT INTO property_documents (slug_key, property_id, slug, doc, doc_gzip, etag)
VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (slug_key) DO NOTHING`

// insertDocument stores the document of p with its forms, under the first
// of its slug's keys that no other document holds, running
// insertDocumentSQL with insert.
func (s *Store) insertDocument(insert func(args ...any) (sql.Result, error), p listing.Property) error {
	if s.docs == nil {
		return ErrNoRenderer
	}
	doc, gz, etag, err := s.docs.Render(p)
	if err != nil {
		return fmt.Errorf("render the document of property %s: %w", p.ID, err)
	}
	first, second := s.keys(p.Slug)
	for _, key := range []int64{first, second} {
		res, err := insert(key, p.ID, p.Slug, string(doc), gz, etag)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 1 {
			return err
		}
	}
	return fmt.Errorf("document of property %s: both keys of slug %q (%d, %d) are held by other slugs", p.ID, p.Slug, first, second)
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

// mediaSep follows the renderer's format in the one Migrate stores beside
// the documents, before the media address they were made with.
const mediaSep = ";media="

// setMediaURL sets the media address the documents are made with, and
// with it their format.
func (s *Store) setMediaURL(u string) {
	s.mediaURL = u
	if s.docs != nil {
		s.format = s.docs.Format() + mediaSep + u
	}
}

// rebuildDocuments makes the stored documents of every property again when
// they were made in another format (a new version of the encoder or of the
// compression, or a database that had none), inside the migration's
// transaction. Active properties are read batch at a time in the order of
// their ids, three queries a batch (see loadProperties), and each batch is
// read whole before its documents are written, since a connection of
// PostgreSQL cannot write while it still sends rows.
func (s *Store) rebuildDocuments(ctx context.Context, tx *sql.Tx, batch int) error {
	var format string
	if err := tx.QueryRowContext(ctx, `SELECT document_format FROM catalog_version WHERE id = 1`).Scan(&format); err != nil {
		return err
	}
	if i := strings.LastIndex(format, mediaSep); i >= 0 && !s.mediaKnown {
		s.setMediaURL(format[i+len(mediaSep):])
	}
	want := s.format
	if format == want || s.docs == nil {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM property_documents`); err != nil {
		return err
	}
	stmt, err := tx.PrepareContext(ctx, insertDocumentSQL) // parsed once for every document
	if err != nil {
		return err
	}
	defer stmt.Close()
	insert := func(args ...any) (sql.Result, error) { return stmt.ExecContext(ctx, args...) }
	after := "00000000-0000-0000-0000-000000000000" // below every id, as text and as uuid
	for {
		ps, err := s.loadProperties(ctx, tx, `WHERE p.is_active AND p.id > $1 ORDER BY p.id LIMIT $2`, after, batch)
		if err != nil {
			return err
		}
		if len(ps) == 0 {
			break
		}
		for _, p := range ps {
			if err := s.insertDocument(insert, p); err != nil {
				return err
			}
		}
		after = ps[len(ps)-1].ID
	}
	if _, err := tx.ExecContext(ctx, `UPDATE catalog_version SET document_format = $1 WHERE id = 1`, want); err != nil {
		return err
	}
	return bumpVersion(ctx, tx)
}

// resolveBroker reads, in tx, the broker p names by id as the public
// document shows them. An unknown user is a *listing.ValidationError on
// broker_id.
func (s *Store) resolveBroker(ctx context.Context, tx *sql.Tx, p *listing.Property) error {
	if p.Broker == nil {
		return nil
	}
	var r brokerRow
	err := tx.QueryRowContext(ctx, `SELECT `+brokerColumns+` FROM users b `+brokerPhotoJoin+` WHERE b.id = $1`, p.Broker.ID).Scan(r.dest()...)
	if err == sql.ErrNoRows {
		return listing.Invalid("broker_id", "Escolha um corretor da equipe: este usuário não existe.")
	}
	if err != nil {
		return s.wrap(err)
	}
	p.Broker = s.broker(p.Broker.ID, r)
	return nil
}

// resolveReferences finds or creates, by slug, the subtype, city,
// neighborhood and amenities that p names but has no id for.
func (s *Store) resolveReferences(ctx context.Context, tx *sql.Tx, p *listing.Property, cache *refCache) error {
	var err error
	if cache == nil {
		cache = &refCache{}
	}
	if p.Subtype.ID == 0 {
		p.Subtype.ID, p.Subtype.Name, err = cache.ref(ctx, tx, "s\x00"+p.Subtype.Slug, `INSERT INTO subtypes (name, slug) VALUES ($1, $2)
ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id, name`, p.Subtype.Name, p.Subtype.Slug)
		if err != nil {
			return s.wrap(err)
		}
	}
	if p.City.ID == 0 {
		p.City.ID, p.City.Name, err = cache.ref(ctx, tx, "c\x00"+p.City.State+"\x00"+p.City.Slug, `INSERT INTO cities (name, slug, state) VALUES ($1, $2, $3)
ON CONFLICT (state, slug) DO UPDATE SET slug = excluded.slug RETURNING id, name`, p.City.Name, p.City.Slug, p.City.State)
		if err != nil {
			return s.wrap(err)
		}
	}
	if p.Neighborhood.ID == 0 {
		p.Neighborhood.ID, p.Neighborhood.Name, err = cache.ref(ctx, tx, "n\x00"+strconv.FormatInt(p.City.ID, 10)+"\x00"+p.Neighborhood.Slug,
			`INSERT INTO neighborhoods (name, slug, city_id) VALUES ($1, $2, $3)
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
		if known, ok := cache.amenities[a.Slug]; ok {
			*a = known
			continue
		}
		row := tx.QueryRowContext(ctx, `INSERT INTO amenities (name, slug, amenity_group) VALUES ($1, $2, $3)
ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id, name, amenity_group`, a.Name, a.Slug, string(a.Group))
		if err := row.Scan(&a.ID, &a.Name, &a.Group); err != nil {
			return s.wrap(err)
		}
		cache.amenity(*a)
	}
	return nil
}

// refCache holds the reference rows one transaction found or created, by
// kind and key, so that a batch of properties resolves each once. Its
// rows are the transaction's: it lives no longer.
type refCache struct {
	rows      map[string]cachedRef
	amenities map[string]listing.Amenity
}

type cachedRef struct {
	id   int64
	name string
}

// ref returns the id and name of the reference row under key, running
// the upsert query the first time.
func (c *refCache) ref(ctx context.Context, tx *sql.Tx, key, query string, args ...any) (int64, string, error) {
	if r, ok := c.rows[key]; ok {
		return r.id, r.name, nil
	}
	id, name, err := upsertRef(ctx, tx, query, args...)
	if err == nil {
		if c.rows == nil {
			c.rows = map[string]cachedRef{}
		}
		c.rows[key] = cachedRef{id, name}
	}
	return id, name, err
}

func (c *refCache) amenity(a listing.Amenity) {
	if c.amenities == nil {
		c.amenities = map[string]listing.Amenity{}
	}
	c.amenities[a.Slug] = a
}

func upsertRef(ctx context.Context, tx *sql.Tx, query string, args ...any) (int64, string, error) {
	var id int64
	var name string
	err := tx.QueryRowContext(ctx, query, args...).Scan(&id, &name)
	return id, name, err
}

func writeAmenities(ctx context.Context, tx *sql.Tx, id string, amenities []listing.Amenity) error {
	rows := make([][]any, len(amenities))
	for i, a := range amenities {
		rows[i] = []any{id, i, a.ID}
	}
	return insertRows(ctx, tx, `INSERT INTO property_amenities (property_id, position, amenity_id) VALUES `, rows)
}

// insertRows runs insert (an INSERT up to its VALUES) with rows, as few
// statements as the databases' bounds on parameters allow (one a round
// trip to PostgreSQL), each row's values in the order of insert's
// columns. All rows have as many values.
func insertRows(ctx context.Context, tx *sql.Tx, insert string, rows [][]any) error {
	return upsertRows(ctx, tx, insert, "", rows)
}

// upsertRows is insertRows with tail (an ON CONFLICT clause) after each
// statement's rows.
func upsertRows(ctx context.Context, tx *sql.Tx, insert, tail string, rows [][]any) error {
	for len(rows) > 0 {
		per := 500 / len(rows[0]) // far below SQLite's 32,766 and PostgreSQL's 65,535 parameters
		batch := rows[:min(len(rows), per)]
		rows = rows[len(batch):]
		var q strings.Builder
		q.WriteString(insert)
		args := make([]any, 0, len(batch)*len(batch[0]))
		for i, row := range batch {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteByte('(')
			for j, v := range row {
				if j > 0 {
					q.WriteString(", ")
				}
				args = append(args, v)
				q.WriteString("$" + strconv.Itoa(len(args)))
			}
			q.WriteByte(')')
		}
		q.WriteString(tail)
		if _, err := tx.ExecContext(ctx, q.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// propertyArgs are the values of a property's row, $1 to $44, in the order
// of both the INSERT and the UPDATE.
func propertyArgs(p listing.Property) []any {
	return []any{p.ID, p.Title, p.Slug, nullString(p.Code), nullString(p.Description), nullString(p.Address),
		int64(p.Price), nullMoney(p.CondoFee), p.Type, p.Bedrooms, p.Bathrooms, p.ParkingSpots, p.AreaM2,
		p.IsFeatured, p.IsActive, p.Subtype.ID, p.City.ID, p.Neighborhood.ID,
		nullString(p.VideoURL), string(p.VideoPosition), p.UpdatedAt,
		nullMoney(p.RentPrice), nullMoney(p.IPTU), nullString(string(p.IPTUPeriod)), nullString(p.CEP),
		nullString(p.Street), nullString(p.Number), nullString(p.Complement), string(p.AddressVisibility),
		nullFloat(p.Latitude), nullFloat(p.Longitude), p.Suites, nullFloat(p.UsefulAreaM2), nullFloat(p.TotalAreaM2),
		nullInt(p.Floor), nullInt(p.YearBuilt), string(p.Status),
		actorRef(p.UpdatedBy), nullString(p.UpdatedBy.Name), listing.Fold(p.Title), listing.Fold(p.Code),
		p.PublishToPortals, brokerID(p.Broker), nullString(string(p.RentPeriod))}
}

func brokerID(b *listing.Broker) any {
	if b == nil {
		return nil
	}
	return b.ID
}

func nullFloat(f listing.NullFloat) any {
	if !f.Valid {
		return nil
	}
	return f.Float
}

func nullInt(n listing.NullInt) any {
	if !n.Valid {
		return nil
	}
	return int64(n.Int)
}

func nullMoney(m listing.NullMoney) any {
	if !m.Valid {
		return nil
	}
	return int64(m.Money)
}

// CountWhatsAppClick adds one to the WhatsApp clicks of the active
// property with this id (see countStat). An unknown or inactive property
// is listing.ErrNotFound.
func (s *Store) CountWhatsAppClick(ctx context.Context, propertyID string) (err error) {
	defer opError(&err, "count whatsapp click")
	return s.countStat(ctx, propertyID, statWhatsAppClicks)
}

// CountShare adds one to the shares of the active property with this id
// (see countStat). An unknown or inactive property is
// listing.ErrNotFound.
func (s *Store) CountShare(ctx context.Context, propertyID string) (err error) {
	defer opError(&err, "count share")
	return s.countStat(ctx, propertyID, statShares)
}

// The counters of property_stats, each the upsert that adds one to it.
// SQLite reads "ON CONFLICT" after a SELECT without WHERE as a join's
// constraint: the WHERE keeps the upsert unambiguous.
const (
	statWhatsAppClicks = `INSERT INTO property_stats (property_id, whatsapp_clicks)
SELECT id, 1 FROM properties WHERE id = $1 AND is_active = TRUE
ON CONFLICT (property_id) DO UPDATE SET whatsapp_clicks = property_stats.whatsapp_clicks + 1`
	statShares = `INSERT INTO property_stats (property_id, shares)
SELECT id, 1 FROM properties WHERE id = $1 AND is_active = TRUE
ON CONFLICT (property_id) DO UPDATE SET shares = property_stats.shares + 1`
)

// countStat runs upsert, one of the stat constants, for the active
// property with this id: one statement into property_stats, the same SQL
// on both databases. It writes neither the property's row nor its
// document, and bumps no catalogue version, so no cache is emptied.
func (s *Store) countStat(ctx context.Context, propertyID, upsert string) error {
	propertyID, err := canonicalID(propertyID)
	if err != nil {
		return err
	}
	res, err := s.write.ExecContext(ctx, upsert, propertyID)
	if err != nil {
		return s.wrap(err)
	}
	n, err := res.RowsAffected()
	switch {
	case err != nil:
		return s.wrap(err)
	case n == 0:
		return listing.ErrNotFound
	}
	return nil
}

// PropertyCreated returns when the property with this id was created
// (the datePosted of its page's structured data); an unknown id is
// listing.ErrNotFound.
func (s *Store) PropertyCreated(ctx context.Context, id string) (t time.Time, err error) {
	defer opError(&err, "property created")
	if id, err = canonicalID(id); err != nil {
		return t, err
	}
	if err := s.read.QueryRowContext(ctx, `SELECT created_at FROM properties WHERE id = $1`, id).Scan(&t); err != nil {
		return t, s.wrap(err)
	}
	return t.UTC(), nil
}
