package mail_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/mail"
	"github.com/vitrine/vitrine/internal/mail/mailtest"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
	"github.com/vitrine/vitrine/internal/testwait"
)

// TestDailySummaryOverSMTP: from 8 h in São Paulo, with the setting on,
// the broker gets the list of her leads still new after a day and the
// administrador the unassigned ones, through a real SMTP server; once
// that day, and again the next.
func TestDailySummaryOverSMTP(t *testing.T) {
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	// 10:30 UTC is 07:30 in São Paulo.
	clock := testclock.New(time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC))
	s, _ := fixture(t, "sqlite", store.Options{Now: clock.Now})
	user := func(email, name string, r listing.Role) listing.User {
		t.Helper()
		u, err := s.CreateUser(ctx, listing.UserInput{Email: email, Name: name, Password: "senha-forte-123", Role: r}, "hash")
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	ana := user("ana@sol.example.com.br", "Ana Souza", listing.RoleAdministrador)
	bia := user("bia@sol.example.com.br", "Bia Lima", listing.RoleCorretor)
	if _, err := s.SetAgency(ctx, listing.Agency{Name: "Imobiliária Sol", CRECI: "CRECI/SC 12345-J", Email: agencyEmail, DailySummary: true}); err != nil {
		t.Fatal(err)
	}
	house := storetest.Apartment("Casa com quintal")
	house.Code, house.BrokerID = storetest.Ptr("CA-0007"), &bia.ID
	p, err := s.CreateProperty(ctx, house)
	if err != nil {
		t.Fatal(err)
	}
	mine := newLead(t, s, p.Slug)
	nobodys := newLead(t, s, p.Slug)
	none := int64(0)
	if _, err := s.UpdateLead(ctx, nobodys, listing.LeadUpdate{AssignTo: &none, By: listing.Actor{Kind: listing.ActorUser, Ref: strconv.FormatInt(ana.ID, 10)}}); err != nil {
		t.Fatal(err)
	}

	// The next day, before 8 h: nothing yet (the leads' notices went to
	// nobody: no server ran then).
	clock.Advance(24 * time.Hour)
	snd := sender(t, s, srv, srv.URL(), mail.Config{Now: clock.Now, SummaryPoll: 5 * time.Millisecond})
	if n, err := snd.QueueSummaries(ctx, clock.Now()); err != nil || n != 0 {
		t.Fatalf("at 07:30: queued %d, %v", n, err)
	}
	clock.Advance(31 * time.Minute) // 08:01
	var toBia, toAna mailtest.Message
	for _, m := range srv.WaitMessages(t, 4) { // two notices, two summaries
		if !strings.HasPrefix(m.Subject, "Resumo do dia") {
			continue
		}
		switch m.To[0].Address {
		case bia.Email:
			toBia = m
		case ana.Email:
			toAna = m
		default:
			t.Errorf("a summary to %v", m.To)
		}
	}
	leadURL := func(id int64) string { return publicURL + "/admin/contatos/" + strconv.FormatInt(id, 10) }
	if want := "Resumo do dia: 1 contato novo sem resposta há mais de 24 horas"; toBia.Subject != want {
		t.Errorf("Bia's subject %q, want %q", toBia.Subject, want)
	}
	for _, want := range []string{"Olá, Bia Lima!", "Seus contatos (1)", visitor.Name, "Casa com quintal", leadURL(mine),
		publicURL + "/admin/contatos?status=novo&assigned_to=me", "20/11 às 07:30"} {
		if !strings.Contains(toBia.Text, want) {
			t.Errorf("Bia's summary lacks %q:\n%s", want, toBia.Text)
		}
	}
	if strings.Contains(toBia.Text, leadURL(nobodys)) || strings.Contains(toBia.Text, "sem responsável") {
		t.Errorf("Bia's summary shows the unassigned lead:\n%s", toBia.Text)
	}
	for _, want := range []string{`href="` + leadURL(mine) + `"`, "João Ñandú", "Seus contatos (1)"} {
		if !strings.Contains(toBia.HTML, want) {
			t.Errorf("Bia's HTML lacks %q:\n%s", want, toBia.HTML)
		}
	}
	for _, want := range []string{"Contatos sem responsável ativo (1)", leadURL(nobodys), publicURL + "/admin/contatos?status=novo&amp;assigned_to=none"} {
		if !strings.Contains(toAna.HTML, want) {
			t.Errorf("Ana's summary lacks %q:\n%s", want, toAna.HTML)
		}
	}
	if strings.Contains(toAna.Text, "Seus contatos") {
		t.Errorf("Ana's summary lists leads of hers:\n%s", toAna.Text)
	}
	if n, err := snd.QueueSummaries(ctx, clock.Now().Add(8*time.Hour)); err != nil || n != 0 {
		t.Errorf("later the same day: queued %d, %v", n, err)
	}

	// The next day Bia's lead is answered: only Ana hears, of hers.
	open := listing.LeadOpen
	if _, err := s.UpdateLead(ctx, mine, listing.LeadUpdate{Status: &open}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(24 * time.Hour)
	testwait.Until(t, "the next day's summary sent", func() bool {
		counts, err := s.MailCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return counts[store.MailSent] == 5 && counts[store.MailPending] == 0
	})
	summaries := map[string]int{}
	for _, m := range srv.WaitMessages(t, 5) {
		if strings.HasPrefix(m.Subject, "Resumo do dia") {
			summaries[m.To[0].Address]++
		}
	}
	if summaries[ana.Email] != 2 || summaries[bia.Email] != 1 {
		t.Errorf("summaries received after two days: %v; want Ana 2, Bia 1", summaries)
	}
}
