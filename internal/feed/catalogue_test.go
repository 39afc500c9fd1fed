package feed_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/feed"
	"github.com/vitrine/vitrine/internal/feed/feedtest"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestFeedOfGeneratedCatalogue checks, on both databases, the feed of a
// generated catalogue of 1,000 properties (200 under -short; demo.Generate, each given a
// CEP and JPEG photo addresses, all marked to publish), written as the
// server writes it (store.EachPortalProperty into a feed.Writer): valid
// against the VRSync XML Schema, and listing exactly the properties that
// feed.Check finds ready (those with a Vimeo video are not).
func TestFeedOfGeneratedCatalogue(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := storetest.Open(t, d, store.Options{})
			ctx := context.Background()
			// Under -short (make test-fast), a fifth of the catalogue:
			// a feed of the full size is left to make test.
			n := 1000
			if testing.Short() {
				n = 200
			}
			var want []string
			for i, u := range demo.Generate(n, 19) {
				for j := range *u.Photos {
					(*u.Photos)[j].URL = strings.Replace((*u.Photos)[j].URL, "auto=format", "fm=jpg", 1)
				}
				u.CEP = storetest.Ptr(fmt.Sprintf("%05d-%03d", 10000+i, i%1000))
				u.Street, u.Number = storetest.Ptr(fmt.Sprintf("Rua %d", i+1)), storetest.Ptr(fmt.Sprint(i+1))
				u.PublishToPortals = storetest.Ptr(true)
				p, err := s.CreateProperty(ctx, u)
				if err != nil {
					t.Fatal(err)
				}
				if len(feed.Check(p)) == 0 {
					want = append(want, p.Code)
				}
			}
			var b bytes.Buffer
			x := feed.NewWriter(&b, feed.Publisher{Name: "Imobiliária Teste", Email: "contato@vitrine.example.com", Website: "https://vitrine.example.com"}, time.Now())
			err := s.EachPortalProperty(ctx, func(p listing.Property) error {
				_, err := x.Add(p)
				return err
			})
			if err != nil || x.Close() != nil {
				t.Fatal(err)
			}
			feedtest.Validate(t, b.Bytes())
			var doc struct {
				IDs []string `xml:"Listings>Listing>ListingID"`
			}
			if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
				t.Fatal(err)
			}
			slices.Sort(doc.IDs)
			slices.Sort(want)
			if !slices.Equal(doc.IDs, want) {
				t.Errorf("feed lists %d, want %d", len(doc.IDs), len(want))
			}
			if len(want) < n/2 {
				t.Errorf("%d of %d generated properties ready, want most", len(want), n)
			}
		})
	}
}
