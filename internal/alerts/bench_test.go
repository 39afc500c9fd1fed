package alerts_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/alerts"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// The scale of the issue: saved searches, listings, and one day's
// changes (spread over runs, as they come through the day).
const (
	benchSearches = 10_000
	benchListings = 100_000
	benchNew      = 2_000
	benchDrops    = 1_000
	benchEdits    = 5_000
	benchRuns     = 96 // one every 15 minutes
)

// catalogue is a generated catalogue, read as the store's catalogue
// reads are (search.Source): the bench measures the alerts and their
// tables on a real database, not the writing of 100,000 properties,
// whose record of changes the search index reads anyway.
type catalogue struct {
	*store.Store
	props   map[string]*listing.Property
	order   []string
	version int64
	changed map[int64][]string // by version
}

func (c *catalogue) CatalogVersion(context.Context) (int64, error) { return c.version, nil }

func (c *catalogue) ReadCatalog(_ context.Context, each func(*listing.Property) error) (int64, listing.References, error) {
	for _, id := range c.order {
		if err := each(c.props[id]); err != nil {
			return 0, listing.References{}, err
		}
	}
	return c.version, listing.References{}, nil
}

func (c *catalogue) ReadCatalogChanges(_ context.Context, since int64, limit int, each func(*listing.Property) error) (listing.CatalogChanges, error) {
	var ids []string
	for v := since + 1; v <= c.version; v++ {
		ids = append(ids, c.changed[v]...)
	}
	if len(ids) > limit {
		return listing.CatalogChanges{Version: c.version}, nil
	}
	for _, id := range ids {
		if err := each(c.props[id]); err != nil {
			return listing.CatalogChanges{}, err
		}
	}
	return listing.CatalogChanges{Complete: true, Version: c.version}, nil
}

var (
	benchCities = 20
	benchHoods  = 40
	benchTypes  = []string{"Apartamento", "Casa", "Cobertura", "Terreno", "Sala comercial"}
)

