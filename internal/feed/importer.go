package feed

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"sync"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// Catalog is what an import needs of the store (*store.Store).
type Catalog interface {
	PropertiesByCode(ctx context.Context, code string) ([]listing.Property, error)
	Property(ctx context.Context, id string) (listing.Property, error)
	ImportProperty(ctx context.Context, id string, u listing.PropertyUpdate, images []store.NewImage) (listing.Property, error)
}

// Fetcher fetches a photo and stores its original, through the checks of
// an upload (*media.Service).
type Fetcher interface {
	Fetch(ctx context.Context, url string) (*store.NewImage, error)
	// Wake tells the media workers that images wait.
	Wake()
}

// PhotoMode is what an import does with the photos of a listing.
type PhotoMode string

const (
	// PhotosFetch fetches each new photo and hosts it as an upload; one
	// that cannot be fetched is kept as an external address, with a
	// warning.
	PhotosFetch PhotoMode = "fetch"
	// PhotosLink keeps every photo as an external address.
	PhotosLink PhotoMode = "link"
)

// Valid reports whether m is one of the modes.
func (m PhotoMode) Valid() bool { return m == PhotosFetch || m == PhotosLink }

// fetchConcurrency is how many photos of a listing are fetched at once.
const fetchConcurrency = 4

// MaxPhotosFetched is the most photos one listing fetches: a property's
// most (listing.MaxPhotos); a listing with more is refused by the
// validation before anything is fetched.
const MaxPhotosFetched = listing.MaxPhotos

// Importer applies a VRSync file to the catalogue.
type Importer struct {
	Catalog Catalog
	Photos  Fetcher // nil: photos are linked whatever the mode
}

// ImportOptions are one import's choices.
type ImportOptions struct {
	DryRun bool      // report what would change; fetch and write nothing
	Photos PhotoMode // "" is PhotosFetch
	Limits Limits
	By     listing.Actor
}

// Action is what an import did with a listing.
type Action string

const (
	Created   Action = "created"
	Updated   Action = "updated"
	Unchanged Action = "unchanged"
	Refused   Action = "refused"
)

// Result is what an import did, or would do, with one listing.
type Result struct {
	ListingID string `json:"listing_id"`
	Action    Action `json:"action"`
	// PropertyID is the property the listing is (null when refused, or
	// created by a dry run).
	PropertyID *string `json:"property_id"`
	// Changes names the fields of the admin API that the listing sets
	// (created) or changes (updated).
	Changes  []string  `json:"changes"`
	Problems []Problem `json:"problems"` // why it was refused
	Warnings []Problem `json:"warnings"` // what was left out or kept as it was
	// PhotosFetched counts the photos fetched; in a dry run, those that
	// would be.
	PhotosFetched int `json:"photos_fetched"`
}

// Totals sum an import's results.
type Totals struct {
	Listings      int `json:"listings"`
	Created       int `json:"created"`
	Updated       int `json:"updated"`
	Unchanged     int `json:"unchanged"`
	Refused       int `json:"refused"`
	PhotosFetched int `json:"photos_fetched"`
}

func (t *Totals) add(r Result) {
	t.Listings++
	switch r.Action {
	case Created:
		t.Created++
	case Updated:
		t.Updated++
	case Unchanged:
		t.Unchanged++
	case Refused:
		t.Refused++
	}
	t.PhotosFetched += r.PhotosFetched
}

