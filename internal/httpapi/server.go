// Package httpapi is Vitrine's HTTP adapter: the JSON API of the spec, the
// administration API, and the pages of the web client.
package httpapi

import (
	"cmp"
	"context"
	"database/sql"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/ownerrecord"
	"github.com/vitrine/vitrine/internal/password"
	"github.com/vitrine/vitrine/internal/publicmap"
	"github.com/vitrine/vitrine/internal/search"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/visits"
)

// Config is what a Server needs; the zero value of each optional field is a
// sensible default.
type Config struct {
	Store  *store.Store
	Logger *slog.Logger
	// Pages is the built web client (index.html and assets/); it may be empty.
	Pages fs.FS
	// CacheBytes bounds the memory of the cache of encoded public
	// responses; 0 disables the cache.
	CacheBytes int64
	// PublicURL is the service's public address (https://imoveis.example.com),
	// for absolute links in page meta tags; empty means the address a
	// trusted proxy forwards, else the one the connection was accepted on
	// (see baseURL).
	PublicURL string
	// ContactLimit bounds contact submissions per client and property;
	// the zero Rate disables it.
	ContactLimit Rate
	// ContactAddressLimit bounds contact submissions per client across all
	// properties; the zero Rate disables it.
	ContactAddressLimit Rate
	// AuthFailLimit bounds failed admin authentications per client address;
	// the zero Rate disables it.
	AuthFailLimit Rate
	// SignInLimit bounds sign-ins per e-mail, whatever their address (the
	// AuthFailLimit bounds them per address), counted in the database so
	// that every instance on it shares it; the zero Rate disables it.
	SignInLimit Rate
	// WhatsAppClientLimit bounds the WhatsApp clicks counted per client
	// and property, WhatsAppGlobalLimit those counted by the server; the
	// zero Rate is DefaultWhatsAppClientLimit and DefaultWhatsAppGlobalLimit
	// (clicks past them are answered and not counted).
	WhatsAppClientLimit, WhatsAppGlobalLimit Rate
	// ShareClientLimit and ShareGlobalLimit bound the shares counted the
	// same way (DefaultShareClientLimit and DefaultShareGlobalLimit).
	ShareClientLimit, ShareGlobalLimit Rate
	// SavedSearchLimit bounds the saved searches a client address sends
	// (each may send a confirmation e-mail); the zero Rate is
	// DefaultSavedSearchLimit.
	SavedSearchLimit Rate
	// FavoriteMailLimit bounds the favourites' e-mails a client address
	// asks for; the zero Rate is DefaultFavoriteMailLimit.
	FavoriteMailLimit Rate
	// SavedSearchLinkLimit bounds the requests a client address makes
	// with a saved search's link token (confirm, manage, change,
	// unsubscribe); the zero Rate is DefaultSavedSearchLinkLimit.
	SavedSearchLinkLimit Rate
	// Sessions are how long a user's session lasts; a zero field takes
	// its DefaultSessionLimits value.
	Sessions store.SessionLimits
	// Passwords hashes and checks users' passwords; nil means
	// password.New(password.DefaultParams, password.DefaultConcurrency).
	Passwords PasswordChecker
	// TrustedProxies are the networks whose X-Forwarded-For,
	// X-Forwarded-Proto and X-Forwarded-Host are believed.
	TrustedProxies []netip.Prefix
	// VersionPoll is how often the catalogue version is read to notice
	// writes made by other instances; 0 means every 500 ms.
	VersionPoll time.Duration
	// Metrics receives the server's metrics: requests and latency by route,
	// leads created, the database pool and the cache. nil means a registry
	// of the server's own. One registry serves one Server.
	Metrics *prometheus.Registry
	// Media hosts uploaded photos; nil refuses uploads (503) and serves
	// no /media/ file.
	Media Media
	// SitemapURLs is how many addresses a sitemap file lists: 0 is the
	// protocol's most, sitemap.MaxURLs (50,000); at least 2, the home
	// page and a property.
	SitemapURLs int
	// ServeMetrics serves Metrics at GET /metrics on the server's handler;
	// leave it off when they are served on an address of their own.
	ServeMetrics bool
	// Search answers the public search from an index of the catalogue;
	// nil means a search.Service of its own over Store.
	Search *search.Service
	// SearchConcurrency is how many searches that the cache does not
	// answer (the API's, the results pages', the place suggestions') run
	// at once; the others wait their turn in the order they came (see
	// gate). 0 means DefaultSearchConcurrency().
	SearchConcurrency int
	// SearchLimit bounds, per client, the searches that the cache does
	// not answer (the API's, the results pages', the place suggestions');
	// the zero Rate disables it. See searchLimited.
	SearchLimit Rate
	// LeadRetention is how long leads are kept before they are
	// anonymised, as the privacy notice and policy state it; the zero
	// Retention keeps them until a data subject asks. The job that
	// anonymises them runs beside the server (cmd/vitrine).
	LeadRetention listing.Retention
	// Mail tells whether e-mail is sent, for the back office's banner;
	// nil: it is not.
	Mail MailStatus
	// Backups is the schedule of backups, for the back office; nil: none
	// is scheduled.
	Backups BackupSchedule
	// OwnerFiles is where the owner's documents of listings are kept,
	// under ownerrecord.PrivatePrefix (the photos' storage); nil refuses
	// them (503).
	OwnerFiles blob.Store
	// Map is the tile server of the public pages' maps, which the public
	// agency read hands the client and the pages' CSP allows images from;
	// the zero Tiles shows no map.
	Map publicmap.Tiles
	// Visits books visits; nil means a visits.Service of its own over
	// Store, in the agency's zone (listing.AgencyZone).
	Visits *visits.Service
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
	registry       *prometheus.Registry
	metrics        *httpMetrics
	serveMetrics   bool
	patterns       []string // the routes as registered, for the API document test
	// permissions are the admin routes' permissions, by pattern.
	permissions map[string]listing.Permission

	contactAddressLimiter  *limiter
	signInLimit            Rate
	whatsappLimiter        *limiter
	whatsappGlobalLimiter  *limiter
	shareLimiter           *limiter
	shareGlobalLimiter     *limiter
	savedSearchLimiter     *limiter
	favoriteMailLimiter    *limiter
	savedSearchLinkLimiter *limiter
	sessions               store.SessionLimits
	feedStamp              feedStamp
	passwords              PasswordChecker
	media                  Media
	owners                 *ownerrecord.Service
	search                 *search.Service
	searches               *gate       // the searches the cache does not answer pass through it
	searchLimiter          *limiter    // and each spends one of its client's allowance
	importing              atomic.Bool // an import runs (one at a time)

	sitemapPerFile int              // addresses a sitemap file lists
	sitemaps       []sitemapSection // the sections of the sitemap, in the index's order
	retention      listing.Retention
	mail           MailStatus
	backups        BackupSchedule
	mapTiles       publicmap.Tiles
	csp            []string // the pages' Content-Security-Policy (pageCSP)
	visits         *visits.Service
}

