package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// rawGet sends GET /healthz on c and reads the answer with rd.
func rawGet(t *testing.T, c net.Conn, rd *bufio.Reader) (*http.Response, error) {
	t.Helper()
	if _, err := c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: vitrine\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(rd, nil)
	if err == nil {
		res.Body.Close()
	}
	return res, err
}

// clientConn is a test client's keep-alive connection.
type clientConn struct {
	net.Conn
	rd *bufio.Reader
}

// dialFrom opens a connection to addr from the loopback address src (all
// of 127/8 is the loopback on Linux), closed when the test ends.
func dialFrom(t *testing.T, src, addr string) *clientConn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(src)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial from %s: %v", src, err)
	}
	t.Cleanup(func() { c.Close() })
	return &clientConn{Conn: c, rd: bufio.NewReader(c)}
}

// get sends GET /healthz and reads its answer, within 10 s: a connection
// the server closed gives an error that is not a timeout.
func (c *clientConn) get() (*http.Response, error) {
	c.SetDeadline(time.Now().Add(10 * time.Second))
	defer c.SetDeadline(time.Time{})
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: vitrine\r\n\r\n"); err != nil {
		return nil, err
	}
	res, err := http.ReadResponse(c.rd, nil)
	if err != nil {
		return nil, err
	}
	_, err = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res, err
}

// served checks that a GET on c is answered with 200.
func (c *clientConn) served(t *testing.T, what string) {
	t.Helper()
	if res, err := c.get(); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %v %v", what, res, err)
	}
}

// closed checks that the server closed c: a GET on it gets no answer, and
// not for want of time.
func (c *clientConn) closed(t *testing.T, what string) {
	t.Helper()
	res, err := c.get()
	if err == nil {
		t.Fatalf("%s was answered: %d", what, res.StatusCode)
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("%s: still open after 10 s", what)
	}
}

// busy starts a request on c and leaves its headers unfinished: the
// connection is not idle until finish sends the rest.
func (c *clientConn) busy(t *testing.T) {
	t.Helper()
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\n"); err != nil {
		t.Fatal(err)
	}
}

// finish ends the request busy started and checks its answer.
func (c *clientConn) finish(t *testing.T, what string) {
	t.Helper()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	defer c.SetDeadline(time.Time{})
	if _, err := io.WriteString(c, "Host: vitrine\r\n\r\n"); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	res, err := http.ReadResponse(c.rd, nil)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %v %v", what, res, err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
}

// oneClosed checks that the server closed exactly one of conns and
// serves the others, and closes them all. Which one it closed is the one
// idle the longest by the server's clock: net/http marks a connection idle
// a moment after its answer is sent, so between two connections answered
// back to back the client cannot tell (the second phase of TestMaxConns
// and the 1,100 connections of TestOneAddressCannotHoldEveryConnection
// check the order where it shows).
func oneClosed(t *testing.T, conns []*clientConn, what string) {
	t.Helper()
	closed := 0
	for _, c := range conns {
		res, err := c.get()
		switch {
		case err == nil && res.StatusCode == http.StatusOK:
		case err == nil:
			t.Fatalf("%s: status %d", what, res.StatusCode)
		case errors.Is(err, os.ErrDeadlineExceeded):
			t.Fatalf("%s: a connection still open after 10 s", what)
		default:
			closed++
		}
		c.Close()
	}
	if closed != 1 {
		t.Fatalf("%s: %d of %d were closed to make room for one, want 1", what, closed, len(conns))
	}
}

// servedPastCap opens a connection from src past its address's cap, and
// returns it once served: the server closed one of the address's idle
// connections to make room. Until it has marked one idle (a moment after
// the answer), it closes the new connection unserved instead; the client
// then tries again, which changes nothing else.
func servedPastCap(t *testing.T, src, addr, what string) *clientConn {
	t.Helper()
	var c *clientConn
	var err error
	if !waitUntil(time.Minute, func() bool {
		c = dialFrom(t, src, addr)
		var res *http.Response
		if res, err = c.get(); err == nil && res.StatusCode == http.StatusOK {
			return true
		}
		c.Close()
		return false
	}) {
		t.Fatalf("%s: not served within a minute: %v", what, err)
	}
	return c
}

// waitOpen waits until the server counts n connections open: those the
// client closed are closed on its side too. The server's metrics are on
// an address of their own, whose connections it does not count.
func waitOpen(t *testing.T, s *inProcessServer, n float64) {
	t.Helper()
	var open float64
	if !waitUntil(time.Minute, func() bool {
		open, _ = metricValue(scrape(t, s.metricsURL), "vitrine_http_connections_open")
		return open == n
	}) {
		t.Fatalf("%v connections open after a minute, want %v", open, n)
	}
}