// Import reads the file f twice. The first pass (Scan) checks the whole
// file and writes nothing: a file it refuses is a *FileError, and nothing
// is written. A listing whose ListingID came before in the file is
// refused; the first is applied. The second maps each listing back to a property (by its
// ListingID, the property's code) and applies it in a transaction of its
// own: created, updated, unchanged (nothing the format says differs, and
// the same photos: nothing is written) or refused (its problems name the
// elements). report is called with each listing's result as it is done;
// its error stops the import. The totals count what was reported.
func (im *Importer) Import(ctx context.Context, f io.ReadSeeker, opt ImportOptions, report func(Result) error) (Totals, error) {
	var tot Totals
	if opt.Photos == "" {
		opt.Photos = PhotosFetch
	}
	if _, err := Scan(f, opt.Limits); err != nil {
		return tot, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return tot, err
	}
	seen := newSeenIDs()
	err := walk(f, opt.Limits, func(n int, l *Listing) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if first, dup := seen.first(l.ListingID, n); dup {
			// The first listing with the code is the property; the portals
			// take one listing a code too.
			r := Result{ListingID: l.ListingID, Action: Refused, Changes: []string{}, Warnings: []Problem{},
				Problems: []Problem{{"ListingID", fmt.Sprintf("o código %q já veio no anúncio %d do arquivo: só o primeiro foi importado", l.ListingID, first)}}}
			tot.add(r)
			return report(r)
		}
		r, err := im.apply(ctx, l, opt)
		if err != nil {
			return fmt.Errorf("listing %q: %w", l.ListingID, err)
		}
		tot.add(r)
		return report(r)
	})
	return tot, err
}

// apply maps one listing and applies it. An error is one of the store
// (the database failed), not of the listing.
func (im *Importer) apply(ctx context.Context, l *Listing, opt ImportOptions) (Result, error) {
	res := Result{ListingID: l.ListingID, Action: Refused, Changes: []string{}, Problems: []Problem{}, Warnings: []Problem{}}
	// refused reports the listing refused for the validation error or
	// conflict err: nothing changed, nothing fetched.
	refused := func(err error) (Result, error) {
		res.Problems, res.Changes, res.PhotosFetched = problemsOf(err), []string{}, 0
		return res, nil
	}
	t, problems, warnings := readTarget(l)
	res.Warnings = append(res.Warnings, warnings...)
	cur, err := im.find(ctx, l.ListingID)
	var ambiguous *ambiguousError
	switch {
	case errors.As(err, &ambiguous):
		problems = append(problems, Problem{"ListingID", ambiguous.Error()})
	case err != nil:
		return res, err
	}
	if len(problems) > 0 {
		res.Problems = problems
		return res, nil
	}
	var base target
	if cur != nil {
		base, _, _ = readTarget(project(*cur))
		res.PropertyID = &cur.ID
	}
	u, changes := t.diff(base, cur)
	res.Changes = changes
	u.By = opt.By
	if cur != nil && len(changes) == 0 {
		res.Action = Unchanged
		return res, nil
	}
	if cur == nil {
		u.Code = &l.ListingID
		u.PublishToPortals = ptr(true)
		u.Slug = ptr(listing.Slugify(t.title))
	}
	// The photos to fetch: those whose address the property has no photo
	// from.
	var fetch []int
	if u.Photos != nil && opt.Photos == PhotosFetch && im.Photos != nil {
		for i, ph := range *u.Photos {
			if ph.ID == "" {
				fetch = append(fetch, i)
			}
		}
	}
	// Validated before anything is fetched or counted: a refused listing
	// costs no download, and a dry run counts no photo for it.
	if err := validate(u, cur); err != nil {
		return refused(err)
	}
	done := Updated
	if cur == nil {
		done = Created
	}
	if opt.DryRun {
		res.Action, res.PhotosFetched = done, len(fetch)
		return res, nil
	}
	var images []store.NewImage
	var failed []string
	if len(fetch) > 0 {
		images, failed = im.fetch(ctx, *u.Photos, fetch)
	}
	for _, f := range failed {
		res.Warnings = append(res.Warnings, Problem{"Media/Item", f})
	}
	res.PhotosFetched = len(images)
	id := ""
	if cur != nil {
		id = cur.ID
	}
	p, err := im.Catalog.ImportProperty(ctx, id, u, images)
	var ce *listing.ConflictError
	if cur == nil && errors.As(err, &ce) && ce.Field == "slug" {
		// Another property has the title's slug: the code tells them apart.
		u.Slug = ptr(listing.Slugify(t.title + " " + l.ListingID))
		p, err = im.Catalog.ImportProperty(ctx, id, u, images)
	}
	if errors.Is(err, listing.ErrInvalid) || errors.Is(err, listing.ErrConflict) {
		return refused(err)
	}
	if err != nil {
		return res, err
	}
	if len(images) > 0 {
		im.Photos.Wake()
	}
	res.PropertyID, res.Action = &p.ID, done
	return res, nil
}

