package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/proc"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// pgProxy stands between the service and PostgreSQL, so that a test can
// make the database go away without touching the machine's PostgreSQL: it
// forwards, refuses (every connection cut, new ones refused), or swallows
// (a black hole: connections accepted, nothing answered).
type pgProxy struct {
	t      testing.TB
	target string
	addr   string

	mu     sync.Mutex
	ln     net.Listener
	mode   proxyMode
	conns  map[net.Conn]bool
	closed bool
	wg     sync.WaitGroup
}

type proxyMode int

const (
	forwarding proxyMode = iota
	refusing
	blackHole
)

func newPGProxy(t testing.TB, target string) *pgProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &pgProxy{t: t, target: target, addr: ln.Addr().String(), ln: ln, conns: map[net.Conn]bool{}}
	p.wg.Add(1)
	go p.accept(ln)
	t.Cleanup(p.close)
	return p
}

func (p *pgProxy) accept(ln net.Listener) {
	defer p.wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		mode, closed := p.mode, p.closed
		if closed || mode == refusing {
			p.mu.Unlock()
			c.Close()
			continue
		}
		p.conns[c] = true
		p.mu.Unlock()
		if mode == blackHole {
			p.wg.Add(1)
			go p.swallow(c)
			continue
		}
		up, err := net.DialTimeout("tcp", p.target, 5*time.Second)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns[up] = true
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(up, c)
		go p.pipe(c, up)
	}
}

// pipe copies from src to dst while forwarding; in a black hole it drops
// what it reads, so that both ends wait for answers that never come.
func (p *pgProxy) pipe(dst, src net.Conn) {
	defer p.wg.Done()
	defer dst.Close()
	defer src.Close()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			mode := p.mode
			p.mu.Unlock()
			if mode == forwarding {
				if _, err := dst.Write(buf[:n]); err != nil {
					return
				}
			}
		}
		if err != nil {
			return
		}
	}
}

// swallow reads and drops everything a client sends.
func (p *pgProxy) swallow(c net.Conn) {
	defer p.wg.Done()
	defer c.Close()
	io.Copy(io.Discard, c)
}

// refuse makes PostgreSQL "stopped": every proxied connection is cut and
// the port refuses new ones.
func (p *pgProxy) refuse() {
	p.mu.Lock()
	p.mode = refusing
	ln := p.ln
	p.ln = nil
	for c := range p.conns {
		c.Close()
		delete(p.conns, c)
	}
	p.mu.Unlock()
	if ln != nil {
		ln.Close()
	}
}

// swallowAll makes PostgreSQL a black hole: connections stay open, new ones
// are accepted, and nothing is answered.
func (p *pgProxy) swallowAll() {
	p.mu.Lock()
	p.mode = blackHole
	p.mu.Unlock()
}

// restore forwards again, on the same address. Connections cut or
// swallowed meanwhile stay broken; the service must replace them.
func (p *pgProxy) restore() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.mode == blackHole {
		// Connections that lost bytes are out of step with PostgreSQL: cut
		// them, as a network that comes back after a long partition would.
		for c := range p.conns {
			c.Close()
			delete(p.conns, c)
		}
	}
	p.mode = forwarding
	if p.ln == nil {
		ln, err := net.Listen("tcp", p.addr)
		if err != nil {
			p.t.Fatalf("listen again on %s: %v", p.addr, err)
		}
		p.ln = ln
		p.wg.Add(1)
		go p.accept(ln)
	}
}

func (p *pgProxy) close() {
	p.mu.Lock()
	p.closed = true
	if p.ln != nil {
		p.ln.Close()
	}
	for c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
	p.wg.Wait()
}

// proxied returns dsn with its host replaced by addr.
func proxied(t testing.TB, dsn, addr string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = addr
	return u.String()
}

// outageService is the service on PostgreSQL through a pgProxy.
type outageService struct {
	t      *testing.T
	proxy  *pgProxy
	url    string
	token  string
	slugs  []string // properties never read yet: their detail is not cached
	client *http.Client
}

func newOutageService(t *testing.T, opts store.Options, dsnParams string) *outageService {
	t.Helper()
	dsn := storetest.DSN(t, "postgres")
	u, _ := url.Parse(dsn)
	proxy := newPGProxy(t, u.Host)
	dsn = proxied(t, dsn, proxy.addr)
	if dsnParams != "" {
		dsn += "&" + dsnParams
	}
	ctx := context.Background()
	opts.Documents = detaildoc.Renderer{}
	st, err := store.Open(ctx, dsn, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	token, err := st.CreateToken(ctx, "queda")
	if err != nil {
		t.Fatal(err)
	}
	srv := httpapi.New(httpapi.Config{Store: st, CacheBytes: 8 << 20})
	bg, stop := context.WithCancel(ctx)
	go srv.Run(bg)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.Close(); stop() })
	o := &outageService{t: t, proxy: proxy, url: ts.URL, token: token,
		client: &http.Client{Timeout: 30 * time.Second}}
	for _, title := range []string{"Casa um", "Casa dois", "Casa três", "Casa quatro"} {
		_, slug := createProperty(t, ts.URL, token, title)
		o.slugs = append(o.slugs, slug)
	}
	return o
}

// check is one request of an outage test and the statuses it may answer.
type check struct {
	name, method, path, token string
	body                      any
}

