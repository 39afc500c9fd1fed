package main

import (
	"crypto/x509"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	netmail "net/mail"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/tlsacme"
)

// tlsConfig is what --domain and its companions set: the site serves
// https itself, with certificates it obtains over ACME.
type tlsConfig struct {
	domains   []string // none: no https of its own
	httpsAddr string
	httpAddr  string
	acmeCA    string
	acmeEmail string
	acmeRoot  string         // a PEM file, for a private CA
	acmeRoots *x509.CertPool // acmeRoot read; nil for the system's
	acmeDir   string         // "": acme/ beside a SQLite --db
}

// acmeTiming is how often certificates are checked for renewal and the
// share of their life, at its end, in which they are renewed (0:
// certmagic's defaults). Tests shorten them.
var acmeTiming = struct {
	renewCheck time.Duration
	window     float64
}{}

// tlsFlags adds the flags of https to serve's.
func tlsFlags(fs *flag.FlagSet, cfg *tlsConfig) {
	fs.Var(domainsValue{&cfg.domains}, "domain",
		"host `name` to serve over https with a certificate obtained and renewed over ACME; repeat it, or separate names with "+
			"commas, for more (the first is the canonical one); needs ports 80 and 443 (--http-addr, --https-addr)")
	define(fs, &cfg.httpsAddr, ":443", "https-addr", parseAddr, ident, "`address` of https with --domain")
	define(fs, &cfg.httpAddr, ":80", "http-addr", parseAddr, ident,
		"`address` of http with --domain: ACME's HTTP-01 challenge, and a redirect to https once the certificate is held")
	define(fs, &cfg.acmeCA, tlsacme.LetsEncrypt, "acme-ca", parseDirectoryURL, ident, "ACME directory `URL` of the CA that issues the certificates")
	define(fs, &cfg.acmeEmail, "", "acme-email", parseEmail, ident,
		"`e-mail` of the ACME account, where the CA warns of certificates about to expire; empty: an account without one")
	define(fs, &cfg.acmeRoot, "", "acme-ca-root", parseRoots, ident,
		"PEM `file` of the roots trusted on the connection to --acme-ca, for a private CA; empty: the system's")
	define(fs, &cfg.acmeDir, "", "acme-dir", parseDir, ident,
		"`directory` of the certificates, their keys and the ACME account (created readable by its owner only); "+
			"empty: acme/ beside a SQLite --db")
}

// domainsValue is --domain: each use adds names.
type domainsValue struct{ p *[]string }

func (v domainsValue) Set(s string) error {
	if s == "" {
		*v.p = nil // given empty: none, whatever VITRINE_DOMAIN says
		return nil
	}
	for f := range strings.SplitSeq(s, ",") {
		d, err := tlsacme.ParseDomain(f)
		if err != nil {
			return err
		}
		if !slices.Contains(*v.p, d) {
			*v.p = append(*v.p, d)
		}
	}
	return nil
}

func (v domainsValue) String() string {
	if v.p == nil {
		return ""
	}
	return strings.Join(*v.p, ",")
}

func parseDirectoryURL(s string) (string, error) {
	if _, err := parsePublicURL(s); err != nil || !strings.HasPrefix(s, "https://") {
		return "", errors.New("want the https URL of an ACME directory, such as " + tlsacme.LetsEncrypt)
	}
	return s, nil
}

// same reports whether two listeners' addresses are one; port 0 is a new
// port each time.
func same(a, b string) bool {
	return a == b && !strings.HasSuffix(a, ":0")
}

func parseEmail(s string) (string, error) {
	if s == "" {
		return s, nil
	}
	if a, err := netmail.ParseAddress(s); err != nil || a.Name != "" || a.Address != s {
		return "", errors.New("want an e-mail address such as ti@imobiliaria.com.br")
	}
	return s, nil
}

// parseRoots checks that a file of roots can be read; checkTLS reads it.
func parseRoots(s string) (string, error) {
	if s == "" {
		return s, nil
	}
	if _, err := tlsacme.LoadRoots(s); err != nil {
		return "", fmt.Errorf("want a PEM file of certificates: %w", err)
	}
	return s, nil
}

// checkTLS checks the https settings against the others: certificates on
// one machine's disk serve one instance, so PostgreSQL (several instances
// on one database) is refused; and the public address defaults to the
// first domain.
func (cfg *config) checkTLS() error {
	t := &cfg.tls
	if len(t.domains) == 0 {
		return nil
	}
	if store.IsPostgres(cfg.db) {
		return fmt.Errorf("%s is for a single server: it keeps the certificates on this machine's disk, and on PostgreSQL "+
			"several instances may serve the site; terminate TLS at the load balancer in front of them (with %s) "+
			"instead, or use a SQLite %s", cfg.source("domain"), cfg.source("trusted-proxies"), cfg.source("db"))
	}
	if same(t.httpsAddr, t.httpAddr) || same(t.httpsAddr, cfg.addr) || same(t.httpAddr, cfg.addr) {
		return fmt.Errorf("%s, %s and %s must be three different addresses", cfg.source("addr"), cfg.source("https-addr"), cfg.source("http-addr"))
	}
	if t.acmeRoot != "" {
		var err error
		if t.acmeRoots, err = tlsacme.LoadRoots(t.acmeRoot); err != nil {
			return fmt.Errorf("invalid value for %s: %w", cfg.source("acme-ca-root"), err)
		}
	}
	if t.acmeDir == "" {
		t.acmeDir = filepath.Join(filepath.Dir(cfg.db), "acme")
	}
	if cfg.publicURL == "" {
		cfg.publicURL = "https://" + t.domains[0]
		if _, port, _ := net.SplitHostPort(t.httpsAddr); port != "443" && port != "0" {
			cfg.publicURL = "https://" + net.JoinHostPort(t.domains[0], port)
		}
	}
	return nil
}

