package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestAcceptsGzip: Accept-Encoding's weights, as RFC 9110 (section
// 12.5.3) reads them.
func TestAcceptsGzip(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		header []string // nil: no Accept-Encoding
		want   bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"gzip"}, true},
		{[]string{"GZIP"}, true},
		{[]string{"x-gzip"}, true},
		{[]string{"gzip, deflate, br, zstd"}, true},
		{[]string{"br", "gzip"}, true}, // two header lines are one list
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip; Q=0"}, false},
		{[]string{"gzip ; q=0.000"}, false},
		{[]string{"gzip;q=0.001"}, true},
		{[]string{"gzip;q=1.000"}, true},
		{[]string{"deflate, br"}, false}, // gzip not listed
		{[]string{"*"}, true},
		{[]string{"*;q=0"}, false},
		{[]string{"*;q=0, gzip"}, true},
		{[]string{"gzip;q=0, *"}, false}, // the coding named wins over "*"
		{[]string{"identity;q=0"}, false},
		{[]string{"identity;q=0, gzip"}, true},
		{[]string{"gzip;q=0.5, identity"}, false}, // identity preferred
		{[]string{"gzip;q=0.5, identity;q=0.5"}, true},
		{[]string{"gzip;q=0.5, *;q=0.2"}, true}, // "*" weighs identity too
		{[]string{"gzip;q=2"}, false},           // malformed weights: the element is left aside
		{[]string{"gzip;q=NaN"}, false},
		{[]string{"gzip;q=1.5"}, false},
		{[]string{"gzip;q=0.1234"}, false},
		{[]string{"gzip;q=-1"}, false},
		{[]string{"gzip;q=abc, *"}, true},
		{[]string{"gzipped"}, false},
		{[]string{" , ,gzip"}, true},
	} {
		h := http.Header{}
		if c.header != nil {
			h["Accept-Encoding"] = c.header
		}
		if got := acceptsGzip(h); got != c.want {
			t.Errorf("Accept-Encoding %q: gzip %v, want %v", c.header, got, c.want)
		}
	}
}

// TestGzipRefused: through the server, a detail read and a sitemap with
// "gzip;q=0" go uncompressed, and with "GZIP" compressed.
func TestGzipRefused(t *testing.T) {
	t.Parallel()
	s := Harness{Config: Config{CacheBytes: 8 << 20}}.Start(t)
	s.Property("Casa com quintal", "casa-com-quintal")
	for _, path := range []string{"/api/v1/properties/casa-com-quintal", "/sitemap.xml"} {
		for _, c := range []struct{ accept, want string }{
			{"gzip;q=0", ""},
			{"*;q=0", ""},
			{"identity;q=0", ""},
			{"GZIP", "gzip"},
			{"br;q=1, gzip;q=0.8", "gzip"},
		} {
			w := httptest.NewRecorder()
			r := httptest.NewRequest(http.MethodGet, path, nil)
			r.Header.Set("Accept-Encoding", c.accept)
			s.Server.Handler().ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				t.Fatalf("%s with %q: %d %s", path, c.accept, w.Code, w.Body)
			}
			if got := w.Header().Get("Content-Encoding"); got != c.want {
				t.Errorf("%s with Accept-Encoding %q: Content-Encoding %q, want %q", path, c.accept, got, c.want)
			}
			if c.want == "" && len(w.Body.Bytes()) > 1 && w.Body.Bytes()[0] == 0x1f && w.Body.Bytes()[1] == 0x8b {
				t.Errorf("%s with Accept-Encoding %q: the body is gzip", path, c.accept)
			}
		}
	}
}