// ambiguousError is a ListingID that several properties have as code.
type ambiguousError struct {
	code string
	n    int
}

func (e *ambiguousError) Error() string {
	return fmt.Sprintf("%d imóveis têm o código %q: deixe o código em um só antes de importar", e.n, e.code)
}

// find returns the property of a listing: the one whose code is the
// ListingID, else the one whose id it is (the Writer's ListingID of a
// property without a code); nil for none.
func (im *Importer) find(ctx context.Context, listingID string) (*listing.Property, error) {
	ps, err := im.Catalog.PropertiesByCode(ctx, listingID)
	if err != nil {
		return nil, err
	}
	switch len(ps) {
	case 1:
		return &ps[0], nil
	case 0:
	default:
		return nil, &ambiguousError{listingID, len(ps)}
	}
	if !listing.ValidID(listingID) {
		return nil, nil
	}
	p, err := im.Catalog.Property(ctx, listingID)
	if errors.Is(err, listing.ErrNotFound) || err == nil && p.Code != "" {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// validate runs the domain's validation of u on cur (nil: a creation),
// on a copy.
func validate(u listing.PropertyUpdate, cur *listing.Property) error {
	if cur == nil {
		_, err := listing.NewProperty(u)
		return err
	}
	p := *cur
	return u.Apply(&p)
}

// problemsOf words a validation error or a conflict as problems on the
// file's elements.
func problemsOf(err error) []Problem {
	var ve *listing.ValidationError
	var ce *listing.ConflictError
	switch {
	case errors.As(err, &ve):
		var out []Problem
		for field, msgs := range ve.Fields {
			for _, m := range msgs {
				out = append(out, Problem{elementOf(field), m})
			}
		}
		sort.Slice(out, func(i, j int) bool {
			return out[i].Field < out[j].Field || out[i].Field == out[j].Field && out[i].Message < out[j].Message
		})
		return out
	case errors.As(err, &ce):
		return []Problem{{elementOf(ce.Field), "o valor já é de outro imóvel"}}
	}
	return []Problem{{"", err.Error()}}
}

// fetch fetches the photos of list at the indexes at, a few at once, and
// makes each one fetched an upload (its Image set). A photo that fails
// stays an external address; the messages say which and why.
func (im *Importer) fetch(ctx context.Context, list []listing.Photo, at []int) (images []store.NewImage, failed []string) {
	got := make([]*store.NewImage, len(at))
	errs := make([]error, len(at))
	sem := make(chan struct{}, fetchConcurrency)
	var wg sync.WaitGroup
	for k, i := range at {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			got[k], errs[k] = im.Photos.Fetch(ctx, list[i].URL)
		})
	}
	wg.Wait()
	for k, i := range at {
		if errs[k] != nil {
			why := "não foi possível guardá-la"
			var r interface{ Reason() string }
			if errors.As(errs[k], &r) {
				why = r.Reason()
			}
			failed = append(failed, fmt.Sprintf("a foto %s não foi baixada (%s): ficou como endereço externo", list[i].URL, why))
			continue
		}
		img := got[k]
		if !slices.ContainsFunc(images, func(n store.NewImage) bool { return n.ID == img.ID }) {
			images = append(images, *img)
		}
		list[i].Image = &listing.Image{ID: img.ID, Status: listing.ImageProcessing}
		list[i].URL = ""
	}
	return images, failed
}

func ptr[T any](v T) *T { return &v }

