package httpapi

import (
	"bufio"
	"net/http"
	"strings"
	"testing"
)

// checkDispatch fails when dispatch would answer a request that the mux
// routes elsewhere, or with another slug than the mux's.
func checkDispatch(t *testing.T, mux *http.ServeMux, method, target string) (fast bool) {
	t.Helper()
	// The request as the server reads it off the wire, so that the path
	// is parsed (and left unparsed) exactly as it is for a client.
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(method + " " + target + " HTTP/1.1\r\nHost: x\r\n\r\n")))
	if err != nil {
		return false // the server would answer 400 before any routing
	}
	slug, fast := detailSlug(r)
	if !fast {
		return false
	}
	if _, pattern := mux.Handler(r); pattern != patternDetail {
		t.Fatalf("%s %s: dispatched as the detail read, the mux routes it to %q", method, target, pattern)
	}
	var muxSlug string
	one := http.NewServeMux()
	one.HandleFunc(patternDetail, func(_ http.ResponseWriter, r *http.Request) { muxSlug = r.PathValue("slug") })
	one.ServeHTTP(nil, r)
	if muxSlug != slug {
		t.Fatalf("%s %s: dispatched with slug %q, the mux reads %q", method, target, slug, muxSlug)
	}
	return true
}

func TestDispatchAgreesWithTheMux(t *testing.T) {
	t.Parallel()
	mux := New(Config{}).routes()
	for _, c := range []struct {
		method, target string
		fast           bool
	}{
		{"GET", "/api/v1/properties/casa-verde-1", true},
		{"HEAD", "/api/v1/properties/casa-verde-1", true},
		{"GET", "/api/v1/properties/casa-verde-1?utm_source=zap", true},
		{"POST", "/api/v1/properties/casa-verde-1", false},
		{"PUT", "/api/v1/properties/casa-verde-1", false},
		{"GET", "/api/v1/properties/casa-verde-1/", false},
		{"GET", "/api/v1/properties/casa-verde-1/contact", false},
		{"GET", "/api/v1/properties/", false},
		{"GET", "/api/v1/properties", false},
		{"GET", "/api/v1/properties/Casa", false},
		{"GET", "/api/v1/properties/casa%2Dverde", false}, // the mux unescapes it
		{"GET", "/api/v1/properties/a%2Fb", false},
		{"GET", "/api/v1/properties/..", false},
		{"GET", "/api/v1/properties/./casa", false},
		{"GET", "/api/v1/properties//casa", false},
		{"GET", "/api/v1//properties/casa", false},
		{"GET", "/api/properties/casa-verde-1", false}, // the older address goes through the mux
		{"GET", "http://x/api/v1/properties/casa-verde-1", true},
	} {
		if got := checkDispatch(t, mux, c.method, c.target); got != c.fast {
			t.Errorf("%s %s: dispatched before the mux %v, want %v", c.method, c.target, got, c.fast)
		}
	}
}

// FuzzDispatch checks, for any request target, that a request dispatch
// takes is one the mux gives the detail read with the same slug.
func FuzzDispatch(f *testing.F) {
	mux := New(Config{}).routes()
	for _, s := range []string{"/api/v1/properties/casa-1", "/api/v1/properties/%63asa", "/api/v1/properties/a/../b", "/api/v1/properties/a;b"} {
		f.Add("GET", s)
	}
	f.Fuzz(func(t *testing.T, method, target string) {
		if strings.ContainsAny(method+target, " \r\n") {
			return
		}
		checkDispatch(t, mux, method, target)
	})
}
