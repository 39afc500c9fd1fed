package httpapi

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/vitrine/vitrine/internal/publicmap"
)

// statusWriter remembers what a handler sent, and carries the request's
// id and the attributes handlers add to its log line. It travels as the
// handler's ResponseWriter, not in the request's context: a new context
// would copy the whole request.
type statusWriter struct {
	http.ResponseWriter
	status int
	id     string
	attrs  []slog.Attr
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

var statusWriters = sync.Pool{New: func() any { return new(statusWriter) }}

// requestWriter finds the middleware's writer under w, or nil.
func requestWriter(w http.ResponseWriter) *statusWriter {
	for {
		switch x := w.(type) {
		case *statusWriter:
			return x
		case interface{ Unwrap() http.ResponseWriter }:
			w = x.Unwrap()
		default:
			return nil
		}
	}
}

// setLogAttr adds an attribute to the request's log line.
func setLogAttr(w http.ResponseWriter, key, value string) {
	if sw := requestWriter(w); sw != nil {
		sw.attrs = append(sw.attrs, slog.String(key, value))
	}
}

// requestID returns the id of the request answered through w, for log
// lines other than the request's own.
func requestID(w http.ResponseWriter) string {
	if sw := requestWriter(w); sw != nil {
		return sw.id
	}
	return ""
}

// requestIDs makes request ids: a random prefix per process and a counter,
// unique across instances and cheap to make.
type requestIDs struct {
	prefix string
	n      atomic.Uint64
}

func newRequestIDs() *requestIDs {
	b := make([]byte, 4)
	rand.Read(b)
	return &requestIDs{prefix: hex.EncodeToString(b) + "-"}
}

func (g *requestIDs) next() string {
	return g.prefix + strconv.FormatUint(g.n.Add(1), 36)
}

// validRequestID accepts an incoming X-Request-Id that is short and plain,
// so that a proxy's id can be followed across services.
func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

var (
	nosniff   = []string{"nosniff"}
	referrer  = []string{"strict-origin-when-cross-origin"}
	frameDeny = []string{"DENY"}
	// The site asks for no camera, microphone or position, nor payment or
	// USB: no page may, nor anything a page embeds. Fullscreen stays for
	// the site's pages and the video players the CSP's frame-src allows,
	// the origins web/src/video embeds; a frame's allowfullscreen can give
	// it no more than this list does.
	permissions = []string{`camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self "https://www.youtube.com" "https://youtube.com" "https://www.youtube-nocookie.com" "https://youtube-nocookie.com" "https://player.vimeo.com")`}
	// A year, without includeSubDomains: the service runs on one host
	// name (often a subdomain of the agency's own domain), and cannot
	// know that every name under it serves https; nor is it preloaded.
	// Operators who own the whole domain add them at their proxy.
	hsts = []string{"max-age=31536000"}
)

// pageCSP is the pages' Content-Security-Policy. Images come from the
// site, from any https address (a photo an import or staff linked by its
// address rather than uploaded), as data: (inline icons) and blob: (a
// photo's preview while it uploads), and from the map's tile server,
// named even when https: covers it: the policy states where the map
// comes from, and a tile server on a loopback address over http (a test's,
// an office's) is covered by nothing else.
func pageCSP(tiles publicmap.Tiles) string {
	images := "'self' https: data: blob:"
	if origin := tiles.Origin(); origin != "" {
		images = "'self' " + origin + " https: data: blob:"
	}
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src " + images +
		"; media-src 'self' https:; connect-src 'self'; frame-src https://www.youtube.com https://youtube.com " +
		"https://www.youtube-nocookie.com https://youtube-nocookie.com https://player.vimeo.com; frame-ancestors 'none'; " +
		"base-uri 'self'; form-action 'self'; object-src 'none'"
}

// overHTTPS reports whether the request reached the service over https:
// on a TLS connection, or through a trusted proxy that forwards https.
func (s *Server) overHTTPS(r *http.Request) bool {
	return r.TLS != nil || s.forwardedProto(r) == "https"
}

// forwardedProto is the scheme a trusted proxy forwards, "http" or
// "https": its last X-Forwarded-Proto, the one it set itself. It is ""
// when the peer is not a trusted proxy or sends no such value, so that a
// client's own header, from any other peer, changes nothing.
func (s *Server) forwardedProto(r *http.Request) string {
	if len(s.trustedProxies) == 0 || len(r.Header["X-Forwarded-Proto"]) == 0 {
		return ""
	}
	if a, ok := peerAddr(r); !ok || !s.trusted(a) {
		return ""
	}
	if p := strings.ToLower(lastValue(r.Header, "X-Forwarded-Proto")); p == "http" || p == "https" {
		return p
	}
	return ""
}

// middleware wraps every request: a request id, security headers (HSTS
// over https; the policies of documents on everything but the API), panic
// recovery, metrics by route, and one log line with method, path, status
// and duration. The line goes straight to the log's handler: through
// slog.Logger it would also pay for the caller's program counter, which
// nobody reads.
func (s *Server) middleware(next http.Handler) http.Handler {
	ids := newRequestIDs()
	logs := s.log.Handler()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !validRequestID(id) {
			id = ids.next()
		}
		h := w.Header()
		h["X-Request-Id"] = []string{id}
		h["X-Content-Type-Options"] = nosniff
		if s.overHTTPS(r) {
			// Browsers heed it only from an https answer, and any answer
			// will do: API and errors included.
			h["Strict-Transport-Security"] = hsts
		}
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/admin/"):
			h["Cache-Control"] = noStore // errors the mux answers included
		case !strings.HasPrefix(r.URL.Path, "/api/"):
			// Headers that govern documents: JSON is never one, so API
			// answers go without them.
			h["Content-Security-Policy"] = s.csp
			h["X-Frame-Options"] = frameDeny
			h["Referrer-Policy"] = referrer
			h["Permissions-Policy"] = permissions
		}
		sw := statusWriters.Get().(*statusWriter)
		*sw = statusWriter{ResponseWriter: w, id: id, attrs: sw.attrs[:0]}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.ErrorContext(r.Context(), "panic", "panic", p, "request_id", id)
				if sw.status == 0 {
					writeJSON(sw, http.StatusInternalServerError, errorBody{Error: msgInternal})
				}
			}
			now := time.Now()
			elapsed := now.Sub(start)
			status := sw.status
			if status == 0 {
				status = http.StatusOK // what net/http sends for a handler that wrote nothing
			}
			s.metrics.observe(r.Pattern, status, elapsed) // the mux set r.Pattern, never the raw path
			if logs.Enabled(r.Context(), slog.LevelInfo) {
				rec := slog.NewRecord(now, slog.LevelInfo, "request", 0)
				rec.AddAttrs(sw.attrs...)
				rec.AddAttrs(
					slog.String("request_id", id),
					slog.String("method", r.Method),
					slog.String("path", logPath(r)),
					slog.Int("status", sw.status),
					slog.Duration("duration", elapsed),
				)
				logs.Handle(r.Context(), rec)
			}
			sw.ResponseWriter = nil
			statusWriters.Put(sw)
		}()
		next.ServeHTTP(sw, r)
	})
}

