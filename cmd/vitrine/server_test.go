package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
)

// The tests of this package start a real "vitrine serve" in one of two
// ways: startInProcess runs the program's entry (run) in the test's own
// process, and startChild runs the built binary as a child process, for
// the tests that kill it or send it a signal. Nothing else starts one.

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

// skipShort skips a test that the fast loop (go test -short, make
// test-fast) leaves to make test, saying why.
func skipShort(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skip("-short (make test-fast): " + why + "; make test runs it")
	}
}

// Lines "vitrine serve" prints on its standard output.
var (
	listeningLine = regexp.MustCompile(`Vitrine em (http://\S+)`)
	metricsLine   = regexp.MustCompile(`Métricas em (http://\S+)`)
	demoToken     = regexp.MustCompile(`vt_[A-Za-z0-9_-]{43}`)
)

// lockedBuffer is a bytes.Buffer safe for a writer and a reader at once:
// what run or a child process writes, read while it runs. waitFor wakes
// at each write, so that a test waits for a line rather than for time.
type lockedBuffer struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	written chan struct{} // closed at the next write; nil when nobody waits
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.written != nil {
		close(b.written)
		b.written = nil
	}
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// next returns what was written so far and a channel closed at the next
// write.
func (b *lockedBuffer) next() (string, <-chan struct{}) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.written == nil {
		b.written = make(chan struct{})
	}
	return b.buf.String(), b.written
}

// waitFor waits until found reports true of what was written, and returns
// it; it gives up, returning false, when ended is closed (the writer is
// gone) or within has passed.
func (b *lockedBuffer) waitFor(found func(string) bool, ended <-chan struct{}, within time.Duration) (string, bool) {
	deadline := time.NewTimer(within)
	defer deadline.Stop()
	for {
		s, written := b.next()
		if found(s) {
			return s, true
		}
		select {
		case <-written:
		case <-ended:
			s = b.String()
			return s, found(s)
		case <-deadline.C:
			return s, false
		}
	}
}

// waitUntil polls cond until it holds, and reports whether it did within
// within. It is for a state only a query can see (a row, a metric); a
// test waits on a channel or a line where there is one.
func waitUntil(within time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(within)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		<-tick.C
	}
	return true
}

// timeouts is the type of httpTimeouts.
type timeouts = struct{ readHeader, read, write, idle time.Duration }

// serveOptions are the settings of startInProcess beyond serve's flags.
type serveOptions struct {
	// getenv is the server's environment; nil is an empty one.
	getenv func(string) string
	// db is the database; "" is VITRINE_DB when getenv has it, else a new
	// SQLite file. Give it here rather than as --db, so that token mints
	// on the database served.
	db string
	// token mints an admin token on the database before the start.
	token bool
	// timeouts replace httpTimeouts while the server runs: such a test
	// must not run in parallel with another that starts a server.
	timeouts *timeouts
}

// inProcessServer is a "vitrine serve" running in the test's process.
type inProcessServer struct {
	url        string // http://127.0.0.1:PORT
	metricsURL string // the /metrics of an address of their own; "" when off or on url
	token      string // serveOptions.token's, else the one --demo printed
	stdout     *lockedBuffer
	stderr     *lockedBuffer // the logs

	cancel context.CancelFunc
	done   chan struct{} // closed when run has returned, with err
	err    error
}

