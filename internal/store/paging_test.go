package store_test

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestListPlansWalkOnlyTheirPage checks both databases' plans of the list
// queries: the page query walks its index from the first row or from the
// cursor's key (a range of the index, not a filter over the rows before
// it), with no sort; the count reads an index alone. PostgreSQL's planner
// is told to avoid sequential scans and sorts, so its plan shows what the
// indexes can serve whatever the size of the table.
func TestListPlansWalkOnlyTheirPage(t *testing.T) {
	after := &store.PropertyCursor{Featured: true, CreatedAt: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), ID: "0190a0b0-0000-7000-8000-000000000000"}
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		for _, f := range []store.PropertyFilter{{}, {IncludeInactive: true}, {After: after}, {IncludeInactive: true, After: after}} {
			index := "properties_home"
			if f.IncludeInactive {
				index = "properties_admin"
			}
			count, list, _, args := store.ListQueries(f, 13, 0)
			name := fmt.Sprintf("admin %v, cursor %v", f.IncludeInactive, f.After != nil)
			if s.Dialect() == "sqlite" {
				countPlan, err := store.QueryPlan(ctx, s, count)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(countPlan, "COVERING INDEX") {
					t.Errorf("%s: the count reads the table:\n%s", name, countPlan)
				}
				plan, err := store.QueryPlan(ctx, s, list, args...)
				if err != nil {
					t.Fatal(err)
				}
				want := "USING INDEX " + index
				if f.After != nil {
					want += " ("
					if !f.IncludeInactive {
						want += "is_active=? AND (promoted,"
					} else {
						want += "("
					}
					want += "created_at,id)<("
				}
				if !strings.Contains(plan, want) || strings.Contains(plan, "TEMP B-TREE") {
					t.Errorf("%s: the plan does not walk %q from its start or key, or sorts:\n%s", name, want, plan)
				}
				continue
			}
			countPlan, err := store.PostgresPlan(ctx, s, count)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(countPlan, "Index Only Scan using ") {
				t.Errorf("%s: the count reads the table:\n%s", name, countPlan)
			}
			plan, err := store.PostgresPlan(ctx, s, list, args...)
			if err != nil {
				t.Fatal(err)
			}
			scan := strings.Index(plan, "Index Scan using "+index+" on properties p")
			if scan < 0 || strings.Contains(plan, "Sort") {
				t.Fatalf("%s: the plan does not walk %s, or sorts:\n%s", name, index, plan)
			}
			if f.After != nil {
				cond, _, _ := strings.Cut(plan[scan:], "->")
				if !strings.Contains(cond, "Index Cond: ") || !strings.Contains(cond, "ROW(") || strings.Contains(cond, "Filter") {
					t.Errorf("%s: the cursor's key is not where the index walk starts:\n%s", name, plan)
				}
			}
		}
	})
}