// diff compares what a listing says (t) with what the feed says of the
// current property (base, read from its projection; the zero target for
// a new one, cur nil), and returns the update that makes the property
// say what the listing says, with the names of the fields it sets. What
// the format cannot say is left out of it. Where several subtypes or
// amenities share a portal value, a property whose value maps to the
// same one keeps it; a new value is the canonical one.
func (t target) diff(base target, cur *listing.Property) (u listing.PropertyUpdate, changes []string) {
	changes = []string{} // none is an empty list in the import's answer, not null
	set := func(field string) { changes = append(changes, field) }
	if t.title != base.title {
		u.Title = ptr(t.title)
		set("title")
	}
	if t.rentPeriod != base.rentPeriod && t.rent.Valid {
		u.RentPeriod = ptr(t.rentPeriod)
		set("rent_period")
	}
	if t.business != base.business || reais(t.price) != reais(base.price) || reais(t.rent) != reais(base.rent) {
		u.Type = ptr(string(t.business))
		if t.business != base.business {
			set("type")
		}
		switch {
		case t.business == listing.BusinessRent:
			u.RentPrice = &t.rent
			set("price")
			set("rent_price")
		default:
			if t.price.Valid {
				u.Price = &t.price.Money
			} else if cur == nil {
				u.Price = ptr(listing.Money(0))
			}
			u.RentPrice = &t.rent
			if reais(t.price) != reais(base.price) {
				set("price")
			}
			if reais(t.rent) != reais(base.rent) {
				set("rent_price")
			}
		}
	}
	if reais(t.fee) != reais(base.fee) {
		u.CondoFee = &t.fee
		set("condo_fee")
	}
	if reais(t.iptu) != reais(base.iptu) || t.iptuPeriod != base.iptuPeriod {
		u.IPTU, u.IPTUPeriod = &t.iptu, &t.iptuPeriod
		set("iptu")
	}
	switch {
	case t.kind.PropertyType != base.kind.PropertyType && t.kind.PropertyType != "":
		s, _ := CanonicalSubtype(t.kind.PropertyType)
		u.Subtype = &s
		set("subtype")
	case t.unknownType != "" && (cur == nil || listing.Slugify(cur.Subtype.Name) != listing.Slugify(t.unknownType)):
		u.Subtype = &listing.Subtype{Name: t.unknownType}
		set("subtype")
	}
	if t.description != base.description {
		u.Description = ptr(t.description)
		set("description")
	}
	if !t.kind.Land && area(t.living) != area(base.living) {
		u.UsefulAreaM2 = &t.living
		u.AreaM2 = ptr(t.living.Float)
		set("useful_area_m2")
	}
	if area(t.lot) != area(base.lot) {
		u.TotalAreaM2 = &t.lot
		if t.kind.Land {
			u.AreaM2 = ptr(t.lot.Float)
		}
		set("total_area_m2")
	}
	counts := []struct {
		field    string
		got, was *int
		dst      **int
	}{
		{"bedrooms", t.bedrooms, base.bedrooms, &u.Bedrooms},
		{"bathrooms", t.bathrooms, base.bathrooms, &u.Bathrooms},
		{"suites", t.suites, base.suites, &u.Suites},
	}
	for _, c := range counts {
		if c.got != nil && (c.was == nil || *c.got != *c.was) {
			*c.dst = c.got
			set(c.field)
		}
	}
	if t.parking != base.parking {
		u.ParkingSpots = ptr(t.parking)
		set("parking_spots")
	}
	if t.floor != base.floor {
		u.Floor = &t.floor
		set("floor")
	}
	if t.year != base.year {
		u.YearBuilt = &t.year
		set("year_built")
	}
	if !sameSet(t.features, base.features) || t.customMissing(cur) {
		u.Amenities = ptr(t.amenities(cur))
		set("amenities")
	}
	if t.video != base.video {
		u.VideoURL = ptr(t.video)
		set("video_url")
	}
	if t.visibility != "" && t.visibility != base.visibility {
		u.AddressVisibility = &t.visibility
		set("address_visibility")
	}
	if t.state != base.state || listing.Slugify(t.city) != listing.Slugify(base.city) {
		u.City = &listing.City{Name: t.city, State: t.state}
		u.Neighborhood = &listing.Neighborhood{Name: t.hood}
		set("city")
		set("neighborhood")
	} else if listing.Slugify(t.hood) != listing.Slugify(base.hood) {
		u.Neighborhood = &listing.Neighborhood{Name: t.hood}
		set("neighborhood")
	}
	texts := []struct {
		field    string
		got, was string
		dst      **string
	}{
		{"street", t.street, base.street, &u.Street},
		{"number", t.number, base.number, &u.Number},
		{"cep", t.cep, base.cep, &u.CEP},
	}
	for _, c := range texts {
		if c.got != c.was {
			*c.dst = ptr(c.got)
			set(c.field)
		}
	}
	// The Writer never writes the complement: a listing that has one is
	// compared with the property's.
	if t.complement != nil && (cur == nil || *t.complement != cur.Complement) {
		u.Complement = t.complement
		set("complement")
	}
	if t.lat != base.lat || t.lng != base.lng {
		u.Latitude, u.Longitude = &t.lat, &t.lng
		set("latitude")
		set("longitude")
	}
	if photos, same := t.photoList(cur); !same {
		u.Photos = &photos
		set("photos")
	}
	return u, changes
}

