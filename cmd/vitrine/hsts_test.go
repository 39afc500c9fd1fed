package main

import (
	"net/http"
	"testing"
)

// TestHSTSBehindTrustedProxy: through the real server, a trusted proxy
// that forwards X-Forwarded-Proto: https gets Strict-Transport-Security,
// on pages and the API; a peer outside --trusted-proxies saying the same
// does not, nor does the proxy forwarding http.
func TestHSTSBehindTrustedProxy(t *testing.T) {
	t.Parallel()
	trusted := startInProcess(t, serveOptions{}, "--trusted-proxies", "127.0.0.0/8", "--log-level", "warn")
	untrusted := startInProcess(t, serveOptions{}, "--trusted-proxies", "10.0.0.0/8", "--log-level", "warn")
	const want = "max-age=31536000"
	for _, c := range []struct {
		what, base, proto, want string
	}{
		{"a trusted proxy forwarding https", trusted.url, "https", want},
		{"a trusted proxy forwarding http", trusted.url, "http", ""},
		{"a trusted proxy forwarding nothing", trusted.url, "", ""},
		{"an untrusted peer saying https", untrusted.url, "https", ""},
	} {
		for _, path := range []string{"/", "/api/v1/properties", "/healthz"} {
			req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if c.proto != "" {
				req.Header.Set("X-Forwarded-Proto", c.proto)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if got := res.Header.Get("Strict-Transport-Security"); got != c.want {
				t.Errorf("GET %s from %s (%d): Strict-Transport-Security %q, want %q", path, c.what, res.StatusCode, got, c.want)
			}
		}
	}
}
