package httpapi_test

import (
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestCorretorOwnRows runs every admin route that names a listing or a
// lead as a corretor, on their own row and on a colleague's, with a
// session: their own is let through, a colleague's is answered as an
// unknown id is (404, not 403: the id is not confirmed), while an administrador reaches it. The lists
// show a corretor only their own rows, a listing they create is theirs,
// and they cannot give one away.
func TestCorretorOwnRows(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			e := newAccountsEnvOn(t, d, httpapi.Config{})
			caio := e.addUserAs("caio@imobiliaria.com.br", "Caio", "senha-do-caio-1", listing.RoleCorretor)
			bia := e.addUserAs("bia@imobiliaria.com.br", "Bia", "senha-da-bia-123", listing.RoleCorretor)
			e.addUser("ana@imobiliaria.com.br", "Ana", "senha-da-ana-123")
			caioTok := e.signIn("caio@imobiliaria.com.br", "senha-do-caio-1")
			anaTok := e.signIn("ana@imobiliaria.com.br", "senha-da-ana-123")

			type rows struct{ property, slug, lead string }
			listingOf := func(title, slug string, broker int64) rows {
				p := e.stack.Property(title, slug)
				wantStatus(t, "broker of "+title, e.send("PUT", "/api/admin/properties/"+p.ID, map[string]any{"broker_id": broker}, acctHome, e.token), http.StatusOK)
				w := e.send("POST", "/api/v1/properties/"+p.Slug+"/contact", map[string]any{"name": "Maria", "email": "maria@example.com",
					"message": "Quero visitar o imóvel."}, acctHome, "")
				wantStatus(t, "contact on "+title, w, http.StatusCreated)
				return rows{p.ID, p.Slug, strconv.FormatInt(decodeJSON[struct{ ID int64 }](t, "lead", w).ID, 10)}
			}
			own := listingOf("Casa do Caio", "casa-do-caio", caio.ID)
			other := listingOf("Casa da Bia", "casa-da-bia", bia.ID)

			var scoped []string
			for p := range e.stack.AdminRoutes() {
				if strings.Contains(p, "/properties/{id}") || strings.Contains(p, "/leads/{id}") {
					scoped = append(scoped, p)
				}
			}
			// Deleting the listing goes last: the other routes need it.
			slices.SortFunc(scoped, func(a, b string) int {
				last := "DELETE /api/admin/properties/{id}"
				return boolInt(a == last) - boolInt(b == last)
			})
			if len(scoped) != 16 {
				t.Errorf("%d routes on a listing or a lead, want 16: %v", len(scoped), scoped)
			}
			path := func(p string, r rows) (string, string) {
				method, path, _ := strings.Cut(p, " ")
				id := r.property
				if strings.Contains(p, "/leads/") {
					id = r.lead
				}
				return method, strings.NewReplacer("{id}", id, "{photo}", "999999", "{doc}", "999999").Replace(path)
			}
			for _, p := range scoped {
				var body any
				if m, _, _ := strings.Cut(p, " "); m != "GET" && m != "DELETE" {
					body = map[string]any{}
				}
				method, theirs := path(p, other)
				_, unknown := path(p, rows{"01HZZZZZZZZZZZZZZZZZZZZZZZ", "", "999999"})
				got, none := e.send(method, theirs, body, acctHome, caioTok, true), e.send(method, unknown, body, acctHome, caioTok, true)
				if got.Code != http.StatusNotFound || got.Body.String() != none.Body.String() {
					t.Errorf("Caio on Bia's: %s: %d %s, want the 404 of an unknown id: %s", p, got.Code, got.Body, none.Body)
				}
				photo := strings.Contains(p, "{photo}") || strings.Contains(p, "{doc}") // an unknown photo or document is 404 to anyone
				if w := e.send(method, theirs, body, acctHome, anaTok, true); !photo && w.Code == http.StatusNotFound || w.Code == http.StatusForbidden {
					t.Errorf("Ana on Bia's: %s: %d %s", p, w.Code, w.Body)
				}
				method, mine := path(p, own)
				if w := e.send(method, mine, body, acctHome, caioTok, true); !photo && w.Code == http.StatusNotFound || w.Code == http.StatusForbidden {
					t.Errorf("Caio on his own: %s: %d %s", p, w.Code, w.Body)
				}
			}

			// The lists: his own rows only, whatever the filter asks (the
			// lead of his deleted listing stays his, and so does the copy
			// of it the duplicate route made).
			second := listingOf("Apartamento do Caio", "apartamento-do-caio", caio.ID)
			w := e.send("GET", "/api/admin/properties", nil, acctHome, caioTok)
			wantStatus(t, "Caio's listings", w, http.StatusOK)
			if l := decodeJSON[map[string]any](t, "list", w); acctAt(l, "total") != float64(2) || acctAt(l, "items", 0, "id") != second.property ||
				acctAt(l, "items", 1, "title") != "Casa do Caio (cópia)" {
				t.Errorf("Caio's listings: %v", l)
			}
			for _, q := range []string{"", "?assigned_to=me", "?assigned_to=" + strconv.FormatInt(caio.ID, 10)} {
				w = e.send("GET", "/api/admin/leads"+q, nil, acctHome, caioTok)
				wantStatus(t, "Caio's leads"+q, w, http.StatusOK)
				if l := decodeJSON[map[string]any](t, "leads", w); acctAt(l, "total") != float64(2) || acctAt(l, "items", 0, "id") != mustFloat(second.lead) ||
					acctAt(l, "items", 1, "id") != mustFloat(own.lead) {
					t.Errorf("Caio's leads%s: %v", q, l)
				} else {
					// The unread count is of his leads only.
					novo := 0
					for _, it := range l["items"].([]any) {
						if it.(map[string]any)["status"] == "novo" {
							novo++
						}
					}
					if acctAt(l, "unread") != float64(novo) {
						t.Errorf("Caio's unread%s = %v, want %d", q, acctAt(l, "unread"), novo)
					}
				}
			}
			for _, q := range []string{"?assigned_to=none", "?assigned_to=" + strconv.FormatInt(bia.ID, 10)} {
				w = e.send("GET", "/api/admin/leads"+q, nil, acctHome, caioTok)
				if l := decodeJSON[map[string]any](t, "leads", w); acctAt(l, "total") != float64(0) {
					t.Errorf("Caio asks for others' leads %s: %v", q, l)
				}
			}
			wantError(t, "Caio's CSV", e.send("GET", "/api/admin/leads.csv", nil, acctHome, caioTok), http.StatusForbidden,
				"Você não tem permissão para esta ação.")

			// Created by him, a listing is his; he cannot give one away.
			w = e.send("POST", "/api/admin/properties", validAdminProperty("Terreno do Caio"), acctHome, caioTok)
			wantStatus(t, "Caio creates", w, http.StatusCreated)
			if v := decodeJSON[map[string]any](t, "created", w); v["broker_id"] != float64(caio.ID) {
				t.Errorf("created by Caio: broker_id %v", v["broker_id"])
			}
			wantInvalid(t, "Caio gives his listing to Bia", e.send("PUT", "/api/admin/properties/"+second.property,
				map[string]any{"broker_id": bia.ID}, acctHome, caioTok, true), "broker_id")
		})
	}
}

func mustFloat(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

// validAdminProperty is the smallest body that creates a listing.
func validAdminProperty(title string) map[string]any {
	return map[string]any{"title": title, "price": "250000.00", "type": "venda",
		"subtype": map[string]any{"name": "Terreno"}, "city": map[string]any{"name": "Florianópolis", "state": "SC"},
		"neighborhood": map[string]any{"name": "Itacorubi"}}
}
