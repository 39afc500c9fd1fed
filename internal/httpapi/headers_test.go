package httpapi_test

import (
	"crypto/tls"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
)

// TestHSTS: Strict-Transport-Security goes with every answer that
// reached the service over https, on a TLS connection or through a
// trusted proxy that says so, pages and API alike; never over plain
// http, nor because a peer that is not trusted says https.
func TestHSTS(t *testing.T) {
	t.Parallel()
	proxies, err := httpapi.ParsePrefixes("10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	s := newStack(t, "sqlite", httpapi.Config{TrustedProxies: proxies})
	s.Property("Casa", "casa")
	const want = "max-age=31536000"
	proto := func(v string) []string { return []string{"X-Forwarded-Proto", v} }
	for _, path := range []string{"/", "/imoveis/casa", "/api/v1/properties/casa", "/api/v1/properties/nao-existe"} {
		for _, c := range []struct {
			what    string
			peer    string
			headers []string
			tls     bool
			hsts    bool
		}{
			{"a trusted proxy forwarding https", "10.1.2.3:5000", proto("https"), false, true},
			{"a trusted proxy forwarding HTTPS", "10.1.2.3:5000", proto("HTTPS"), false, true},
			{"a trusted proxy forwarding http", "10.1.2.3:5000", proto("http"), false, false},
			{"a trusted proxy appending http to a client's https", "10.1.2.3:5000", proto("https, http"), false, false},
			{"a trusted proxy with no X-Forwarded-Proto", "10.1.2.3:5000", nil, false, false},
			{"an untrusted peer saying https", "203.0.113.9:5000", proto("https"), false, false},
			{"plain http", "203.0.113.9:5000", nil, false, false},
			{"a TLS connection", "203.0.113.9:5000", nil, true, true},
		} {
			r := httpapi.NewRequest(t, http.MethodGet, path, nil, c.headers...)
			r.RemoteAddr = c.peer
			if c.tls {
				r.TLS = &tls.ConnectionState{Version: tls.VersionTLS13, HandshakeComplete: true}
			}
			w := s.Serve(r)
			got := w.Header().Get("Strict-Transport-Security")
			switch {
			case c.hsts && got != want:
				t.Errorf("GET %s from %s (%d): Strict-Transport-Security %q, want %q", path, c.what, w.Code, got, want)
			case !c.hsts && got != "":
				t.Errorf("GET %s from %s (%d): Strict-Transport-Security %q, want none", path, c.what, w.Code, got)
			}
		}
	}
}

// TestPermissionsPolicy: pages turn off the camera, the microphone and
// the position for themselves and anything they embed, and allow
// fullscreen to themselves and to exactly the video players the CSP lets
// them frame. API answers, which are no documents, go without it.
func TestPermissionsPolicy(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{})
	s.Property("Casa", "casa")
	for _, path := range []string{"/", "/imoveis/casa", "/imoveis/nao-existe", "/admin"} {
		w := s.Call(http.MethodGet, path, nil)
		policy := map[string][]string{}
		for d := range strings.SplitSeq(w.Header().Get("Permissions-Policy"), ",") {
			name, list, ok := strings.Cut(strings.TrimSpace(d), "=")
			if !ok || !strings.HasPrefix(list, "(") || !strings.HasSuffix(list, ")") {
				t.Fatalf("GET %s: malformed Permissions-Policy directive %q in %q", path, d, w.Header().Get("Permissions-Policy"))
			}
			policy[name] = strings.Fields(list[1 : len(list)-1])
		}
		for _, off := range []string{"camera", "microphone", "geolocation"} {
			if l, ok := policy[off]; !ok || len(l) != 0 {
				t.Errorf("GET %s: %s=%q, want ()", path, off, l)
			}
		}
		frames := parseCSP(w.Header().Get("Content-Security-Policy"))["frame-src"]
		want := []string{"self"}
		for _, f := range frames {
			want = append(want, `"`+f+`"`)
		}
		full := policy["fullscreen"]
		slices.Sort(full)
		slices.Sort(want)
		if len(frames) == 0 || !slices.Equal(full, want) {
			t.Errorf("GET %s: fullscreen=%q, want self and the CSP's frame-src %q", path, full, want)
		}
	}
	if got := s.Call(http.MethodGet, "/api/v1/properties/casa", nil).Header().Get("Permissions-Policy"); got != "" {
		t.Errorf("an API answer carries Permissions-Policy %q", got)
	}
}
