package store_test

import (
	"errors"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// TestCreatePortalLead: a portal's lead finds its property by the feed's
// ListingID (the code, an active one first; else the id of a property
// without a code), is stored once per LeadID, keeps the portal's fields
// through the retention's anonymisation, and a retry after it stores
// nothing; its secret is not the feed's.
func TestCreatePortalLead(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(outboxEpoch)
			s := storetest.Open(t, d, store.Options{Now: clock.Now, Outbox: true})
			withCode := func(title, code string, active bool) listing.Property {
				u := storetest.Apartment(title)
				u.Code, u.IsActive = storetest.Ptr(code), storetest.Ptr(active)
				if code == "" {
					u.Code = nil
				}
				return create(t, s, u)
			}
			withCode("Casa Vendida", "CA-1", false)
			active := withCode("Casa Disponível", "CA-1", true)
			bare := withCode("Sala Sem Código", "", true)

			contact := listing.LeadInput{Name: "Rita Alves", Phone: "(48) 999990000"}
			for _, c := range []struct {
				ref, wantProperty string
			}{
				{"CA-1", active.ID},
				{bare.ID, bare.ID},
				{"87027856", ""}, // the portal's own id: Vitrine keeps none
				{"", ""},
			} {
				p := listing.PortalLead{Origin: listing.PortalOLX, LeadID: "lead-" + c.ref, ClientListingID: c.ref,
					Temperature: listing.TemperatureLow, Business: listing.BusinessRent}
				id, created, err := s.CreatePortalLead(ctx, contact, p)
				if err != nil || !created {
					t.Fatalf("CreatePortalLead(%q) = %d, %v, %v", c.ref, id, created, err)
				}
				l := leadByID(t, s, id)
				if l.PropertyID != c.wantProperty || l.Portal != p {
					t.Errorf("lead of %q: property %q, portal %+v; want %q, %+v", c.ref, l.PropertyID, l.Portal, c.wantProperty, p)
				}
				if again, created, err := s.CreatePortalLead(ctx, contact, p); err != nil || created || again != id {
					t.Errorf("retry of %q = %d, %v, %v; want %d, not created", c.ref, again, created, err, id)
				}
			}
			if _, _, err := s.CreatePortalLead(ctx, contact, listing.PortalLead{}); !errors.Is(err, listing.ErrInvalid) {
				t.Errorf("a lead without the portal's id: %v", err)
			}

			// The retention empties a portal's lead as any; its portal
			// fields stay, and a late retry is still the same lead.
			clock.Advance(time.Hour)
			if n, err := s.AnonymizeExpired(ctx, clock.Now()); err != nil || n != 4 {
				t.Fatalf("AnonymizeExpired = %d, %v; want the 4 leads", n, err)
			}
			p := listing.PortalLead{Origin: listing.PortalOLX, LeadID: "lead-CA-1", ClientListingID: "CA-1"}
			id, created, err := s.CreatePortalLead(ctx, contact, p)
			if err != nil || created {
				t.Fatalf("retry after the retention: %d, %v, %v", id, created, err)
			}
			if l := leadByID(t, s, id); l.Name != "" || l.Phone != "" || l.Portal.LeadID != "lead-CA-1" || l.AnonymizedAt.IsZero() {
				t.Errorf("anonymised portal lead: %+v", l)
			}

			feed, err := s.PortalFeedSecret(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if ok, err := s.CheckPortalLeadSecret(ctx, feed.Secret); ok || err != nil {
				t.Errorf("the feed's secret opens the leads' address: %v, %v", ok, err)
			}
			leads, err := s.PortalLeadSecret(ctx)
			if err != nil || leads.Secret == feed.Secret || len(leads.Secret) != 40 {
				t.Fatalf("leads' secret %+v, %v", leads, err)
			}
			if ok, err := s.CheckPortalLeadSecret(ctx, leads.Secret); !ok || err != nil {
				t.Errorf("check of the leads' secret: %v, %v", ok, err)
			}
		})
	}
}

func leadByID(t *testing.T, s *store.Store, id int64) listing.Lead {
	t.Helper()
	var found listing.Lead
	err := s.EachLead(ctx, store.LeadFilter{}, func(l listing.Lead) error {
		if l.ID == id {
			found = l
		}
		return nil
	})
	if err != nil || found.ID == 0 {
		t.Fatalf("lead %d: %v", id, err)
	}
	return found
}
