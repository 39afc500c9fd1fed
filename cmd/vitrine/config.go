package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	netmail "net/mail"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/mail"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/publicmap"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/webhook"
)

var errUsage = errors.New("invalid usage")

// config is everything serve and the tools read from flags and the
// environment; a flag wins over its environment variable.
type config struct {
	addr      string
	db        string
	demo      bool
	publicURL string
	cacheMB   int
	logLevel  slog.Level
	maxConns  int // 0: no cap

	maxConnsPerIP int // 0: no cap

	searchConcurrency int
	searchLimit       httpapi.Rate

	contactLimit   httpapi.Rate
	authFailLimit  httpapi.Rate
	trustedProxies []netip.Prefix

	contactAddressLimit httpapi.Rate

	signInLimit httpapi.Rate
	sessionIdle time.Duration
	sessionMax  time.Duration

	leadRetention     listing.Retention // the zero Retention: off
	leadWebhook       string            // "" for none
	leadWebhookSecret string            // from the environment only
	smtpURL           string            // "" for none; may carry the password
	smtpServer        mail.Server       // smtpURL parsed, the password from VITRINE_SMTP_PASSWORD when not in it
	mailFrom          string
	mailFromAddr      *netmail.Address // mailFrom parsed; nil for none
	metricsAddr       string           // an address, metricsOff or metricsMain

	mediaDir     string
	mediaS3      string // "" for none; credentials from the environment
	mediaMaxMB   int
	mediaWorkers int
	fetchPorts   []uint16 // the ports an import's photos are fetched from

	tls            tlsConfig       // --domain and its companions
	backup         backupConfig    // scheduled backups
	mapTileURL     string          // "" for no map
	mapAttribution string          // the tiles' credit
	mapTiles       publicmap.Tiles // the two checked together

	fromEnv map[string]bool // the flags set from their environment variable
}

// The values of --metrics-addr that are not an address.
const (
	metricsOff  = "off"  // no /metrics at all
	metricsMain = "main" // /metrics on --addr, with everything else
)

// envName is the environment variable of a flag: --cache-mb reads
// VITRINE_CACHE_MB.
func envName(flag string) string {
	return "VITRINE_" + strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))
}

