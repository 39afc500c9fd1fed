package main

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/testwait"
	"github.com/vitrine/vitrine/internal/tlsacme/pebbletest"
)

// The tests of --domain obtain real certificates from Pebble, a real ACME
// server, which validates the HTTP-01 or TLS-ALPN-01 challenge against
// the ports vitrine serve listens on. Pebble resolves every name to
// 127.0.0.1 (pebbletest's DNS), and so does the tests' client.

const (
	siteName = "imobiliaria.test"
	wwwName  = "www.imobiliaria.test"
	// The ACME account's e-mail: personal data, never in the logs.
	acmeEmail = "dono.da.imobiliaria@exemplo.com.br"
)

// tlsSetup is a Pebble and the addresses of the server it validates.
type tlsSetup struct {
	pebble              *pebbletest.Server
	httpsAddr, httpAddr string
	db                  string // the SQLite file; the certificates are in acme/ beside it
}

// looseDir is a temporary directory for a site that holds certificates:
// certmagic's background jobs may still write their lock files there for
// a moment after the server stops, which t.TempDir's cleanup reports as
// a failure. It is removed when the test ends, as far as it can be.
func looseDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "vitrine-tls-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func newTLSSetup(t *testing.T, validity time.Duration) *tlsSetup {
	t.Helper()
	s := &tlsSetup{httpsAddr: pebbletest.FreeAddr(t), httpAddr: pebbletest.FreeAddr(t), db: filepath.Join(looseDir(t), "vitrine.db")}
	s.pebble = pebbletest.Start(t, pebbletest.Options{
		HTTPPort: pebbletest.Port(t, s.httpAddr),
		TLSPort:  pebbletest.Port(t, s.httpsAddr),
		Validity: validity,
	})
	return s
}

// TestDomainEachChallenge: either challenge alone gets the certificate,
// Pebble's other one pointed where nothing answers: the http handler
// answers HTTP-01 and the https listener TLS-ALPN-01.
func TestDomainEachChallenge(t *testing.T) {
	t.Parallel()
	for _, only := range []string{"http-01", "tls-alpn-01"} {
		t.Run(only, func(t *testing.T) {
			t.Parallel()
			s := &tlsSetup{httpsAddr: pebbletest.FreeAddr(t), httpAddr: pebbletest.FreeAddr(t), db: filepath.Join(looseDir(t), "vitrine.db")}
			o := pebbletest.Options{HTTPPort: pebbletest.Port(t, s.httpAddr), TLSPort: pebbletest.Port(t, s.httpsAddr)}
			nowhere := pebbletest.Port(t, pebbletest.FreeAddr(t))
			if only == "http-01" {
				o.TLSPort = nowhere
			} else {
				o.HTTPPort = nowhere
			}
			s.pebble = pebbletest.Start(t, o)
			site := startSite(t, s, "--log-level", "warn")
			_, res := servedSerial(t, siteClient(s.pebble.IssuerRoots(t)), siteURL(t, "https", siteName, s.httpsAddr, "/healthz"))
			if res.StatusCode != http.StatusOK {
				t.Fatalf("GET /healthz over https: %d", res.StatusCode)
			}
			for line := range strings.Lines(site.stderr.String()) {
				if strings.Contains(line, `"challenge_type":"`+only+`"`) && strings.Contains(line, "challenge failed") {
					t.Errorf("%s failed on its own port: %s", only, line)
				}
			}
		})
	}
}

// args are serve's flags for the site on this setup.
func (s *tlsSetup) args(extra ...string) []string {
	return append([]string{"--domain", siteName, "--domain", wwwName, "--https-addr", s.httpsAddr, "--http-addr", s.httpAddr,
		"--acme-ca", s.pebble.Directory, "--acme-ca-root", s.pebble.RootsFile, "--acme-email", acmeEmail}, extra...)
}

// startSite starts vitrine serve on setup with args, and shows its logs
// when the test fails.
func startSite(t *testing.T, setup *tlsSetup, args ...string) *inProcessServer {
	t.Helper()
	s := startInProcess(t, serveOptions{db: setup.db}, setup.args(args...)...)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("vitrine serve's logs:\n%s", s.stderr)
		}
	})
	return s
}

