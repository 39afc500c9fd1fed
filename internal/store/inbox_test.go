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
	"github.com/vitrine/vitrine/internal/testclock"
)

// addLead stores a contact message about slug, at the clock's time.
func addLead(t *testing.T, s *store.Store, slug, name string) int64 {
	t.Helper()
	in := lead()
	in.Name = name
	id, err := s.CreateLead(ctx, slug, in)
	if err != nil {
		t.Fatalf("CreateLead(%q): %v", slug, err)
	}
	return id
}

func leadIDs(ls []listing.Lead) []int64 {
	ids := make([]int64, len(ls))
	for i, l := range ls {
		ids[i] = l.ID
	}
	return ids
}

// TestLeadInbox: a lead's status and note, who changed them and when;
// the inbox filtered by status, property and creation time; the unread
// count of every lead whatever the filter.
func TestLeadInbox(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		casa := create(t, s, storetest.Apartment("Casa na Lagoa"))
		apto := create(t, s, storetest.Apartment("Apartamento no Centro"))
		// The clock starts at 2026-03-02 14:00 UTC (11:00 in São Paulo).
		a := addLead(t, s, casa.Slug, "Ana") // 2 March, 11:00
		clock.Advance(13*time.Hour - time.Second)
		b := addLead(t, s, apto.Slug, "Bruno") // 2 March, 23:59:59
		clock.Advance(time.Second)
		c := addLead(t, s, casa.Slug, "Carla") // 3 March, 00:00
		clock.Advance(24 * time.Hour)
		d := addLead(t, s, casa.Slug, "Davi") // 4 March, 00:00

		by := listing.Actor{Kind: listing.ActorUser, Ref: "7", Name: "Ana Souza"}
		open, note := listing.LeadOpen, "  Ligar amanhã às 10h.\nPrefere WhatsApp.  "
		clock.Advance(time.Hour)
		l, err := s.UpdateLead(ctx, a, listing.LeadUpdate{Status: &open, Note: &note, By: by})
		if err != nil {
			t.Fatal(err)
		}
		if l.ID != a || l.Status != listing.LeadOpen || l.Note != "Ligar amanhã às 10h.\nPrefere WhatsApp." ||
			!l.UpdatedAt.Equal(clock.Now()) || l.UpdatedBy != by || l.Name != "Ana" || l.PropertySlug != casa.Slug {
			t.Errorf("updated lead: %+v", l)
		}
		// The status alone leaves the note; "" clears the note and leaves the status.
		done, empty := listing.LeadDone, ""
		if l, err = s.UpdateLead(ctx, a, listing.LeadUpdate{Status: &done}); err != nil || l.Note == "" || l.Status != done || l.UpdatedBy.Known() {
			t.Errorf("status alone: %+v, %v", l, err)
		}
		if l, err = s.UpdateLead(ctx, a, listing.LeadUpdate{Note: &empty, By: by}); err != nil || l.Note != "" || l.Status != done {
			t.Errorf("note cleared: %+v, %v", l, err)
		}
		discarded := listing.LeadDiscarded
		if _, err := s.UpdateLead(ctx, b, listing.LeadUpdate{Status: &discarded, By: by}); err != nil {
			t.Fatal(err)
		}

		// Refused changes store nothing.
		bad, long := listing.LeadStatus("lido"), strings.Repeat("é", listing.MaxLeadNoteLen+1)
		for name, u := range map[string]listing.LeadUpdate{
			"status": {Status: &bad}, "note": {Note: &long}, "body": {},
		} {
			_, err := s.UpdateLead(ctx, c, u)
			var ve *listing.ValidationError
			if !errors.As(err, &ve) || len(ve.Fields[name]) == 0 || len(ve.Fields) != 1 {
				t.Errorf("bad %s: %v", name, err)
			}
		}
		_, err = s.UpdateLead(ctx, d+100, listing.LeadUpdate{Status: &open})
		failsAs(t, "unknown lead", err, "update lead", listing.ErrNotFound)

		saoPaulo, _ := time.LoadLocation("America/Sao_Paulo")
		day := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, saoPaulo) }
		for _, c2 := range []struct {
			name string
			f    store.LeadFilter
			want []int64
		}{
			{"every lead", store.LeadFilter{}, []int64{d, c, b, a}},
			{"new", store.LeadFilter{Status: listing.LeadNew}, []int64{d, c}},
			{"discarded", store.LeadFilter{Status: listing.LeadDiscarded}, []int64{b}},
			{"of the casa", store.LeadFilter{PropertyID: casa.ID}, []int64{d, c, a}},
			{"new of the casa", store.LeadFilter{PropertyID: casa.ID, Status: listing.LeadNew}, []int64{d, c}},
			{"2 March", store.LeadFilter{From: day(2), To: day(3)}, []int64{b, a}},
			{"from 3 March", store.LeadFilter{From: day(3)}, []int64{d, c}},
			{"until 3 March", store.LeadFilter{To: day(4)}, []int64{c, b, a}},
			{"3 March of the apartamento", store.LeadFilter{PropertyID: apto.ID, From: day(3), To: day(4)}, nil},
		} {
			c2.f.Page, c2.f.PerPage = 1, 10
			page, err := s.Leads(ctx, c2.f)
			if err != nil {
				t.Fatal(err)
			}
			if got := leadIDs(page.Items); !slices.Equal(got, c2.want) || page.Total != len(c2.want) || page.Unread != 2 || page.Next != nil {
				t.Errorf("%s: leads %v (total %d, unread %d, next %v), want %v (unread 2)", c2.name, got, page.Total, page.Unread, page.Next, c2.want)
			}
			var exported []listing.Lead
			c2.f.Page, c2.f.PerPage = 0, 0
			if err := s.EachLead(ctx, c2.f, func(l listing.Lead) error { exported = append(exported, l); return nil }); err != nil {
				t.Fatal(err)
			}
			if got := leadIDs(exported); !slices.Equal(got, c2.want) {
				t.Errorf("%s: exported %v, want %v", c2.name, got, c2.want)
			}
		}
	})
}