// newFlagSet returns a flag set for a command, with --db on every one.
func newFlagSet(name string, cfg *config, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("vitrine "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	define(fs, &cfg.db, "data/vitrine.db", "db", parseDB, ident, "`database`: a postgres:// URL, or a SQLite file path")
	return fs
}

// serveFlags adds the flags of serve.
func serveFlags(fs *flag.FlagSet, cfg *config) {
	define(fs, &cfg.addr, "127.0.0.1:8080", "addr", parseAddr, ident, "`address` to listen on")
	fs.BoolVar(&cfg.demo, "demo", false, "load the demo catalogue into an empty database and mint an admin token")
	define(fs, &cfg.publicURL, "", "public-url", parsePublicURL, ident,
		"public `address` (https://host), for absolute links in page meta tags; empty: the request's host")
	define(fs, &cfg.cacheMB, 64, "cache-mb", parseCount, strconv.Itoa, "memory of the cache of public responses in `MB`; 0 disables the cache")
	define(fs, &cfg.contactLimit, httpapi.Rate{N: 5, Per: 10 * time.Minute}, "contact-limit", httpapi.ParseRate, httpapi.Rate.String,
		"contact submissions allowed per client address and property, as `N/DURATION`, or off")
	define(fs, &cfg.contactAddressLimit, httpapi.Rate{N: 20, Per: 10 * time.Minute}, "contact-address-limit", httpapi.ParseRate, httpapi.Rate.String,
		"contact submissions allowed per client address across all properties, as `N/DURATION`, or off")
	define(fs, &cfg.authFailLimit, httpapi.Rate{N: 10, Per: 5 * time.Minute}, "admin-auth-limit", httpapi.ParseRate, httpapi.Rate.String,
		"failed admin authentications allowed per client address, as `N/DURATION`, or off")
	define(fs, &cfg.signInLimit, httpapi.Rate{N: 10, Per: 15 * time.Minute}, "signin-limit", httpapi.ParseRate, httpapi.Rate.String,
		"sign-ins allowed per e-mail, from any address and on any instance of the database, as `N/DURATION`, or off; a success gives its attempt back")
	define(fs, &cfg.sessionIdle, httpapi.DefaultSessionLimits.Idle, "session-idle", parsePositiveDuration, time.Duration.String,
		"a session unused for this `duration` ends")
	define(fs, &cfg.sessionMax, httpapi.DefaultSessionLimits.Max, "session-max", parsePositiveDuration, time.Duration.String,
		"a session ends this `duration` after its sign-in, used or not")
	define(fs, &cfg.trustedProxies, nil, "trusted-proxies", httpapi.ParsePrefixes, formatPrefixes,
		"comma-separated `networks` of proxies whose X-Forwarded-For, -Proto and -Host are believed")
	// The webhook's address may carry a token: it is checked after parsing,
	// so that a refusal never shows it, and its secret is read from the
	// environment only.
	fs.StringVar(&cfg.leadWebhook, "lead-webhook", "", "absolute http(s) `URL` that receives each new lead as a signed JSON POST; "+
		"the HMAC-SHA256 secret comes from VITRINE_LEAD_WEBHOOK_SECRET")
	// The SMTP URL may carry a password: it is checked after parsing, so
	// that a refusal never shows it; VITRINE_SMTP_PASSWORD keeps it out of
	// the URL.
	fs.StringVar(&cfg.smtpURL, "smtp-url", "", "SMTP server that sends the e-mails (the notice of each new lead to the agency): "+
		"smtp://`user@host:587` (STARTTLS required) or smtps://user@host:465 (implicit TLS); the password in the URL or in "+
		"VITRINE_SMTP_PASSWORD; empty: e-mails wait in the outbox, and are given up after 7 days")
	fs.StringVar(&cfg.mailFrom, "mail-from", "", "sender of the e-mails, `address` or \"Name <address>\"; required with --smtp-url")
	define(fs, &cfg.leadRetention, listing.Retention{}, "lead-retention", listing.ParseRetention, listing.Retention.String,
		"how long leads are kept before they are anonymised: `months` (24m) or days (90d); off: until a data subject asks")
	define(fs, &cfg.metricsAddr, "127.0.0.1:9464", "metrics-addr", parseMetricsAddr, ident,
		"`address` of a listener of its own for /metrics; "+metricsMain+": on --addr, with everything else; "+metricsOff+": nowhere")
	define(fs, &cfg.searchConcurrency, httpapi.DefaultSearchConcurrency(), "search-concurrency", parsePositive, strconv.Itoa,
		"searches that the cache does not answer run `N` at a time, the others waiting their turn in the order they came; "+
			"the default is two per core")
	// A visitor who changes a filter every second for two minutes stays
	// within --search-limit, as does an office of a few people behind one
	// address; a client asking thousands of distinct searches a second is
	// held to two a second.
	define(fs, &cfg.searchLimit, httpapi.Rate{N: 120, Per: time.Minute}, "search-limit", httpapi.ParseRate, httpapi.Rate.String,
		"searches that the cache does not answer allowed per client address, as `N/DURATION`, or off "+
			"(for load tests, and behind a proxy that limits them)")
	define(fs, &cfg.maxConns, 1024, "max-conns", parseCount, strconv.Itoa,
		"most `connections` open at once on --addr; past it the one idle the longest is closed, else the next one waits "+
			"to be accepted until one closes or falls idle; 0: no cap")
	define(fs, &cfg.maxConnsPerIP, 64, "max-conns-per-ip", parseCount, strconv.Itoa,
		"most `connections` open at once on --addr from one client address (an IPv6 /64), --trusted-proxies excepted; "+
			"past it the address's own idle one is closed, else the new one is; 0: no cap")
	fs.TextVar(&cfg.logLevel, "log-level", slog.LevelInfo, "`level`: debug, info, warn or error")
	define(fs, &cfg.mediaDir, "", "media-dir", parseDir, ident,
		"`directory` of uploaded photos and their variants (created readable by its owner only), unless --media-s3 is set; "+
			"empty: media/ beside a SQLite --db, else data/media")
	define(fs, &cfg.mediaS3, "", "media-s3", parseS3, ident,
		"keep uploaded photos in S3-compatible storage: s3://`bucket`/prefix?endpoint=https://host&region=…&path_style=true, "+
			"credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY")
	define(fs, &cfg.mediaMaxMB, 20, "media-max-mb", parsePositive, strconv.Itoa, "largest photo file accepted, in `MB`")
	define(fs, &cfg.mediaWorkers, 1, "media-workers", parsePositive, strconv.Itoa,
		"photos processed at once (`N`); each takes about 250 MB at its peak")
	define(fs, &cfg.fetchPorts, media.DefaultFetchPorts, "fetch-ports", parsePorts, formatPorts,
		"comma-separated `ports` an import's photo addresses may name (on public internet addresses only); others are not fetched")
	tlsFlags(fs, &cfg.tls)
	backupFlags(fs, cfg)
	// OpenStreetMap's own tiles suit a site of modest traffic (its tile
	// usage policy); a busier site names a provider of its own.
	define(fs, &cfg.mapTileURL, publicmap.DefaultTileURL, "map-tiles", publicmap.ParseTileURL, ident,
		"`address` of the map tiles on the public pages, with {z}, {x} and {y} (https; http from a loopback host only); "+
			"empty or off: no map")
	define(fs, &cfg.mapAttribution, publicmap.DefaultAttribution, "map-attribution", publicmap.ParseAttribution, ident,
		"the tiles' credit shown on the map (`text`), as their licence asks; required with --map-tiles")
}

// parsePorts reads a comma-separated list of TCP ports, such as 80,443.
func parsePorts(s string) ([]uint16, error) {
	var out []uint16
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.ParseUint(strings.TrimSpace(f), 10, 16)
		if err != nil || n == 0 {
			return nil, errors.New("want comma-separated ports from 1 to 65535, such as 80,443")
		}
		if !slices.Contains(out, uint16(n)) {
			out = append(out, uint16(n))
		}
	}
	return out, nil
}

