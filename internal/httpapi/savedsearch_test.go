package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

type savedSearchOut struct {
	ID        int64  `json:"id"`
	Query     string `json:"query"`
	Frequency string `json:"frequency"`
	Status    string `json:"status"`
}

// confirmationToken claims the outbox's confirmation e-mails and mints a
// link of the newest one's search, as composing it would.
func confirmationToken(t *testing.T, s *stack) (int64, string) {
	t.Helper()
	ms, err := s.Store.ClaimMail(context.Background(), 10, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	for _, m := range ms {
		if m.Kind == store.MailSavedSearchConfirm {
			id = m.Ref
		}
	}
	if id == 0 {
		t.Fatalf("no confirmation e-mail in %+v", ms)
	}
	token, err := s.Store.MintSavedSearchLink(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return id, token
}

// TestSavedSearchFlow: a saved search is accepted (202) with its query
// made canonical and a confirmation e-mail; the same request again is
// answered the same and sends nothing; a GET of the one-click address
// changes nothing and sends to the management page; the confirmation,
// the management page, the frequency, the RFC 8058 one-click POST and the
// deletion work with the e-mail's token, and an unknown token is a 404;
// the back office counts them, and the LGPD export lists them.
func TestSavedSearchFlow(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := newStack(t, d, httpapi.Config{})
			s.Property("Casa na Lagoa", "casa-na-lagoa")
			n := getNotice(t, s)
			body := map[string]any{"query": "?page=3&city=florianopolis-sc&business=venda&sort=newest", "email": "maria@example.com.br",
				"frequency": "imediato", "notice_version": n.Version}
			w := s.Call("POST", "/api/v1/saved-searches", body)
			wantStatus(t, "save", w, http.StatusAccepted)
			id, token := confirmationToken(t, s)
			wantStatus(t, "save again", s.Call("POST", "/api/v1/saved-searches", body), http.StatusAccepted)
			if ms, _ := s.Store.ClaimMail(context.Background(), 10, time.Hour); len(ms) != 0 {
				t.Errorf("the same search again sent %+v", ms)
			}

			w = s.Call("GET", "/api/v1/saved-searches/unsubscribe?token="+token, nil)
			wantStatus(t, "GET one-click", w, http.StatusSeeOther)
			if loc := w.Header().Get("Location"); loc != "/alertas/gerenciar?token="+token {
				t.Errorf("GET one-click sends to %q", loc)
			}
			ss := decodeJSON[savedSearchOut](t, "confirm", s.Call("POST", "/api/v1/saved-searches/confirm", map[string]any{"token": token}))
			if ss.ID != id || ss.Status != "ativo" || ss.Query != "business=venda&city=florianopolis-sc" {
				t.Errorf("confirmed: %+v", ss)
			}
			list := decodeJSON[struct {
				Email    string           `json:"email"`
				Searches []savedSearchOut `json:"searches"`
			}](t, "manage", s.Call("POST", "/api/v1/saved-searches/manage", map[string]any{"token": token}))
			if list.Email != "maria@example.com.br" || len(list.Searches) != 1 || list.Searches[0].ID != id {
				t.Errorf("manage: %+v", list)
			}
			ss = decodeJSON[savedSearchOut](t, "frequency", s.Call("POST", "/api/v1/saved-searches/frequency",
				map[string]any{"token": token, "id": id, "frequency": "diario"}))
			if ss.Frequency != "diario" {
				t.Errorf("frequency: %+v", ss)
			}
			stats := decodeJSON[map[string]int](t, "stats", s.Admin("GET", "/api/admin/saved-searches/stats", nil))
			if stats["active"] != 1 || stats["pending"] != 0 || stats["alerts_sent"] != 0 {
				t.Errorf("stats: %v", stats)
			}

			w = s.Call("POST", "/api/v1/saved-searches/unsubscribe?token="+token, "List-Unsubscribe=One-Click",
				"Content-Type", "application/x-www-form-urlencoded")
			wantStatus(t, "one-click", w, http.StatusOK)
			if got, err := s.Store.SavedSearch(context.Background(), id); err != nil || got.Status != listing.SavedSearchUnsubscribed {
				t.Errorf("after one-click: %+v, %v", got, err)
			}

			export := decodeJSON[struct {
				SavedSearches []struct {
					ID      int64 `json:"id"`
					Consent struct {
						NoticeVersion string `json:"notice_version"`
						ClientHash    string `json:"client_address_hash"`
					} `json:"consent"`
				} `json:"saved_searches"`
				Notices []struct {
					Version string `json:"version"`
				} `json:"notices"`
			}](t, "export", s.Admin("POST", "/api/admin/privacy/lookup", map[string]any{"email": "MARIA@example.com.br"}))
			if len(export.SavedSearches) != 1 || export.SavedSearches[0].Consent.NoticeVersion != n.Version ||
				export.SavedSearches[0].Consent.ClientHash == "" || len(export.Notices) != 1 {
				t.Errorf("export: %+v", export)
			}

			wantStatus(t, "delete", s.Call("POST", "/api/v1/saved-searches/delete", map[string]any{"token": token}), http.StatusNoContent)
			for _, path := range []string{"confirm", "manage", "delete"} {
				wantStatus(t, "unknown token "+path, s.Call("POST", "/api/v1/saved-searches/"+path, map[string]any{"token": token}), http.StatusNotFound)
			}
			wantStatus(t, "unknown token one-click", s.Call("POST", "/api/v1/saved-searches/unsubscribe?token=va_x", "List-Unsubscribe=One-Click",
				"Content-Type", "application/x-www-form-urlencoded"), http.StatusNotFound)
		})
	}
}

