package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
)

const (
	msgContactLimited = "Muitas mensagens enviadas. Tente novamente mais tarde."
	msgAuthLimited    = "Muitas tentativas de acesso. Tente novamente mais tarde."
)

// leadCount returns how many leads are stored.
func leadCount(s *stack) int {
	_, n := s.Counts()
	return n
}

// wantRetryAfter fails unless w carries a Retry-After of whole seconds
// between 1 and max.
func wantRetryAfter(t *testing.T, w *httptest.ResponseRecorder, max time.Duration) {
	t.Helper()
	n, err := strconv.Atoi(w.Header().Get("Retry-After"))
	if err != nil || n < 1 || time.Duration(n)*time.Second > max {
		t.Fatalf("Retry-After %q, want whole seconds between 1 and %v", w.Header().Get("Retry-After"), max)
	}
}

// TestContactRateLimit: the default 5 per 10 minutes per client address
// and property. The same form sent twice in a row is two leads; the sixth
// is a 429 that stores nothing; another property or another client is
// counted apart.
func TestContactRateLimit(t *testing.T) {
	t.Parallel()
	limit, err := httpapi.ParseRate("5/10m")
	if err != nil {
		t.Fatal(err)
	}
	s := newStack(t, "sqlite", httpapi.Config{ContactLimit: limit})
	casa := s.Property("Casa na praia", "casa-na-praia")
	outra := s.Property("Outra casa", "outra-casa")
	contact := func(slug string) string { return "/api/v1/properties/" + slug + "/contact" }
	const visitor = "203.0.113.7:51000"

	same := contactBody("Ana Souza")
	for i := 1; i <= 5; i++ {
		w := s.From(visitor, "POST", contact(casa.Slug), same)
		wantStatus(t, "submission "+strconv.Itoa(i), w, http.StatusCreated)
	}
	if n := leadCount(s); n != 5 {
		t.Fatalf("%d leads after five submissions (two identical in a row), want 5", n)
	}

	w := s.From(visitor, "POST", contact(casa.Slug), same)
	wantError(t, "sixth submission", w, http.StatusTooManyRequests, msgContactLimited)
	wantRetryAfter(t, w, 10*time.Minute)
	if n := leadCount(s); n != 5 {
		t.Fatalf("%d leads after the refused sixth, want 5", n)
	}
	// A different port of the same address is the same client.
	w = s.From("203.0.113.7:51001", "POST", contact(casa.Slug), same)
	wantStatus(t, "same address, other port", w, http.StatusTooManyRequests)

	wantStatus(t, "same client, other property", s.From(visitor, "POST", contact(outra.Slug), same), http.StatusCreated)
	wantStatus(t, "other client, same property", s.From("198.51.100.20:4000", "POST", contact(casa.Slug), same), http.StatusCreated)
	wantStatus(t, "other IPv6 client", s.From("[2001:db8::1]:4000", "POST", contact(casa.Slug), same), http.StatusCreated)
	if n := leadCount(s); n != 8 {
		t.Fatalf("%d leads, want 8", n)
	}
}

// TestContactRateLimitForwardedFor: X-Forwarded-For is believed only from
// a trusted proxy. From anyone else a forged header changes nothing; from a
// trusted proxy it names the client, and a client cannot escape by
// prepending addresses of its own.
func TestContactRateLimitForwardedFor(t *testing.T) {
	t.Parallel()
	proxies, err := httpapi.ParsePrefixes("10.0.0.0/8, 192.168.1.10")
	if err != nil {
		t.Fatal(err)
	}
	s := newStack(t, "sqlite", httpapi.Config{ContactLimit: httpapi.Rate{N: 2, Per: 10 * time.Minute}, TrustedProxies: proxies})
	casa := s.Property("Casa no morro", "casa-no-morro")
	path := "/api/v1/properties/" + casa.Slug + "/contact"
	body := contactBody("Bruno Lima")
	xff := func(v string) []string { return []string{"X-Forwarded-For", v} }

	t.Run("untrusted peer", func(t *testing.T) {
		const peer = "203.0.113.50:40000"
		for i := 0; i < 2; i++ {
			wantStatus(t, "within the limit", s.From(peer, "POST", path, body, xff("198.51.100."+strconv.Itoa(i))...), http.StatusCreated)
		}
		for _, forged := range []string{"198.51.100.99", "10.0.0.1", "198.51.100.98, 10.1.1.1", "::1"} {
			w := s.From(peer, "POST", path, body, xff(forged)...)
			wantError(t, "forged X-Forwarded-For "+forged, w, http.StatusTooManyRequests, msgContactLimited)
		}
	})

	t.Run("trusted proxy", func(t *testing.T) {
		const proxy = "10.20.30.40:8080"
		for i := 0; i < 2; i++ {
			wantStatus(t, "client A", s.From(proxy, "POST", path, body, xff("198.51.100.1")...), http.StatusCreated)
		}
		wantError(t, "client A, third", s.From(proxy, "POST", path, body, xff("198.51.100.1")...),
			http.StatusTooManyRequests, msgContactLimited)
		// A's own header, appended to by the proxy: the rightmost untrusted
		// address is still A.
		wantStatus(t, "client A prepending", s.From(proxy, "POST", path, body, xff("1.2.3.4, 198.51.100.1")...),
			http.StatusTooManyRequests)
		// Through a chain of trusted proxies.
		wantStatus(t, "client A via two proxies", s.From("192.168.1.10:9000", "POST", path, body,
			xff("198.51.100.1, 10.9.9.9")...), http.StatusTooManyRequests)
		// Another client behind the same proxy has its own allowance.
		wantStatus(t, "client B", s.From(proxy, "POST", path, body, xff("198.51.100.2")...), http.StatusCreated)
		// The proxy itself, with no header, is one more client.
		wantStatus(t, "proxy without header", s.From(proxy, "POST", path, body), http.StatusCreated)
	})
}

