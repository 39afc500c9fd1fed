package feed_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// generatedFeed is the feed of n generated properties (demo.Generate,
// each with a CEP and JPEG photo addresses, marked to publish), as the
// server writes it, on SQLite.
func generatedFeed(b *testing.B, n int) []byte {
	b.Helper()
	s := storetest.Open(b, "sqlite", store.Options{})
	for i, u := range demo.Generate(n, 19) {
		for j := range *u.Photos {
			(*u.Photos)[j].URL = strings.Replace((*u.Photos)[j].URL, "auto=format", "fm=jpg", 1)
		}
		u.CEP = storetest.Ptr(fmt.Sprintf("%05d-%03d", 10000+i, i%1000))
		u.PublishToPortals = storetest.Ptr(true)
		if _, err := s.CreateProperty(context.Background(), u); err != nil {
			b.Fatal(err)
		}
	}
	var out bytes.Buffer
	x := feed.NewWriter(&out, publisher, fixedTime)
	if err := s.EachPortalProperty(context.Background(), func(p listing.Property) error { _, err := x.Add(p); return err }); err != nil {
		b.Fatal(err)
	}
	x.Close()
	return out.Bytes()
}

// BenchmarkScanImport is the first pass over the feed of 1,000
// generated properties: reading and checking, no database.
func BenchmarkScanImport(b *testing.B) {
	doc := generatedFeed(b, 1000)
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if n, err := feed.Scan(bytes.NewReader(doc), feed.Limits{}); err != nil || n == 0 {
			b.Fatal(n, err)
		}
	}
}

// BenchmarkImport imports the feed of 1,000 generated properties into an
// empty SQLite database (photos kept as addresses), then again (every
// listing unchanged): ns/op is one whole import.
func BenchmarkImport(b *testing.B) {
	doc := generatedFeed(b, 1000)
	path := b.TempDir() + "/feed.xml"
	if err := os.WriteFile(path, doc, 0o600); err != nil {
		b.Fatal(err)
	}
	for _, again := range []bool{false, true} {
		b.Run(map[bool]string{false: "new", true: "unchanged"}[again], func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				s := storetest.Open(b, "sqlite", store.Options{})
				im := &feed.Importer{Catalog: s}
				run := func() feed.Totals {
					f, err := os.Open(path)
					if err != nil {
						b.Fatal(err)
					}
					defer f.Close()
					tot, err := im.Import(context.Background(), f, feed.ImportOptions{Photos: feed.PhotosLink}, func(feed.Result) error { return nil })
					if err != nil || tot.Refused > 0 {
						b.Fatal(tot, err)
					}
					return tot
				}
				if again {
					run()
				}
				b.StartTimer()
				tot := run()
				b.StopTimer()
				if again && tot.Unchanged != tot.Listings || !again && tot.Created != tot.Listings {
					b.Fatalf("%+v", tot)
				}
				s.Close()
				b.StartTimer()
			}
		})
	}
}