// TestCursorWalksTheWholeList walks both lists a few rows at a time by
// cursor, over properties many of which share their creation time (the id
// breaks the tie) and a featured flag, and finds every row once, in the
// order of one long page; the last page says no more follow.
func TestCursorWalksTheWholeList(t *testing.T) {
	var tick atomic.Int64
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return start.Add(time.Duration(tick.Add(1)/4) * time.Second) } // four writes a second
	each(t, store.Options{Now: clock}, func(t *testing.T, s *store.Store) {
		for i := range 23 {
			u := storetest.Apartment(fmt.Sprintf("Imóvel %02d", i))
			u.IsFeatured = storetest.Ptr(i%3 == 0)
			u.IsActive = storetest.Ptr(i%5 != 4)
			if i%2 == 0 { // featured without a photo is listed by date
				u.Photos = nil
			}
			u.Amenities = nil
			create(t, s, u)
		}
		for _, admin := range []bool{false, true} {
			all, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: admin, Page: 1, PerPage: 100})
			if err != nil {
				t.Fatal(err)
			}
			if all.Next != nil {
				t.Errorf("admin %v: a page holding every row has a next cursor", admin)
			}
			for _, per := range []int{1, 4, len(all.Items)} {
				var walked []string
				f := store.PropertyFilter{IncludeInactive: admin, Page: 1, PerPage: per}
				for pages := 0; ; pages++ {
					if pages > len(all.Items) {
						t.Fatalf("admin %v, per %d: the walk does not end", admin, per)
					}
					res, err := s.Properties(ctx, f)
					if err != nil {
						t.Fatal(err)
					}
					if res.Total != all.Total {
						t.Errorf("admin %v, per %d: total %d on a cursor page, want %d", admin, per, res.Total, all.Total)
					}
					for _, p := range res.Items {
						walked = append(walked, p.Title)
					}
					if res.Next == nil {
						if len(res.Items) == 0 && len(all.Items) > 0 {
							t.Errorf("admin %v, per %d: the last page is empty: the one before should have said so", admin, per)
						}
						break
					}
					text := res.Next.Cursor(admin)
					c, err := store.ParsePropertyCursor(text, admin)
					if err != nil {
						t.Fatalf("admin %v: the list's own cursor %q is refused: %v", admin, text, err)
					}
					f.After = &c
				}
				if got, want := strings.Join(walked, ","), titles(all.Items); got != want {
					t.Errorf("admin %v, per %d: the walk by cursor gives\n%s\nwant\n%s", admin, per, got, want)
				}
			}
		}
	})
}

func titles(items []listing.Property) string {
	out := make([]string, len(items))
	for i, p := range items {
		out[i] = p.Title
	}
	return strings.Join(out, ",")
}

// TestPagePastTheEndRunsNoListQuery breaks the page query (its photo table
// is gone) and asks for pages at and past the end: they are answered with
// the total and no rows, so the page query did not run.
func TestPagePastTheEndRunsNoListQuery(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		for i := range 3 {
			create(t, s, storetest.Apartment(fmt.Sprintf("Casa %d", i)))
		}
		if err := store.Exec(ctx, s, `DROP TABLE property_photos`); err != nil {
			t.Fatal(err)
		}
		for _, f := range []store.PropertyFilter{{Page: 2, PerPage: 3}, {Page: 1_000_000, PerPage: 50}, {IncludeInactive: true, Page: 4, PerPage: 1}} {
			res, err := s.Properties(ctx, f)
			if err != nil || res.Total != 3 || len(res.Items) != 0 || res.Next != nil {
				t.Errorf("%+v: %+v, %v; want the total and no rows, at once", f, res, err)
			}
		}
		if _, err := s.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 3}); err == nil {
			t.Error("a page within the list ran without its photo table: the test proves nothing")
		}
	})
}

func TestPropertyCursorText(t *testing.T) {
	c := store.PropertyCursor{Featured: true, CreatedAt: time.Date(2026, 3, 1, 12, 0, 0, 123456000, time.UTC), ID: "0190a0b0-1234-7abc-8def-0123456789ab"}
	for _, admin := range []bool{false, true} {
		text := c.Cursor(admin)
		got, err := store.ParsePropertyCursor(text, admin)
		want := c
		want.Featured = c.Featured && !admin
		if err != nil || got != want {
			t.Errorf("admin %v: %q reads as %+v, %v; want %+v", admin, text, got, err, want)
		}
		if _, err := store.ParsePropertyCursor(text, !admin); !errors.Is(err, store.ErrBadCursor) {
			t.Errorf("admin %v: a cursor of the other list is taken: %v", admin, err)
		}
	}
	good := c.Cursor(false)
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	padded := good[:len(good)-1] + string(alphabet[strings.IndexByte(alphabet, good[len(good)-1])+1])
	far := store.PropertyCursor{CreatedAt: time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC).Add(time.Hour), ID: c.ID}
	for _, bad := range []string{
		"", "x", "null", good + "A", good[:len(good)-1], good + "=", " " + good,
		strings.ReplaceAll(good, "_", "/"), strings.ReplaceAll(good, "-", "+"),
		padded,                               // the same bytes, with a padding bit set
		"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", // a list kind of 0
		far.Cursor(false),
	} {
		if bad == good {
			continue
		}
		if got, err := store.ParsePropertyCursor(bad, false); !errors.Is(err, store.ErrBadCursor) {
			t.Errorf("ParsePropertyCursor(%q) = %+v, %v; want ErrBadCursor", bad, got, err)
		}
	}
}

