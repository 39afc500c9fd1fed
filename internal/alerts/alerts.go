// Package alerts finds, for the visitors' saved searches, the listings
// that are news to them, and queues their e-mails (issue 33).
//
// It follows the record of catalogue changes the search index follows
// (ReadCatalogChanges), from a cursor kept in the database, so that it
// never runs the saved searches over the whole catalogue: each run reads
// the listings changed since the cursor, and for each one that is news,
// a listing the public sees for the first time or whose price dropped
// below what the alerts last saw, asks the saved searches that could
// match it (indexed by business and city) whether they do, with the
// search's own predicate (search.Query.Matches). It records what it found
// in one transaction that moves the cursor only if no other instance
// moved it first (store.CommitAlerts): whatever the number of instances,
// a change is alerted once. Immediate searches get their e-mail in that
// transaction; daily ones once a day, from DailyHour in the agency's time
// zone (store.QueueDailyAlerts, claimed once per day).
package alerts

import (
	"context"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/search"
	"github.com/vitrine/vitrine/internal/store"
)

// Store is what the alerts read and write; *store.Store is one.
type Store interface {
	CatalogVersion(ctx context.Context) (int64, error)
	ReadCatalog(ctx context.Context, each func(*listing.Property) error) (int64, listing.References, error)
	ReadCatalogChanges(ctx context.Context, since int64, limit int, each func(*listing.Property) error) (listing.CatalogChanges, error)
	AlertCursor(ctx context.Context) (version, searches int64, ok bool, err error)
	AlertSeen(ctx context.Context, ids []string) (map[string]listing.AlertSeen, error)
	EachActiveSavedSearch(ctx context.Context, each func(store.ActiveSavedSearch) error) error
	CommitAlerts(ctx context.Context, b store.AlertBatch) (queued int, ok bool, err error)
	QueueDailyAlerts(ctx context.Context, day string) (int, error)
	DeleteStaleVisitorRequests(ctx context.Context, cutoff time.Time) (int, error)
}

// DailyHour is the agency's hour from which the daily alerts go out.
const DailyHour = 8

// Config is what a Worker needs; zero optional fields take the defaults.
type Config struct {
	Store Store
	// Poll is how often the catalogue version is read; default 5 s.
	Poll time.Duration
	// MaxChanges is how many changed listings one run reads from the
	// record before it reads the whole catalogue instead; default 20,000.
	MaxChanges int
	// Now returns the current time, which decides the daily alerts' day;
	// default time.Now.
	Now    func() time.Time
	Logger *slog.Logger
}

// Worker runs the alerts.
type Worker struct {
	cfg Config
	log *slog.Logger

	mu        sync.Mutex
	matcher   *matcher // the active searches, as of seenCount (AlertCursor's count)
	seenCount int64
	lastDay   string // the last day whose daily alerts this instance saw queued
}