// tlsSite is what --domain adds to the server: the https listener and
// the http one, each held within the connection limits of --addr, and
// the certificates' manager.
type tlsSite struct {
	mgr              *tlsacme.Manager
	httpsLn, httpLn  *guardListener
	https, redirects *http.Server
}

// openTLSListeners takes the https and http addresses, when --domain is
// set; like --addr, before the database is touched.
func (a *App) openTLSListeners(limits connLimits) error {
	t := a.cfg.tls
	if len(t.domains) == 0 {
		return nil
	}
	a.tls = &tlsSite{}
	var err error
	if a.tls.httpsLn, err = listen(t.httpsAddr, limits); err != nil {
		return fmt.Errorf("listen on %s (%s): %w", t.httpsAddr, a.cfg.source("https-addr"), err)
	}
	if a.tls.httpLn, err = listen(t.httpAddr, limits); err != nil {
		return fmt.Errorf("listen on %s (%s): %w", t.httpAddr, a.cfg.source("http-addr"), err)
	}
	a.ln.count(a.tls.httpsLn, a.tls.httpLn)
	return nil
}

// openTLSServers builds the certificates' manager and the https and http
// servers, with the timeouts of --addr's; net/http bounds the TLS
// handshake by the shortest of them, the header's.
func (a *App) openTLSServers(site http.Handler) error {
	if a.tls == nil {
		return nil
	}
	t := a.cfg.tls
	var err error
	a.tls.mgr, err = tlsacme.New(tlsacme.Config{
		Domains:       t.domains,
		CA:            t.acmeCA,
		Email:         t.acmeEmail,
		Roots:         t.acmeRoots,
		Dir:           t.acmeDir,
		HTTPAddr:      a.tls.httpLn.Addr().String(),
		HTTPSAddr:     a.tls.httpsLn.Addr().String(),
		Logger:        a.log,
		Metrics:       a.reg,
		RenewalWindow: acmeTiming.window,
		RenewCheck:    acmeTiming.renewCheck,
	})
	if err != nil {
		return err
	}
	server := func(h http.Handler, ln *guardListener) *http.Server {
		return &http.Server{
			Handler:           h,
			ReadHeaderTimeout: httpTimeouts.readHeader,
			ReadTimeout:       httpTimeouts.read,
			WriteTimeout:      httpTimeouts.write,
			IdleTimeout:       httpTimeouts.idle,
			MaxHeaderBytes:    32 << 10,
			ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelDebug), // every scanner's failed handshake
			ConnState:         ln.ConnState,
		}
	}
	a.tls.https = server(site, a.tls.httpsLn)
	a.tls.https.TLSConfig = a.tls.mgr.TLSConfig()
	a.tls.redirects = server(a.tls.mgr.HTTPHandler(site), a.tls.httpLn)
	return nil
}

// serveTLS serves https and http, sending the first error to errc, and
// says where.
func (a *App) serveTLS(errc chan<- error) {
	if a.tls == nil {
		return
	}
	go func() { errc <- a.tls.https.ServeTLS(a.tls.httpsLn, "", "") }()
	go func() { errc <- a.tls.redirects.Serve(a.tls.httpLn) }()
	fmt.Fprintf(a.stdout, "HTTPS em %s para %s (HTTP em %s)\n", a.tls.httpsLn.Addr(), strings.Join(a.cfg.tls.domains, ", "), a.tls.httpLn.Addr())
}

// tlsSettings are the addresses https and http took, for the log.
func (a *App) tlsSettings() map[string]string {
	if a.tls == nil {
		return nil
	}
	return map[string]string{"https-addr": a.tls.httpsLn.Addr().String(), "http-addr": a.tls.httpLn.Addr().String()}
}

// shutdownTLS stops https and http as --addr's server stops.
func (a *App) shutdownTLS(shutdown func(*http.Server)) {
	if a.tls == nil {
		return
	}
	if a.tls.https != nil {
		shutdown(a.tls.https)
		shutdown(a.tls.redirects)
	}
}

// closeTLS stops the certificates' manager and closes the listeners, when
// Run did not.
func (a *App) closeTLS() {
	if a.tls == nil {
		return
	}
	if a.tls.mgr != nil {
		a.tls.mgr.Close()
	}
	for _, ln := range []*guardListener{a.tls.httpsLn, a.tls.httpLn} {
		if ln != nil {
			ln.Close()
		}
	}
}