// TestSavedSearchBadInput: a query the search refuses (its form, or a
// city the catalogue does not know), a bad e-mail or frequency, a missing
// notice, a body too large or not JSON are refused with the statuses of
// the rest of the API, and store nothing; past the client's limit, 429.
func TestSavedSearchBadInput(t *testing.T) {
	s := newStack(t, "sqlite", httpapi.Config{SavedSearchLimit: httpapi.Rate{N: 2, Per: time.Hour}})
	s.Property("Casa na Lagoa", "casa-na-lagoa")
	n := getNotice(t, s)
	good := func() map[string]any {
		return map[string]any{"query": "business=venda", "email": "ana@example.com.br", "frequency": "diario", "notice_version": n.Version}
	}
	bad := s.BadInput()
	for name, c := range map[string]struct {
		change func(map[string]any)
		field  string
	}{
		"query form":    {func(b map[string]any) { b["query"] = "city=Floripa" }, "query.city"},
		"unknown param": {func(b map[string]any) { b["query"] = "cidade=x" }, "query.cidade"},
		"unknown city":  {func(b map[string]any) { b["query"] = "city=nenhuma-xx" }, "query.city"},
		"bad escape":    {func(b map[string]any) { b["query"] = "q=%zz" }, "query"},
		"e-mail":        {func(b map[string]any) { b["email"] = "ana@" }, "email"},
		"frequency":     {func(b map[string]any) { b["frequency"] = "semanal" }, "frequency"},
		"no notice":     {func(b map[string]any) { delete(b, "notice_version") }, "notice_version"},
		"unknown field": {func(b map[string]any) { b["name"] = "Ana" }, "name"},
	} {
		b := good()
		c.change(b)
		w := bad.Call("POST", "/api/v1/saved-searches", b)
		wantStatus(t, name, w, http.StatusUnprocessableEntity)
		if !strings.Contains(w.Body.String(), `"`+c.field+`"`) {
			t.Errorf("%s: details lack %q: %s", name, c.field, w.Body)
		}
	}
	b := good()
	b["query"] = strings.Repeat("a", 70<<10)
	wantStatus(t, "too large", bad.Call("POST", "/api/v1/saved-searches", b), http.StatusRequestEntityTooLarge)
	wantStatus(t, "not JSON", bad.Call("POST", "/api/v1/saved-searches", "email=ana", "Content-Type", "text/plain"), http.StatusUnsupportedMediaType)
	wantStatus(t, "not an object", bad.Call("POST", "/api/v1/saved-searches", "[1]"), http.StatusUnprocessableEntity)
	wantStatus(t, "one-click without its body", bad.Call("POST", "/api/v1/saved-searches/unsubscribe?token=va_x", "unsubscribe",
		"Content-Type", "application/x-www-form-urlencoded"), http.StatusUnprocessableEntity)
	if c, err := s.Store.SavedSearchCounts(context.Background()); err != nil || c.Pending != 0 {
		t.Fatalf("bad input stored %+v, %v", c, err)
	}

	for i := range 2 {
		b := good()
		b["query"] = "business=venda&bedrooms=" + string(rune('1'+i))
		wantStatus(t, "within the limit", s.Call("POST", "/api/v1/saved-searches", b), http.StatusAccepted)
	}
	w := s.Call("POST", "/api/v1/saved-searches", good())
	wantStatus(t, "past the limit", w, http.StatusTooManyRequests)
	if w.Header().Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
}

