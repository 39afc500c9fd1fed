// Package httpapi is Vitrine's HTTP adapter: the JSON API of the spec, the
// administration API, and the pages of the web client.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/store"
)

// Config is what a Server needs; the zero value of each optional field is a
// sensible default.
type Config struct {
	Store  *store.Store
	Logger *slog.Logger
	// Pages is the built web client (index.html and assets/); it may be empty.
	Pages fs.FS
	// CacheBytes bounds the cache of encoded detail responses; 0 disables it.
	CacheBytes int64
	// PublicURL is the service's public address (https://imoveis.example.com),
	// for absolute links in page meta tags; empty means the request's host.
	PublicURL string
	// ContactLimit bounds contact submissions per client address and
	// property; the zero Rate disables it.
	ContactLimit Rate
	// AuthFailLimit bounds failed admin authentications per client address;
	// the zero Rate disables it.
	AuthFailLimit Rate
	// TrustedProxies are the networks whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// VersionPoll is how often the catalogue version is read to notice
	// writes made by other instances; 0 means every 500 ms.
	VersionPoll time.Duration
}

// Server serves Vitrine over HTTP.
type Server struct {
	store     *store.Store
	log       *slog.Logger
	cache     *docCache
	pages     *pages
	publicURL string

	contactLimiter *limiter
	authLimiter    *limiter
	trustedProxies []netip.Prefix
	handler        http.Handler
	patterns       []string // the routes as registered, for the API document test
}

// New builds a Server. Call Run to start its background work (the cache's
// version watch) and Handler for its HTTP handler.
func New(cfg Config) *Server {
	s := &Server{
		store:          cfg.Store,
		log:            cfg.Logger,
		cache:          newDocCache(cfg.CacheBytes),
		publicURL:      strings.TrimRight(cfg.PublicURL, "/"),
		contactLimiter: newLimiter(cfg.ContactLimit),
		authLimiter:    newLimiter(cfg.AuthFailLimit),
		trustedProxies: cfg.TrustedProxies,
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.pages = newPages(cfg.Pages, s.log)
	poll := cfg.VersionPoll
	if poll <= 0 {
		poll = 500 * time.Millisecond
	}
	s.cache.poll = poll
	s.handler = s.middleware(s.routes())
	return s
}

// Handler returns the HTTP handler of the whole service.
func (s *Server) Handler() http.Handler { return s.handler }

// Run does the server's background work until ctx ends: it watches the
// catalogue version so that writes made by other instances empty the cache.
func (s *Server) Run(ctx context.Context) {
	s.cache.watch(ctx, s.store, s.log)
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.store.Ping(ctx); err != nil {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "database": "unreachable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
}

// apiNotFound answers any other /api/ address. One under a property read
// (a slug holding "/", say) is a property that is not found.
func (s *Server) apiNotFound(w http.ResponseWriter, r *http.Request) {
	msg := msgNotFound
	if strings.HasPrefix(r.URL.Path, "/api/v1/properties/") || strings.HasPrefix(r.URL.Path, "/api/properties/") {
		msg = msgPropertyNotFound
	}
	writeJSON(w, http.StatusNotFound, errorBody{Error: msg})
}

func (s *Server) methodNotAllowed(allow string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", allow)
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{Error: msgMethod})
	})
}
