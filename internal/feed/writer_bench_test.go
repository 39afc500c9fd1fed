package feed_test

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/feed/feedtest"
	"github.com/vitrine/vitrine/internal/listing"
)

// generated returns the ith of n generated properties, ready for the
// portals, made one at a time so that the benchmark holds one.
func generated(i int) listing.Property {
	u := demo.Generate(1, uint64(i))[0]
	u.Code = &[]string{fmt.Sprintf("GEN-%06d", i+1)}[0]
	u.CEP = &[]string{"88015-200"}[0]
	if !feed.IsYouTube(*u.VideoURL) {
		u.VideoURL = &[]string{""}[0]
	}
	for j := range *u.Photos {
		(*u.Photos)[j].URL = strings.Replace((*u.Photos)[j].URL, "auto=format", "fm=jpg", 1)
	}
	p, err := listing.NewProperty(u)
	if err != nil {
		panic(err)
	}
	p.ID = fmt.Sprintf("%08x-0000-4000-8000-000000000000", i)
	p.Subtype.Slug, p.City.Slug = listing.Slugify(p.Subtype.Name), listing.Slugify(p.City.Name)
	for k := range p.Amenities {
		p.Amenities[k].Slug = listing.Slugify(p.Amenities[k].Name)
	}
	return p
}

// BenchmarkWriter50k writes a feed of 50,000 generated listings, made one
// at a time, and reports the heap's peak while it writes, and its peak
// over the first 5,000: the writer keeps one listing and a hash per
// ListingID, so the two stay close.
func BenchmarkWriter50k(b *testing.B) {
	const n = 50_000
	for b.Loop() {
		runtime.GC()
		stop := feedtest.HeapPeak()
		var early uint64
		x := feed.NewWriter(io.Discard, feed.Publisher{Name: "Imobiliária", Email: "contato@imobiliaria.example.com"}, time.Now())
		for i := range n {
			if _, err := x.Add(generated(i)); err != nil {
				b.Fatal(err)
			}
			if i == n/10 {
				early = stop()
				stop = feedtest.HeapPeak()
			}
		}
		x.Close()
		peak := max(stop(), early)
		if x.Len() != n {
			b.Fatalf("%d listings written, want %d", x.Len(), n)
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
		b.ReportMetric(float64(early)/(1<<20), "peak-heap-first-5k-MB")
		b.ReportMetric(n, "listings")
	}
}