// holdIdle opens n connections from src, each answered once and left
// idle.
func holdIdle(t *testing.T, src, addr string, n int) []*clientConn {
	t.Helper()
	out := make([]*clientConn, n)
	for i := range out {
		out[i] = dialFrom(t, src, addr)
		out[i].served(t, fmt.Sprintf("connection %d from %s", i, src))
	}
	return out
}

// onlyCapsClose gives clients a minute to finish their headers and ten
// to stay idle, so that connections left busy (clientConn.busy) or idle
// are closed by the caps alone, however slow the machine.
var onlyCapsClose = serveOptions{timeouts: &timeouts{
	readHeader: time.Minute,
	read:       time.Minute,
	write:      httpTimeouts.write,
	idle:       10 * time.Minute,
}}

// needFiles raises this process's limit of open files to n when it is
// lower (Go raises the soft limit to the hard one at start; this covers a
// hard limit set low), and fails the test when it cannot.
func needFiles(t *testing.T, n uint64) {
	t.Helper()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if lim.Cur >= n {
		return
	}
	lim.Cur = min(n, lim.Max)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur < n {
		t.Fatalf("this test needs %d open files, the limit is %d (hard %d): %v", n, lim.Cur, lim.Max, err)
	}
}

// TestMaxConns fills the cap of open connections: a new connection closes
// the one idle the longest to make room; while none is idle, it is not
// served until one falls idle (or closes), and the server goes on
// answering.
func TestMaxConns(t *testing.T) {
	srv := startInProcess(t, onlyCapsClose, "--max-conns", "2", "--metrics-addr", "127.0.0.1:0")
	base, addr := srv.url, srv.addr()

	// Two idle connections: a third is served at once, and one of the two
	// is closed to make room.
	held := holdIdle(t, "127.0.0.1", addr, 2)
	third := dialFrom(t, "127.0.0.1", addr)
	third.served(t, "a third connection past a cap of 2 idle ones")
	oneClosed(t, held, "two idle connections past the cap")
	third.Close()
	waitOpen(t, srv, 0)

	// Two busy connections: a third waits. (A machine too slow to answer
	// it within the wait would let a server that does not wait pass;
	// never the other way round.)
	busy := [2]*clientConn{dialFrom(t, "127.0.0.1", addr), dialFrom(t, "127.0.0.1", addr)}
	for _, c := range busy {
		c.busy(t)
	}
	third = dialFrom(t, "127.0.0.1", addr)
	third.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if res, err := rawGet(t, third, third.rd); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a third connection was served past a cap of 2 busy ones: %v %v", res, err)
	}
	// One is answered and falls idle: it makes room for the third.
	busy[0].finish(t, "a busy connection")
	third.SetReadDeadline(time.Now().Add(30 * time.Second))
	if res, err := http.ReadResponse(third.rd, nil); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("the third connection after one fell idle: %v %v", res, err)
	}
	busy[1].finish(t, "the other busy connection")
	busy[0].closed(t, "the connection that fell idle first")

	// The server goes on answering new clients.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for range 5 {
		res, err := client.Get(base + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("healthz: %d", res.StatusCode)
		}
	}
}

// TestMaxConnsPerIP: past its cap, an address's own idle connection is
// closed to make room, or, none idle, the new connection is closed
// unserved; another address is served all the while.
func TestMaxConnsPerIP(t *testing.T) {
	o := onlyCapsClose
	o.getenv = env("VITRINE_MAX_CONNS_PER_IP", "3")
	srv := startInProcess(t, o, "--metrics-addr", "127.0.0.1:0")
	addr := srv.addr()

	held := holdIdle(t, "127.0.0.1", addr, 3)
	other := holdIdle(t, "127.0.0.2", addr, 3)
	fourth := servedPastCap(t, "127.0.0.1", addr, "a fourth connection from an address at its cap of 3")
	oneClosed(t, held, "the address's idle connections")
	for _, c := range other {
		c.served(t, "another address's connection")
	}
	fourth.Close()
	waitOpen(t, srv, float64(len(other)))

	// Three busy connections from 127.0.0.1: a fourth is closed unserved.
	busy := make([]*clientConn, 3)
	for i := range busy {
		busy[i] = dialFrom(t, "127.0.0.1", addr)
		busy[i].busy(t)
	}
	refused := dialFrom(t, "127.0.0.1", addr)
	refused.closed(t, "a fourth connection from an address with 3 busy ones")
	dialFrom(t, "127.0.0.2", addr).served(t, "a new connection from another address")
	for i, c := range busy {
		c.finish(t, fmt.Sprintf("busy connection %d", i))
	}
	// Once they are idle, the address is served again.
	dialFrom(t, "127.0.0.1", addr).served(t, "a new connection once the busy ones fell idle")
}