// New returns a worker for cfg.
func New(cfg Config) *Worker {
	if cfg.Poll <= 0 {
		cfg.Poll = 5 * time.Second
	}
	if cfg.MaxChanges <= 0 {
		cfg.MaxChanges = 20000
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	w := &Worker{cfg: cfg, log: cfg.Logger}
	if w.log == nil {
		w.log = slog.New(slog.DiscardHandler)
	}
	return w
}

// Result is what one run did.
type Result struct {
	From, To int64 // the catalogue versions it read between
	Changed  int   // listings read
	Hits     int   // news found, listing by search
	Queued   int   // e-mails queued
	Lost     bool  // another instance recorded these changes first
}

// Run runs the alerts every Poll, and queues the daily ones, until ctx
// ends.
func (w *Worker) Run(ctx context.Context) {
	t := time.NewTicker(w.cfg.Poll)
	defer t.Stop()
	for {
		if r, err := w.RunOnce(ctx); err != nil && ctx.Err() == nil {
			w.log.Warn("alerts: cannot read the changes", "err", err)
		} else if r.Queued > 0 || r.Hits > 0 {
			w.log.Info("alerts: news found", "from", r.From, "to", r.To, "changed", r.Changed, "hits", r.Hits, "queued", r.Queued)
		}
		if n, err := w.QueueDaily(ctx, w.cfg.Now()); err != nil && ctx.Err() == nil {
			w.log.Warn("alerts: cannot queue the daily alerts", "err", err)
		} else if n > 0 {
			w.log.Info("alerts: daily alerts queued", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// QueueDaily queues the daily alerts of the agency's day at now, when it
// is DailyHour or later there and they were not queued before, and then
// deletes the saved searches never confirmed within
// listing.SavedSearchConfirmTTL. It returns how many e-mails it queued.
func (w *Worker) QueueDaily(ctx context.Context, now time.Time) (int, error) {
	local := now.In(listing.AgencyZone())
	day := local.Format(time.DateOnly)
	w.mu.Lock()
	done := w.lastDay == day
	w.mu.Unlock()
	if local.Hour() < DailyHour || done {
		return 0, nil
	}
	n, err := w.cfg.Store.QueueDailyAlerts(ctx, day)
	if err != nil {
		return 0, err
	}
	if _, err := w.cfg.Store.DeleteStaleVisitorRequests(ctx, now.Add(-listing.SavedSearchConfirmTTL)); err != nil {
		return n, err
	}
	w.mu.Lock()
	w.lastDay = day
	w.mu.Unlock()
	return n, nil
}

// RunOnce reads the catalogue's changes since the cursor and records the
// news they are to the active saved searches (see the package's comment).
// Its first run ever only records the prices of every listing: what
// exists then is not news.
func (w *Worker) RunOnce(ctx context.Context) (r Result, err error) {
	st := w.cfg.Store
	cursor, searches, ok, err := st.AlertCursor(ctx)
	if err != nil {
		return r, err
	}
	if !ok {
		return w.first(ctx, searches)
	}
	v, err := st.CatalogVersion(ctx)
	if err != nil || v == cursor {
		return Result{From: cursor, To: cursor}, err
	}
	var docs []search.Doc
	collect := func(p *listing.Property) error {
		docs = append(docs, search.DocOf(p))
		return nil
	}
	ch, err := st.ReadCatalogChanges(ctx, cursor, w.cfg.MaxChanges, collect)
	if err != nil {
		return r, err
	}
	var seen map[string]listing.AlertSeen
	if ch.Complete {
		ids := make([]string, len(docs))
		for i, d := range docs {
			ids[i] = strings.ToLower(d.ID)
		}
		seen, err = st.AlertSeen(ctx, ids)
	} else {
		// The record no longer reaches back to the cursor, or holds too
		// many changes: the whole catalogue, against every price seen.
		docs = docs[:0]
		if ch.Version, _, err = st.ReadCatalog(ctx, collect); err == nil {
			seen, err = st.AlertSeen(ctx, nil)
		}
	}
	if err != nil {
		return r, err
	}
	m, err := w.searches(ctx, searches)
	if err != nil {
		return r, err
	}
	b := store.AlertBatch{From: cursor, To: ch.Version, Searches: searches, Immediate: m.immediate}
	for _, d := range docs {
		b.Seen, b.Hits = news(m, d, seen, b.Seen, b.Hits)
	}
	queued, ok, err := st.CommitAlerts(ctx, b)
	return Result{From: cursor, To: ch.Version, Changed: len(docs), Hits: len(b.Hits), Queued: queued, Lost: !ok}, err
}

// first records the prices of every listing the public sees, and the
// cursor at the catalogue's version, unless another instance did first.
func (w *Worker) first(ctx context.Context, searches int64) (Result, error) {
	var seen []listing.AlertSeen
	v, _, err := w.cfg.Store.ReadCatalog(ctx, func(p *listing.Property) error {
		seen = append(seen, seenOf(search.DocOf(p)))
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	_, ok, err := w.cfg.Store.CommitAlerts(ctx, store.AlertBatch{First: true, To: v, Searches: searches, Seen: seen})
	return Result{To: v, Changed: len(seen), Lost: !ok}, err
}

func seenOf(d search.Doc) listing.AlertSeen {
	return listing.AlertSeen{PropertyID: strings.ToLower(d.ID), PriceCents: d.PriceCents, RentCents: d.RentCents}
}

// news appends to seen what to remember of d, and to hits what d is news
// to, given what the alerts saw of it before (was).
func news(m *matcher, d search.Doc, was map[string]listing.AlertSeen, seen []listing.AlertSeen, hits []listing.AlertHit) ([]listing.AlertSeen, []listing.AlertHit) {
	now := seenOf(d)
	old, known := was[now.PropertyID]
	if known && old.PriceCents == now.PriceCents && old.RentCents == now.RentCents {
		return seen, hits // an edit that no search can call news
	}
	seen = append(seen, now)
	dropped := func(before, after int64) bool { return before >= 0 && after >= 0 && after < before }
	if known && !dropped(old.PriceCents, now.PriceCents) && !dropped(old.RentCents, now.RentCents) {
		return seen, hits // a price that went up, or appeared
	}
	before := d
	before.PriceCents, before.RentCents = old.PriceCents, old.RentCents
	m.each(d, func(s *saved) {
		switch {
		case !known:
			hits = append(hits, listing.AlertHit{SearchID: s.id, PropertyID: now.PropertyID, Kind: listing.AlertNew})
		case dropped(s.q.PriceOf(before), s.q.PriceOf(d)):
			hits = append(hits, listing.AlertHit{SearchID: s.id, PropertyID: now.PropertyID, Kind: listing.AlertPriceDrop,
				OldCents: s.q.PriceOf(before)})
		}
	})
	return seen, hits
}

// searches returns the active saved searches, read again when their count
// of changes is not the one the worker holds.
func (w *Worker) searches(ctx context.Context, count int64) (*matcher, error) {
	w.mu.Lock()
	m, held := w.matcher, w.seenCount
	w.mu.Unlock()
	if m != nil && held == count {
		return m, nil
	}
	m = newMatcher()
	err := w.cfg.Store.EachActiveSavedSearch(ctx, func(a store.ActiveSavedSearch) error {
		v, err := url.ParseQuery(a.Query)
		if err != nil {
			return nil
		}
		q, err := search.ParseQuery(v)
		if err != nil {
			// Stored queries were checked when saved; one the search no
			// longer reads alerts nothing rather than everything.
			w.log.Warn("alerts: a saved search's query is no longer valid", "search_id", a.ID)
			return nil
		}
		m.add(a.ID, q, a.Frequency == listing.FrequencyImmediate)
		return nil
	})
	if err != nil {
		return nil, err
	}
	w.mu.Lock()
	w.matcher, w.seenCount = m, count
	w.mu.Unlock()
	return m, nil
}

// saved is one active saved search.
type saved struct {
	id int64
	q  search.Query
}

// matcher holds the active saved searches by business and city, so that
// a listing is checked against those that could match it alone.
type matcher struct {
	buckets   map[string][]*saved // by bucket(business, city)
	immediate map[int64]bool
}

func newMatcher() *matcher {
	return &matcher{buckets: map[string][]*saved{}, immediate: map[int64]bool{}}
}

func bucket(business, city string) string { return business + "|" + city }

func (m *matcher) add(id int64, q search.Query, immediate bool) {
	k := bucket(q.Business, q.City)
	m.buckets[k] = append(m.buckets[k], &saved{id: id, q: q})
	if immediate {
		m.immediate[id] = true
	}
}

// each calls fn with every saved search that d matches.
func (m *matcher) each(d search.Doc, fn func(*saved)) {
	businesses := []string{""}
	switch d.Business {
	case search.BusinessSale:
		businesses = append(businesses, search.BusinessSale)
	case search.BusinessRent:
		businesses = append(businesses, search.BusinessRent)
	case "venda_aluguel":
		businesses = append(businesses, search.BusinessSale, search.BusinessRent)
	}
	for _, b := range businesses {
		for _, c := range []string{"", d.City.Key()} {
			for _, s := range m.buckets[bucket(b, c)] {
				if s.q.Matches(d) {
					fn(s)
				}
			}
		}
	}
}