func benchProperty(r *rand.Rand, i int) *listing.Property {
	city := r.IntN(benchCities)
	hood := r.IntN(benchHoods)
	sub := benchTypes[r.IntN(len(benchTypes))]
	p := &listing.Property{ID: fmt.Sprintf("00000000-0000-7000-8000-%012d", i), Slug: "imovel-" + strconv.Itoa(i),
		Title:        sub + " com vista no bairro " + strconv.Itoa(hood),
		Description:  "Imóvel amplo, sol da manhã, perto de tudo.",
		Subtype:      listing.Subtype{Slug: slug(sub), Name: sub},
		City:         listing.City{Slug: "cidade-" + strconv.Itoa(city), Name: "Cidade " + strconv.Itoa(city), State: "SC"},
		Neighborhood: listing.Neighborhood{Slug: "bairro-" + strconv.Itoa(hood), Name: "Bairro " + strconv.Itoa(hood)},
		Status:       listing.StatusAvailable, IsActive: true,
		Bedrooms: r.IntN(5), Bathrooms: 1 + r.IntN(3), ParkingSpots: r.IntN(3), AreaM2: float64(30 + r.IntN(300)),
		CreatedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	if r.IntN(10) < 6 {
		p.Type = "venda"
		p.Price = listing.Money((100_000 + r.IntN(2_000_000)) * 100)
	} else {
		p.Type = "aluguel"
		p.Price = listing.Money((800 + r.IntN(10_000)) * 100)
	}
	return p
}

func slug(s string) string {
	b := []byte{}
	for _, c := range []byte(s) {
		switch {
		case c == ' ':
			b = append(b, '-')
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// benchQuery is a visitor's saved search: mostly a business and a city,
// often a neighborhood, a price range and rooms; now and then words.
func benchQuery(r *rand.Rand, i int) string {
	business := []string{"venda", "venda", "venda", "aluguel", "aluguel"}[r.IntN(5)]
	q := "business=" + business
	if r.IntN(10) < 9 {
		q += "&city=cidade-" + strconv.Itoa(r.IntN(benchCities)) + "-sc"
		if r.IntN(2) == 0 {
			q += "&neighborhood=bairro-" + strconv.Itoa(r.IntN(benchHoods))
		}
	}
	if r.IntN(2) == 0 {
		top := 300_000 + r.IntN(1_500_000)
		if business == "aluguel" {
			top = 1_500 + r.IntN(6_000)
		}
		q += "&price_max=" + strconv.Itoa(top)
	}
	if n := r.IntN(4); n > 0 {
		q += "&bedrooms=" + strconv.Itoa(n)
	}
	if r.IntN(10) == 0 {
		q += "&q=vista"
	}
	return q + "&area_min=" + strconv.Itoa(i%7) // distinct queries for one e-mail
}

// BenchmarkAlertsDay measures the CPU time (user and system, of the whole
// process: SQLite runs in it) of one day of alerts at the scale:
// 10,000 active saved searches (a third immediate), 100,000 listings,
// and a day of 2,000 new listings, 1,000 price drops and 5,000 other
// edits read in 96 runs, then the daily e-mails. It reports cpu-s/day;
// the issue asks for less than 60. Run with make bench-alerts.
func BenchmarkAlertsDay(b *testing.B) {
	s := storetest.Open(b, "sqlite", store.Options{})
	n, err := s.RecordNotice(ctx, listing.NewNotice(listing.Agency{Name: "Sol"}, listing.Retention{}))
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(3, 3))
	for i := range benchSearches {
		email := "visitante" + strconv.Itoa(i/7) + "@example.com.br"
		freq := listing.FrequencyDaily
		if i%3 == 0 {
			freq = listing.FrequencyImmediate
		}
		created, err := s.CreateSavedSearch(ctx, listing.SavedSearchInput{Query: benchQuery(r, i), Email: email, Frequency: freq, NoticeVersion: n.Version})
		if err != nil || !created {
			b.Fatalf("saved search %d: %v %v", i, created, err)
		}
	}
	for id := int64(1); id <= benchSearches; id++ {
		token, err := s.MintSavedSearchLink(ctx, id)
		if err == nil {
			_, err = s.ConfirmSavedSearch(ctx, token)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	c := &catalogue{Store: s, props: map[string]*listing.Property{}, changed: map[int64][]string{}, version: 1}
	for i := range benchListings {
		p := benchProperty(r, i)
		c.props[p.ID] = p
		c.order = append(c.order, p.ID)
	}
	w := alerts.New(alerts.Config{Store: c})
	if _, err := w.RunOnce(ctx); err != nil {
		b.Fatal(err)
	}
	next := benchListings
	var hits, queued int
	b.ResetTimer()
	start := cpuTime()
	for day := range b.N {
		b.StopTimer()
		// The day's changes, in runs: new listings, drops, other edits.
		var changes []func() string
		for range benchNew {
			changes = append(changes, func() string {
				p := benchProperty(r, next)
				next++
				c.props[p.ID] = p
				c.order = append(c.order, p.ID)
				return p.ID
			})
		}
		for range benchDrops {
			changes = append(changes, func() string {
				p := c.props[c.order[r.IntN(len(c.order))]]
				p.Price = p.Price * 9 / 10
				return p.ID
			})
		}
		for range benchEdits {
			changes = append(changes, func() string {
				p := c.props[c.order[r.IntN(len(c.order))]]
				p.Title += "."
				return p.ID
			})
		}
		r.Shuffle(len(changes), func(i, j int) { changes[i], changes[j] = changes[j], changes[i] })
		b.StartTimer()
		per := len(changes) / benchRuns
		for run := range benchRuns {
			for _, change := range changes[run*per : (run+1)*per] {
				c.version++
				c.changed[c.version] = []string{change()}
			}
			res, err := w.RunOnce(ctx)
			if err != nil || res.Lost {
				b.Fatalf("run %d: %+v %v", run, res, err)
			}
			hits += res.Hits
			queued += res.Queued
		}
		// 9:00 in the agency, a new day each time.
		nd, err := w.QueueDaily(ctx, time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC).AddDate(0, 0, day))
		if err != nil {
			b.Fatal(err)
		}
		queued += nd
	}
	cpu := cpuTime() - start
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/day")
	b.ReportMetric(float64(hits)/float64(b.N), "hits/day")
	b.ReportMetric(float64(queued)/float64(b.N), "emails/day")
}

func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