// siteClient is an https client that trusts roots and reaches every name
// at 127.0.0.1; it follows no redirect.
func siteClient(roots *x509.CertPool) *http.Client {
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		_, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		return (&net.Dialer{}).DialContext(ctx, network, net.JoinHostPort("127.0.0.1", port))
	}
	return &http.Client{
		Timeout:       10 * time.Second,
		Transport:     &http.Transport{DialContext: dial, TLSClientConfig: &tls.Config{RootCAs: roots}, ForceAttemptHTTP2: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// siteURL is the address of name on addr's port, with path.
func siteURL(t *testing.T, scheme, name, addr, path string) string {
	t.Helper()
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	return scheme + "://" + net.JoinHostPort(name, port) + path
}

// servedSerial waits until GET url answers over https with a certificate
// that roots trust, and returns the certificate's serial number and the
// answer.
func servedSerial(t *testing.T, c *http.Client, url string) (*big.Int, *http.Response) {
	t.Helper()
	var res *http.Response
	var err error
	testwait.Until(t, "an https answer at "+url, func() bool {
		res, err = c.Get(url)
		return err == nil
	})
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.TLS.PeerCertificates[0].SerialNumber, res
}

// TestDomainObtainsCertificate: with --domain, vitrine serve obtains a
// certificate from the CA (Pebble validating the real challenge on the
// server's ports), serves the home page over https with HSTS and HTTP/2
// for both names, keeps the certificate in acme/ beside the database,
// exposes its expiry, and sends http to https keeping path and query,
// never to a host the request names that is not its own.
func TestDomainObtainsCertificate(t *testing.T) {
	t.Parallel()
	setup := newTLSSetup(t, 0)
	s := startSite(t, setup, "--metrics-addr", "main")
	c := siteClient(setup.pebble.IssuerRoots(t))

	for _, name := range []string{siteName, wwwName} {
		_, res := servedSerial(t, c, siteURL(t, "https", name, setup.httpsAddr, "/"))
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET https://%s/: %d", name, res.StatusCode)
		}
		if got := res.Header.Get("Strict-Transport-Security"); got != "max-age=31536000" {
			t.Errorf("GET https://%s/: Strict-Transport-Security %q", name, got)
		}
		if res.ProtoMajor != 2 {
			t.Errorf("GET https://%s/: %s, want HTTP/2", name, res.Proto)
		}
	}

	for _, c := range []struct{ method, host, path, want string }{
		{http.MethodGet, siteName, "/imoveis/venda/florianopolis-sc?quartos=2&ordem=preco", siteName},
		{http.MethodGet, wwwName, "/", wwwName},
		{http.MethodGet, "IMOBILIARIA.test.", "/sobre", siteName},
		{http.MethodGet, "golpe.example", "/entrar?volta=1", siteName},
		{http.MethodPost, siteName, "/api/v1/properties/x/contact", siteName},
	} {
		req, err := http.NewRequest(c.method, siteURL(t, "http", "127.0.0.1", setup.httpAddr, c.path), nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = c.host
		res, err := siteClient(nil).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		wantCode := http.StatusMovedPermanently
		if c.method == http.MethodPost {
			wantCode = http.StatusPermanentRedirect
		}
		want := siteURL(t, "https", c.want, setup.httpsAddr, c.path)
		if res.StatusCode != wantCode || res.Header.Get("Location") != want {
			t.Errorf("%s http://%s%s: %d to %q, want %d to %q", c.method, c.host, c.path, res.StatusCode, res.Header.Get("Location"), wantCode, want)
		}
	}

	certs, err := filepath.Glob(filepath.Join(filepath.Dir(setup.db), "acme", "certificates", "*", siteName, siteName+".crt"))
	if err != nil || len(certs) != 1 {
		t.Errorf("the certificate is not kept in acme/ beside the database: %v %v", certs, err)
	}
	if fi, err := os.Stat(filepath.Join(filepath.Dir(setup.db), "acme")); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("acme/: %v %v, want readable by its owner only", fi.Mode(), err)
	}
	res, err := http.Get(s.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(body), `vitrine_tls_certificate_expiry_seconds{domain="`+siteName+`"}`) {
		t.Errorf("/metrics lacks the certificate's expiry:\n%s", body)
	}
	if logs := s.stderr.String(); strings.Contains(logs, acmeEmail) {
		t.Errorf("the logs carry the ACME account's e-mail:\n%s", logs)
	}
}

// TestDomainRenewsCertificate: a certificate near its end is replaced
// while the server runs, without a restart. Pebble issues certificates of
// 30 s; they are checked every 200 ms and renewed in the last half of
// their life (or when Pebble's renewal information says).
func TestDomainRenewsCertificate(t *testing.T) {
	saved := acmeTiming
	acmeTiming.renewCheck, acmeTiming.window = 200*time.Millisecond, 0.5
	t.Cleanup(func() { acmeTiming = saved }) // after the server stops, registered below
	setup := newTLSSetup(t, 30*time.Second)
	startSite(t, setup, "--log-level", "warn")
	c := siteClient(setup.pebble.IssuerRoots(t))
	url := siteURL(t, "https", siteName, setup.httpsAddr, "/healthz")
	first, _ := servedSerial(t, c, url)
	c.CloseIdleConnections()
	testwait.Until(t, "a renewed certificate", func() bool {
		serial, _ := servedSerial(t, c, url)
		c.CloseIdleConnections() // each check a new handshake
		return serial.Cmp(first) != 0
	})
}

// TestDomainKeepsServingWhenCADown: a server restarted while the CA is
// down serves the certificate it keeps.
func TestDomainKeepsServingWhenCADown(t *testing.T) {
	t.Parallel()
	setup := newTLSSetup(t, 0)
	s := startSite(t, setup, "--log-level", "warn")
	c := siteClient(setup.pebble.IssuerRoots(t))
	url := siteURL(t, "https", siteName, setup.httpsAddr, "/")
	first, _ := servedSerial(t, c, url)
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	setup.pebble.Stop()
	c.CloseIdleConnections()

	startSite(t, setup, "--log-level", "warn")
	again, res := servedSerial(t, c, url)
	if again.Cmp(first) != 0 || res.StatusCode != http.StatusOK {
		t.Fatalf("after a restart with the CA down: %d with serial %v, want 200 with the kept %v", res.StatusCode, again, first)
	}
}

// TestDomainWithoutCertificateYet: with no certificate kept and the CA
// unreachable, the site answers over http, the failure is logged without
// the account's e-mail, and another attempt is scheduled.
func TestDomainWithoutCertificateYet(t *testing.T) {
	t.Parallel()
	httpsAddr, httpAddr := pebbletest.FreeAddr(t), pebbletest.FreeAddr(t)
	down := "https://" + pebbletest.FreeAddr(t) + "/dir" // nothing listens there
	s := startInProcess(t, serveOptions{db: filepath.Join(looseDir(t), "vitrine.db")}, "--domain", siteName,
		"--https-addr", httpsAddr, "--http-addr", httpAddr, "--acme-ca", down, "--acme-email", acmeEmail)
	logs := s.waitLog(t, "will retry")
	if strings.Contains(logs, acmeEmail) {
		t.Errorf("the logs carry the ACME account's e-mail:\n%s", logs)
	}

	req, err := http.NewRequest(http.MethodGet, siteURL(t, "http", "127.0.0.1", httpAddr, "/"), nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = siteName
	res, err := siteClient(nil).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "<html") || res.Header.Get("Strict-Transport-Security") != "" {
		t.Fatalf("GET http://%s/ without a certificate: %d, HSTS %q, want the home page without HSTS:\n%.300s",
			siteName, res.StatusCode, res.Header.Get("Strict-Transport-Security"), body)
	}
	if _, err := siteClient(nil).Get(siteURL(t, "https", siteName, httpsAddr, "/")); err == nil {
		t.Fatal("https answered without a certificate")
	}
}

// TestDomainRefusedOnPostgreSQL: certificates kept on one machine's disk
// cannot serve several instances on one database; the start says where
// TLS goes instead.
func TestDomainRefusedOnPostgreSQL(t *testing.T) {
	t.Parallel()
	err := run(context.Background(), []string{"vitrine", "serve", "--db", "postgres://postgres@127.0.0.1:1/vitrine", "--domain", siteName},
		env(), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "--domain") || !strings.Contains(err.Error(), "load balancer") {
		t.Fatalf("serve --domain on PostgreSQL: %v, want a refusal naming --domain and the load balancer", err)
	}
}

// TestDomainFlagsChecked: a bad --domain or --acme-ca stops the start
// with a message naming the flag; the same from the environment names
// the variable.
func TestDomainFlagsChecked(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		env  []string
		want string
	}{
		{args: []string{"--domain", "*.imobiliaria.test"}, want: "for flag -domain: "},
		{args: []string{"--domain", "203.0.113.7"}, want: "for flag -domain: "},
		{args: []string{"--domain", "imobiliaria.test:443"}, want: "for flag -domain: "},
		{args: []string{"--domain", siteName, "--acme-ca", "http://ca.example/dir"}, want: "for flag -acme-ca: "},
		{args: []string{"--domain", siteName, "--acme-ca-root", "/nao/existe.pem"}, want: "for flag -acme-ca-root: "},
		{args: []string{"--domain", siteName, "--http-addr", ":8443", "--https-addr", ":8443"}, want: "--https-addr and --http-addr must be"},
		{env: []string{"VITRINE_DOMAIN", "imobiliaria.test,*.x.test"}, want: "VITRINE_DOMAIN"},
	} {
		var stderr lockedBuffer
		args := append([]string{"vitrine", "serve", "--db", filepath.Join(t.TempDir(), "v.db")}, c.args...)
		err := run(context.Background(), args, env(c.env...), io.Discard, &stderr)
		if err == nil || !strings.Contains(err.Error()+"\n"+stderr.String(), c.want) {
			t.Errorf("serve %q %q: %v\n%s\nwant an error naming %s", c.args, c.env, err, stderr.String(), c.want)
		}
	}
}