// TestLeadCursorWalksTheInbox walks the inbox two leads at a time by
// cursor, over leads many of which share their creation time (the id
// breaks the tie), and finds every lead once, in the order of one long
// page; the last page says no more follow.
func TestLeadCursorWalksTheInbox(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa na Lagoa"))
		for i := range 11 {
			if i%3 == 0 {
				clock.Advance(time.Second)
			}
			addLead(t, s, p.Slug, fmt.Sprintf("Visitante %d", i))
		}
		all, err := s.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 100})
		if err != nil || len(all.Items) != 11 {
			t.Fatalf("one page: %d leads, %v", len(all.Items), err)
		}
		var walked []listing.Lead
		f := store.LeadFilter{Page: 1, PerPage: 2}
		for range 10 {
			page, err := s.Leads(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			walked = append(walked, page.Items...)
			if page.Next == nil {
				break
			}
			c, err := store.ParseLeadCursor(page.Next.Cursor())
			if err != nil || c != *page.Next {
				t.Fatalf("cursor %v read back as %v, %v", *page.Next, c, err)
			}
			f.After = &c
		}
		if got, want := leadIDs(walked), leadIDs(all.Items); !slices.Equal(got, want) {
			t.Errorf("walked %v, want %v", got, want)
		}
	})
}

func TestLeadCursorText(t *testing.T) {
	c := store.LeadCursor{CreatedAt: time.Date(2026, 3, 2, 14, 0, 0, 123000, time.UTC), ID: 42}
	if got, err := store.ParseLeadCursor(c.Cursor()); err != nil || got != c {
		t.Errorf("round trip: %v, %v", got, err)
	}
	admin := store.PropertyCursor{CreatedAt: c.CreatedAt, ID: "0190a0b0-0000-7000-8000-000000000000"}.Cursor(true)
	for _, bad := range []string{"", "abc", admin, c.Cursor() + "A",
		store.LeadCursor{CreatedAt: c.CreatedAt}.Cursor()} {
		if _, err := store.ParseLeadCursor(bad); !errors.Is(err, store.ErrBadCursor) {
			t.Errorf("ParseLeadCursor(%q) = %v, want ErrBadCursor", bad, err)
		}
	}
}