func (o *outageService) checks(slug string) []check {
	return []check{
		{"admin list", "GET", "/api/admin/properties", o.token, nil},
		{"uncached detail", "GET", "/api/v1/properties/" + slug, "", nil},
		{"contact", "POST", "/api/v1/properties/" + slug + "/contact", "",
			map[string]string{"name": "Ana Souza", "email": "ana@example.com", "message": "Quero visitar este imóvel."}},
	}
}

// expectUnavailable runs each check and wants a 503 with the outage message
// within limit, /readyz 503 and /healthz 200.
func (o *outageService) expectUnavailable(slug string, limit time.Duration) {
	o.t.Helper()
	var wg sync.WaitGroup
	for _, c := range o.checks(slug) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			a, err := proc.Call(context.Background(), o.client, c.method, o.url+c.path, c.token, c.body)
			took := time.Since(start)
			switch {
			case err != nil:
				o.t.Errorf("%s: %v after %v", c.name, err, took)
			case a.Status != http.StatusServiceUnavailable ||
				strings.TrimSpace(string(a.Body)) != `{"error":"Serviço temporariamente indisponível"}`:
				o.t.Errorf("%s: status %d %s after %v, want 503 with the outage message", c.name, a.Status, a.Body, took)
			case took > limit:
				o.t.Errorf("%s: 503 after %v, want within %v", c.name, took, limit)
			default:
				o.t.Logf("%s: 503 after %v", c.name, took.Round(time.Millisecond))
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		start := time.Now()
		a, err := proc.Call(context.Background(), o.client, "GET", o.url+"/readyz", "", nil)
		if err != nil || a.Status != http.StatusServiceUnavailable {
			o.t.Errorf("/readyz: %d %s %v, want 503", a.Status, a.Body, err)
		} else if took := time.Since(start); took > limit {
			o.t.Errorf("/readyz: 503 after %v, want within %v", took, limit)
		}
	}()
	a, err := proc.Call(context.Background(), o.client, "GET", o.url+"/healthz", "", nil)
	if err != nil || a.Status != http.StatusOK {
		o.t.Errorf("/healthz during the outage: %d %s %v, want 200", a.Status, a.Body, err)
	}
	wg.Wait()
}

// expectRecovered wants every check to succeed again, without a restart,
// within limit of the database coming back.
func (o *outageService) expectRecovered(slug string, limit time.Duration) {
	o.t.Helper()
	start := time.Now()
	want := map[string]int{"GET": http.StatusOK, "POST": http.StatusCreated}
	for _, c := range append(o.checks(slug), check{"readyz", "GET", "/readyz", "", nil}) {
		for {
			a, err := proc.Call(context.Background(), o.client, c.method, o.url+c.path, c.token, c.body)
			if err == nil && a.Status == want[c.method] {
				break
			}
			if time.Since(start) > limit {
				o.t.Fatalf("%s after the database came back: status %d %s %v, want %d within %v",
					c.name, a.Status, a.Body, err, want[c.method], limit)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	o.t.Logf("recovered %v after the database came back", time.Since(start).Round(time.Millisecond))
}

// TestPostgresAway cuts every connection to PostgreSQL and refuses new
// ones: requests that need the database answer 503 at once, /readyz says
// so while /healthz stays 200, and the service recovers by itself when
// PostgreSQL is back.
func TestPostgresAway(t *testing.T) {
	t.Parallel()
	o := newOutageService(t, store.Options{}, "")
	mustCall(t, "GET", o.url+"/api/admin/properties", o.token, nil, http.StatusOK)

	o.proxy.refuse()
	o.expectUnavailable(o.slugs[0], 2*time.Second)
	o.expectUnavailable(o.slugs[1], 2*time.Second) // and again, with the pool empty

	o.proxy.restore()
	o.expectRecovered(o.slugs[2], 3*time.Second)
}

// TestPostgresBlackHole makes PostgreSQL accept connections and answer
// nothing: requests still end, with 503, within a bounded time, and the
// service recovers when the network does.
func TestPostgresBlackHole(t *testing.T) {
	t.Parallel()
	// A short stall timeout and connect timeout keep the test quick; the
	// bound is what they add up to when the pool retries a connection.
	o := newOutageService(t, store.Options{StallTimeout: time.Second}, "connect_timeout=1")
	mustCall(t, "GET", o.url+"/api/admin/properties", o.token, nil, http.StatusOK)

	o.proxy.swallowAll()
	o.expectUnavailable(o.slugs[0], 5*time.Second)

	o.proxy.restore()
	o.expectRecovered(o.slugs[1], 5*time.Second)
}

// TestPostgresBlackHoleManyLeads sends contact forms together into a black
// hole, once the lead writer's statements are prepared: each ends with 503
// within the same bound as one alone, not one timeout after another.
func TestPostgresBlackHoleManyLeads(t *testing.T) {
	t.Parallel()
	o := newOutageService(t, store.Options{StallTimeout: time.Second}, "connect_timeout=1")
	form := o.checks(o.slugs[0])[2]
	mustCall(t, form.method, o.url+form.path, "", form.body, http.StatusCreated)

	o.proxy.swallowAll()
	var wg sync.WaitGroup
	start := time.Now()
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, err := proc.Call(context.Background(), o.client, form.method, o.url+form.path, "", form.body)
			if took := time.Since(start); err != nil || a.Status != http.StatusServiceUnavailable || took > 5*time.Second {
				t.Errorf("contact in a black hole: %d %s %v after %v, want 503 within 5 s", a.Status, a.Body, err, took)
			}
		}()
	}
	wg.Wait()
}