// startUncertified starts vitrine serve with --domain and a CA that does
// not answer, with o's timeouts and args, and returns its https address.
func startUncertified(t *testing.T, o serveOptions, args ...string) string {
	t.Helper()
	httpsAddr, httpAddr := pebbletest.FreeAddr(t), pebbletest.FreeAddr(t)
	down := "https://" + pebbletest.FreeAddr(t) + "/dir"
	o.db = filepath.Join(looseDir(t), "vitrine.db")
	startInProcess(t, o, append([]string{"--domain", siteName, "--https-addr", httpsAddr, "--http-addr", httpAddr,
		"--acme-ca", down, "--log-level", "error"}, args...)...)
	return httpsAddr
}

// TestTLSHandshakeIsCutOff: a connection to https that sends nothing, or
// half a handshake, is closed at the header's deadline, as a slow request
// on --addr is.
func TestTLSHandshakeIsCutOff(t *testing.T) {
	httpsAddr := startUncertified(t, serveOptions{timeouts: &shortTimeouts})
	for _, half := range []bool{false, true} {
		conn, err := net.Dial("tcp", httpsAddr)
		if err != nil {
			t.Fatal(err)
		}
		if half {
			// The first bytes of a ClientHello's record, and no more.
			conn.Write([]byte{0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03})
		}
		// Closed at all, well before the idle and write timeouts would: on
		// a busy machine how soon after the header's deadline is not told.
		if took := closedWithin(conn, time.Now(), 10*time.Second); took >= 10*time.Second {
			t.Fatalf("a TLS connection that never finished its handshake (half %v) was still open after %v", half, took)
		}
		conn.Close()
	}
}