// TestAdminPropertyList: the admin list's search (title or code, case and
// accents aside, wildcards literal), filters, orders and lead counts.
func TestAdminPropertyList(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		type spec struct {
			title, code, business string
			price                 listing.Money
			status                listing.Status
			active                bool
		}
		specs := []spec{
			{"Casa no Itacorubí", "ITA-01", "venda", 90000000, listing.StatusAvailable, true},
			{"Apartamento Centro", "AP_50%", "aluguel", 350000, listing.StatusRented, true},
			{"Cobertura ÁGATA", "", "venda_aluguel", 250000000, listing.StatusReserved, false},
			{"apartamento Trindade", "TRI-9", "venda", 45000000, listing.StatusSold, true},
			{"Terreno AP50", "AP-50", "venda", 45000000, listing.StatusAvailable, true},
		}
		ps := make([]listing.Property, len(specs))
		for i, sp := range specs {
			clock.Advance(time.Minute)
			u := storetest.Apartment(sp.title)
			u.Code, u.Type, u.Status, u.IsActive = &sp.code, &sp.business, &sp.status, &sp.active
			u.Price = &sp.price
			if sp.business != "venda" {
				u.RentPrice = &listing.NullMoney{Money: sp.price, Valid: true}
			}
			ps[i] = create(t, s, u)
		}
		// The first one written last: "updated" puts it first.
		clock.Advance(time.Minute)
		if _, err := s.UpdateProperty(ctx, ps[0].ID, listing.PropertyUpdate{Bedrooms: storetest.Ptr(4)}); err != nil {
			t.Fatal(err)
		}
		at := func(is ...int) []string {
			ids := make([]string, len(is))
			for k, i := range is {
				ids[k] = ps[i].ID
			}
			return ids
		}
		for _, c := range []struct {
			name string
			f    store.PropertyFilter
			want []string
		}{
			{"newest", store.PropertyFilter{}, at(4, 3, 2, 1, 0)},
			{"accents and case aside", store.PropertyFilter{Search: "ITACORUBI"}, at(0)},
			{"an accent in the search", store.PropertyFilter{Search: "ágata"}, at(2)},
			{"in the title", store.PropertyFilter{Search: "apartamento", Sort: store.SortOldest}, at(1, 3)},
			{"in the code", store.PropertyFilter{Search: "ita-0"}, at(0)},
			{"wildcards are literal", store.PropertyFilter{Search: "_50%"}, at(1)},
			{"an underscore matches itself", store.PropertyFilter{Search: "p_5"}, at(1)},
			{"a hyphen matches itself", store.PropertyFilter{Search: "p-5", Sort: store.SortOldest}, at(4)},
			{"nothing", store.PropertyFilter{Search: "chácara"}, nil},
			{"inactive", store.PropertyFilter{Active: storetest.Ptr(false)}, at(2)},
			{"active sold", store.PropertyFilter{Active: storetest.Ptr(true), Status: listing.StatusSold}, at(3)},
			{"for sale", store.PropertyFilter{Business: "venda", Sort: store.SortOldest}, at(0, 3, 4)},
			{"oldest", store.PropertyFilter{Sort: store.SortOldest}, at(0, 1, 2, 3, 4)},
			{"updated", store.PropertyFilter{Sort: store.SortUpdated}, at(0, 4, 3, 2, 1)},
			{"cheapest", store.PropertyFilter{Sort: store.SortPriceAsc}, slices.Concat(at(1), sortedIDs(ps[3].ID, ps[4].ID), at(0, 2))},
			{"dearest", store.PropertyFilter{Sort: store.SortPriceDesc}, at(2, 0)},
			{"by title", store.PropertyFilter{Sort: store.SortTitle}, at(1, 3, 0, 2, 4)},
		} {
			c.f.IncludeInactive, c.f.Page, c.f.PerPage = true, 1, 10
			if c.name == "dearest" {
				c.f.PerPage = 2
			}
			page, err := s.Properties(ctx, c.f)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			var got []string
			for _, p := range page.Items {
				got = append(got, p.ID)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
			}
			if want := len(c.want); c.name == "dearest" {
				if page.Total != 5 || page.Next != nil {
					t.Errorf("%s: total %d, next %v; want 5 and no cursor (another order than newest)", c.name, page.Total, page.Next)
				}
			} else if page.Total != want {
				t.Errorf("%s: total %d, want %d", c.name, page.Total, want)
			}
		}

		// Lead counts: one grouped query for the page.
		for range 3 {
			addLead(t, s, ps[0].Slug, "Ana")
		}
		l := addLead(t, s, ps[3].Slug, "Bruno")
		done := listing.LeadDone
		if _, err := s.UpdateLead(ctx, l, listing.LeadUpdate{Status: &done}); err != nil {
			t.Fatal(err)
		}
		page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 10})
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]store.LeadCount{ps[0].ID: {Total: 3, Unread: 3}, ps[3].ID: {Total: 1, Unread: 0}}
		if fmt.Sprint(page.Leads) != fmt.Sprint(want) {
			t.Errorf("lead counts %v, want %v", page.Leads, want)
		}
		if pub, err := s.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 10}); err != nil || pub.Leads != nil {
			t.Errorf("the public list counts leads: %v, %v", pub.Leads, err)
		}
	})
}

