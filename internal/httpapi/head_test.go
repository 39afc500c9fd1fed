package httpapi_test

import (
	"net/http"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestHeadAndNotModified sends HEAD and conditional reads over the network,
// on PostgreSQL with the cache on, so that the document checker sees those
// answers too: a HEAD has its GET's status and headers and no body; a list
// or detail the client holds is a 304.
func TestHeadAndNotModified(t *testing.T) {
	t.Parallel()
	s := httpapi.Harness{Dialect: "postgres", Network: true, Config: httpapi.Config{CacheBytes: 8 << 20}}.Start(t)
	p, err := s.Store.CreateProperty(t.Context(), storetest.Apartment("Casa de Cabeça"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/v1/properties/" + p.Slug, "/api/properties/" + p.Slug, "/api/v1/properties", "/api/admin/properties", "/api/v1/properties/nao-existe"} {
		get := s.Admin(http.MethodGet, path, nil)
		head := s.Admin(http.MethodHead, path, nil)
		if head.Code != get.Code || head.Body.Len() != 0 {
			t.Errorf("HEAD %s: %d with %d bytes, GET answered %d", path, head.Code, head.Body.Len(), get.Code)
		}
		for _, h := range []string{"Content-Type", "Etag", "Cache-Control"} {
			if head.Header().Get(h) != get.Header().Get(h) {
				t.Errorf("HEAD %s: %s %q, GET has %q", path, h, head.Header().Get(h), get.Header().Get(h))
			}
		}
		if etag := get.Header().Get("Etag"); etag != "" {
			wantStatus(t, "If-None-Match on "+path, s.Call(http.MethodGet, path, nil, "If-None-Match", etag), http.StatusNotModified)
		}
	}
}