// PasswordChecker hashes and checks passwords, as *password.Hasher does.
// Check compares a password with its stored hash: nil when it matches,
// password.ErrMismatch when it does not, and for an empty hash (no such
// user) a mismatch after as much work as a known user's check. Hash makes
// the stored hash of a new user's password.
type PasswordChecker interface {
	Check(ctx context.Context, hash, pw string) error
	Hash(ctx context.Context, pw string) (string, error)
}

// DefaultSessionLimits: a session ends after 12 hours unused (a working
// day) and 30 days after it began, used or not.
var DefaultSessionLimits = store.SessionLimits{Idle: 12 * time.Hour, Max: 30 * 24 * time.Hour}

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
		media:          cfg.Media,
		search:         cfg.Search,
		searches:       newGate(cmp.Or(cfg.SearchConcurrency, DefaultSearchConcurrency())),
		searchLimiter:  newLimiter(cfg.SearchLimit),
		retention:      cfg.LeadRetention,
		mail:           cfg.Mail,
		backups:        cfg.Backups,
		mapTiles:       cfg.Map,
		csp:            []string{pageCSP(cfg.Map)},
	}
	if cfg.Store != nil {
		s.owners = ownerrecord.New(cfg.Store, cfg.OwnerFiles, cfg.Logger)
	}
	if s.search == nil && cfg.Store != nil {
		s.search = search.NewService(cfg.Store, search.Options{})
	}
	s.visits = cfg.Visits
	if s.visits == nil && cfg.Store != nil {
		s.visits = visits.NewService(cfg.Store, listing.AgencyZone(), nil)
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.registry, s.serveMetrics = cfg.Metrics, cfg.ServeMetrics
	if s.registry == nil {
		s.registry = prometheus.NewRegistry()
	}
	s.metrics = newHTTPMetrics(s.registry)
	s.registerGauges(s.registry)
	s.pages = newPages(cfg.Pages, s.log)
	s.contactAddressLimiter = newLimiter(cfg.ContactAddressLimit)
	s.signInLimit = cfg.SignInLimit
	s.whatsappLimiter = newLimiter(cmp.Or(cfg.WhatsAppClientLimit, DefaultWhatsAppClientLimit))
	s.whatsappGlobalLimiter = newLimiter(cmp.Or(cfg.WhatsAppGlobalLimit, DefaultWhatsAppGlobalLimit))
	s.shareLimiter = newLimiter(cmp.Or(cfg.ShareClientLimit, DefaultShareClientLimit))
	s.shareGlobalLimiter = newLimiter(cmp.Or(cfg.ShareGlobalLimit, DefaultShareGlobalLimit))
	s.savedSearchLimiter = newLimiter(cmp.Or(cfg.SavedSearchLimit, DefaultSavedSearchLimit))
	s.favoriteMailLimiter = newLimiter(cmp.Or(cfg.FavoriteMailLimit, DefaultFavoriteMailLimit))
	s.savedSearchLinkLimiter = newLimiter(cmp.Or(cfg.SavedSearchLinkLimit, DefaultSavedSearchLinkLimit))
	s.sessions = cfg.Sessions
	s.sessions.Idle = cmp.Or(s.sessions.Idle, DefaultSessionLimits.Idle)
	s.sessions.Max = cmp.Or(s.sessions.Max, DefaultSessionLimits.Max)
	s.passwords = cfg.Passwords
	if s.passwords == nil {
		s.passwords = password.New(password.DefaultParams, password.DefaultConcurrency)
	}
	poll := cfg.VersionPoll
	if poll <= 0 {
		poll = 500 * time.Millisecond
	}
	s.cache.poll = poll
	s.cache.version = -1
	if s.store != nil {
		// Read before any answer is cached, so that the watch (Run) knows
		// which version the entries are of however late it starts.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if v, err := s.store.CatalogVersion(ctx); err == nil {
			s.cache.version = v
		}
		cancel()
	}
	s.sitemapPerFile = sitemapFileSize(cfg.SitemapURLs)
	s.sitemaps = []sitemapSection{s.propertySection(s.sitemapPerFile), s.placeSection(sitemapFileSize(s.sitemapPerFile))}
	s.handler = s.middleware(s.routes())
	return s
}

