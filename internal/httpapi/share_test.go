package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestShare: a share answers 204 and counts per channel in the metric,
// up to three per client and property in the window, and per property
// in the admin views, leaving the detail's ETag and the catalogue
// version alone; a bad channel is a 422, an unknown or inactive listing
// a 404, and neither counts.
func TestShare(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			reg := prometheus.NewRegistry()
			s := httpapi.Harness{Dialect: d, Solo: true, Config: httpapi.Config{Metrics: reg, CacheBytes: 1 << 20}}.Start(t)
			p := s.Property("Apartamento Centro", "apartamento-centro")
			hidden := s.Property("Casa Lagoa", "casa-lagoa")
			if _, err := s.Store.UpdateProperty(t.Context(), hidden.ID, listing.PropertyUpdate{IsActive: storetest.Ptr(false)}); err != nil {
				t.Fatal(err)
			}
			share := "/api/v1/properties/apartamento-centro/share"
			detail := s.Call("GET", "/api/v1/properties/apartamento-centro", nil)
			wantStatus(t, "detail", detail, http.StatusOK)
			version, err := s.Store.CatalogVersion(t.Context())
			if err != nil {
				t.Fatal(err)
			}

			// Four from one address (the fourth past its limit), one from another.
			for _, c := range []struct{ from, channel string }{
				{"203.0.113.5:1000", "whatsapp"}, {"203.0.113.5:1000", "link"}, {"203.0.113.5:2000", "nativo"},
				{"203.0.113.5:1000", "whatsapp"}, {"198.51.100.7:1000", "link"},
			} {
				w := s.From(c.from, "POST", share, map[string]any{"channel": c.channel})
				wantStatus(t, "share "+c.from+" "+c.channel, w, http.StatusNoContent)
			}
			bad := s.BadInput()
			for _, body := range []map[string]any{{"channel": "facebook"}, {}, {"channel": 1}, {"channel": "link", "email": "a@b.c"}} {
				wantStatus(t, "share "+jsonText(body), bad.Call("POST", share, body), http.StatusUnprocessableEntity)
			}
			wantError(t, "inactive", bad.Call("POST", "/api/v1/properties/casa-lagoa/share", map[string]any{"channel": "link"}), http.StatusNotFound, "Imóvel não encontrado")
			wantError(t, "unknown", bad.Call("POST", "/api/v1/properties/nao-existe/share", map[string]any{"channel": "link"}), http.StatusNotFound, "Imóvel não encontrado")

			fams := gather(t, reg)
			for channel, want := range map[string]float64{"whatsapp": 1, "link": 2, "nativo": 1} {
				if v := metricsValue(fams, "vitrine_shares_total", "channel", channel); v != want {
					t.Errorf("vitrine_shares_total{channel=%q} = %v, want %v", channel, v, want)
				}
			}
			admin := decodeMap(t, s.Admin("GET", "/api/admin/properties/"+p.ID, nil).Body.Bytes())
			wantFields(t, "admin view", admin, map[string]any{"shares": 4.0, "whatsapp_clicks": 0.0})
			wantCounted(t, s, "shares", map[string]float64{p.ID: 4}, "apartamento-centro", detail, version)
		})
	}
}

// TestShareGlobalCeiling: past the server's ceiling, shares from new
// addresses are answered and not counted.
func TestShareGlobalCeiling(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{ShareGlobalLimit: httpapi.Rate{N: 2, Per: time.Hour}})
	p := s.Property("Apartamento Centro", "apartamento-centro")
	for _, from := range []string{"203.0.113.1:1", "203.0.113.2:1", "203.0.113.3:1"} {
		wantStatus(t, "share "+from, s.From(from, "POST", "/api/v1/properties/apartamento-centro/share", map[string]any{"channel": "link"}), http.StatusNoContent)
	}
	got, err := s.Store.Property(t.Context(), p.ID)
	if err != nil || got.Shares != 2 {
		t.Errorf("stored shares %d (%v), want 2", got.Shares, err)
	}
}