// TestSendFavorites: the favourites' e-mail is accepted (202) for the
// listings still published, in the browser's order, with its consent
// evidence in the LGPD export; a list with none published, a bad e-mail
// or no notice is a 422; past the client's limit, 429.
func TestSendFavorites(t *testing.T) {
	s := newStack(t, "sqlite", httpapi.Config{FavoriteMailLimit: httpapi.Rate{N: 1, Per: time.Hour}})
	a := s.Property("Casa na Lagoa", "casa-na-lagoa")
	b := s.Property("Casa no Campeche", "casa-no-campeche")
	n := getNotice(t, s)
	bad := s.BadInput()
	for name, body := range map[string]map[string]any{
		"none published": {"email": "ana@example.com.br", "slugs": []string{"nao-existe"}, "notice_version": n.Version},
		"bad e-mail":     {"email": "ana@", "slugs": []string{a.Slug}, "notice_version": n.Version},
		"no notice":      {"email": "ana@example.com.br", "slugs": []string{a.Slug}},
		"not a list":     {"email": "ana@example.com.br", "slugs": a.Slug, "notice_version": n.Version},
	} {
		wantStatus(t, name, bad.Call("POST", "/api/v1/favorites/email", body), http.StatusUnprocessableEntity)
	}
	body := map[string]any{"email": "ana@example.com.br", "slugs": []string{b.Slug, "nao-existe", a.Slug, b.Slug}, "notice_version": n.Version}
	wantStatus(t, "send", s.Call("POST", "/api/v1/favorites/email", body), http.StatusAccepted)
	w := s.Call("POST", "/api/v1/favorites/email", body)
	wantStatus(t, "past the limit", w, http.StatusTooManyRequests)

	export := decodeJSON[struct {
		FavoriteMails []struct {
			PropertyIDs []string `json:"property_ids"`
			Consent     struct {
				NoticeVersion string `json:"notice_version"`
			} `json:"consent"`
		} `json:"favorite_mails"`
	}](t, "export", s.Admin("POST", "/api/admin/privacy/lookup", map[string]any{"email": "ana@example.com.br"}))
	if len(export.FavoriteMails) != 1 || export.FavoriteMails[0].Consent.NoticeVersion != n.Version ||
		strings.Join(export.FavoriteMails[0].PropertyIDs, ",") != b.ID+","+a.ID {
		t.Errorf("export: %+v", export)
	}
}

// TestSavedSearchLinkLimit: the requests made with a link's token, valid
// or not, spend the client's allowance; past it, 429 with Retry-After,
// and another client is not held back.
func TestSavedSearchLinkLimit(t *testing.T) {
	s := newStack(t, "sqlite", httpapi.Config{SavedSearchLinkLimit: httpapi.Rate{N: 2, Per: time.Hour}})
	for range 2 {
		wantStatus(t, "unknown token", s.From("198.51.100.7:1234", "POST", "/api/v1/saved-searches/manage", map[string]any{"token": "va_x"}), http.StatusNotFound)
	}
	w := s.From("198.51.100.7:1234", "POST", "/api/v1/saved-searches/confirm", map[string]any{"token": "va_y"})
	wantStatus(t, "past the limit", w, http.StatusTooManyRequests)
	if w.Header().Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	wantStatus(t, "another client", s.From("198.51.100.8:1234", "POST", "/api/v1/saved-searches/manage", map[string]any{"token": "va_x"}), http.StatusNotFound)
}
