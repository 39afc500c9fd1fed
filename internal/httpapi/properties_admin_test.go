package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestAdminPropertyListQuery: the admin list's search, filters and
// orders through the API, its lead counts, and its refusals, on both
// databases.
func TestAdminPropertyListQuery(t *testing.T) {
	t.Parallel()
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := httpapi.Harness{Dialect: d}.Start(t)
			ctx := context.Background()
			casa := s.Property("Casa no Itacorubí", "casa-no-itacorubi")
			apto := s.Property("Apartamento Centro", "apartamento-centro")
			off := false
			if _, err := s.Store.UpdateProperty(ctx, apto.ID, listing.PropertyUpdate{IsActive: &off, Code: storetest.Ptr("CEN-9"),
				Price: storetest.Ptr(listing.Money(10000000))}); err != nil {
				t.Fatal(err)
			}
			for range 2 {
				s.Call("POST", "/api/v1/properties/"+casa.Slug+"/contact", contactBody("Ana"))
			}
			list := func(query string) (titles []string, body map[string]any) {
				t.Helper()
				w := s.Admin("GET", "/api/admin/properties"+query, nil)
				wantStatus(t, query, w, http.StatusOK)
				json.Unmarshal(w.Body.Bytes(), &body)
				items, _ := body["items"].([]any)
				for _, it := range items {
					titles = append(titles, it.(map[string]any)["title"].(string))
				}
				return titles, body
			}
			for query, want := range map[string]string{
				"?q=" + url.QueryEscape("ITACORUBI"): "Casa no Itacorubí",
				"?q=cen-9":                           "Apartamento Centro",
				"?q=%25":                             "",
				"?active=false":                      "Apartamento Centro",
				"?active=true&status=disponivel":     "Casa no Itacorubí",
				"?business=aluguel":                  "",
				"?sort=price_asc":                    "Apartamento Centro,Casa no Itacorubí",
				"?sort=title&per_page=1":             "Apartamento Centro",
				"?sort=updated":                      "Apartamento Centro,Casa no Itacorubí",
				"?sort=oldest":                       "Casa no Itacorubí,Apartamento Centro",
				"":                                   "Apartamento Centro,Casa no Itacorubí",
			} {
				titles, body := list(query)
				if got := strings.Join(titles, ","); got != want {
					t.Errorf("%s: %q, want %q", query, got, want)
				}
				if strings.Contains(query, "sort=title") && (body["next_cursor"] != nil || body["total"] != float64(2)) {
					t.Errorf("%s: another order than newest pages by page alone: %v", query, body)
				}
			}
			_, body := list("?q=itacorubi")
			item := body["items"].([]any)[0].(map[string]any)
			if item["lead_count"] != float64(2) || item["unread_leads"] != float64(2) || item["status"] != "disponivel" ||
				item["type"] != "venda" || item["is_active"] != true || item["updated_at"] == nil {
				t.Errorf("item: %v", item)
			}
			_, body = list("?per_page=1")
			next, _ := body["next_cursor"].(string)
			if next == "" {
				t.Fatalf("no cursor: %v", body)
			}
			if titles, _ := list("?per_page=1&sort=newest&cursor=" + next); strings.Join(titles, ",") != "Casa no Itacorubí" {
				t.Errorf("the next page by cursor: %v", titles)
			}
			bad := s.BadInput()
			for query, field := range map[string]string{
				"?q=" + strings.Repeat("a", 101): "q", "?q=a%00b": "q", "?active=sim": "active", "?status=novo": "status",
				"?business=temporada": "business", "?sort=preco": "sort", "?sort=title&cursor=" + next: "cursor",
				"?sort=oldest&page=201": "page",
			} {
				wantInvalid(t, query, bad.Admin("GET", "/api/admin/properties"+query, nil), field)
			}
		})
	}
}
