// Package tlsacme gets and renews the site's certificates over ACME (Let's
// Encrypt by default, any RFC 8555 CA otherwise), keeps them in a
// directory, and serves them: the TLS configuration of the https
// listener, which also answers the TLS-ALPN-01 challenge, and the handler
// of the http listener, which answers the HTTP-01 challenge and sends
// every other request to https.
//
// It adapts caddyserver/certmagic, which obtains at start in the
// background, retries with backoff, renews within a window of each
// certificate's life (or the CA's ARI suggestion), staples OCSP, and locks
// its storage so that two processes on one directory do not order the same
// certificate twice.
package tlsacme

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/caddyserver/certmagic"
	"github.com/prometheus/client_golang/prometheus"
)

// LetsEncrypt is the directory of Let's Encrypt's production CA, the
// default.
const LetsEncrypt = certmagic.LetsEncryptProductionCA

// Config is what a Manager needs.
type Config struct {
	// Domains are the host names served and certified, the first one the
	// canonical name (see Manager.HTTPHandler). Required.
	Domains []string
	// CA is the ACME directory URL; "" is LetsEncrypt.
	CA string
	// Email is the ACME account's contact, where the CA writes about
	// expiring certificates; "" registers without one. Never logged.
	Email string
	// Roots, when set, are the only roots trusted on the connection to the
	// CA (a private CA's, say); nil trusts the system's.
	Roots *x509.CertPool
	// Dir is where certificates, their keys and the ACME account are kept
	// (created readable by its owner only). Required.
	Dir string
	// HTTPAddr and HTTPSAddr are the addresses the challenges are
	// answered on, those of the process's listeners: the CA connects to
	// ports 80 and 443, forwarded to them.
	HTTPAddr, HTTPSAddr string
	// Logger receives what happens to the certificates; fields that could
	// carry personal data (the account's e-mail) are left out.
	Logger *slog.Logger
	// Metrics, when set, receives vitrine_tls_certificate_expiry_seconds.
	Metrics prometheus.Registerer
	// RenewalWindow is the share of a certificate's life, at its end, in
	// which it is renewed; 0 is certmagic's default (a third). The CA's
	// ARI suggestion wins when it gives one.
	RenewalWindow float64
	// RenewCheck is how often the certificates are checked for renewal; 0
	// is certmagic's default (10 minutes).
	RenewCheck time.Duration
}

// Manager keeps the certificates of Config.Domains.
type Manager struct {
	domains   []string
	httpsPort string // "" for 443
	magic     *certmagic.Config
	cache     *certmagic.Cache
	issuer    *certmagic.ACMEIssuer
	log       *slog.Logger
	stop      sync.Once
}

// New prepares the manager; it touches no network (Run does). Its
// background maintenance runs from here until Run returns or Close.
func New(cfg Config) (*Manager, error) {
	if len(cfg.Domains) == 0 {
		return nil, errors.New("tlsacme: no domain")
	}
	if cfg.Dir == "" {
		return nil, errors.New("tlsacme: no directory for the certificates")
	}
	if err := os.MkdirAll(cfg.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("create the certificates' directory: %w", err)
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	httpHost, httpPort, err := hostPort(cfg.HTTPAddr, 80)
	if err != nil {
		return nil, fmt.Errorf("tlsacme: http address: %w", err)
	}
	_, httpsPort, err := hostPort(cfg.HTTPSAddr, 443)
	if err != nil {
		return nil, fmt.Errorf("tlsacme: https address: %w", err)
	}
	zl := zapLogger(log)
	m := &Manager{domains: cfg.Domains, log: log}
	if httpsPort != 443 {
		m.httpsPort = strconv.Itoa(httpsPort)
	}
	m.cache = certmagic.NewCache(certmagic.CacheOptions{
		GetConfigForCert:   func(certmagic.Certificate) (*certmagic.Config, error) { return m.magic, nil },
		RenewCheckInterval: cfg.RenewCheck,
		Logger:             zl,
	})
	m.magic = certmagic.New(m.cache, certmagic.Config{
		RenewalWindowRatio: cfg.RenewalWindow,
		Storage:            &certmagic.FileStorage{Path: cfg.Dir},
		Logger:             zl,
	})
	ca := cfg.CA
	if ca == "" {
		ca = LetsEncrypt
	}
	// The challenges are answered by the process's own listeners
	// (TLSConfig, HTTPHandler): certmagic's attempt to open one of its
	// own on the same port finds it taken, and it then relies on them.
	m.issuer = certmagic.NewACMEIssuer(m.magic, certmagic.ACMEIssuer{
		CA:             ca,
		Email:          cfg.Email,
		Agreed:         true, // --domain is the operator's consent to the CA's terms
		TrustedRoots:   cfg.Roots,
		ListenHost:     httpHost,
		AltHTTPPort:    httpPort,
		AltTLSALPNPort: httpsPort,
		Logger:         zl,
	})
	m.magic.Issuers = []certmagic.Issuer{m.issuer}
	if cfg.Metrics != nil {
		if err := cfg.Metrics.Register(expiryCollector{m}); err != nil {
			return nil, fmt.Errorf("tlsacme: register metrics: %w", err)
		}
	}
	return m, nil
}

// hostPort splits a listener's address; a port of 0 (tests) or none is
// def.
func hostPort(addr string, def int) (string, int, error) {
	if addr == "" {
		return "", def, nil
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", 0, err
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 {
		return "", 0, fmt.Errorf("port %q", port)
	}
	if n == 0 {
		n = def
	}
	return host, n, nil
}

// Run loads the certificates in the directory, orders those missing and
// renews them until ctx ends. A CA that cannot be reached is logged and
// tried again later, with backoff; certificates already held are served
// meanwhile.
func (m *Manager) Run(ctx context.Context) {
	if err := m.magic.ManageAsync(ctx, m.domains); err != nil {
		m.log.Error("tls certificates", "err", err)
	}
	<-ctx.Done()
	m.Close()
}

// Close stops the background maintenance; Run's end does too.
func (m *Manager) Close() {
	m.stop.Do(m.cache.Stop)
}

// TLSConfig is the configuration of the https listener: the certificate
// of the name asked for, and the TLS-ALPN-01 challenge's, with HTTP/2.
func (m *Manager) TLSConfig() *tls.Config {
	c := m.magic.TLSConfig()
	c.NextProtos = append([]string{"h2", "http/1.1"}, c.NextProtos...)
	c.MinVersion = tls.VersionTLS12
	return c
}

// HTTPHandler is the handler of the http listener: it answers the
// HTTP-01 challenge, sends requests for a name that has its certificate
// to the same path and query over https (301, or 308 for a method other
// than GET or HEAD, which must be sent again as it was), and hands the
// others to site, so that the site answers over http until its first
// certificate arrives. A name not among the domains is sent to the
// first one, never to where the request's Host says.
func (m *Manager) HTTPHandler(site http.Handler) http.Handler {
	return m.issuer.HTTPChallengeHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := m.domains[0]
		if h := requestHost(r); slices.Contains(m.domains, h) {
			host = h
		}
		if !m.Holds(host) {
			site.ServeHTTP(w, r)
			return
		}
		if m.httpsPort != "" {
			host = net.JoinHostPort(host, m.httpsPort)
		}
		code := http.StatusMovedPermanently
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			code = http.StatusPermanentRedirect
		}
		w.Header().Set("Location", "https://"+host+r.URL.RequestURI())
		w.WriteHeader(code)
	}))
}

