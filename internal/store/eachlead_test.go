package store_test

import (
	"errors"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestEachLeadReadsEveryLead stores two batches' worth of leads and more
// and reads them all, newest first, each once, for every property and for
// one; a page still reads its page.
func TestEachLeadReadsEveryLead(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		a := create(t, s, storetest.Apartment("Casa A"))
		b := create(t, s, storetest.Apartment("Casa B"))
		const n = 2*1000 + 1
		storetest.CreateLeads(t, s, n, func(i int) string {
			if i%2 == 0 {
				return a.Slug
			}
			return b.Slug
		})
		for _, f := range []store.LeadFilter{{}, {PropertyID: a.ID}, {PropertyID: b.ID}, {PropertyID: "nada"}} {
			want := map[string]int{"": n, a.ID: n/2 + 1, b.ID: n / 2, "nada": 0}[f.PropertyID]
			var got int
			last := int64(1 << 62)
			err := s.EachLead(ctx, f, func(l listing.Lead) error {
				got++
				if l.ID >= last {
					t.Fatalf("%+v: lead %d after %d: not newest first, or read twice", f, l.ID, last)
				}
				if f.PropertyID != "" && l.PropertyID != f.PropertyID {
					t.Fatalf("%+v: lead of %s", f, l.PropertyID)
				}
				last = l.ID
				return nil
			})
			if err != nil || got != want {
				t.Errorf("%+v: %d leads, %v; want %d", f, got, err, want)
			}
		}
		page, err := s.Leads(ctx, store.LeadFilter{Page: 3, PerPage: 7})
		if err != nil || page.Total != n || len(page.Items) != 7 {
			t.Fatalf("page 3 of 7: %d of %d, %v", len(page.Items), page.Total, err)
		}
		stop := errors.New("stop")
		read := 0
		if err := s.EachLead(ctx, store.LeadFilter{}, func(listing.Lead) error { read++; return stop }); !errors.Is(err, stop) || read != 1 {
			t.Errorf("an error of fn: %v after %d leads, want it (wrapped) at once", err, read)
		}
	})
}