// Handler returns the HTTP handler of the whole service.
func (s *Server) Handler() http.Handler { return s.handler }

// Run does the server's background work until ctx ends: it watches the
// catalogue version so that writes made by other instances empty the cache.
func (s *Server) Run(ctx context.Context) {
	var wg sync.WaitGroup
	if s.owners != nil && s.store != nil {
		wg.Go(func() { s.owners.Run(ctx) }) // the owner's documents' sweep
	}
	s.cache.watch(ctx, s.store, s.log)
	wg.Wait()
}

// registerGauges adds the metrics read at each scrape: the database pool,
// the cache of public responses and the searches' turns.
func (s *Server) registerGauges(reg prometheus.Registerer) {
	if s.store != nil {
		reg.MustRegister(poolCollector{s.store.Stats})
	}
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vitrine_cache_entries", Help: "Responses held by the cache of public reads."},
			func() float64 { n, _ := s.cache.len(); return float64(n) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vitrine_cache_bytes", Help: "Memory held by the cache of public reads, in bytes (estimated)."},
			func() float64 { _, b := s.cache.len(); return float64(b) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vitrine_searches_running", Help: "Searches the cache did not answer, running now."},
			func() float64 { return float64(s.searches.running()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vitrine_searches_waiting", Help: "Searches the cache did not answer, waiting for their turn."},
			func() float64 { return float64(s.searches.queued()) }),
	)
}

// poolCollector reports the statistics of the database's read pool, read
// once per scrape.
type poolCollector struct {
	stats func() sql.DBStats
}

type poolStat struct {
	desc  *prometheus.Desc
	typ   prometheus.ValueType
	value func(sql.DBStats) float64
}

func poolMetric(name, help string, typ prometheus.ValueType, value func(sql.DBStats) float64) poolStat {
	return poolStat{prometheus.NewDesc(name, help, nil, nil), typ, value}
}

var poolStats = []poolStat{
	poolMetric("vitrine_db_max_open_connections", "Maximum number of open connections of the database pool.", prometheus.GaugeValue,
		func(d sql.DBStats) float64 { return float64(d.MaxOpenConnections) }),
	poolMetric("vitrine_db_open_connections", "Open connections of the database pool, in use and idle.", prometheus.GaugeValue,
		func(d sql.DBStats) float64 { return float64(d.OpenConnections) }),
	poolMetric("vitrine_db_in_use_connections", "Connections of the database pool in use.", prometheus.GaugeValue,
		func(d sql.DBStats) float64 { return float64(d.InUse) }),
	poolMetric("vitrine_db_idle_connections", "Idle connections of the database pool.", prometheus.GaugeValue,
		func(d sql.DBStats) float64 { return float64(d.Idle) }),
	poolMetric("vitrine_db_wait_count_total", "Times a query waited for a free connection of the pool.", prometheus.CounterValue,
		func(d sql.DBStats) float64 { return float64(d.WaitCount) }),
	poolMetric("vitrine_db_wait_duration_seconds_total", "Total time spent waiting for a free connection, in seconds.", prometheus.CounterValue,
		func(d sql.DBStats) float64 { return d.WaitDuration.Seconds() }),
	poolMetric("vitrine_db_max_idle_closed_total", "Connections closed because the pool had too many idle ones.", prometheus.CounterValue,
		func(d sql.DBStats) float64 { return float64(d.MaxIdleClosed) }),
	poolMetric("vitrine_db_max_idle_time_closed_total", "Connections closed for being idle too long.", prometheus.CounterValue,
		func(d sql.DBStats) float64 { return float64(d.MaxIdleTimeClosed) }),
	poolMetric("vitrine_db_max_lifetime_closed_total", "Connections closed at the end of their lifetime.", prometheus.CounterValue,
		func(d sql.DBStats) float64 { return float64(d.MaxLifetimeClosed) }),
}

func (c poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, m := range poolStats {
		ch <- m.desc
	}
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	d := c.stats()
	for _, m := range poolStats {
		ch <- prometheus.MustNewConstMetric(m.desc, m.typ, m.value(d))
	}
}

// MetricsHandler answers with every metric of g in the Prometheus text
// format, never cached. A few scrapes run at once; more are answered 503,
// so that /metrics on a public address bounds what it costs.
func MetricsHandler(g prometheus.Gatherer) http.Handler {
	h := promhttp.HandlerFor(g, promhttp.HandlerOpts{MaxRequestsInFlight: 4})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
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
