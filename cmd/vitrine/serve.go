package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/web"
)

// serve runs the HTTP server until ctx ends, then shuts down gracefully:
// requests in flight finish, the database is closed cleanly.
func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var cfg config
	fs := newFlagSet("serve", &cfg, getenv, stderr)
	serveFlags(fs, &cfg, getenv)
	if _, err := parse(fs, args); err != nil {
		if errors.Is(err, errHelp) {
			return nil
		}
		return err
	}

	logs := newLogWriter(stderr)
	defer logs.Close()
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: cfg.logLevel}))

	st, err := store.Open(ctx, cfg.db, store.Options{})
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return err
	}
	if cfg.demo {
		if err := loadDemo(ctx, st, log, stdout); err != nil {
			return err
		}
	}

	srv := httpapi.New(httpapi.Config{
		Store:          st,
		Logger:         log,
		Pages:          web.Dist(),
		CacheBytes:     int64(cfg.cacheMB) << 20,
		PublicURL:      cfg.publicURL,
		ContactLimit:   cfg.contactLimit,
		AuthFailLimit:  cfg.authFailLimit,
		TrustedProxies: cfg.trustedProxies,
	})
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: httpTimeouts.readHeader,
		ReadTimeout:       httpTimeouts.read,
		WriteTimeout:      httpTimeouts.write,
		IdleTimeout:       httpTimeouts.idle,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
	defer stopBG()
	go srv.Run(bg)

	log.Info("listening", "addr", ln.Addr().String(), "database", st.Dialect())
	fmt.Fprintf(stdout, "Vitrine em http://%s\n", ln.Addr())

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		log.Warn("shutdown", "err", err)
	}
	stopBG()
	log.Info("stopped")
	return nil
}

// httpTimeouts bound how long a client may hold a connection: to send its
// headers, its whole request, to receive the answer, and between requests.
// Tests shorten them.
var httpTimeouts = struct{ readHeader, read, write, idle time.Duration }{
	readHeader: 5 * time.Second,
	read:       15 * time.Second,
	write:      30 * time.Second,
	idle:       120 * time.Second,
}

// loadDemo fills an empty database with the demo catalogue and mints a new
// demo admin token, replacing the previous one, so that every start with
// --demo prints a token that works.
func loadDemo(ctx context.Context, st *store.Store, log *slog.Logger, stdout io.Writer) error {
	loaded, err := demo.Load(ctx, st)
	if err != nil {
		return err
	}
	if loaded {
		log.Info("demo catalogue loaded", "properties", len(demo.Catalogue()))
	}
	if err := st.RevokeToken(ctx, "demo"); err != nil && !errors.Is(err, errNotFound) {
		return err
	}
	tok, err := st.CreateToken(ctx, "demo")
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Token de administrador (demo): %s\n", tok)
	return nil
}
