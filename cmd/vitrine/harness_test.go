package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
)

// The tests of this package that need a real process run the vitrine
// binary, built once per test run on first use, into a folder TestMain
// removes at the end.
var (
	binDir  string
	binOnce sync.Once
	binPath string
	binErr  error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "vitrine-test-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// vitrineBinary returns the path of the vitrine binary, building it on the
// first call. Under -race the binary is built with the race detector too
// (it shares the build cache of the test binary), and a race it reports
// fails the test that ran it.
func vitrineBinary(t testing.TB) string {
	t.Helper()
	binOnce.Do(func() {
		var flags []string
		if raceEnabled {
			flags = append(flags, "-race")
		}
		binPath, binErr = proc.Build(context.Background(), binDir, flags...)
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once:
// what run or a child process writes, read while it runs.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// server is a running "vitrine serve" child process.
type server struct {
	t      testing.TB
	p      *proc.Process
	url    string // http://127.0.0.1:PORT
	stderr *lockedBuffer
}

// startServer runs "vitrine serve" on dsn at a free local port, with the
// contact limit off and any extra flags, and waits until it listens. The
// process is stopped (SIGTERM, then SIGKILL) when the test ends.
func startServer(t testing.TB, dsn string, extra ...string) *server {
	t.Helper()
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--contact-limit", "off", "--contact-address-limit", "off", "--log-level", "warn", "--metrics-addr", "off", "--media-dir", filepath.Join(t.TempDir(), "media")}, extra...)
	stderr := &lockedBuffer{}
	p, err := proc.Start(t.Context(), vitrineBinary(t), args, proc.Options{Env: append(os.Environ(), "VITRINE_DEMO="), Stderr: stderr})
	if err != nil {
		t.Fatalf("%v:\n%s", err, stderr)
	}
	s := &server{t: t, p: p, url: p.URL, stderr: stderr}
	t.Cleanup(s.stop)
	return s
}

// kill ends the process with SIGKILL, as a crash would, and waits for it.
func (s *server) kill() { s.p.Kill() }

// stop ends the process gracefully (SIGKILL after 10 s) and fails the test
// when the race detector reported anything.
func (s *server) stop() {
	s.p.Stop(10 * time.Second)
	if strings.Contains(s.stderr.String(), "WARNING: DATA RACE") {
		s.t.Errorf("the race detector reported a race in vitrine serve:\n%s", s.stderr)
	}
}

// mintToken runs "vitrine token create" on dsn and returns the token, the
// last line of its output.
func mintToken(t testing.TB, dsn, name string) string {
	t.Helper()
	cmd := exec.Command(vitrineBinary(t), "token", "create", name, "--db", dsn)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("vitrine token create: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// mustCall is proc.Call for set-up steps: any transport error or a status other
// than want fails the test.
func mustCall(t testing.TB, method, url, token string, body any, want int) proc.Answer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	a, err := proc.Call(ctx, http.DefaultClient, method, url, token, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	if a.Status != want {
		t.Fatalf("%s %s: status %d, want %d; body %s", method, url, a.Status, want, a.Body)
	}
	return a
}

// propertyBody is an admin creation body for a property titled title.
func propertyBody(title string) map[string]any {
	return map[string]any{
		"title": title, "price": "450000.00", "type": "venda",
		"subtype":      map[string]any{"name": "Casa"},
		"city":         map[string]any{"name": "Florianópolis", "state": "SC"},
		"neighborhood": map[string]any{"name": "Centro"},
	}
}

// createProperty creates a property through the admin API and returns its
// id and slug.
func createProperty(t testing.TB, base, token, title string) (id, slug string) {
	t.Helper()
	a := mustCall(t, "POST", base+"/api/admin/properties", token, propertyBody(title), http.StatusCreated)
	var p struct{ ID, Slug string }
	if err := json.Unmarshal(a.Body, &p); err != nil || p.Slug == "" {
		t.Fatalf("creation answer without a slug: %v\n%s", err, a.Body)
	}
	return p.ID, p.Slug
}

// storedLead is a lead as the admin API lists it.
type storedLead struct {
	ID           int64   `json:"id"`
	PropertySlug *string `json:"property_slug"`
	Name         string  `json:"name"`
	Email        string  `json:"email"`
	Phone        *string `json:"phone"`
	Message      string  `json:"message"`
}

// allLeads reads every lead through GET /api/admin/leads, 100 a page.
func allLeads(t testing.TB, base, token string) []storedLead {
	t.Helper()
	var out []storedLead
	for page := 1; ; page++ {
		a := mustCall(t, "GET", fmt.Sprintf("%s/api/admin/leads?per_page=100&page=%d", base, page), token, nil, http.StatusOK)
		var p struct {
			Items []storedLead `json:"items"`
			Total int          `json:"total"`
		}
		if err := json.Unmarshal(a.Body, &p); err != nil {
			t.Fatalf("leads page %d: %v\n%s", page, err, a.Body)
		}
		out = append(out, p.Items...)
		if len(p.Items) == 0 || len(out) >= p.Total {
			if len(out) != p.Total {
				t.Fatalf("listed %d leads, total says %d", len(out), p.Total)
			}
			return out
		}
	}
}