// sortedIDs are ids in the order of their text (both databases order
// uuids so).
func sortedIDs(ids ...string) []string {
	slices.Sort(ids)
	return ids
}

// TestStaffRecords: who made an admin token and its last use (recorded at
// most once a minute), a user's last use, removal by id.
func TestStaffRecords(t *testing.T) {
	eachClocked(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana Souza")
		bruno := addUser(t, s, "bruno@imobiliaria.com.br", "Bruno")
		token, tok, err := s.CreateTokenBy(ctx, "  importador ", store.UserActor(ana))
		if err != nil || tok.Name != "importador" || tok.CreatedBy != store.UserActor(ana) || !tok.CreatedAt.Equal(clock.Now()) {
			t.Fatalf("CreateTokenBy = %+v, %v", tok, err)
		}
		_, _, err = s.CreateTokenBy(ctx, "importador", listing.Actor{})
		conflictOn(t, "a name in use", err, "name")
		for _, bad := range []string{"", "   ", strings.Repeat("x", 101), "nome\x00nulo"} {
			_, _, err := s.CreateTokenBy(ctx, bad, listing.Actor{})
			var ve *listing.ValidationError
			if !errors.As(err, &ve) || len(ve.Fields["name"]) == 0 {
				t.Errorf("token name %q: %v", bad, err)
			}
		}
		lastUsed := func() time.Time {
			t.Helper()
			list, err := s.Tokens(ctx)
			if err != nil || len(list) != 1 {
				t.Fatalf("Tokens = %+v, %v", list, err)
			}
			return list[0].LastUsedAt
		}
		if !lastUsed().IsZero() {
			t.Errorf("a token never used has a last use")
		}
		first := clock.Now()
		if _, err := s.Authenticate(ctx, token); err != nil {
			t.Fatal(err)
		}
		clock.Advance(30 * time.Second)
		s.Authenticate(ctx, token)
		if got := lastUsed(); !got.Equal(first) {
			t.Errorf("last use %v, want %v (recorded once a minute)", got, first)
		}
		clock.Advance(time.Minute)
		s.Authenticate(ctx, token)
		if got := lastUsed(); !got.Equal(clock.Now()) {
			t.Errorf("last use %v, want %v", got, clock.Now())
		}

		if _, _, err := s.CreateSession(ctx, ana.ID, "Firefox", limits); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Hour)
		anaSeen := clock.Now()
		if _, _, err := s.CreateSession(ctx, ana.ID, "Chrome", limits); err != nil {
			t.Fatal(err)
		}
		users, err := s.Users(ctx)
		if err != nil || len(users) != 2 || !users[0].LastSeenAt.Equal(anaSeen) || !users[1].LastSeenAt.IsZero() {
			t.Errorf("Users = %+v, %v; want Ana last seen at %v, Bruno never", users, err, anaSeen)
		}
		if u, err := s.User(ctx, bruno.ID); err != nil || u.Email != bruno.Email {
			t.Errorf("User(%d) = %+v, %v", bruno.ID, u, err)
		}
		if err := s.DeleteUserByID(ctx, ana.ID); err != nil {
			t.Fatal(err)
		}
		failsAs(t, "removed twice", s.DeleteUserByID(ctx, ana.ID), "delete user", listing.ErrNotFound)
		_, err = s.User(ctx, ana.ID)
		failsAs(t, "a removed user", err, "user", listing.ErrNotFound)
		if list, err := s.Sessions(ctx, 0, limits.Idle); err != nil || len(list) != 0 {
			t.Errorf("sessions of a removed user: %+v, %v", list, err)
		}
		// The token she made acted for her, so it goes with her.
		if list, err := s.Tokens(ctx); err != nil || len(list) != 0 {
			t.Errorf("tokens after her removal: %+v, %v", list, err)
		}
	})
}