// amenities is the list of amenities that gives the property the
// listing's features: the current amenities that have no portal feature,
// or whose feature the listing has, kept; a canonical amenity for each
// other feature.
func (t target) amenities(cur *listing.Property) []listing.Amenity {
	var out []listing.Amenity
	covered := map[string]bool{}
	if cur != nil {
		for _, a := range cur.Amenities {
			f, ok := FeatureOf(a.Slug)
			if ok && !slices.Contains(t.features, f) {
				continue
			}
			covered[f] = true
			out = append(out, listing.Amenity{Name: a.Name, Group: a.Group})
		}
	}
	for _, f := range t.features {
		if !covered[f] {
			a, ok := t.namedAmenities[f]
			if !ok {
				a, _ = CanonicalAmenity(f)
			}
			out = append(out, listing.Amenity{Name: a.Name, Group: a.Group})
		}
	}
	for _, name := range t.custom {
		slug := listing.Slugify(name)
		if !slices.ContainsFunc(out, func(a listing.Amenity) bool { return listing.Slugify(a.Name) == slug }) {
			out = append(out, listing.Amenity{Name: name, Group: listing.GroupFeature})
		}
	}
	if out == nil {
		out = []listing.Amenity{}
	}
	return out
}

// customMissing reports whether the listing has a Feature the
// documentation does not list (t.custom) that cur lacks as an amenity.
func (t target) customMissing(cur *listing.Property) bool {
	for _, name := range t.custom {
		slug := listing.Slugify(name)
		if cur == nil || !slices.ContainsFunc(cur.Amenities, func(a listing.Amenity) bool { return a.Slug == slug }) {
			return true
		}
	}
	return false
}

// photoList is the list of photos the listing gives the property, and
// whether it is the property's own: the same photos (see isPhoto), in the
// same order, with the same descriptions. A photo the property has is
// kept (by its id) with the listing's description; another is new, with
// its address as its Source.
func (t target) photoList(cur *listing.Property) ([]listing.Photo, bool) {
	out := make([]listing.Photo, len(t.photos))
	var have []listing.Photo
	if cur != nil {
		have = cur.Photos
	}
	same := len(have) == len(t.photos)
	used := map[string]bool{}
	for i, it := range t.photos {
		out[i] = listing.Photo{URL: it.url, AltText: it.caption, Source: it.url}
		for _, ph := range have {
			if isPhoto(ph, it.url) && !used[ph.ID] {
				used[ph.ID] = true
				out[i] = listing.Photo{ID: ph.ID, URL: ph.URL, AltText: it.caption, Image: ph.Image, Source: ph.Source}
				break
			}
		}
		if same && (!isPhoto(have[i], it.url) || have[i].AltText != it.caption) {
			same = false
		}
	}
	return out, same
}

// isPhoto reports whether the address of a listing's photo is ph: the
// address ph was imported from, or its own (an external photo's, or the
// largest JPEG of an upload, which the feed writes).
func isPhoto(ph listing.Photo, address string) bool {
	return address != "" && (ph.Source == address || ph.URL == address)
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}
