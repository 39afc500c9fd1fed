package store_test

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// withBroker is a property whose broker is the user id.
func withBroker(title string, id int64) listing.PropertyUpdate {
	u := storetest.Apartment(title)
	u.BrokerID = &id
	return u
}

// TestBrokerOnListing: a listing's broker is in its public document (name,
// CRECI, WhatsApp; never the phone or e-mail), which is made again when
// the broker's profile changes and when the broker is removed.
func TestBrokerOnListing(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana Souza")
		u, err := s.SetBrokerProfile(ctx, ana.ID, listing.BrokerProfile{CRECI: " creci-sc 12.345 f ",
			Phone: "(48) 3333-4444", WhatsApp: "(48) 99999-0001"})
		if err != nil {
			t.Fatal(err)
		}
		if want := (listing.BrokerProfile{CRECI: "CRECI/SC 12345-F", Phone: "+554833334444", WhatsApp: "+5548999990001"}); u.Profile != want {
			t.Errorf("stored profile %+v, want %+v", u.Profile, want)
		}
		p := create(t, s, withBroker("Casa com Broker", ana.ID))
		if p.Broker == nil || p.Broker.Name != "Ana Souza" || p.Broker.CRECI != "CRECI/SC 12345-F" {
			t.Errorf("created with broker %+v", p.Broker)
		}
		broker := func() any { return document(t, s, p.Slug)["broker"] }
		want := map[string]any{"name": "Ana Souza", "creci": "CRECI/SC 12345-F", "whatsapp": "+5548999990001", "photo": nil}
		if got := broker(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("document's broker %v, want %v", got, want)
		}

		// A new WhatsApp shows at once; a cleared one is null.
		if _, err := s.SetBrokerProfile(ctx, ana.ID, listing.BrokerProfile{CRECI: "CRECI/SC 12345-F"}); err != nil {
			t.Fatal(err)
		}
		want["whatsapp"] = nil
		if got := broker(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("after the profile changed: %v, want %v", got, want)
		}

		// Refused: a CRECI without the state, a company's, a bad phone;
		// an unknown user as broker.
		_, err = s.SetBrokerProfile(ctx, ana.ID, listing.BrokerProfile{CRECI: "12345-F", WhatsApp: "123"})
		var ve *listing.ValidationError
		if !errors.As(err, &ve) || ve.Fields["creci"] == nil || ve.Fields["whatsapp"] == nil {
			t.Errorf("bad profile: %v", err)
		}
		if _, err := s.SetBrokerProfile(ctx, 99999, listing.BrokerProfile{}); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("unknown user: %v", err)
		}
		if _, err := s.CreateProperty(ctx, withBroker("Sem Dono", 99999)); !errors.As(err, &ve) || ve.Fields["broker_id"] == nil {
			t.Errorf("unknown broker: %v", err)
		}

		// The admin list filters by broker; clearing the broker clears it.
		other := create(t, s, storetest.Apartment("Outra Casa"))
		page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, BrokerID: ana.ID, Page: 1, PerPage: 10})
		if err != nil || len(page.Items) != 1 || page.Items[0].ID != p.ID {
			t.Errorf("listings of the broker: %+v, %v", page.Items, err)
		}
		if got := document(t, s, other.Slug)["broker"]; got != nil {
			t.Errorf("a listing without broker shows %v", got)
		}

		// Removing the user leaves the listing without a broker, at once.
		if err := s.DeleteUserByID(ctx, ana.ID); err != nil {
			t.Fatal(err)
		}
		if got := broker(); got != nil {
			t.Errorf("after the broker was removed the document shows %v", got)
		}
		if got, err := s.Property(ctx, p.ID); err != nil || got.Broker != nil {
			t.Errorf("after the broker was removed: %+v, %v", got.Broker, err)
		}
	})
}