// startInProcess runs "vitrine serve" with args through run, as main
// does, and returns once it listens. Unless the test gives them, as flags
// or in the environment, it listens on a free port of 127.0.0.1, serves no
// metrics address and uses a new SQLite file. It stops when the test
// ends, and a failure to stop cleanly fails the test.
func startInProcess(t testing.TB, o serveOptions, args ...string) *inProcessServer {
	t.Helper()
	getenv := o.getenv
	if getenv == nil {
		getenv = env()
	}
	full := []string{"vitrine", "serve"}
	if getenv("VITRINE_ADDR") == "" {
		full = append(full, "--addr", "127.0.0.1:0")
	}
	if getenv("VITRINE_METRICS_ADDR") == "" {
		full = append(full, "--metrics-addr", "off")
	}
	db := o.db
	if db == "" {
		db = getenv("VITRINE_DB")
	}
	if db == "" {
		db = filepath.Join(t.TempDir(), "vitrine.db")
	}
	if db != getenv("VITRINE_DB") {
		full = append(full, "--db", db)
	}
	full = append(full, args...) // a flag given twice takes its last value
	s := &inProcessServer{stdout: &lockedBuffer{}, stderr: &lockedBuffer{}, done: make(chan struct{})}
	if o.token {
		s.token = mintToken(t, db, "testes")
	}
	if o.timeouts != nil {
		saved := httpTimeouts
		httpTimeouts = *o.timeouts
		t.Cleanup(func() { httpTimeouts = saved }) // after stop, registered below
	}

	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	go func() {
		defer close(s.done)
		s.err = run(ctx, full, getenv, s.stdout, s.stderr)
	}()
	t.Cleanup(func() {
		if err := s.stop(); err != nil {
			t.Errorf("vitrine serve: %v\n%s", err, s.stderr)
		}
	})
	out, ok := s.stdout.waitFor(listeningLine.MatchString, s.done, time.Minute)
	if !ok {
		select {
		case <-s.done:
			t.Fatalf("vitrine serve returned before it listened: %v\n%s", s.err, s.stderr)
		default:
			t.Fatalf("vitrine serve did not listen within a minute:\n%s", s.stderr)
		}
	}
	s.url = listeningLine.FindStringSubmatch(out)[1]
	if m := metricsLine.FindStringSubmatch(out); m != nil {
		s.metricsURL = m[1]
	}
	if s.token == "" {
		s.token = demoToken.FindString(out)
	}
	return s
}

// addr is the server's host:port.
func (s *inProcessServer) addr() string { return strings.TrimPrefix(s.url, "http://") }

// stop ends the server as a signal ends main's, waits for run to return,
// and returns its error; it may be called again.
func (s *inProcessServer) stop() error {
	s.cancel()
	select {
	case <-s.done:
		return s.err
	case <-time.After(time.Minute):
		return fmt.Errorf("run did not return within a minute of its context's end")
	}
}

// waitLog waits until the logs hold want, and fails the test when they
// do not within a minute or the server stopped without writing it.
func (s *inProcessServer) waitLog(t testing.TB, want string) string {
	t.Helper()
	logs, ok := s.stderr.waitFor(func(l string) bool { return strings.Contains(l, want) }, s.done, time.Minute)
	if !ok {
		t.Fatalf("the logs lack %s:\n%s", want, logs)
	}
	return logs
}

// The child process runs the vitrine binary, built once per test run on
// first use, into a folder TestMain removes at the end.
var (
	binDir  string
	binOnce sync.Once
	binPath string
	binErr  error
)

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

// childServer is a running "vitrine serve" child process.
type childServer struct {
	t      testing.TB
	p      *proc.Process
	url    string // http://127.0.0.1:PORT
	stderr *lockedBuffer
}

// startChild runs "vitrine serve" on dsn at a free local port, with the
// contact limits off and any extra flags, and waits until it listens. The
// process is stopped (SIGTERM, then SIGKILL) when the test ends.
func startChild(t testing.TB, dsn string, extra ...string) *childServer {
	t.Helper()
	skipShort(t, "a child process needs the vitrine binary, built for the test run")
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", dsn, "--contact-limit", "off", "--contact-address-limit", "off",
		"--log-level", "warn", "--metrics-addr", "off", "--media-dir", filepath.Join(t.TempDir(), "media")}, extra...)
	stderr := &lockedBuffer{}
	p, err := proc.Start(t.Context(), vitrineBinary(t), args, proc.Options{Env: append(os.Environ(), "VITRINE_DEMO="), Stderr: stderr})
	if err != nil {
		t.Fatalf("%v:\n%s", err, stderr)
	}
	s := &childServer{t: t, p: p, url: p.URL, stderr: stderr}
	t.Cleanup(s.stop)
	return s
}

// kill ends the process with SIGKILL, as a crash would, and waits for it.
func (s *childServer) kill() { s.p.Kill() }

// stop ends the process gracefully (SIGKILL after 10 s) and fails the test
// when the race detector reported anything.
func (s *childServer) stop() {
	s.p.Stop(10 * time.Second)
	if strings.Contains(s.stderr.String(), "WARNING: DATA RACE") {
		s.t.Errorf("the race detector reported a race in vitrine serve:\n%s", s.stderr)
	}
}

// mintToken runs "vitrine token create" on dsn and returns the token, the
// last line of its output.
func mintToken(t testing.TB, dsn, name string) string {
	t.Helper()
	var out, errOut lockedBuffer
	if err := run(context.Background(), []string{"vitrine", "token", "create", name, "--db", dsn}, env(), &out, &errOut); err != nil {
		t.Fatalf("vitrine token create: %v\n%s", err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