// requestHost is the request's host name, lower case, without port or
// final dot.
func requestHost(r *http.Request) string {
	h := r.Host
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	return strings.TrimSuffix(strings.ToLower(h), ".")
}

// Holds reports whether a certificate of name, unexpired, is ready to be
// served.
func (m *Manager) Holds(name string) bool {
	for _, c := range m.cache.AllMatchingCertificates(name) {
		if !c.Expired() {
			return true
		}
	}
	return false
}

// expiry is when the certificate of name served now ends; zero when
// there is none.
func (m *Manager) expiry(name string) time.Time {
	var end time.Time
	for _, c := range m.cache.AllMatchingCertificates(name) {
		if c.Leaf != nil && c.Leaf.NotAfter.After(end) {
			end = c.Leaf.NotAfter
		}
	}
	return end
}

// expiryCollector reports when each domain's certificate ends.
type expiryCollector struct{ m *Manager }

var expiryDesc = prometheus.NewDesc("vitrine_tls_certificate_expiry_seconds",
	"When the certificate served for a domain ends, as a Unix time; absent while there is none.", []string{"domain"}, nil)

func (c expiryCollector) Describe(ch chan<- *prometheus.Desc) { ch <- expiryDesc }

func (c expiryCollector) Collect(ch chan<- prometheus.Metric) {
	for _, d := range c.m.domains {
		if end := c.m.expiry(d); !end.IsZero() {
			ch <- prometheus.MustNewConstMetric(expiryDesc, prometheus.GaugeValue, float64(end.Unix()), d)
		}
	}
}

// ParseDomain checks a host name given to be certified: lower case
// letters, digits and hyphens in dot-separated labels, no IP address, no
// wildcard (the HTTP and TLS-ALPN challenges cannot prove one), no port.
func ParseDomain(s string) (string, error) {
	d := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), ".")
	if d == "" || len(d) > 253 {
		return "", errors.New("want a host name such as imobiliaria.com.br")
	}
	if net.ParseIP(d) != nil {
		return "", errors.New("want a host name, not an IP address: certificates are issued to names")
	}
	for label := range strings.SplitSeq(d, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return "", fmt.Errorf("%q is not a host name such as imobiliaria.com.br", s)
		}
		for _, c := range label {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
				return "", fmt.Errorf("%q is not a host name such as imobiliaria.com.br (no wildcard, port or scheme)", s)
			}
		}
	}
	return d, nil
}

// LoadRoots reads the PEM certificates of file, the roots of a private CA.
func LoadRoots(file string) (*x509.CertPool, error) {
	pem, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pem) {
		return nil, fmt.Errorf("%s holds no PEM certificate", file)
	}
	return pool, nil
}
