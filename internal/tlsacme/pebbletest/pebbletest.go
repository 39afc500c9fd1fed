// Package pebbletest runs Pebble, Let's Encrypt's ACME test server, for the
// tests that obtain real certificates: Pebble validates the real HTTP-01
// or TLS-ALPN-01 challenge against the ports the test's server listens on,
// on loopback, and issues a certificate under its own root.
//
// Pebble is the executable at $VITRINE_PEBBLE when set, otherwise the one
// scripts/ensure-pebble.sh builds into the user's cache directory, built
// there by the first test that needs it when missing. Its TLS certificate
// comes from its module's test directory, in the module cache.
package pebbletest

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
	"golang.org/x/net/dns/dnsmessage"
)

// Pebble's module and version: keep them as scripts/ensure-pebble.sh has
// them.
const (
	pebbleModule  = "github.com/letsencrypt/pebble/v2"
	pebbleVersion = "v2.10.3"
)

// Options configure a Pebble.
type Options struct {
	// HTTPPort and TLSPort are where Pebble connects, on 127.0.0.1, to
	// validate the HTTP-01 and TLS-ALPN-01 challenges: the test server's
	// http and https ports.
	HTTPPort, TLSPort int
	// Validity is the life of the certificates it issues; 0 is Pebble's
	// default (90 days).
	Validity time.Duration
}

// Server is a running Pebble.
type Server struct {
	// Directory is the ACME directory URL (https://127.0.0.1:PORT/dir).
	Directory string
	// RootsFile is a PEM file of the root of Pebble's own HTTPS
	// certificate: what a client of Directory must trust.
	RootsFile string

	management string // https://127.0.0.1:PORT
	client     *http.Client
	stop       func()
}

// FreeAddr is a free address of 127.0.0.1, for a listener opened later
// (or never: an address where nothing answers); another process may take
// it first, which the test then reports.
func FreeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// Port is the port of a host:port address.
func Port(t testing.TB, addr string) int {
	t.Helper()
	_, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(p)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Start runs Pebble until the test ends, with a DNS server of its own that
// resolves every name to 127.0.0.1, and returns once it answers.
func Start(t testing.TB, o Options) *Server {
	t.Helper()
	if testing.Short() {
		t.Skip("-short (make test-fast): the ACME server is left to make test")
	}
	bin, src := binary(t)
	dns := serveDNS(t)
	addr := FreeAddr(t)
	mgmt := FreeAddr(t)
	validity := int64(o.Validity / time.Second)
	cfg := map[string]any{"pebble": map[string]any{
		"listenAddress":           addr,
		"managementListenAddress": mgmt,
		"certificate":             filepath.Join(src, "test", "certs", "localhost", "cert.pem"),
		"privateKey":              filepath.Join(src, "test", "certs", "localhost", "key.pem"),
		"httpPort":                o.HTTPPort,
		"tlsPort":                 o.TLSPort,
		"ocspResponderURL":        "",
		"keyAlgorithm":            "ecdsa",
		"profiles": map[string]any{
			"default": map[string]any{"description": "the tests' profile", "validityPeriod": validity},
		},
	}}
	dir := t.TempDir()
	cfgFile := filepath.Join(dir, "pebble-config.json")
	b, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfgFile, b, 0o600); err != nil {
		t.Fatal(err)
	}
	s := &Server{
		Directory:  "https://" + addr + "/dir",
		RootsFile:  filepath.Join(src, "test", "certs", "pebble.minica.pem"),
		management: "https://" + mgmt,
	}
	roots, err := os.ReadFile(s.RootsFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(roots)
	s.client = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}

	var out lockedBuffer
	cmd := exec.Command(bin, "-config", cfgFile, "-dnsserver", dns)
	// No random waits before validating, and no nonces refused at random:
	// the tests wait for what they assert, not for Pebble's chaos.
	cmd.Env = append(os.Environ(), "PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	var once sync.Once
	s.stop = func() {
		once.Do(func() {
			cmd.Process.Kill()
			<-exited
		})
	}
	t.Cleanup(func() {
		s.stop()
		if t.Failed() {
			t.Logf("pebble's output:\n%s", out.String())
		}
	})
	deadline := time.Now().Add(time.Minute)
	for {
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("pebble exited (%v):\n%s", err, out.String())
		default:
		}
		if res, err := s.client.Get(s.Directory); err == nil {
			res.Body.Close()
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("pebble did not answer at %s within a minute:\n%s", s.Directory, out.String())
		}
		time.Sleep(20 * time.Millisecond) // polling interval, not a wait for a state
	}
}

