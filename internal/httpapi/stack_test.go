package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// stack is the service's handler on a real, empty database of one dialect,
// with an admin token, made by harness.start. Every request under /api/
// and its answer are checked against the API document (checkedHandler).
type stack struct {
	t     testing.TB
	store *store.Store
	h     http.Handler // the checked handler, to call in process
	token string
	dsn   string           // the database, for another instance on it (storetest.OpenAt)
	srv   *httptest.Server // the server when requests cross a real connection (harness.Network); nil in process
	bad   bool             // requests break the document on purpose (badInput)
}

// harness is how a test runs the service: the one way HTTP tests start it.
type harness struct {
	// Dialect is the database: "sqlite" (a file) or "postgres" (a schema of
	// its own, see storetest); "" is "sqlite".
	Dialect string
	// Network serves the handler on a loopback listener (httptest.Server):
	// requests cross a real connection. Otherwise the handler is called in
	// process, and a test may choose each request's peer address (from).
	Network bool
	// Config is the server's configuration; start sets its Store.
	// CacheBytes 0 is the cache off.
	Config httpapi.Config
}

// start runs the service for t: a new database, the server's background
// work, an admin token named "seguranca", and the checked handler; all of
// it ends with t.
func (h harness) start(t testing.TB) *stack {
	t.Helper()
	dialect := h.Dialect
	if dialect == "" {
		dialect = "sqlite"
	}
	dsn := storetest.DSN(t, dialect)
	st := storetest.OpenAt(t, dsn, store.Options{})
	cfg := h.Config
	cfg.Store = st
	srv := httpapi.New(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { srv.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	token, err := st.CreateToken(context.Background(), "seguranca")
	if err != nil {
		t.Fatal(err)
	}
	s := &stack{t: t, store: st, h: checkedHandler(t, srv.Handler()), token: token, dsn: dsn}
	if h.Network {
		s.srv = httptest.NewServer(s.h)
		t.Cleanup(s.srv.Close)
	}
	return s
}

// testIndex stands for the built web client: the head marker where the
// server renders a property's meta tags, and a module script.
const testIndex = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="UTF-8">
<title>Vitrine — Imóveis</title>
<!--vitrine:head-->
<script type="module" crossorigin src="/assets/index-abc123.js"></script>
</head>
<body><div id="root"></div></body>
</html>
`

// newStack is the service called in process, with the test pages of the
// web client unless cfg has its own.
func newStack(t testing.TB, dialect string, cfg httpapi.Config) *stack {
	t.Helper()
	if cfg.Pages == nil {
		cfg.Pages = fstest.MapFS{
			"index.html":             {Data: []byte(testIndex)},
			"assets/index-abc123.js": {Data: []byte("console.log('vitrine')")},
		}
	}
	return harness{Dialect: dialect, Config: cfg}.start(t)
}

// badInput returns s for requests that break the API document on purpose:
// the checker skips their validation, never that of their answers.
func (s *stack) badInput() *stack {
	b := *s
	b.bad = true
	return &b
}

// newRequest builds a request: for a handler called in process when target
// is a path, and for a client to send when it is a whole URL. body is sent
// as is when it is a string or []byte, and as JSON otherwise. Headers come
// in name, value pairs.
func newRequest(t testing.TB, method, target string, body any, headers ...string) *http.Request {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	var r *http.Request
	if strings.HasPrefix(target, "/") {
		r = httptest.NewRequest(method, target, rd)
	} else {
		var err error
		if r, err = http.NewRequest(method, target, rd); err != nil {
			t.Fatal(err)
		}
	}
	if rd != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	return r
}

// serve runs one request through the whole handler: in process, or sent
// to the server when it is on the network (r's peer address is then the
// client's own).
func (s *stack) serve(r *http.Request) *httptest.ResponseRecorder {
	s.t.Helper()
	if s.bad {
		r.Header.Set(badInputHeader, "1")
	}
	w := httptest.NewRecorder()
	if s.srv == nil {
		s.h.ServeHTTP(w, r)
		return w
	}
	if r.URL.Host == "" { // a server request, made for a path
		r = r.Clone(r.Context())
		r.RequestURI, r.Host = "", ""
		u, err := url.Parse(s.srv.URL + r.URL.RequestURI())
		if err != nil {
			s.t.Fatal(err)
		}
		r.URL = u
	}
	res, err := s.srv.Client().Do(r)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	maps.Copy(w.Header(), res.Header)
	w.WriteHeader(res.StatusCode)
	if _, err := io.Copy(w.Body, res.Body); err != nil {
		s.t.Fatal(err)
	}
	return w
}

// call sends a request without credentials.
func (s *stack) call(method, path string, body any, headers ...string) *httptest.ResponseRecorder {
	s.t.Helper()
	return s.serve(newRequest(s.t, method, path, body, headers...))
}

// admin sends a request with the admin token.
func (s *stack) admin(method, path string, body any) *httptest.ResponseRecorder {
	s.t.Helper()
	return s.call(method, path, body, "Authorization", "Bearer "+s.token)
}

// property stores a realistic property titled title with slug slug.
func (s *stack) property(title, slug string) listing.Property {
	s.t.Helper()
	u := storetest.Apartment(title)
	u.Slug = &slug
	p, err := s.store.CreateProperty(context.Background(), u)
	if err != nil {
		s.t.Fatal(err)
	}
	return p
}

// counts returns how many properties (active or not) and leads are stored.
func (s *stack) counts() (properties, leads int) {
	s.t.Helper()
	ctx := context.Background()
	pp, err := s.store.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 1})
	if err != nil {
		s.t.Fatal(err)
	}
	lp, err := s.store.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 1})
	if err != nil {
		s.t.Fatal(err)
	}
	return pp.Total, lp.Total
}

// wantStatus fails the test when w's status is not want.
func wantStatus(t testing.TB, what string, w *httptest.ResponseRecorder, want int) {
	t.Helper()
	if w.Code != want {
		t.Fatalf("%s: status %d, want %d; body %s", what, w.Code, want, w.Body)
	}
}

// wantError fails the test unless w is status with the JSON body
// {"error": msg}.
func wantError(t testing.TB, what string, w *httptest.ResponseRecorder, status int, msg string) {
	t.Helper()
	wantStatus(t, what, w, status)
	var body struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.Error != msg {
		t.Fatalf("%s: body %s, want {\"error\":%q}", what, w.Body, msg)
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s: Content-Type %q, want JSON", what, ct)
	}
}

// contactBody is a valid contact form.
func contactBody(name string) map[string]string {
	return map[string]string{"name": name, "email": "visitante@example.com", "phone": "48 99999-0000",
		"message": "Gostaria de agendar uma visita a este imóvel."}
}
