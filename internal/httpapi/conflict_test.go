package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestConflictAndIDAnswers runs, on both databases, the answers that the
// store's errors decide: a taken slug is a 409 naming the field, and an
// id in a form other than the canonical UUID is a 404, never a 500.
func TestConflictAndIDAnswers(t *testing.T) {
	t.Parallel()
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			s := httpapi.Harness{Dialect: dialect, Network: true, Config: httpapi.Config{CacheBytes: 1 << 20}}.Start(t)
			// call sends a request as the administrator.
			call := func(method, path string, body any) (int, string) {
				t.Helper()
				w := s.Admin(method, path, body)
				return w.Code, strings.TrimSpace(w.Body.String())
			}
			// badCall sends one that breaks the document's id pattern on purpose.
			badCall := func(method, path string, body any) (int, string) {
				t.Helper()
				w := s.BadInput().Admin(method, path, body)
				return w.Code, strings.TrimSpace(w.Body.String())
			}
			property := func(title string) map[string]any {
				return map[string]any{"title": title, "price": "450000.00", "type": "venda",
					"subtype": map[string]any{"name": "Casa"}, "city": map[string]any{"name": "Florianópolis", "state": "SC"},
					"neighborhood": map[string]any{"name": "Centro"}}
			}
			const slugTaken = `{"error":"Já existe um imóvel com este endereço de página","details":{"slug":["Este endereço de página já está em uso."]}}`

			if status, body := call("POST", "/api/admin/properties", property("Casa Azul")); status != http.StatusCreated {
				t.Fatalf("create: %d %s", status, body)
			}
			if status, body := call("POST", "/api/admin/properties", property("Casa Azul")); status != http.StatusConflict || body != slugTaken {
				t.Errorf("second Casa Azul: %d %s, want 409 %s", status, body, slugTaken)
			}
			status, body := call("POST", "/api/admin/properties", property("Casa Verde"))
			var created struct{ ID string }
			if json.Unmarshal([]byte(body), &created); status != http.StatusCreated || created.ID == "" {
				t.Fatalf("create: %d %s", status, body)
			}
			if status, body := call("PUT", "/api/admin/properties/"+created.ID, map[string]any{"slug": "casa-azul"}); status != http.StatusConflict || body != slugTaken {
				t.Errorf("update to a taken slug: %d %s, want 409 %s", status, body, slugTaken)
			}

			if status, body := call("GET", "/api/admin/properties/"+strings.ToUpper(created.ID), nil); status != http.StatusOK {
				t.Errorf("upper case id: %d %s, want 200", status, body)
			}
			for _, id := range []string{"urn:uuid:" + created.ID, "%7B" + created.ID + "%7D", strings.ReplaceAll(created.ID, "-", "")} {
				for _, method := range []string{"GET", "PUT", "DELETE"} {
					if status, body := badCall(method, "/api/admin/properties/"+id, map[string]any{"title": "Outra"}); status != http.StatusNotFound {
						t.Errorf("%s %s: %d %s, want 404", method, id, status, body)
					}
				}
				if status, body := badCall("GET", "/api/admin/leads?property_id="+id, nil); status != http.StatusOK || !strings.Contains(body, `"total":0`) {
					t.Errorf("leads of %s: %d %s, want 200 and none", id, status, body)
				}
			}
		})
	}
}