// TestFeaturedNeedsAPhoto: the public list puts first the featured
// listings with a photo the public sees; a featured one without is listed
// by date, until a photo is added, and falls back when its last photo
// goes. The search index reads the same flag.
func TestFeaturedNeedsAPhoto(t *testing.T) {
	var tick atomic.Int64
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return start.Add(time.Duration(tick.Add(1)) * time.Second) }
	each(t, store.Options{Now: clock}, func(t *testing.T, s *store.Store) {
		mk := func(title string, featured, photo bool) listing.Property {
			u := storetest.Apartment(title)
			u.IsFeatured = storetest.Ptr(featured)
			if !photo {
				u.Photos = &[]listing.Photo{}
			}
			return create(t, s, u)
		}
		mk("Destaque com foto", true, true)
		bare := mk("Destaque sem foto", true, false)
		mk("Comum com foto", false, true)
		order := func(what, want string) {
			t.Helper()
			page, err := s.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 10})
			if err != nil {
				t.Fatal(err)
			}
			if got := titles(page.Items); got != want {
				t.Errorf("%s: public list %s, want %s", what, got, want)
			}
			featured := map[string]bool{}
			if _, _, err := s.ReadCatalog(ctx, func(p *listing.Property) error {
				featured[p.Title] = p.Promoted
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			for _, p := range page.Items {
				if want := p.IsFeatured && len(p.Photos) > 0; featured[p.Title] != want {
					t.Errorf("%s: the catalogue read says %q promoted %v, want %v", what, p.Title, featured[p.Title], want)
				}
			}
		}
		order("at first", "Destaque com foto,Comum com foto,Destaque sem foto")
		photos := []listing.Photo{{URL: "https://img.example.com/nova.jpg", AltText: "Fachada"}}
		if _, err := s.UpdateProperty(ctx, bare.ID, listing.PropertyUpdate{Photos: &photos}); err != nil {
			t.Fatal(err)
		}
		order("with a photo", "Destaque sem foto,Destaque com foto,Comum com foto")
		if _, err := s.UpdateProperty(ctx, bare.ID, listing.PropertyUpdate{Photos: &[]listing.Photo{}}); err != nil {
			t.Fatal(err)
		}
		order("without it again", "Destaque com foto,Comum com foto,Destaque sem foto")
	})
}

// TestRemovedListing: a deactivated or deleted listing's page still knows
// what to suggest from (business, prices, subtype, city); a slug no
// listing had, or one a live listing holds again, is not found.
func TestRemovedListing(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		p := create(t, s, storetest.Apartment("Apartamento no Centro"))
		if _, err := s.RemovedListing(ctx, p.Slug); !errors.Is(err, listing.ErrNotFound) {
			t.Fatalf("an active listing: %v", err)
		}
		check := func(what string) {
			t.Helper()
			got, err := s.RemovedListing(ctx, p.Slug)
			if err != nil || got.Slug != p.Slug || got.Type != "venda" || got.Price != p.Price ||
				got.City.Slug != "florianopolis" || got.City.State != "SC" || got.Subtype.Slug != "apartamento" {
				t.Errorf("%s: %+v, %v", what, got, err)
			}
		}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
			t.Fatal(err)
		}
		check("deactivated")
		if err := s.DeleteProperty(ctx, p.ID); err != nil {
			t.Fatal(err)
		}
		check("deleted")
		if _, err := s.RemovedListing(ctx, "nunca-existiu"); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("a slug no listing had: %v", err)
		}
		again := storetest.Apartment("Apartamento no Centro")
		again.Slug = storetest.Ptr(p.Slug)
		if q := create(t, s, again); q.Slug != p.Slug {
			t.Fatalf("the slug was not taken again: %q", q.Slug)
		}
		if _, err := s.RemovedListing(ctx, p.Slug); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("a slug a live listing holds again: %v", err)
		}
	})
}