func formatPorts(ports []uint16) string {
	out := make([]string, len(ports))
	for i, p := range ports {
		out[i] = strconv.Itoa(int(p))
	}
	return strings.Join(out, ",")
}

func parseDir(s string) (string, error) {
	if s != "" && strings.TrimSpace(s) == "" {
		return "", errors.New("want a directory path")
	}
	return s, nil
}

// parseS3 checks the form of an S3 address; the credentials are checked
// when serve opens the storage.
func parseS3(s string) (string, error) {
	if s == "" {
		return s, nil
	}
	if _, err := blob.ParseS3URL(s, func(string) string { return "set" }); err != nil {
		return "", err
	}
	return s, nil
}

// parsePositive reads a whole number above zero.
func parsePositive(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		return 0, errors.New("want a whole number above zero")
	}
	return n, nil
}

// value is a flag whose text is parsed by parse and printed by format.
type value[T any] struct {
	p      *T
	parse  func(string) (T, error)
	format func(T) string
}

func (v value[T]) Set(s string) error {
	x, err := v.parse(s)
	if err != nil {
		return err
	}
	*v.p = x
	return nil
}

func (v value[T]) String() string {
	if v.p == nil { // the flag package's zero value, for its usage text
		return ""
	}
	return v.format(*v.p)
}

// define adds a flag of any type: *p starts at def.
func define[T any](fs *flag.FlagSet, p *T, def T, name string, parse func(string) (T, error), format func(T) string, usage string) {
	*p = def
	fs.Var(value[T]{p, parse, format}, name, usage)
}

func ident(s string) string { return s }

func parseDB(s string) (string, error) {
	if s == "" {
		return "", errors.New("want a SQLite file path or a postgres:// URL")
	}
	if _, err := url.Parse(s); store.IsPostgres(s) && err != nil {
		return "", errors.New("not a valid URL")
	}
	return s, nil
}

