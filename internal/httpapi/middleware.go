package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// statusWriter remembers the status a handler sent.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
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
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// requestInfo travels with a request so that handlers can add to its log line.
type requestInfo struct {
	id    string
	attrs []slog.Attr
}

type requestInfoKey struct{}

// setLogAttr adds an attribute to the request's log line.
func setLogAttr(r *http.Request, key string, value string) {
	if info, ok := r.Context().Value(requestInfoKey{}).(*requestInfo); ok {
		info.attrs = append(info.attrs, slog.String(key, value))
	}
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
	csp       = []string{"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; media-src 'self' https:; connect-src 'self'; frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"}
	referrer  = []string{"strict-origin-when-cross-origin"}
	frameDeny = []string{"DENY"}
)

// middleware wraps every request: a request id, security headers, panic
// recovery, and one log line with method, path, status and duration.
func (s *Server) middleware(next http.Handler) http.Handler {
	ids := newRequestIDs()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !validRequestID(id) {
			id = ids.next()
		}
		info := &requestInfo{id: id}
		r = r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, info))
		h := w.Header()
		h["X-Request-Id"] = []string{id}
		h["X-Content-Type-Options"] = nosniff
		h["Referrer-Policy"] = referrer
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			h["Content-Security-Policy"] = csp
			h["X-Frame-Options"] = frameDeny
		}
		sw := &statusWriter{ResponseWriter: w}
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
			attrs := append(info.attrs,
				slog.String("request_id", id),
				slog.String("method", r.Method),
				slog.String("path", r.URL.Path),
				slog.Int("status", sw.status),
				slog.Duration("duration", time.Since(start)),
			)
			s.log.LogAttrs(r.Context(), slog.LevelInfo, "request", attrs...)
		}()
		next.ServeHTTP(sw, r)
	})
}
