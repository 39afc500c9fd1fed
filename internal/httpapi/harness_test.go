package httpapi

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"encoding/json"
	"github.com/vitrine/vitrine/internal/testwait"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// This file is the one HTTP test harness of the package. Its exported
// names are seen by the external test package (httpapi_test) too, as Go
// compiles this file into the package under test.

// Harness is how a test runs the service: the one way HTTP tests start it.
type Harness struct {
	// Dialect is the database: "sqlite" (a file) or "postgres" (a schema of
	// its own, see storetest); "" is "sqlite".
	Dialect string
	// DSN is the database of another Stack (its DSN), for one more
	// instance of the service on it; "" is a new database of Dialect.
	DSN string
	// Network serves the handler on a loopback listener (httptest.Server):
	// requests cross a real connection. Otherwise the handler is called in
	// process, and a test may choose each request's peer address (From).
	Network bool
	// Solo leaves the server's background work (Server.Run) unstarted: its
	// cache then hears of writes only from this instance, whose own
	// writes a test means to see invalidate it.
	Solo bool
	// Config is the server's configuration; Start sets its Store.
	// CacheBytes 0 is the cache off.
	Config Config
	// StoreOptions open the store (a test's clock, say).
	StoreOptions store.Options
	// Media, when set, makes the server's photo hosting (Config.Media)
	// from the store Start opens, which a media service takes as its
	// catalog.
	Media func(*store.Store) Media
}

// Stack is the service's handler on a real database, with an admin
// token, made by Harness.Start. Every request under /api/ and its answer
// are checked against the API document (checkedHandler).
type Stack struct {
	T       testing.TB // where Serve and the checker report (see For)
	Store   *store.Store
	Server  *Server      // the server, for a test that looks at its cache
	Handler http.Handler // the checked handler, to call in process
	Token   string       // an administrator's token
	DSN     string       // the database, for another instance on it (Harness.DSN)
	// Net is the server when requests cross a real connection
	// (Harness.Network); nil in process.
	Net *httptest.Server
	bad bool // requests break the document on purpose (BadInput)
}