// TestLeadAssignment: a lead goes to its listing's broker; without one,
// round the staff by rotation; with no staff, to nobody. Each choice is in
// the lead's timeline.
func TestLeadAssignment(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		plain := create(t, s, storetest.Apartment("Sem Corretor"))
		first := addLead(t, s, plain.Slug, "Antes da Equipe")
		l, err := s.Lead(ctx, first)
		if err != nil || l.AssignedTo.Known() || len(l.Timeline) != 1 || l.Timeline[0].Kind != listing.EventCreated ||
			l.Timeline[0].Source != "site" {
			t.Fatalf("lead with no staff: %+v, %v", l, err)
		}

		addUser(t, s, "ana@imobiliaria.com.br", "Ana")
		bia := addUser(t, s, "bia@imobiliaria.com.br", "Bia")
		addUser(t, s, "caio@imobiliaria.com.br", "Caio")
		own := create(t, s, withBroker("Da Bia", bia.ID))
		l, err = s.Lead(ctx, addLead(t, s, own.Slug, "Para a Bia"))
		if err != nil || l.AssignedTo.Ref != strconv.FormatInt(bia.ID, 10) || l.AssignedTo.Name != "Bia" || len(l.Timeline) != 2 {
			t.Fatalf("lead of a brokered listing: %+v, %v", l, err)
		}
		if e := l.Timeline[1]; e.Kind != listing.EventAssigned || e.AssigneeID != bia.ID || e.Rule != listing.AssignListing {
			t.Errorf("assignment event %+v", e)
		}

		// The rotation: Ana and Caio have had none, Bia one; six leads
		// make it two each.
		count := map[string]int{}
		for i := range 6 {
			l, err := s.Lead(ctx, addLead(t, s, plain.Slug, "Visitante "+strconv.Itoa(i)))
			if err != nil {
				t.Fatal(err)
			}
			if e := l.Timeline[1]; e.Rule != listing.AssignRotation {
				t.Errorf("rotation event %+v", e)
			}
			count[l.AssignedTo.Name]++
		}
		if count["Ana"] != 2 || count["Caio"] != 2 || count["Bia"] != 2 {
			t.Errorf("rotation gave %v, want 2 each", count)
		}
	})
}

// TestLeadTimeline: changes of status, notes and reassignment are events
// with who and when; the inbox filters by assignee; the export and the
// data subject's leads carry the timeline; anonymisation blanks notes.
func TestLeadTimeline(t *testing.T) {
	each(t, store.Options{}, func(t *testing.T, s *store.Store) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana")
		bia := addUser(t, s, "bia@imobiliaria.com.br", "Bia")
		p := create(t, s, withBroker("Casa", ana.ID))
		id := addLead(t, s, p.Slug, "Maria")
		other := addLead(t, s, p.Slug, "João")

		by := store.UserActor(bia)
		open, note := listing.LeadOpen, "Ligar amanhã."
		l, err := s.UpdateLead(ctx, id, listing.LeadUpdate{Status: &open, Note: &note, AssignTo: &bia.ID, By: by})
		if err != nil {
			t.Fatal(err)
		}
		if l.AssignedTo.Name != "Bia" || l.Note != note || len(l.Timeline) != 5 {
			t.Fatalf("updated lead %+v", l)
		}
		st, re, nt := l.Timeline[2], l.Timeline[3], l.Timeline[4]
		if st.Kind != listing.EventStatus || st.From != listing.LeadNew || st.To != listing.LeadOpen || st.By != by {
			t.Errorf("status event %+v", st)
		}
		if re.Kind != listing.EventAssigned || re.PreviousName != "Ana" || re.AssigneeName != "Bia" || re.Rule != listing.AssignManual {
			t.Errorf("reassignment event %+v", re)
		}
		if nt.Kind != listing.EventNote || nt.Text != note {
			t.Errorf("note event %+v", nt)
		}
		if got := listing.DescribeEvent(st); got != "Status: novo → em atendimento (por Bia)" {
			t.Errorf("described: %q", got)
		}
		// The same status again, no note: nothing to record.
		if l, err = s.UpdateLead(ctx, id, listing.LeadUpdate{Status: &open, By: by}); err != nil || len(l.Timeline) != 5 {
			t.Errorf("a change that changes nothing: %d events, %v", len(l.Timeline), err)
		}
		// To nobody, and an unknown user refused.
		none, unknown := int64(0), int64(99999)
		if _, err := s.UpdateLead(ctx, other, listing.LeadUpdate{AssignTo: &none, By: by}); err != nil {
			t.Fatal(err)
		}
		var ve *listing.ValidationError
		if _, err := s.UpdateLead(ctx, other, listing.LeadUpdate{AssignTo: &unknown, By: by}); !errors.As(err, &ve) || ve.Fields["assigned_to"] == nil {
			t.Errorf("unknown assignee: %v", err)
		}

		for name, c := range map[string]struct {
			f    store.LeadFilter
			want []int64
		}{
			"mine":       {store.LeadFilter{AssignedTo: bia.ID}, []int64{id}},
			"unassigned": {store.LeadFilter{Unassigned: true}, []int64{other}},
			"ana's":      {store.LeadFilter{AssignedTo: ana.ID}, nil},
			"listings":   {store.LeadFilter{BrokerID: ana.ID}, []int64{other, id}},
			"scoped":     {store.LeadFilter{AssignedTo: bia.ID, BrokerID: bia.ID}, []int64{id}},
		} {
			c.f.Page, c.f.PerPage = 1, 10
			page, err := s.Leads(ctx, c.f)
			if err != nil || fmt.Sprint(leadIDs(page.Items)) != fmt.Sprint(append([]int64{}, c.want...)) {
				t.Errorf("%s: %v, want %v (%v)", name, leadIDs(page.Items), c.want, err)
			}
		}

		var exported []listing.Lead
		if err := s.EachLead(ctx, store.LeadFilter{Timeline: true}, func(l listing.Lead) error {
			exported = append(exported, l)
			return nil
		}); err != nil || len(exported) != 2 || len(exported[1].Timeline) != 5 {
			t.Fatalf("export with timelines: %d leads, %v", len(exported), err)
		}

		if _, err := s.AnonymizeSubject(ctx, lead().Email, by); err != nil {
			t.Fatal(err)
		}
		l, err = s.Lead(ctx, id)
		if err != nil || len(l.Timeline) != 5 {
			t.Fatalf("anonymised lead: %+v, %v", l, err)
		}
		if nt := l.Timeline[4]; nt.Kind != listing.EventNote || nt.Text != "" || !nt.At.Equal(l.Timeline[2].At) {
			t.Errorf("anonymised note event %+v", nt)
		}
		if re := l.Timeline[3]; re.AssigneeName != "Bia" {
			t.Errorf("anonymisation blanked the staff's names: %+v", re)
		}
		if _, err := s.LeadTimeline(ctx, 424242); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("timeline of no lead: %v", err)
		}
	})
}

