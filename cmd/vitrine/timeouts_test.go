package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// dialShort starts "vitrine serve" in this process with the HTTP timeouts
// shortened to shortTimeouts, and returns the server and a connection to
// it, closed when the test ends.
func dialShort(t *testing.T, args ...string) (*inProcessServer, net.Conn) {
	t.Helper()
	s := startInProcess(t, serveOptions{timeouts: &shortTimeouts}, append([]string{"--log-level", "error"}, args...)...)
	c, err := net.Dial("tcp", s.addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return s, c
}

// closedWithin reads c until the server closes it (or answers and closes),
// and returns how long that took from start; past limit, it returns limit.
func closedWithin(c net.Conn, start time.Time, limit time.Duration) time.Duration {
	c.SetReadDeadline(start.Add(limit))
	io.Copy(io.Discard, c)
	return min(time.Since(start), limit)
}

var shortTimeouts = timeouts{
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
	_, c := dialShort(t)
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
			if took > shortTimeouts.readHeader+2500*time.Millisecond {
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
	_, c := dialShort(t)
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
			if took > shortTimeouts.read+2500*time.Millisecond {
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
	_, c := dialShort(t)
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
	if took := time.Since(start); took > shortTimeouts.idle+3*time.Second {
		t.Fatalf("idle connection closed after %v, want about %v", took, shortTimeouts.idle)
	}
}

// TestSlowReaderIsCutOff pipelines requests for a large answer and reads
// none of the answers: once the socket buffers are full, the server's write
// blocks, and the server drops the connection at WriteTimeout instead of
// waiting for the reader. The client starts reading only once the server's
// metrics show the connection answered and closed.
func TestSlowReaderIsCutOff(t *testing.T) {
	s, c := dialShort(t, "--metrics-addr", "127.0.0.1:0")
	const n = 1000 // 1,000 OpenAPI documents: more than any socket buffer holds
	sent := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(sent)
		for range n {
			if _, err := io.WriteString(c, "GET /api/openapi.json HTTP/1.1\r\nHost: vitrine\r\n\r\n"); err != nil {
				return
			}
		}
	}()
	var served, open float64
	if !waitUntil(time.Minute, func() bool {
		vec := scrape(t, s.metricsURL)
		served, _ = metricValue(vec, "vitrine_http_requests_total", "route", "GET /api/openapi.json", "status", "200")
		open, _ = metricValue(vec, "vitrine_http_connections_open")
		return served > 0 && open == 0
	}) {
		t.Fatalf("after a minute, %v answers served and %v connections open, want the client's closed", served, open)
	}
	if took := time.Since(start); took < shortTimeouts.write {
		t.Errorf("the connection was closed after %v, before the write timeout (%v)", took, shortTimeouts.write)
	}

	c.SetReadDeadline(time.Now().Add(30 * time.Second))
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
		t.Fatalf("all %d answers were written to a client that read nothing", n)
	}
	t.Logf("the connection was dropped with %d of %d answers written", answered, n)
}
