package httpapi_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
)

// logLines is a log output that tests can read line by line.
type logLines struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// last returns the last line whose msg is msg, decoded.
func (l *logLines) last(t *testing.T, msg string) map[string]any {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(l.buf.String()), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		var m map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &m); err != nil {
			t.Fatalf("log line is not JSON: %v\n%s", err, lines[i])
		}
		if m["msg"] == msg {
			return m
		}
	}
	t.Fatalf("no %q line in the log:\n%s", msg, l.buf.String())
	return nil
}

// TestRequestLog checks the line written for each request: its id (made
// here, or kept from a proxy), method, path, status, duration, and the
// administrator's name on admin routes; and that the line of a failure
// carries the id of the request that failed.
func TestRequestLog(t *testing.T) {
	t.Parallel()
	var out logLines
	s := newStack(t, "sqlite", httpapi.Config{Logger: slog.New(slog.NewJSONHandler(&out, nil))})

	w := s.Call(http.MethodGet, "/api/v1/properties/nao-existe", nil)
	line := out.last(t, "request")
	id := w.Header().Get("X-Request-Id")
	if id == "" || line["request_id"] != id {
		t.Errorf("request_id %v in the log, %q in the answer", line["request_id"], id)
	}
	for k, want := range map[string]any{"method": "GET", "path": "/api/v1/properties/nao-existe", "status": float64(404)} {
		if line[k] != want {
			t.Errorf("%s = %v, want %v (line %v)", k, line[k], want, line)
		}
	}
	if d, ok := line["duration"].(float64); !ok || d <= 0 {
		t.Errorf("duration = %v, want nanoseconds above 0", line["duration"])
	}
	if _, ok := line["admin"]; ok {
		t.Error("a public request is logged with an admin name")
	}

	s.Serve(httpapi.NewRequest(t, http.MethodGet, "/api/v1/properties", nil, "X-Request-Id", "proxy-id.42"))
	if got := out.last(t, "request")["request_id"]; got != "proxy-id.42" {
		t.Errorf("request_id = %v, want the proxy's proxy-id.42", got)
	}

	s.Admin(http.MethodGet, "/api/admin/properties", nil)
	if got := out.last(t, "request")["admin"]; got != "seguranca" {
		t.Errorf("admin = %v, want the token's name seguranca", got)
	}

	s.Store.Close() // every read now fails
	w = s.Call(http.MethodGet, "/api/v1/properties/qualquer-um", nil)
	if w.Code < 500 {
		t.Fatalf("read on a closed store answered %d", w.Code)
	}
	failed := out.last(t, "request failed")
	if id := w.Header().Get("X-Request-Id"); failed["request_id"] != id {
		t.Errorf("failure logged with request_id %v, the answer has %q", failed["request_id"], id)
	}
}

// TestFeedSecretNotLogged: the feed's address is its credential; the
// request log writes its path with the secret left out, for the real
// address and for forms of it that the mux cleans, redirects or does not
// know.
func TestFeedSecretNotLogged(t *testing.T) {
	t.Parallel()
	var out logLines
	s := newStack(t, "sqlite", httpapi.Config{Logger: slog.New(slog.NewJSONHandler(&out, nil))})
	path, _ := feedAddress(t, s)
	secret := strings.TrimSuffix(strings.TrimPrefix(path, "/feeds/vrsync/"), ".xml")

	wantStatus(t, "the feed", s.Call(http.MethodGet, path, nil), http.StatusOK)
	if got := out.last(t, "request")["path"]; got != "/feeds/vrsync/[redacted].xml" {
		t.Errorf("the feed's request is logged with path %v, want /feeds/vrsync/[redacted].xml", got)
	}
	for _, p := range []string{
		"/feeds//vrsync/" + secret + ".xml",
		"/Feeds/VRSync/" + secret + ".xml",
		"/feeds/vrsync/" + secret,
		"/feeds/vrsync/" + secret + ".xml/more",
	} {
		s.Call(http.MethodGet, p, nil)
	}
	out.mu.Lock()
	log := out.buf.String()
	out.mu.Unlock()
	if strings.Contains(log, secret) {
		t.Errorf("the feed's secret is in the log:\n%s", log)
	}
	if n := strings.Count(log, `[redacted]`); n < 5 {
		t.Errorf("%d request lines with the address redacted, want 5:\n%s", n, log)
	}
}