// TestTLSMaxConnsPerIP: one address cannot open more connections to https
// than --max-conns-per-ip. Two that have not finished their handshake are
// busy, none idle, so a third is closed unserved, long before any
// timeout would close it.
func TestTLSMaxConnsPerIP(t *testing.T) {
	httpsAddr := startUncertified(t, onlyCapsClose, "--max-conns-per-ip", "2")
	dial := func() net.Conn {
		conn, err := (&net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.9")}}).Dial("tcp", httpsAddr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		return conn
	}
	dial()
	dial()
	third := dial()
	third.SetReadDeadline(time.Now().Add(10 * time.Second))
	if _, err := third.Read(make([]byte, 1)); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a third connection from one address past --max-conns-per-ip 2 was not closed: %v", err)
	}
	// Another address is served.
	other, err := tls.Dial("tcp", httpsAddr, &tls.Config{ServerName: siteName, InsecureSkipVerify: true})
	if err == nil {
		other.Close()
		t.Fatal("a handshake succeeded without a certificate")
	}
	if errors.Is(err, io.EOF) || strings.Contains(err.Error(), "reset") {
		t.Fatalf("another address was not served: %v", err)
	}
}

// TestDomainAddressTaken: an https or http address in use stops the start
// with a message naming its flag, before the database is touched.
func TestDomainAddressTaken(t *testing.T) {
	t.Parallel()
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, flag := range []string{"--https-addr", "--http-addr"} {
		other := "--http-addr"
		if flag == other {
			other = "--https-addr"
		}
		db := filepath.Join(t.TempDir(), "vitrine.db")
		err := run(context.Background(), []string{"vitrine", "serve", "--db", db, "--addr", "127.0.0.1:0", "--metrics-addr", "off",
			"--domain", siteName, flag, taken.Addr().String(), other, "127.0.0.1:0"}, env(), io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "listen on "+taken.Addr().String()+" ("+flag+")") {
			t.Errorf("serve with %s in use: %v, want an error naming it", flag, err)
		}
		if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("serve with %s in use touched the database: %v", flag, err)
		}
	}
}