// TestRotationAcrossInstances: two stores on one database take leads at
// once; the rotation still gives each broker the same number.
func TestRotationAcrossInstances(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.MigratedDSN(t, d)
			a, b := storetest.OpenAt(t, dsn, store.Options{}), storetest.OpenAt(t, dsn, store.Options{})
			const brokers, each = 3, 20
			for i := range brokers {
				addUser(t, a, fmt.Sprintf("corretor%d@imobiliaria.com.br", i), fmt.Sprintf("Corretor %d", i))
			}
			p := create(t, a, storetest.Apartment("Disputada"))
			var wg sync.WaitGroup
			errs := make(chan error, brokers*each)
			for i := range brokers * each {
				s := []*store.Store{a, b}[i%2]
				wg.Go(func() {
					if _, err := s.CreateLead(ctx, p.Slug, lead()); err != nil {
						errs <- err
					}
				})
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Fatal(err)
			}
			count := map[string]int{}
			page, err := a.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 100})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range page.Items {
				count[l.AssignedTo.Name]++
			}
			for i := range brokers {
				if n := count[fmt.Sprintf("Corretor %d", i)]; n != each {
					t.Errorf("rotation across instances gave %v, want %d each", count, each)
					break
				}
			}
		})
	}
}

// TestRemoveBrokerWithoutRenderer: the user tools run without the
// renderer; removing a broker there leaves the documents to the next
// start, which makes them again without the broker.
func TestRemoveBrokerWithoutRenderer(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.MigratedDSN(t, d)
			s := storetest.OpenAt(t, dsn, store.Options{})
			ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana Souza")
			p := create(t, s, withBroker("Casa da Ana", ana.ID))
			if document(t, s, p.Slug)["broker"] == nil {
				t.Fatal("no broker in the document")
			}
			tool, err := store.Open(ctx, dsn, store.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer tool.Close()
			if err := tool.DeleteUser(ctx, ana.Email); err != nil {
				t.Fatalf("remove the broker without a renderer: %v", err)
			}
			// The next start (Migrate with a renderer) makes the documents again.
			if err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			if got := document(t, s, p.Slug)["broker"]; got != nil {
				t.Errorf("after the next start the document shows %v", got)
			}
		})
	}
}