// Stop ends Pebble before the test does: the CA is down.
func (s *Server) Stop() { s.stop() }

// IssuerRoots is the root Pebble signs certificates under (it makes a new
// one at each start), read from its management address.
func (s *Server) IssuerRoots(t testing.TB) *x509.CertPool {
	t.Helper()
	res, err := s.client.Get(s.management + "/roots/0")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("pebble's root: %d %v", res.StatusCode, err)
	}
	if blk, _ := pem.Decode(b); blk == nil {
		t.Fatalf("pebble's root is not PEM: %q", b)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(b)
	return pool
}

// serveDNS answers every A question with 127.0.0.1 and every other with
// no record, over TCP (how Pebble asks) on a port of 127.0.0.1 until the
// test ends, and returns its address: Pebble resolves the names it
// validates there, so that any name (imobiliaria.test) reaches the test's
// server.
func serveDNS(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			go answerDNS(c)
		}
	}()
	return l.Addr().String()
}

// answerDNS answers the questions of one TCP connection, each message
// after its two-byte length.
func answerDNS(c net.Conn) {
	defer c.Close()
	for {
		c.SetDeadline(time.Now().Add(time.Minute))
		var n [2]byte
		if _, err := io.ReadFull(c, n[:]); err != nil {
			return
		}
		query := make([]byte, int(n[0])<<8|int(n[1]))
		if _, err := io.ReadFull(c, query); err != nil {
			return
		}
		answer, err := resolve(query)
		if err != nil {
			return
		}
		if _, err := c.Write(append([]byte{byte(len(answer) >> 8), byte(len(answer))}, answer...)); err != nil {
			return
		}
	}
}

func resolve(query []byte) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	q, err := p.Question()
	if err != nil {
		return nil, err
	}
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired})
	b.EnableCompression()
	if err := b.StartQuestions(); err != nil {
		return nil, err
	}
	if err := b.Question(q); err != nil {
		return nil, err
	}
	if err := b.StartAnswers(); err != nil {
		return nil, err
	}
	if q.Type == dnsmessage.TypeA {
		rh := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: 60}
		if err := b.AResource(rh, dnsmessage.AResource{A: [4]byte{127, 0, 0, 1}}); err != nil {
			return nil, err
		}
	}
	return b.Finish()
}

var build struct {
	once     sync.Once
	bin, src string
	err      error
}

// binary returns Pebble's executable and its module's source directory
// (for its test certificates), building the executable into the user's
// cache directory first when missing (about a minute, once per machine).
func binary(t testing.TB) (string, string) {
	t.Helper()
	b := &build
	b.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, proc.GoTool(), "mod", "download", "-json", pebbleModule+"@"+pebbleVersion)
		cmd.Dir = os.TempDir() // outside any module: the download is Pebble's alone
		out, err := cmd.Output()
		if err != nil {
			b.err = fmt.Errorf("go mod download %s@%s: %v", pebbleModule, pebbleVersion, err)
			return
		}
		var mod struct{ Dir string }
		if err := json.Unmarshal(out, &mod); err != nil || mod.Dir == "" {
			b.err = fmt.Errorf("go mod download %s@%s: no directory in %q", pebbleModule, pebbleVersion, out)
			return
		}
		b.src = mod.Dir
		if b.bin = os.Getenv("VITRINE_PEBBLE"); b.bin == "" {
			b.bin, b.err = proc.Tool(ctx, pebbleModule+"/cmd/pebble", pebbleVersion, t.Logf)
		}
	})
	if b.err != nil {
		t.Fatalf("the certificate tests need pebble and it could not be set up: %v", b.err)
	}
	return b.bin, b.src
}

// lockedBuffer collects Pebble's output, written and read at once.
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