func parseAddr(s string) (string, error) {
	if _, _, err := net.SplitHostPort(s); err != nil {
		return "", fmt.Errorf("want HOST:PORT, such as 127.0.0.1:8080 or :8080")
	}
	return s, nil
}

func parseMetricsAddr(s string) (string, error) {
	if s == metricsOff || s == metricsMain {
		return s, nil
	}
	if _, err := parseAddr(s); err != nil {
		return "", fmt.Errorf("want HOST:PORT, %s or %s", metricsMain, metricsOff)
	}
	return s, nil
}

func parsePublicURL(s string) (string, error) {
	u, err := url.Parse(s)
	if s != "" && (err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "") {
		return "", errors.New("want an absolute http(s) address without query, such as https://imoveis.example.com")
	}
	return s, nil
}

// parsePositiveDuration reads a duration above zero, such as 12h or 720h.
func parsePositiveDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, errors.New("want a duration above zero, such as 12h or 720h")
	}
	return d, nil
}

// parseCount reads a whole number, 0 or more.
func parseCount(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, errors.New("want a whole number, 0 or more")
	}
	return n, nil
}

func formatPrefixes(ps []netip.Prefix) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return strings.Join(out, ",")
}

// errHelp means -h was asked for: usage was printed, nothing else to do.
var errHelp = flag.ErrHelp

// parse parses args (see parseArgs), then sets every flag left out of them
// from its environment variable (see setFromEnv), and returns the
// positional arguments.
func parse(fs *flag.FlagSet, args []string, getenv func(string) string) ([]string, error) {
	positional, err := parseArgs(fs, args)
	if err != nil {
		return nil, err
	}
	_, err = setFromEnv(fs, getenv)
	return positional, err
}

// parseArgs parses args, flags before or after the positional arguments
// ("token create NAME --db x" and "token create --db x NAME" alike), and
// returns the positional ones.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.VisitAll(func(f *flag.Flag) { f.Usage += " (env " + envName(f.Name) + ")" })
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, errUsage
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return positional, nil
}

// setFromEnv sets every flag not given on the command line from its
// environment variable, and returns the names of the flags it set. An
// empty variable counts as unset; an invalid one is an error that names
// it, as an invalid flag is.
func setFromEnv(fs *flag.FlagSet, getenv func(string) string) (map[string]bool, error) {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	set := map[string]bool{}
	var err error
	fs.VisitAll(func(f *flag.Flag) {
		env := envName(f.Name)
		v := getenv(env)
		if err != nil || given[f.Name] || v == "" {
			return
		}
		if e := fs.Set(f.Name, v); e != nil {
			err = fmt.Errorf("invalid value %q for %s: %v", redact(f.Name, v), env, e)
		}
		set[f.Name] = true
	})
	return set, err
}

// source names where a flag's value came from, for errors found after
// parsing.
func (cfg *config) source(name string) string {
	if cfg.fromEnv[name] {
		return envName(name)
	}
	return "--" + name
}

// serveConfig reads serve's configuration from args and the environment.
func serveConfig(args []string, getenv func(string) string, stderr io.Writer) (config, *flag.FlagSet, error) {
	var cfg config
	fs := newFlagSet("serve", &cfg, stderr)
	serveFlags(fs, &cfg)
	rest, err := parseArgs(fs, args)
	if err != nil {
		return cfg, fs, err
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "vitrine serve takes no arguments: %q\n", rest)
		return cfg, fs, errUsage
	}
	if cfg.fromEnv, err = setFromEnv(fs, getenv); err != nil {
		return cfg, fs, err
	}
	if cfg.leadWebhook != "" {
		if err := webhook.ValidateURL(cfg.leadWebhook); err != nil {
			return cfg, fs, fmt.Errorf("invalid value for %s: %w", cfg.source("lead-webhook"), err)
		}
	}
	cfg.leadWebhookSecret = getenv("VITRINE_LEAD_WEBHOOK_SECRET")
	if err := cfg.checkTLS(); err != nil {
		return cfg, fs, err
	}
	if err := cfg.checkMail(getenv("VITRINE_SMTP_PASSWORD")); err != nil {
		return cfg, fs, err
	}
	if cfg.mapTiles, err = publicmap.NewTiles(cfg.mapTileURL, cfg.mapAttribution); err != nil {
		return cfg, fs, fmt.Errorf("%s is set but %s is empty: %w", cfg.source("map-tiles"), cfg.source("map-attribution"), err)
	}
	return cfg, fs, nil
}