// TestAdminAuthRateLimit: failed admin authentications answer 401 until
// the address's allowance is spent, then 429 with Retry-After; a good
// token is never refused, from that address either; other addresses are
// not affected, and good tokens spend nothing.
func TestAdminAuthRateLimit(t *testing.T) {
	t.Parallel()
	s := newStack(t, "sqlite", httpapi.Config{AuthFailLimit: httpapi.Rate{N: 10, Per: 5 * time.Minute}})
	const guesser, admin = "203.0.113.9:50000", "198.51.100.30:50000"
	good := []string{"Authorization", "Bearer " + s.Token}

	for i := 0; i < 30; i++ {
		wantStatus(t, "good token", s.From(admin, "GET", "/api/admin/properties", nil, good...), http.StatusOK)
	}
	for i := 1; i <= 10; i++ {
		var w *httptest.ResponseRecorder
		if i%2 == 0 {
			w = s.BadInput().From(guesser, "GET", "/api/admin/properties", nil, "Authorization", "Bearer vtr_palpite"+strconv.Itoa(i))
		} else {
			w = s.BadInput().From(guesser, "GET", "/api/admin/leads", nil)
		}
		wantStatus(t, "failure "+strconv.Itoa(i), w, http.StatusUnauthorized)
		if w.Header().Get("WWW-Authenticate") == "" {
			t.Fatalf("failure %d: 401 without WWW-Authenticate", i)
		}
	}
	for _, h := range [][]string{{"Authorization", "Bearer vtr_mais-um"}, {"Authorization", "Bearer vt_bem-formado-mas-errado"}, nil} {
		w := s.BadInput().From(guesser, "GET", "/api/admin/properties", nil, h...)
		wantError(t, "after ten failures", w, http.StatusTooManyRequests, msgAuthLimited)
		wantRetryAfter(t, w, 5*time.Minute)
		if w.Header().Get("Cache-Control") != "no-store" {
			t.Fatalf("429 of an admin route without no-store")
		}
	}
	wantStatus(t, "good token after ten failures", s.From(guesser, "GET", "/api/admin/properties", nil, good...), http.StatusOK)
	wantStatus(t, "other address", s.From(admin, "GET", "/api/admin/properties", nil, good...), http.StatusOK)
	wantStatus(t, "public route from the guesser", s.From(guesser, "GET", "/api/v1/properties", nil), http.StatusOK)
}

// TestParseRate covers the flag syntax of the limits.
func TestParseRate(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]httpapi.Rate{
		"5/10m": {N: 5, Per: 10 * time.Minute}, "10/5m": {N: 10, Per: 5 * time.Minute},
		"3/m": {N: 3, Per: time.Minute}, "off": {}, "0": {},
	} {
		got, err := httpapi.ParseRate(in)
		if err != nil || got != want {
			t.Errorf("ParseRate(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "5", "x/10m", "-1/m", "5/-1m", "5/abc"} {
		if _, err := httpapi.ParseRate(in); err == nil {
			t.Errorf("ParseRate(%q) accepted", in)
		}
	}
	p, err := httpapi.ParsePrefixes("10.0.0.0/8, 192.168.1.10, ::1")
	if err != nil || len(p) != 3 || !p[1].Contains(netip.MustParseAddr("192.168.1.10")) || p[1].Bits() != 32 {
		t.Errorf("ParsePrefixes: %v %v", p, err)
	}
	if _, err := httpapi.ParsePrefixes("10.0.0.0/8, proxy.local"); err == nil {
		t.Error("ParsePrefixes accepted a host name")
	}
}

// TestAdminAuthLimitNeverRefusesGoodTokens, on the network: 50 requests
// with a good token sent at once from one address, over an allowance of
// 10, are all served (the token table is locked until every request is
// at the database or answered, so they are truly concurrent); after bad
// tokens from that address have spent the allowance, a bad one is a 429
// with Retry-After and the good token still works.
func TestAdminAuthLimitNeverRefusesGoodTokens(t *testing.T) {
	t.Parallel()
	const n = 50
	s := httpapi.Harness{Dialect: "postgres", Network: true,
		Config: httpapi.Config{AuthFailLimit: httpapi.Rate{N: 10, Per: 5 * time.Minute}}}.Start(t)
	good := []string{"Authorization", "Bearer " + s.Token}

	reqs := make([]*http.Request, n)
	for i := range reqs {
		reqs[i] = httpapi.NewRequest(t, "GET", "/api/admin/properties", nil, good...)
	}
	answers := serveAtOnce(t, s, "admin_tokens", reqs)
	for i, w := range answers {
		wantStatus(t, "concurrent good token "+strconv.Itoa(i), w, http.StatusOK)
	}

	for i := range 10 {
		wantStatus(t, "bad token "+strconv.Itoa(i), s.BadInput().Call("GET", "/api/admin/properties", nil,
			"Authorization", "Bearer vt_palpite"+strconv.Itoa(i)), http.StatusUnauthorized)
	}
	w := s.BadInput().Call("GET", "/api/admin/properties", nil, "Authorization", "Bearer vt_mais-um")
	wantError(t, "bad token past the allowance", w, http.StatusTooManyRequests, msgAuthLimited)
	wantRetryAfter(t, w, 5*time.Minute)
	for range 3 {
		wantStatus(t, "good token past the allowance", s.Call("GET", "/api/admin/properties", nil, good...), http.StatusOK)
	}
}
