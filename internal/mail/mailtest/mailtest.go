// Package mailtest runs a real SMTP server for tests: mailpit, a process
// listening on free loopback ports, with STARTTLS (or implicit TLS) under a
// certificate made by the test, AUTH from a password file, and an HTTP API
// through which the test reads what it received.
//
// The mailpit binary is built once per machine by scripts/ensure-mailpit.sh
// (make test-go runs it) into the user's cache directory, or named by
// VITRINE_MAILPIT. Under -short a test that needs it is skipped; without
// -short a missing binary fails the test.
//
// The end-to-end tests start the same binary: scripts/ensure-mailpit.sh
// prints its path on its last line.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/testwait"
)

// Version is the mailpit release the tests run.
const Version = "v1.33.1"

// Binary returns the path of the mailpit binary: VITRINE_MAILPIT, or the
// one scripts/ensure-mailpit.sh builds. Under -short (make test-fast) it
// skips the test, as the other tests that need an outside server do;
// otherwise a missing binary fails it.
func Binary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("-short (make test-fast): the SMTP server (mailpit) is left to make test")
	}
	path := os.Getenv("VITRINE_MAILPIT")
	if path == "" {
		dir, err := os.UserCacheDir()
		if err != nil {
			t.Fatalf("mailpit: no cache directory: %v", err)
		}
		if x := os.Getenv("XDG_CACHE_HOME"); x == "" {
			if home, err := os.UserHomeDir(); err == nil {
				dir = filepath.Join(home, ".cache")
			}
		}
		path = filepath.Join(dir, "vitrine", "mailpit-"+Version, "mailpit")
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no mailpit at %s: run bash scripts/ensure-mailpit.sh (make test-go does)", path)
	}
	return path
}

// TLS is how a Server speaks TLS.
type TLS int

const (
	StartTLS TLS = iota // STARTTLS offered and required
	Implicit            // TLS from the first byte (smtps)
	NoTLS               // no TLS at all: STARTTLS not offered
)

// Options shape a Server.
type Options struct {
	TLS TLS
	// NoAuth accepts any sender without AUTH; by default AUTH is required
	// with User and Password.
	NoAuth bool
}

// Credentials of the servers' AUTH.
const (
	User     = "avisos@vitrine.test"
	Password = "senha-de-teste-ç"
)

// Server is a running mailpit.
type Server struct {
	Host     string // 127.0.0.1
	SMTPPort int
	API      string // http://127.0.0.1:port/
	// Roots trusts the server's certificate (made for 127.0.0.1 and
	// localhost).
	Roots *x509.CertPool
	opts  Options

	bin, dir string
	args     []string
	mu       sync.Mutex
	cmd      *exec.Cmd
	log      *bytes.Buffer
	done     chan struct{}
}

// Start starts mailpit for the test, stopped when the test ends.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	bin := Binary(t)
	dir := t.TempDir()
	s := &Server{Host: "127.0.0.1", opts: opts, bin: bin, dir: dir}
	smtpPort, apiPort := freePort(t), freePort(t)
	s.SMTPPort = smtpPort
	s.API = "http://127.0.0.1:" + strconv.Itoa(apiPort) + "/"
	s.args = []string{
		"--smtp", "127.0.0.1:" + strconv.Itoa(smtpPort),
		"--listen", "127.0.0.1:" + strconv.Itoa(apiPort),
		"--database", filepath.Join(dir, "mailpit.db"),
		"--disable-version-check", "--smtp-disable-rdns", "--enable-chaos",
	}
	if opts.TLS != NoTLS {
		cert, key := s.certificate(t)
		s.args = append(s.args, "--smtp-tls-cert", cert, "--smtp-tls-key", key)
		if opts.TLS == Implicit {
			s.args = append(s.args, "--smtp-require-tls")
		} else {
			s.args = append(s.args, "--smtp-require-starttls")
		}
	}
	if opts.NoAuth {
		s.args = append(s.args, "--smtp-auth-accept-any")
	} else {
		auth := filepath.Join(dir, "smtp-auth")
		if err := os.WriteFile(auth, []byte(User+":"+Password+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		s.args = append(s.args, "--smtp-auth-file", auth)
	}
	if opts.TLS == NoTLS {
		s.args = append(s.args, "--smtp-auth-allow-insecure")
	}
	s.start(t)
	t.Cleanup(s.stop)
	return s
}

// URL is the --smtp-url of the server, with its credentials.
func (s *Server) URL() string {
	u := url.URL{Scheme: "smtp", Host: net.JoinHostPort(s.Host, strconv.Itoa(s.SMTPPort))}
	if s.opts.TLS == Implicit {
		u.Scheme = "smtps"
	}
	if !s.opts.NoAuth {
		u.User = url.UserPassword(User, Password)
	}
	return u.String()
}

// Stop stops the server (it is down until Restart): connections to its
// port are refused.
func (s *Server) Stop(t testing.TB) {
	t.Helper()
	s.stop()
}

// Restart starts the stopped server again on the same ports, with what
// it had received.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.start(t)
}

