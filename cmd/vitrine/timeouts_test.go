package main

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// dialInProcess runs "vitrine serve" in this process on a new SQLite
// database, with the HTTP timeouts shortened to short, and returns a
// connection to it. Both end with the test.
func dialInProcess(t *testing.T, short struct{ readHeader, read, write, idle time.Duration }) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", serveInProcess(t, short))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// serveInProcess runs "vitrine serve" in this process on a new SQLite
// database, with the HTTP timeouts shortened to short, and returns its
// address. It stops when the test ends.
func serveInProcess(t *testing.T, short struct{ readHeader, read, write, idle time.Duration }) string {
	t.Helper()
	saved := httpTimeouts
	httpTimeouts = short
	t.Cleanup(func() { httpTimeouts = saved })

	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	args := []string{"vitrine", "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(t.TempDir(), "vitrine.db"), "--log-level", "error", "--metrics-addr", "off"}
	go func() { done <- run(ctx, args, func(string) string { return "" }, pw, io.Discard); pw.Close() }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "Vitrine em http://"); ok {
				addr <- a
			}
		}
	}()
	select {
	case a := <-addr:
		return a
	case err := <-done:
		t.Fatalf("serve ended before listening: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not listen within 30 s")
	}
	return ""
}

// closedWithin reads c until the server closes it (or answers and closes),
// and returns how long that took from start; past limit, it returns limit.
func closedWithin(c net.Conn, start time.Time, limit time.Duration) time.Duration {
	c.SetReadDeadline(start.Add(limit))
	io.Copy(io.Discard, c)
	return min(time.Since(start), limit)
}

var shortTimeouts = struct{ readHeader, read, write, idle time.Duration }{
	readHeader: 300 * time.Millisecond,
	read:       time.Second,
	write:      2 * time.Second,
	idle:       500 * time.Millisecond,
}

func TestServerTimeoutsAreSet(t *testing.T) {
	d := httpTimeouts
	if d.readHeader <= 0 || d.read < d.readHeader || d.write <= 0 || d.idle <= 0 {
		t.Fatalf("HTTP server timeouts not all set: %+v", d)
	}
}

// TestSlowHeadersAreCutOff sends a request's headers a byte at a time
// (slowloris): the server drops the connection at ReadHeaderTimeout.
func TestSlowHeadersAreCutOff(t *testing.T) {
	c := dialInProcess(t, shortTimeouts)
	start := time.Now()
	closed := make(chan time.Duration, 1)
	go func() { closed <- closedWithin(c, start, 5*time.Second) }()

	req := "GET /healthz HTTP/1.1\r\nHost: vitrine\r\nUser-Agent: devagar\r\nAccept: */*\r\n\r\n"
	sent := 0
	for ; sent < len(req); sent++ {
		if _, err := c.Write([]byte{req[sent]}); err != nil {
			break
		}
		select {
		case took := <-closed:
			if sent == len(req)-1 {
				t.Fatalf("the server waited for the whole request (%v)", took)
			}
			if took > shortTimeouts.readHeader+1500*time.Millisecond {
				t.Fatalf("dropped after %v, want about %v", took, shortTimeouts.readHeader)
			}
			t.Logf("dropped after %v and %d of %d bytes", took.Round(time.Millisecond), sent+1, len(req))
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("the slow client sent %d of %d bytes and was not dropped", sent, len(req))
}

// TestSlowBodyIsCutOff sends headers at once and the body a byte at a
// time: the request ends at ReadTimeout, long before the body would.
func TestSlowBodyIsCutOff(t *testing.T) {
	c := dialInProcess(t, shortTimeouts)
	body := `{"name":"Ana Souza","email":"ana@example.com","message":"Mensagem enviada bem devagar."}`
	start := time.Now()
	if _, err := io.WriteString(c, "POST /api/v1/properties/casa/contact HTTP/1.1\r\nHost: vitrine\r\n"+
		"Content-Type: application/json\r\nContent-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	closed := make(chan time.Duration, 1)
	go func() { closed <- closedWithin(c, start, 5*time.Second) }()
	for i := 0; i < len(body); i++ {
		if _, err := c.Write([]byte{body[i]}); err != nil {
			break
		}
		select {
		case took := <-closed:
			if took > shortTimeouts.read+1500*time.Millisecond {
				t.Fatalf("request ended after %v, want about %v", took, shortTimeouts.read)
			}
			t.Logf("request ended after %v and %d of %d body bytes", took.Round(time.Millisecond), i+1, len(body))
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("the slow body was read whole")
}

// TestIdleConnectionIsClosed keeps a connection idle after one request: the
// server closes it at IdleTimeout.
func TestIdleConnectionIsClosed(t *testing.T) {
	c := dialInProcess(t, shortTimeouts)
	if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: vitrine\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(c)
	line, err := r.ReadString('\n')
	if err != nil || !strings.Contains(line, "200") {
		t.Fatalf("first answer: %q %v", line, err)
	}
	start := time.Now()
	c.SetReadDeadline(start.Add(5 * time.Second))
	_, err = io.Copy(io.Discard, r)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the idle connection stayed open past 5 s")
	}
	if took := time.Since(start); took > shortTimeouts.idle+time.Second {
		t.Fatalf("idle connection closed after %v, want about %v", took, shortTimeouts.idle)
	}
}

// TestSlowReaderIsCutOff pipelines requests for a large answer and reads
// none of the answers: once the socket buffers are full, the server's write
// blocks, and the server drops the connection at WriteTimeout instead of
// waiting for the reader.
func TestSlowReaderIsCutOff(t *testing.T) {
	c := dialInProcess(t, shortTimeouts)
	const n = 1000 // 1,000 OpenAPI documents: more than any socket buffer holds
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		for range n {
			if _, err := io.WriteString(c, "GET /api/openapi.json HTTP/1.1\r\nHost: vitrine\r\n\r\n"); err != nil {
				return
			}
		}
	}()
	time.Sleep(shortTimeouts.write + time.Second)

	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	r := bufio.NewReader(c)
	answered := 0
	for ; ; answered++ {
		resp, err := http.ReadResponse(r, nil)
		if err == nil {
			_, err = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				t.Fatalf("the server still held the connection after %d answers", answered)
			}
			break
		}
	}
	c.Close()
	<-sent
	if answered == n {
		t.Fatalf("all %d answers were written to a client that read nothing for %v", n, shortTimeouts.write+time.Second)
	}
	t.Logf("the connection was dropped with %d of %d answers written", answered, n)
}
