package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/netip"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/httpapi"
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

	contactLimit   httpapi.Rate
	authFailLimit  httpapi.Rate
	trustedProxies []netip.Prefix

	contactAddressLimit httpapi.Rate

	leadWebhook       string // "" for none
	leadWebhookSecret string // from the environment only
	metricsAddr       string // "" serves /metrics on addr
}

// newFlagSet returns a flag set for a command, with --db on every one.
func newFlagSet(name string, cfg *config, getenv func(string) string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("vitrine "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&cfg.db, "db", envOr(getenv, "VITRINE_DB", "data/vitrine.db"),
		"database: a postgres:// URL, or a SQLite file path (env VITRINE_DB)")
	return fs
}

func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

// serveFlags adds the flags of serve.
func serveFlags(fs *flag.FlagSet, cfg *config, getenv func(string) string) {
	fs.StringVar(&cfg.addr, "addr", envOr(getenv, "VITRINE_ADDR", "127.0.0.1:8080"), "address to listen on (env VITRINE_ADDR)")
	demo, _ := strconv.ParseBool(getenv("VITRINE_DEMO"))
	fs.BoolVar(&cfg.demo, "demo", demo, "load the demo catalogue into an empty database and mint an admin token (env VITRINE_DEMO)")
	fs.StringVar(&cfg.publicURL, "public-url", getenv("VITRINE_PUBLIC_URL"), "public address, for absolute links in page meta tags (env VITRINE_PUBLIC_URL)")
	intFlag(fs, &cfg.cacheMB, "cache-mb", getenv, "VITRINE_CACHE_MB", 64,
		"memory of the cache of public responses in MB; 0 disables the cache")
	rateFlag(fs, &cfg.contactLimit, "contact-limit", getenv, "VITRINE_CONTACT_LIMIT", "5/10m",
		"contact submissions allowed per client address and property, as N/DURATION, or off")
	rateFlag(fs, &cfg.contactAddressLimit, "contact-address-limit", getenv, "VITRINE_CONTACT_ADDRESS_LIMIT", "20/10m",
		"contact submissions allowed per client address across all properties, as N/DURATION, or off")
	rateFlag(fs, &cfg.authFailLimit, "admin-auth-limit", getenv, "VITRINE_ADMIN_AUTH_LIMIT", "10/5m",
		"failed admin authentications allowed per client address, as N/DURATION, or off")
	cfg.trustedProxies, _ = httpapi.ParsePrefixes(getenv("VITRINE_TRUSTED_PROXIES"))
	fs.Func("trusted-proxies", "comma-separated networks of proxies whose X-Forwarded-For, -Proto and -Host are believed (env VITRINE_TRUSTED_PROXIES)", func(s string) error {
		p, err := httpapi.ParsePrefixes(s)
		cfg.trustedProxies = p
		return err
	})
	// The webhook's address may carry a token: it is not printed as the
	// flag's default, and its secret is read from the environment only.
	cfg.leadWebhook = getenv("VITRINE_LEAD_WEBHOOK")
	cfg.leadWebhookSecret = getenv("VITRINE_LEAD_WEBHOOK_SECRET")
	fs.Func("lead-webhook", "absolute http(s) address that receives each new lead as a signed JSON POST; "+
		"the HMAC-SHA256 secret comes from VITRINE_LEAD_WEBHOOK_SECRET (env VITRINE_LEAD_WEBHOOK)", func(s string) error {
		cfg.leadWebhook = s
		return nil
	})
	fs.StringVar(&cfg.metricsAddr, "metrics-addr", getenv("VITRINE_METRICS_ADDR"),
		"address of a listener of its own for /metrics; empty serves /metrics on --addr (env VITRINE_METRICS_ADDR)")
	fs.Func("log-level", "debug, info, warn or error (env VITRINE_LOG_LEVEL)", func(s string) error {
		return cfg.logLevel.UnmarshalText([]byte(s))
	})
	if lv := getenv("VITRINE_LOG_LEVEL"); lv != "" {
		if err := cfg.logLevel.UnmarshalText([]byte(lv)); err != nil {
			cfg.logLevel = slog.LevelInfo
		}
	}
}

// intFlag defines an integer flag whose default comes from the environment
// (def when the variable is unset or not a number).
func intFlag(fs *flag.FlagSet, dst *int, name string, getenv func(string) string, env string, def int, help string) {
	if n, err := strconv.Atoi(getenv(env)); err == nil {
		def = n
	}
	fs.IntVar(dst, name, def, help+" (env "+env+")")
}

// errHelp means -h was asked for: usage was printed, nothing else to do.
var errHelp = flag.ErrHelp

// rateFlag defines a rate flag whose default comes from the environment.
func rateFlag(fs *flag.FlagSet, dst *httpapi.Rate, name string, getenv func(string) string, env, def, help string) {
	*dst, _ = httpapi.ParseRate(def)
	if v := getenv(env); v != "" {
		if r, err := httpapi.ParseRate(v); err == nil {
			*dst = r
		}
	}
	fs.Func(name, help+" (env "+env+", default "+def+")", func(s string) error {
		r, err := httpapi.ParseRate(s)
		*dst = r
		return err
	})
}

// parse parses args, flags before or after the positional arguments
// ("token create NAME --db x" and "token create --db x NAME" alike), and
// returns the positional ones.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, errUsage
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// oneArg returns the single positional argument.
func oneArg(fs *flag.FlagSet, args []string, what string) (string, error) {
	if len(args) != 1 || strings.TrimSpace(args[0]) == "" {
		return "", fmt.Errorf("%s: expected one %s", fs.Name(), what)
	}
	return args[0], nil
}
