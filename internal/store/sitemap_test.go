package store_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// sitemapFile is what a file of the sitemap should hold.
type sitemapFile struct {
	props []listing.Property
}

func (f sitemapFile) want() store.SitemapFile {
	w := store.SitemapFile{First: f.props[0].ID, Count: len(f.props)}
	for _, p := range f.props {
		if p.UpdatedAt.After(w.LastMod) {
			w.LastMod = p.UpdatedAt
		}
	}
	return w
}

// cut splits active properties, in the order of their ids, into files of
// per addresses, reserved of the first taken.
func cut(active []listing.Property, per, reserved int) []sitemapFile {
	var files []sitemapFile
	for i, size := 0, per-reserved; i < len(active); i, size = i+size, per {
		files = append(files, sitemapFile{active[i:min(i+size, len(active))]})
	}
	return files
}

// TestSitemapFiles checks both databases' cut of the catalogue into
// sitemap files: active properties only, in the order of their ids, the
// first file short of its reserved addresses, each file's count, first
// id and latest updated_at (to the microsecond, which SQLite gives an
// aggregate as text), and the rows each file streams, whatever the batch.
func TestSitemapFiles(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
			clock := func() time.Time {
				mu.Lock()
				defer mu.Unlock()
				return now
			}
			setNow := func(tm time.Time) {
				mu.Lock()
				now = tm
				mu.Unlock()
			}
			s := storetest.Open(t, d, store.Options{Now: clock})

			if files, err := s.SitemapFiles(ctx, 3, 1); err != nil || len(files) != 0 {
				t.Fatalf("empty catalogue: files %v, %v; want none", files, err)
			}

			// Nine properties, updated at times that do not follow their
			// ids' order; the last one, the newest, is inactive, and so is
			// the third.
			byID := map[string]listing.Property{}
			for i := range 9 {
				setNow(time.Date(2026, 3, 1, 12, (i*7)%9, 0, i*1234567, time.UTC))
				u := storetest.Apartment(fmt.Sprintf("Imóvel %02d", i))
				u.IsActive = storetest.Ptr(i != 2 && i != 8)
				u.Photos, u.Amenities = nil, nil
				p := create(t, s, u)
				byID[p.ID] = p
			}
			activeByID := func() []listing.Property {
				var out []listing.Property
				for _, p := range byID {
					if p.IsActive {
						out = append(out, p)
					}
				}
				slices.SortFunc(out, func(a, b listing.Property) int { return strings.Compare(a.ID, b.ID) })
				return out
			}
			// The first one in the order of ids changes last.
			first := activeByID()[0]
			setNow(time.Date(2026, 3, 2, 8, 30, 15, 987654000, time.UTC))
			p, err := s.UpdateProperty(ctx, first.ID, listing.PropertyUpdate{Title: storetest.Ptr("Imóvel reformado")})
			if err != nil {
				t.Fatal(err)
			}
			byID[p.ID] = p

			check := func(name string, per, reserved int) {
				t.Helper()
				active := activeByID()
				want := cut(active, per, reserved)
				got, err := s.SitemapFiles(ctx, per, reserved)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if len(got) != len(want) {
					t.Fatalf("%s: %d files %+v, want %d", name, len(got), got, len(want))
				}
				for i, f := range got {
					w := want[i].want()
					if f.First != w.First || f.Count != w.Count || !f.LastMod.Equal(w.LastMod) || f.LastMod.Location() != time.UTC {
						t.Errorf("%s: file %d is %+v, want %+v", name, i+1, f, w)
					}
					var wantEntries []store.SitemapEntry
					for _, p := range want[i].props {
						wantEntries = append(wantEntries, store.SitemapEntry{Slug: p.Slug, UpdatedAt: p.UpdatedAt})
					}
					for _, batch := range []int{0, 1, 2, 1000} {
						var entries []store.SitemapEntry
						collect := func(e store.SitemapEntry) error { entries = append(entries, e); return nil }
						if batch == 0 {
							err = s.EachSitemapEntry(ctx, f, collect)
						} else {
							err = store.EachSitemapEntryBatch(ctx, s, f, batch, collect)
						}
						if err != nil {
							t.Fatalf("%s: file %d, batch %d: %v", name, i+1, batch, err)
						}
						if !slices.EqualFunc(entries, wantEntries, func(a, b store.SitemapEntry) bool {
							return a.Slug == b.Slug && a.UpdatedAt.Equal(b.UpdatedAt) && a.UpdatedAt.Location() == time.UTC
						}) {
							t.Errorf("%s: file %d, batch %d streams %v, want %v", name, i+1, batch, entries, wantEntries)
						}
					}
				}
			}
			check("3 a file, 1 reserved", 3, 1) // 2, 3, 2
			check("3 a file", 3, 0)             // 3, 3, 1
			check("2 a file, 1 reserved", 2, 1) // 1, 2, 2, 2
			check("one file", 50_000, 1)        // 7

			// A property deactivated leaves the files; its file's lastmod
			// is then its other properties' latest.
			setNow(time.Date(2026, 3, 3, 9, 0, 0, 0, time.UTC))
			if p, err = s.UpdateProperty(ctx, first.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
				t.Fatal(err)
			}
			byID[p.ID] = p
			check("3 a file, 1 reserved, one less", 3, 1) // 2, 3, 1

			if _, err := s.SitemapFiles(ctx, 1, 1); err == nil {
				t.Error("a file with every address reserved is accepted")
			}
			if _, err := s.SitemapFiles(ctx, 3, -1); err == nil {
				t.Error("a negative reservation is accepted")
			}
		})
	}
}

// TestSitemapEntriesWalkTheKey checks both databases' plans of a file's
// batches: a range of the primary key from the batch's first id, with no
// sort, so that a file costs the same whatever its number.
func TestSitemapEntriesWalkTheKey(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		for _, first := range []bool{true, false} {
			q := store.SitemapEntriesQuery(first)
			args := []any{"0190a0b0-0000-7000-8000-000000000000", 1000}
			if s.Dialect() == "sqlite" {
				plan, err := store.QueryPlan(ctx, s, q, args...)
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(plan, "USING INDEX sqlite_autoindex_properties_1 (id>?)") || strings.Contains(plan, "TEMP B-TREE") {
					t.Errorf("first batch %v: the plan does not walk the primary key from its id, or sorts:\n%s", first, plan)
				}
				continue
			}
			plan, err := store.PostgresPlan(ctx, s, q, args...)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(plan, "Index Scan using properties_pkey on properties") || !strings.Contains(plan, "Index Cond: (id >") || strings.Contains(plan, "Sort") {
				t.Errorf("first batch %v: the plan does not walk the primary key from its id, or sorts:\n%s", first, plan)
			}
		}
	})
}