// Start runs the service for t: a database, the server's background work
// (unless Solo), an admin token, and the checked handler; all of it ends
// with t. The
// token is named "seguranca" on a new database.
func (h Harness) Start(t testing.TB) *Stack {
	t.Helper()
	dsn, name := h.DSN, "seguranca"
	if dsn == "" {
		dsn = storetest.MigratedDSN(t, cmp.Or(h.Dialect, "sqlite"))
	} else {
		name += "-" + rand.Text() // token names are unique in a database
	}
	st := storetest.OpenAt(t, dsn, h.StoreOptions)
	cfg := h.Config
	cfg.Store = st
	if h.Media != nil {
		cfg.Media = h.Media(st)
	}
	srv := New(cfg)
	if !h.Solo {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { srv.Run(ctx); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	token, err := st.CreateToken(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	s := &Stack{T: t, Store: st, Server: srv, Handler: checkedHandler(t, srv.Handler()), Token: token, DSN: dsn}
	if h.Network {
		s.Net = httptest.NewServer(s.Handler)
		t.Cleanup(s.Net.Close)
	}
	return s
}

// BadInput returns s for requests that break the API document on purpose:
// the checker skips their validation, never that of their answers.
func (s *Stack) BadInput() *Stack {
	b := *s
	b.bad = true
	return &b
}

// For returns s reporting to t: a subtest's or a fuzz input's.
func (s *Stack) For(t testing.TB) *Stack {
	b := *s
	b.T = t
	return &b
}

// NewRequest builds a request: for a handler called in process when
// target is a path, and for a client to send when it is a whole URL. body
// is sent as is when it is a string or []byte, and as JSON otherwise.
// Headers come in name, value pairs; "Host" sets the request's Host.
func NewRequest(t testing.TB, method, target string, body any, headers ...string) *http.Request {
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
		if strings.EqualFold(headers[i], "Host") {
			r.Host = headers[i+1]
			continue
		}
		r.Header.Set(headers[i], headers[i+1])
	}
	return r
}

// listenAddr is the address an in-process request's connection was
// accepted on, which net/http gives every request it serves.
var listenAddr net.Addr = &net.TCPAddr{IP: net.IPv4(192, 0, 2, 10), Port: 8080}

// Serve runs one request through the whole handler: in process (with the
// connection's local address net/http would give it, unless r has one),
// or sent to the server when it is on the network (r's peer address is
// then the client's own).
func (s *Stack) Serve(r *http.Request) *httptest.ResponseRecorder {
	s.T.Helper()
	if s.bad {
		r.Header.Set(BadInputHeader, "1")
	}
	w := httptest.NewRecorder()
	if s.Net == nil {
		ctx := context.WithValue(r.Context(), reporterKey{}, s.T)
		if ctx.Value(http.LocalAddrContextKey) == nil {
			ctx = context.WithValue(ctx, http.LocalAddrContextKey, listenAddr)
		}
		s.Handler.ServeHTTP(w, r.WithContext(ctx))
		return w
	}
	if r.URL.Host == "" { // a server request, made for a path
		r = r.Clone(r.Context())
		r.RequestURI = ""
		if r.Host == "example.com" { // httptest.NewRequest's: the server's own
			r.Host = ""
		}
		u, err := url.Parse(s.Net.URL + r.URL.RequestURI())
		if err != nil {
			s.T.Fatal(err)
		}
		r.URL = u
	}
	res, err := s.Net.Client().Do(r)
	if err != nil {
		s.T.Fatal(err)
	}
	defer res.Body.Close()
	maps.Copy(w.Header(), res.Header)
	w.WriteHeader(res.StatusCode)
	if _, err := io.Copy(w.Body, res.Body); err != nil {
		s.T.Fatal(err)
	}
	return w
}

// Call sends a request without credentials.
func (s *Stack) Call(method, path string, body any, headers ...string) *httptest.ResponseRecorder {
	s.T.Helper()
	return s.Serve(NewRequest(s.T, method, path, body, headers...))
}

// Admin sends a request with the admin token.
func (s *Stack) Admin(method, path string, body any, headers ...string) *httptest.ResponseRecorder {
	s.T.Helper()
	return s.Call(method, path, body, append([]string{"Authorization", "Bearer " + s.Token}, headers...)...)
}

// From sends a request as the peer at addr (ip:port), with extra headers;
// in process only, as over the network the peer is the client.
func (s *Stack) From(addr, method, path string, body any, headers ...string) *httptest.ResponseRecorder {
	s.T.Helper()
	if s.Net != nil {
		s.T.Fatal("From needs the handler in process")
	}
	r := NewRequest(s.T, method, path, body, headers...)
	r.RemoteAddr = addr
	return s.Serve(r)
}

// AdminRoutes are the server's routes under /api/admin/, each with the
// permission it declares ("" for none: the sign-in alone).
func (s *Stack) AdminRoutes() map[string]listing.Permission {
	out := map[string]listing.Permission{}
	for _, p := range s.Server.patterns {
		if _, path, _ := strings.Cut(p, " "); strings.HasPrefix(path, "/api/admin/") {
			out[p] = s.Server.permissions[p]
		}
	}
	return out
}

// Property stores a realistic property titled title with slug slug.
func (s *Stack) Property(title, slug string) listing.Property {
	s.T.Helper()
	u := storetest.Apartment(title)
	u.Slug = &slug
	p, err := s.Store.CreateProperty(context.Background(), u)
	if err != nil {
		s.T.Fatal(err)
	}
	return p
}

// Counts returns how many properties (active or not) and leads are stored.
func (s *Stack) Counts() (properties, leads int) {
	s.T.Helper()
	ctx := context.Background()
	pp, err := s.Store.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 1})
	if err != nil {
		s.T.Fatal(err)
	}
	lp, err := s.Store.Leads(ctx, store.LeadFilter{Page: 1, PerPage: 1})
	if err != nil {
		s.T.Fatal(err)
	}
	return pp.Total, lp.Total
}

// CacheCaughtUp waits until the cache's watch has read the catalogue
// version the store has now. A write made after the server started moves
// the version, and the watch empties the cache once it notices: an entry
// a test makes before then may go.
func (s *Stack) CacheCaughtUp() {
	s.T.Helper()
	v, err := s.Store.CatalogVersion(context.Background())
	if err != nil {
		s.T.Fatal(err)
	}
	testwait.Until(s.T, "the cache's watch to read the catalogue version", func() bool { return s.Server.cache.seen.Load() == v })
}