// TestTrustedProxyIsNotCappedPerIP: a trusted proxy's connections carry
// many clients; its address holds more than the cap, and others are still
// capped.
func TestTrustedProxyIsNotCappedPerIP(t *testing.T) {
	addr := startInProcess(t, onlyCapsClose, "--trusted-proxies", "127.0.0.1", "--max-conns-per-ip", "2").addr()
	proxy := holdIdle(t, "127.0.0.1", addr, 5)
	for i, c := range proxy {
		c.served(t, fmt.Sprintf("the proxy's connection %d of 5", i))
	}
	client := holdIdle(t, "127.0.0.2", addr, 2)
	servedPastCap(t, "127.0.0.2", addr, "a client's third connection, past a cap of 2")
	oneClosed(t, client, "a client's first two connections, past a cap of 2")
}

// TestOneAddressCannotHoldEveryConnection holds 1,100 idle keep-alive
// connections from one address, past the default cap of 1,024: another
// client is still answered, at once. By default the address's own cap
// keeps it to 64 of them; from a trusted proxy, which is not capped per
// address, the cap of all connections closes the ones idle the longest.
func TestOneAddressCannotHoldEveryConnection(t *testing.T) {
	skipShort(t, "1,100 connections take a quarter of a minute")
	const n = 1100
	// Both ends of every connection are in this process, with the
	// server's own files.
	needFiles(t, 2*n+256)
	for _, c := range []struct {
		name  string
		extra []string
		shed  string  // the cap that closes the idle ones
		least float64 // connections it closed, at least
		open  int     // the most recent connections still open, at least
	}{
		{"per address", nil, "address", n - 64, 60},
		{"trusted proxy", []string{"--trusted-proxies", "127.0.0.1"}, "total", n - 1024, 1000},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv := startInProcess(t, onlyCapsClose, append([]string{"--metrics-addr", "main"}, c.extra...)...)
			base, addr := srv.url, srv.addr()
			held := holdIdle(t, "127.0.0.1", addr, n)

			start := time.Now()
			dialFrom(t, "127.0.0.2", addr).served(t, "another client")
			took := time.Since(start)
			if took > 10*time.Second {
				t.Fatalf("another client was answered after %v", took)
			}
			t.Logf("another client answered in %v", took.Round(time.Millisecond))

			held[0].closed(t, "the connection idle the longest")
			held[n-c.open].served(t, fmt.Sprintf("connection %d of %d", n-c.open, n))
			vec := scrape(t, base+"/metrics")
			if v, _ := metricValue(vec, "vitrine_http_connections_shed_total", "cap", c.shed); v < c.least {
				t.Errorf("vitrine_http_connections_shed_total{cap=%q} = %v, want at least %v", c.shed, v, c.least)
			}
			if v, ok := metricValue(vec, "vitrine_http_connections_open"); !ok || v > 1024 {
				t.Errorf("vitrine_http_connections_open = %v (%v)", v, ok)
			}
		})
	}
}

// TestMetricsOff: with --metrics-addr off, /metrics is served nowhere.
func TestMetricsOff(t *testing.T) {
	srv := startInProcess(t, serveOptions{}, "--metrics-addr", "off")
	if srv.metricsURL != "" {
		t.Errorf("a metrics address was printed: %s", srv.metricsURL)
	}
	if servesMetrics(t, srv.url) {
		t.Error("/metrics is served on the main address")
	}
}

// servesMetrics reports whether base answers /metrics in the Prometheus
// text format.
func servesMetrics(t *testing.T, base string) bool {
	t.Helper()
	res, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain; version=0.0.4")
}

// TestBusyMetricsAddress: a metrics address in use stops serve at start,
// naming where the address came from and the ways out.
func TestBusyMetricsAddress(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	db := filepath.Join(t.TempDir(), "vitrine.db")
	for _, c := range []struct {
		args   []string
		getenv func(string) string
		source string
	}{
		{[]string{"--metrics-addr", busy.Addr().String()}, env(), "--metrics-addr"},
		{nil, env("VITRINE_METRICS_ADDR", busy.Addr().String()), "VITRINE_METRICS_ADDR"},
	} {
		err := refused(t, context.Background(), append([]string{"vitrine", "serve", "--addr", "127.0.0.1:0", "--db", db}, c.args...), c.getenv)
		if err == nil || !strings.Contains(err.Error(), c.source) || !strings.Contains(err.Error(), "off") || !strings.Contains(err.Error(), "address already in use") {
			t.Errorf("%s: err = %v", c.source, err)
		}
	}
}