// logPath is the request's path as logs write it: the feed's address and
// the portal leads' are their own credential (feed.go, portallead.go), so
// what follows their "/vrsync/" or "/portal-leads/" is left out, the
// file's extension aside. The marker is found in any case and wherever it
// sits, so that an address the mux cleans or redirects
// ("/feeds//vrsync/…", "/Feeds/VRSync/…") is not logged whole either.
// Logs go to more places, and to more people, than the back office that
// shows the address.
func logPath(r *http.Request) string {
	p := r.URL.Path
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		for _, marker := range secretMarkers {
			if i+len(marker) > len(p) || !strings.EqualFold(p[i:i+len(marker)], marker) {
				continue
			}
			ext := ""
			if strings.HasSuffix(strings.ToLower(p), ".xml") {
				ext = ".xml"
			}
			return p[:i+len(marker)] + "[redacted]" + ext
		}
	}
	return p
}

// secretMarkers end the path segments after which an address's secret
// follows (see logPath).
var secretMarkers = []string{"/vrsync/", "/portal-leads/"}

// httpMetrics are the metrics of the request path. A route's children are
// resolved (WithLabelValues) on its first request and found again by its
// pattern in a map that is read without a lock, so that recording is a
// counter and a histogram update, with no label lookup.
type httpMetrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	leads    prometheus.Counter
	// whatsappClicks has no label per property: its series would grow
	// with the catalogue. The count per property is in the admin reads.
	whatsappClicks prometheus.Counter
	// shares are labelled by channel only (three series), for the same
	// reason.
	shares *prometheus.CounterVec

	mu     sync.Mutex
	routes atomic.Pointer[map[string]*routeMetrics]
}

