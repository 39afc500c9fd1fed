package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/vitrine/vitrine/internal/buildinfo"
)

// version prints what buildinfo knows of this binary.
func version(args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		fmt.Fprint(stderr, "Usage: vitrine version\n")
		return errUsage
	}
	fmt.Fprint(stdout, buildinfo.Read())
	return nil
}

// health asks a running vitrine serve whether it answers: GET /healthz
// (or /readyz with --ready, which also asks the database) on --addr, or at
// --url. It is the container image's HEALTHCHECK, which has no curl. A
// 200 is success; anything else, or no answer within --timeout, is an
// error, and the program exits 1.
func health(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var (
		addr, target string
		ready        bool
		timeout      time.Duration
	)
	fs := flag.NewFlagSet("vitrine health", flag.ContinueOnError)
	fs.SetOutput(stderr)
	define(fs, &addr, "127.0.0.1:8080", "addr", parseAddr, ident,
		"`address` vitrine serve listens on (its --addr); a host left out or 0.0.0.0 is asked on 127.0.0.1 (env "+envName("addr")+")")
	fs.StringVar(&target, "url", "", "ask this `URL` instead, such as https://imoveis.example.com/healthz")
	fs.BoolVar(&ready, "ready", false, "ask /readyz, which answers 200 only while the database does, instead of /healthz")
	fs.DurationVar(&timeout, "timeout", 5*time.Second, "give up after this `duration`")
	// Not parseArgs: only --addr has a variable, which the usage says.
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return errUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "vitrine health takes no arguments: %q\n", fs.Args())
		return errUsage
	}
	// Only --addr follows its variable: a serve and its probe read one
	// environment, and the probe need not check the rest of it.
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "addr" })
	if v := getenv(envName("addr")); v != "" && !given {
		a, err := parseAddr(v)
		if err != nil {
			return fmt.Errorf("invalid value %q for %s: %v", v, envName("addr"), err)
		}
		addr = a
	}
	if target == "" {
		target = probeURL(addr, ready)
	} else if u, err := url.Parse(target); err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("invalid value %q for --url: want an absolute http(s) URL", target)
	}

	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return fmt.Errorf("health: %w", err)
	}
	req.Header.Set("User-Agent", "vitrine-health")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("health: %w", err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health: %s answered %s", target, resp.Status)
	}
	fmt.Fprintf(stdout, "%s: %s\n", target, resp.Status)
	return nil
}

// probeURL is the probe's address for a listening address: the wildcard
// hosts, which cannot be dialled, become the loopback of their family.
func probeURL(addr string, ready bool) string {
	host, port, _ := net.SplitHostPort(addr)
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	path := "/healthz"
	if ready {
		path = "/readyz"
	}
	return (&url.URL{Scheme: "http", Host: net.JoinHostPort(host, port), Path: path}).String()
}
