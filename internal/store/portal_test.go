package store_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestPortalFeedSecret checks the feed's secret on both databases: none
// until the back office first reads it, the same one on every read after,
// a rotation that makes a new one of the next generation and forgets the
// old one at once, who rotated it, and the checks of right and wrong
// secrets.
func TestPortalFeedSecret(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := storetest.Open(t, d, store.Options{})
			if _, ok, err := s.CheckFeedSecret(ctx, ""); ok || err != nil {
				t.Fatalf("no secret yet: check of \"\" = %v, %v; want false", ok, err)
			}
			first, err := s.PortalFeedSecret(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(first.Secret) != 40 || first.Generation != 1 || first.RotatedBy.Known() {
				t.Fatalf("first secret %+v: want 40 hex digits, generation 1, made by nobody", first)
			}
			again, err := s.PortalFeedSecret(ctx)
			if err != nil || again.Secret != first.Secret || again.Generation != 1 {
				t.Fatalf("second read %+v, %v; want the first secret", again, err)
			}
			if g, ok, err := s.CheckFeedSecret(ctx, first.Secret); !ok || g != 1 || err != nil {
				t.Fatalf("check of the secret = %d, %v, %v", g, ok, err)
			}
			for _, wrong := range []string{"", first.Secret[:39], first.Secret + "0", strings.ToUpper(first.Secret)} {
				if _, ok, err := s.CheckFeedSecret(ctx, wrong); ok || err != nil {
					t.Errorf("check of %q = %v, %v; want false", wrong, ok, err)
				}
			}
			by := listing.Actor{Kind: listing.ActorUser, Ref: "7", Name: "Ana"}
			next, err := s.RotateFeedSecret(ctx, by)
			if err != nil {
				t.Fatal(err)
			}
			if next.Secret == first.Secret || next.Generation != 2 || next.RotatedBy != by {
				t.Fatalf("rotated %+v: want a new secret, generation 2, made by %+v", next, by)
			}
			if _, ok, _ := s.CheckFeedSecret(ctx, first.Secret); ok {
				t.Error("the old secret still passes after the rotation")
			}
			if g, ok, _ := s.CheckFeedSecret(ctx, next.Secret); !ok || g != 2 {
				t.Errorf("the new secret: %d, %v", g, ok)
			}
			if read, _ := s.PortalFeedSecret(ctx); read.Secret != next.Secret {
				t.Errorf("read after rotation %+v, want %+v", read, next)
			}
		})
	}
}

// TestEachPortalProperty checks the feed's candidates on both databases:
// active properties marked to publish only, in the order of their ids,
// with their photos in order and their amenities, across batch
// boundaries; the flag is written by creation and update and read back;
// an error of fn stops the walk.
func TestEachPortalProperty(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := storetest.Open(t, d, store.Options{})
			var want []listing.Property
			for i := range 7 {
				u := storetest.Apartment(fmt.Sprintf("Imóvel para os portais %02d", i))
				u.PublishToPortals = storetest.Ptr(i%3 != 0)
				u.IsActive = storetest.Ptr(i != 4)
				p := create(t, s, u)
				if p.PublishToPortals != (i%3 != 0) {
					t.Fatalf("created with publish_to_portals %v", p.PublishToPortals)
				}
				if p.PublishToPortals && p.IsActive {
					want = append(want, p)
				}
			}
			// One turned on by an update.
			p := create(t, s, storetest.Apartment("Imóvel marcado depois"))
			if p.PublishToPortals {
				t.Fatal("a new property is published to the portals by default")
			}
			p, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{PublishToPortals: storetest.Ptr(true)})
			if err != nil || !p.PublishToPortals {
				t.Fatalf("update: %v, %v", p.PublishToPortals, err)
			}
			if read, _ := s.Property(ctx, p.ID); !read.PublishToPortals {
				t.Fatal("publish_to_portals not read back")
			}
			want = append(want, p)
			slices.SortFunc(want, func(a, b listing.Property) int { return strings.Compare(a.ID, b.ID) })

			for _, batch := range []int{1, 2, 3, 200} {
				var got []listing.Property
				err := store.EachPortalPropertyBatch(ctx, s, batch, func(p listing.Property) error {
					got = append(got, p)
					return nil
				})
				if err != nil {
					t.Fatalf("batch %d: %v", batch, err)
				}
				if len(got) != len(want) {
					t.Fatalf("batch %d: %d properties, want %d", batch, len(got), len(want))
				}
				for i, g := range got {
					if g.ID != want[i].ID || len(g.Photos) != len(want[i].Photos) || len(g.Amenities) != len(want[i].Amenities) {
						t.Errorf("batch %d, #%d: %s with %d photos, %d amenities; want %s with %d, %d", batch, i,
							g.ID, len(g.Photos), len(g.Amenities), want[i].ID, len(want[i].Photos), len(want[i].Amenities))
					}
					for j, ph := range g.Photos {
						if ph.URL != want[i].Photos[j].URL {
							t.Errorf("batch %d, #%d photo %d: %s, want %s", batch, i, j, ph.URL, want[i].Photos[j].URL)
						}
					}
				}
			}
			stop := errors.New("stop")
			n := 0
			if err := s.EachPortalProperty(ctx, func(listing.Property) error { n++; return stop }); !errors.Is(err, stop) || n != 1 {
				t.Errorf("fn's error: %v after %d calls; want stop after 1", err, n)
			}
		})
	}
}

// TestCrawlerReads checks, on both databases, the last read kept per
// crawler: none at first, a later read replacing an earlier one, an
// earlier one (answered out of order) never replacing a later one, each
// crawler apart.
func TestCrawlerReads(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := storetest.Open(t, d, store.Options{})
			if got, err := s.CrawlerReads(ctx); err != nil || len(got) != 0 {
				t.Fatalf("no read yet: %v, %v", got, err)
			}
			t0 := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
			for _, r := range []struct {
				crawler string
				at      time.Time
			}{{"vivareal", t0}, {"vivareal", t0.Add(2 * time.Hour)}, {"vivareal", t0.Add(time.Hour)}, {"other", t0}} {
				if err := s.RecordCrawlerRead(ctx, r.crawler, r.at); err != nil {
					t.Fatal(err)
				}
			}
			got, err := s.CrawlerReads(ctx)
			if err != nil || len(got) != 2 || !got["vivareal"].Equal(t0.Add(2*time.Hour)) || !got["other"].Equal(t0) {
				t.Fatalf("reads %v, %v", got, err)
			}
		})
	}
}