// routeMetrics are one route's children.
type routeMetrics struct {
	contact bool // the contact route or a visit's booking: a 201 is a new lead
	latency prometheus.Observer
	status  [500]atomic.Pointer[prometheus.Counter] // by status code - 100
}

// unmatchedRoute labels requests that no pattern matched (the mux's own
// redirects and bad requests).
const unmatchedRoute = "unmatched"

// latencyBuckets are the bounds of the request latency histogram, in
// seconds: from half a millisecond, where cached reads fall, to ten seconds.
var latencyBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "vitrine_http_requests_total",
			Help: "HTTP requests answered, by route (the pattern that matched) and status code.",
		}, []string{"route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "vitrine_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route, in seconds.",
			Buckets: latencyBuckets,
		}, []string{"route"}),
		leads: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "vitrine_leads_created_total",
			Help: "Leads stored from the site: contact messages and booked visits.",
		}),
		whatsappClicks: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "vitrine_whatsapp_clicks_total",
			Help: "Clicks on a property's WhatsApp button counted (those past the limits are answered and not counted).",
		}),
		shares: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "vitrine_shares_total",
			Help: "Shares of a property from its page counted, by channel (those past the limits are answered and not counted).",
		}, []string{"channel"}),
	}
	reg.MustRegister(m.requests, m.latency, m.leads, m.whatsappClicks, m.shares)
	m.routes.Store(&map[string]*routeMetrics{})
	return m
}

// observe records one answered request.
func (m *httpMetrics) observe(pattern string, status int, elapsed time.Duration) {
	if pattern == "" {
		pattern = unmatchedRoute
	}
	rm := (*m.routes.Load())[pattern]
	if rm == nil {
		rm = m.route(pattern)
	}
	rm.latency.Observe(elapsed.Seconds())
	if status < 100 || status >= 600 {
		m.requests.WithLabelValues(pattern, strconv.Itoa(status)).Inc()
		return
	}
	c := rm.status[status-100].Load()
	if c == nil {
		child := m.requests.WithLabelValues(pattern, strconv.Itoa(status))
		c = &child
		rm.status[status-100].Store(c)
	}
	(*c).Inc()
	if rm.contact && status == http.StatusCreated {
		m.leads.Inc()
	}
}

// route returns the children of a route seen for the first time.
func (m *httpMetrics) route(pattern string) *routeMetrics {
	m.mu.Lock()
	defer m.mu.Unlock()
	old := *m.routes.Load()
	if rm := old[pattern]; rm != nil {
		return rm
	}
	rm := &routeMetrics{contact: pattern == patternContact || pattern == patternBookVisit, latency: m.latency.WithLabelValues(pattern)}
	next := maps.Clone(old)
	next[pattern] = rm
	m.routes.Store(&next)
	return rm
}