func (s *Server) start(t testing.TB) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = &bytes.Buffer{}
	cmd := exec.Command(s.bin, s.args...)
	cmd.Stdout, cmd.Stderr = s.log, s.log
	if err := cmd.Start(); err != nil {
		t.Fatalf("start mailpit: %v", err)
	}
	s.cmd, s.done = cmd, make(chan struct{})
	go func(done chan struct{}) {
		cmd.Wait()
		close(done)
	}(s.done)
	done := s.done
	testwait.Until(t, "mailpit answers", func() bool {
		select {
		case <-done:
			t.Fatalf("mailpit exited:\n%s", s.log)
		default:
		}
		res, err := http.Get(s.API + "readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return false
		}
		c, err := net.Dial("tcp", net.JoinHostPort(s.Host, strconv.Itoa(s.SMTPPort)))
		if err != nil {
			return false
		}
		c.Close()
		return true
	})
}

func (s *Server) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Kill()
	<-s.done
	s.cmd = nil
}

// certificate writes a self-signed certificate for 127.0.0.1 and
// localhost, and its key, and trusts it in s.Roots.
func (s *Server) certificate(t testing.TB) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(time.Now().UnixNano()),
		Subject:               pkix.Name{CommonName: "mailtest"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(24 * time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	s.Roots = x509.NewCertPool()
	s.Roots.AddCert(cert)
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(s.dir, "cert.pem"), filepath.Join(s.dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	return certFile, keyFile
}

// Address is a mailbox as mailpit reports it.
type Address struct {
	Name    string `json:"Name"`
	Address string `json:"Address"`
}

// Message is a received message, as mailpit's API gives it.
type Message struct {
	ID        string    `json:"ID"`
	MessageID string    `json:"MessageID"`
	From      Address   `json:"From"`
	To        []Address `json:"To"`
	Cc        []Address `json:"Cc"`
	ReplyTo   []Address `json:"ReplyTo"`
	Subject   string    `json:"Subject"`
	Date      time.Time `json:"Date"`
	Text      string    `json:"Text"`
	HTML      string    `json:"HTML"`
}

// Messages returns every message received, newest first, in full.
func (s *Server) Messages(t testing.TB) []Message {
	t.Helper()
	var list struct {
		Messages []struct {
			ID string `json:"ID"`
		} `json:"messages"`
	}
	s.get(t, "api/v1/messages?limit=1000", &list)
	out := make([]Message, len(list.Messages))
	for i, m := range list.Messages {
		s.get(t, "api/v1/message/"+m.ID, &out[i])
	}
	return out
}

// Raw returns the message's source as received.
func (s *Server) Raw(t testing.TB, id string) string {
	t.Helper()
	var b []byte
	s.get(t, "api/v1/message/"+id+"/raw", &b)
	return string(b)
}

// Headers returns the message's headers.
func (s *Server) Headers(t testing.TB, id string) map[string][]string {
	t.Helper()
	var h map[string][]string
	s.get(t, "api/v1/message/"+id+"/headers", &h)
	return h
}

// WaitMessages waits until the server holds at least n messages, and
// returns them all.
func (s *Server) WaitMessages(t testing.TB, n int) []Message {
	t.Helper()
	var got []Message
	testwait.Until(t, fmt.Sprintf("%d messages received", n), func() bool {
		got = s.Messages(t)
		return len(got) >= n
	})
	return got
}

// Refuse makes the server answer every RCPT TO with code (4xx or 5xx);
// 0 stops refusing.
func (s *Server) Refuse(t testing.TB, code int) {
	t.Helper()
	trigger := map[string]int{"ErrorCode": code, "Probability": 100}
	if code == 0 {
		trigger = map[string]int{"ErrorCode": 451, "Probability": 0}
	}
	body, _ := json.Marshal(map[string]any{"Recipient": trigger})
	req, err := http.NewRequest(http.MethodPut, s.API+"api/v1/chaos", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("mailpit chaos: %v", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("mailpit chaos: %s: %s", res.Status, b)
	}
}

func (s *Server) get(t testing.TB, path string, into any) {
	t.Helper()
	res, err := http.Get(s.API + path)
	if err != nil {
		t.Fatalf("mailpit API %s: %v", path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("mailpit API %s: %v %s: %s", path, err, res.Status, b)
	}
	if raw, ok := into.(*[]byte); ok {
		*raw = b
		return
	}
	if err := json.Unmarshal(b, into); err != nil {
		t.Fatalf("mailpit API %s: %v", path, err)
	}
}

// freePort returns a TCP port free on 127.0.0.1 a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// Silent is an SMTP server that accepts connections and never says a
// word, until the test ends: a server that hangs.
type Silent struct {
	Addr      string
	Connected chan struct{} // closed at the first connection
}

// StartSilent listens on a free loopback port as a Silent server.
func StartSilent(t testing.TB) *Silent {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := &Silent{Addr: ln.Addr().String(), Connected: make(chan struct{})}
	var once sync.Once
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			once.Do(func() { close(h.Connected) })
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return h
}
