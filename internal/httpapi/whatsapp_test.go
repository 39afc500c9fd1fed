package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// gather reads reg's metrics by family name.
func gather(t *testing.T, reg *prometheus.Registry) map[string]*dto.MetricFamily {
	t.Helper()
	fams, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*dto.MetricFamily{}
	for _, f := range fams {
		out[f.GetName()] = f
	}
	return out
}

// TestWhatsAppClick: a click answers 204 and counts once per client and
// property in the window, in the metric and in the admin views, leaving
// the property, its ETag, the catalogue version and the cache alone.
func TestWhatsAppClick(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			reg := prometheus.NewRegistry()
			// Solo: the cache empties only for this instance's writes.
			s := httpapi.Harness{Dialect: d, Solo: true, Config: httpapi.Config{Metrics: reg, CacheBytes: 1 << 20}}.Start(t)
			p := s.Property("Apartamento Centro", "apartamento-centro")
			other := s.Property("Casa Lagoa", "casa-lagoa")
			click := "/api/v1/properties/apartamento-centro/whatsapp"

			detail := s.Call("GET", "/api/v1/properties/apartamento-centro", nil)
			wantStatus(t, "detail", detail, http.StatusOK)
			wantStatus(t, "list", s.Call("GET", "/api/v1/properties", nil), http.StatusOK)
			version, err := s.Store.CatalogVersion(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			cached := metricsValue(gather(t, reg), "vitrine_cache_entries")

			for i, from := range []string{"203.0.113.5:1000", "203.0.113.5:2000", "198.51.100.7:1000", "[2001:db8:1:2::1]:1000", "[2001:db8:1:2::99]:1000"} {
				w := s.From(from, "POST", click, nil)
				wantStatus(t, "click "+from, w, http.StatusNoContent)
				if w.Body.Len() != 0 {
					t.Errorf("click %d: body %q", i, w.Body)
				}
			}
			// Counted: 203.0.113.5 once, 198.51.100.7, and the /64 once.
			if v := metricsValue(gather(t, reg), "vitrine_cache_entries"); v != cached || cached != 2 {
				t.Errorf("cache entries %v after clicks, %v before (the detail and the list)", v, cached)
			}
			wantStatus(t, "a click on another property", s.From("203.0.113.5:1000", "POST", "/api/v1/properties/casa-lagoa/whatsapp", nil), http.StatusNoContent)

			fams := gather(t, reg)
			if v := metricsValue(fams, "vitrine_whatsapp_clicks_total"); v != 4 {
				t.Errorf("vitrine_whatsapp_clicks_total = %v, want 4", v)
			}
			if m := fams["vitrine_whatsapp_clicks_total"].GetMetric(); len(m) != 1 || len(m[0].GetLabel()) != 0 {
				t.Errorf("the click counter has labels: %v", m)
			}
			admin := decodeMap(t, s.Admin("GET", "/api/admin/properties/"+p.ID, nil).Body.Bytes())
			wantFields(t, "admin view", admin, map[string]any{"whatsapp_clicks": 3.0, "updated_at": p.UpdatedAt.Format(time.RFC3339Nano)})
			wantCounted(t, s, "whatsapp_clicks", map[string]float64{p.ID: 3, other.ID: 1}, "apartamento-centro", detail, version)
		})
	}
}

// wantCounted checks a property_stats counter, field, in the admin list
// (want by property id), and that counting left the detail at slug
// (read before as detail) and the catalogue version alone.
func wantCounted(t *testing.T, s *httpapi.Stack, field string, want map[string]float64, slug string, detail *httptest.ResponseRecorder, version int64) {
	t.Helper()
	list := decodeMap(t, s.Admin("GET", "/api/admin/properties", nil).Body.Bytes())
	for _, it := range list["items"].([]any) {
		item := it.(map[string]any)
		if w := want[item["id"].(string)]; item[field] != w {
			t.Errorf("admin list: %s has %s %v, want %v", item["slug"], field, item[field], w)
		}
	}
	again := s.Call("GET", "/api/v1/properties/"+slug, nil, "If-None-Match", detail.Header().Get("ETag"))
	wantStatus(t, "detail revalidated after counting "+field, again, http.StatusNotModified)
	if v, err := s.Store.CatalogVersion(t.Context()); err != nil || v != version {
		t.Errorf("catalogue version %d (%v) after counting %s, was %d", v, err, field, version)
	}
}

// TestWhatsAppClickNotFound: an unknown, inactive or malformed slug is a
// 404 like the detail read's, and counts nothing.
func TestWhatsAppClickNotFound(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			reg := prometheus.NewRegistry()
			s := newStack(t, d, httpapi.Config{Metrics: reg, CacheBytes: 1 << 20})
			hidden := storetest.Apartment("Casa Inativa")
			hidden.IsActive = storetest.Ptr(false)
			if _, err := s.Store.CreateProperty(t.Context(), hidden); err != nil {
				t.Fatal(err)
			}
			for _, slug := range []string{"nao-existe", "casa-inativa"} {
				wantError(t, slug, s.Call("POST", "/api/v1/properties/"+slug+"/whatsapp", nil), http.StatusNotFound, "Imóvel não encontrado")
			}
			wantError(t, "malformed slug", s.BadInput().Call("POST", "/api/v1/properties/Casa-Inativa/whatsapp", nil), http.StatusNotFound, "Imóvel não encontrado")
			wantError(t, "GET", s.BadInput().Call("GET", "/api/v1/properties/casa-inativa/whatsapp", nil), http.StatusMethodNotAllowed, "Método não permitido")

			// Deactivated after its detail was cached: not counted either.
			p := s.Property("Apartamento Centro", "apartamento-centro")
			wantStatus(t, "detail", s.Call("GET", "/api/v1/properties/apartamento-centro", nil), http.StatusOK)
			if _, err := s.Store.UpdateProperty(t.Context(), p.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
				t.Fatal(err)
			}
			w := s.Call("POST", "/api/v1/properties/apartamento-centro/whatsapp", nil)
			wantError(t, "deactivated meanwhile", w, http.StatusNotFound, "Imóvel não encontrado")
			if v := metricsValue(gather(t, reg), "vitrine_whatsapp_clicks_total"); v != 0 {
				t.Errorf("vitrine_whatsapp_clicks_total = %v, want 0", v)
			}
		})
	}
}

// TestWhatsAppClickGlobalCeiling: past the server's ceiling, clicks from
// new addresses are answered and not counted.
func TestWhatsAppClickGlobalCeiling(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	s := newStack(t, "sqlite", httpapi.Config{Metrics: reg, WhatsAppGlobalLimit: httpapi.Rate{N: 2, Per: time.Hour}})
	p := s.Property("Apartamento Centro", "apartamento-centro")
	for _, from := range []string{"203.0.113.1:1", "203.0.113.2:1", "203.0.113.3:1", "203.0.113.4:1"} {
		wantStatus(t, "click "+from, s.From(from, "POST", "/api/v1/properties/apartamento-centro/whatsapp", nil), http.StatusNoContent)
	}
	if v := metricsValue(gather(t, reg), "vitrine_whatsapp_clicks_total"); v != 2 {
		t.Errorf("vitrine_whatsapp_clicks_total = %v, want 2", v)
	}
	got, err := s.Store.Property(t.Context(), p.ID)
	if err != nil || got.WhatsAppClicks != 2 {
		t.Errorf("stored clicks %d (%v), want 2", got.WhatsAppClicks, err)
	}
}