// checkMail parses the e-mail settings: the server (with password, the
// environment's, when its URL has none), the sender, and the public
// address every link of an e-mail starts with, which e-mail needs.
func (cfg *config) checkMail(password string) error {
	var err error
	if cfg.smtpServer, err = mail.ParseServer(cfg.smtpURL, password); err != nil {
		return fmt.Errorf("invalid value %q for %s: %w", redact("smtp-url", cfg.smtpURL), cfg.source("smtp-url"), err)
	}
	if cfg.mailFrom != "" {
		if cfg.mailFromAddr, err = mail.ParseFrom(cfg.mailFrom); err != nil {
			return fmt.Errorf("invalid value %q for %s: %w", cfg.mailFrom, cfg.source("mail-from"), err)
		}
	}
	if !cfg.smtpServer.Configured() {
		return nil
	}
	if cfg.mailFromAddr == nil {
		return fmt.Errorf("%s is set but %s is not: e-mails need a sender's address", cfg.source("smtp-url"), cfg.source("mail-from"))
	}
	if cfg.publicURL == "" {
		return fmt.Errorf("%s is set but %s is not: the links in e-mails need the site's public address (https://host)",
			cfg.source("smtp-url"), cfg.source("public-url"))
	}
	return nil
}

// checkEnv refuses an environment in which a VITRINE_ variable of serve
// holds an invalid value, for the commands other than serve: one
// environment usually serves them all.
func checkEnv(getenv func(string) string) error {
	_, _, err := serveConfig(nil, getenv, io.Discard)
	return err
}

// settings are the effective values of every flag, for the log, as
// key-value pairs: the flag's value, or the one in effect (the address a
// port 0 was given, say), without secrets (see redact).
func settings(fs *flag.FlagSet, effective map[string]string) []any {
	var out []any
	fs.VisitAll(func(f *flag.Flag) {
		v, ok := effective[f.Name]
		if !ok {
			v = f.Value.String()
		}
		out = append(out, strings.ReplaceAll(f.Name, "-", "_"), redact(f.Name, v))
	})
	return out
}

// redact returns a flag's value fit for the log or an error message: the
// database URL without its password, the webhook's address without its
// path and query, which may carry a token.
func redact(flag, v string) string {
	switch flag {
	case "db":
		if !strings.Contains(v, "://") {
			return v // a file path
		}
		u, err := url.Parse(v)
		if err != nil {
			return "(a URL that does not parse)"
		}
		q := u.Query()
		for k := range q {
			if strings.Contains(strings.ToLower(k), "password") {
				q.Set(k, "xxxxx")
			}
		}
		u.RawQuery = q.Encode()
		return u.Redacted()
	case "smtp-url":
		u, err := url.Parse(v)
		if err != nil {
			return "(a URL that does not parse)"
		}
		return u.Redacted()
	case "lead-webhook":
		u, err := url.Parse(v)
		if err != nil || v == "" {
			return ""
		}
		return (&url.URL{Scheme: u.Scheme, Host: u.Host}).String()
	case "acme-email":
		if v != "" {
			return "(set)" // personal data
		}
	}
	return v
}

// oneArg returns the single positional argument.
func oneArg(fs *flag.FlagSet, args []string, what string) (string, error) {
	if len(args) != 1 || strings.TrimSpace(args[0]) == "" {
		return "", fmt.Errorf("%s: expected one %s", fs.Name(), what)
	}
	return args[0], nil
}
