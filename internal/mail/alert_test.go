package mail_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/alerts"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/mail"
	"github.com/vitrine/vitrine/internal/mail/mailtest"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testwait"
)

// linkToken returns the token of the first link to path in text.
func linkToken(t *testing.T, text, path string) string {
	t.Helper()
	i := strings.Index(text, publicURL+path+"?token=")
	if i < 0 {
		t.Fatalf("no link to %s in:\n%s", path, text)
	}
	raw := strings.Fields(text[i:])[0]
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("token")
}

// TestSavedSearchMail: through mailpit, the confirmation carries a link
// whose token confirms the search; the alert lists the new listing with
// its address, links to the management page, and carries the RFC 8058
// headers whose address's token unsubscribes.
func TestSavedSearchMail(t *testing.T) {
	t.Parallel()
	s, _ := fixture(t, "sqlite", store.Options{})
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	sender(t, s, srv, srv.URL(), mail.Config{})
	n, err := s.RecordNotice(ctx, listing.NewNotice(listing.Agency{Name: "Sol"}, listing.Retention{}))
	if err != nil {
		t.Fatal(err)
	}
	w := alerts.New(alerts.Config{Store: s})
	if _, err := w.RunOnce(ctx); err != nil {
		t.Fatal(err)
	}
	const email = "maria@example.com.br"
	if _, err := s.CreateSavedSearch(ctx, listing.SavedSearchInput{Query: "business=venda&city=florianopolis-sc", Email: email,
		Frequency: listing.FrequencyImmediate, NoticeVersion: n.Version}); err != nil {
		t.Fatal(err)
	}
	got := srv.WaitMessages(t, 1)
	confirm := got[0]
	if confirm.To[0].Address != email || confirm.Subject != "Confirme seu alerta de imóveis" {
		t.Fatalf("confirmation: %+v", confirm)
	}
	if _, ok := srv.Headers(t, confirm.ID)["List-Unsubscribe"]; ok {
		t.Error("the confirmation carries List-Unsubscribe: nothing to unsubscribe from yet")
	}
	token := linkToken(t, confirm.Text, mail.SavedSearchConfirmPath)
	if ss, err := s.ConfirmSavedSearch(ctx, token); err != nil || ss.Status != listing.SavedSearchActive {
		t.Fatalf("confirm with the e-mail's token: %+v, %v", ss, err)
	}

	p, err := s.CreateProperty(ctx, storetest.Apartment("Cobertura nova no Centro"))
	if err != nil {
		t.Fatal(err)
	}
	if r, err := w.RunOnce(ctx); err != nil || r.Queued != 1 {
		t.Fatalf("alerts: %+v, %v", r, err)
	}
	got = srv.WaitMessages(t, 2)
	alert := got[0] // newest first
	if alert.To[0].Address != email || alert.Subject != "1 imóvel novo para a sua busca" {
		t.Fatalf("alert: %s to %+v", alert.Subject, alert.To)
	}
	for _, want := range []string{"Cobertura nova no Centro", publicURL + "/imoveis/" + p.Slug, "R$ 450.000", publicURL + mail.SavedSearchManagePath + "?token="} {
		if !strings.Contains(alert.Text, want) || !strings.Contains(alert.HTML, strings.ReplaceAll(want, "&", "&amp;")) {
			t.Errorf("alert lacks %q:\n%s", want, alert.Text)
		}
	}
	h := srv.Headers(t, alert.ID)
	if v := h["List-Unsubscribe-Post"]; len(v) != 1 || v[0] != "List-Unsubscribe=One-Click" {
		t.Errorf("List-Unsubscribe-Post: %q", v)
	}
	lu := h["List-Unsubscribe"]
	if len(lu) != 1 || !strings.HasPrefix(lu[0], "<"+publicURL+mail.SavedSearchUnsubscribePath+"?token=") || !strings.HasSuffix(lu[0], ">") {
		t.Fatalf("List-Unsubscribe: %q", lu)
	}
	u, err := url.Parse(strings.Trim(lu[0], "<>"))
	if err != nil {
		t.Fatal(err)
	}
	if ss, err := s.UnsubscribeSavedSearch(ctx, u.Query().Get("token"), 0); err != nil || ss.Status != listing.SavedSearchUnsubscribed {
		t.Errorf("unsubscribe with the header's token: %+v, %v", ss, err)
	}
	// Sent, and recorded so, without the visitor's address.
	testwait.Until(t, "the alert recorded as sent", func() bool {
		c, err := s.SavedSearchCounts(ctx)
		return err == nil && c.AlertsSent == 1
	})
	recent, err := s.RecentMail(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range recent {
		if m.Status == store.MailSent && m.Recipient != "" {
			t.Errorf("the outbox keeps the visitor's address: %+v", m)
		}
	}
}

// TestFavoritesMail: the favourites' e-mail lists the listings with their
// links, through mailpit, to the address the visitor gave.
func TestFavoritesMail(t *testing.T) {
	t.Parallel()
	s, p := fixture(t, "sqlite", store.Options{})
	srv := mailtest.Start(t, mailtest.Options{TLS: mailtest.StartTLS})
	sender(t, s, srv, srv.URL(), mail.Config{})
	n, err := s.RecordNotice(ctx, listing.NewNotice(listing.Agency{Name: "Sol"}, listing.Retention{}))
	if err != nil {
		t.Fatal(err)
	}
	const email = "maria@example.com.br"
	if _, err := s.CreateFavoriteMail(ctx, listing.FavoriteMailInput{Email: email, PropertyIDs: []string{p.ID}, NoticeVersion: n.Version}); err != nil {
		t.Fatal(err)
	}
	got := srv.WaitMessages(t, 1)[0]
	if got.To[0].Address != email || got.Subject != "Sua lista de imóveis favoritos" {
		t.Fatalf("favourites: %s to %+v", got.Subject, got.To)
	}
	for _, want := range []string{p.Title, publicURL + "/imoveis/" + p.Slug, "R$ 450.000"} {
		if !strings.Contains(got.Text, want) || !strings.Contains(got.HTML, want) {
			t.Errorf("the e-mail lacks %q:\n%s", want, got.Text)
		}
	}
}
