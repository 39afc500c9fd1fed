package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/jsonlog"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/password"
	"github.com/vitrine/vitrine/internal/search"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/webhook"
	"github.com/vitrine/vitrine/web"
)

// serve runs the HTTP server until ctx ends, then shuts down gracefully:
// requests in flight finish, the database is closed cleanly.
func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, fs, err := serveConfig(args, getenv, stderr)
	if errors.Is(err, errHelp) {
		return nil
	}
	if err != nil {
		return err
	}

	var working func(int)        // lets the memory limit make room for photos being processed
	var indexSized func(int64)   // lets it make room for the search index
	var indexBuilding func(bool) // lifts it while the search reads the whole catalogue
	if getenv("GOMEMLIMIT") == "" {
		// A soft memory limit near what the service holds (the cache,
		// the search index and about 32 MiB of working memory) keeps the
		// collector from letting the heap grow to twice a full cache.
		// SQLite's page caches (17 MB at most) and the program's code
		// come on top. Each photo being processed adds its own room
		// (photoMemory) while it lasts; the search index twice its size
		// (an update makes the next one beside it). While the search
		// builds its index from the whole catalogue (at the first search,
		// and rarely after), which holds every property's text at once,
		// there is no limit: the collector's target alone (GOGC, 100
		// then) bounds the heap, where under the limit it would collect
		// without pause. GOMEMLIMIT overrides it.
		base := int64(cfg.cacheMB)<<20 + 32<<20
		prev := debug.SetMemoryLimit(base)
		defer debug.SetMemoryLimit(prev)
		var mu sync.Mutex
		busy, index, building := 0, int64(0), false
		gc := getenv("GOGC") == ""
		set := func() {
			if building {
				debug.SetMemoryLimit(math.MaxInt64)
				return
			}
			debug.SetMemoryLimit(base + int64(busy)*photoMemory + 2*index)
		}
		working = func(delta int) {
			mu.Lock()
			defer mu.Unlock()
			busy += delta
			set()
		}
		indexSized = func(bytes int64) {
			mu.Lock()
			defer mu.Unlock()
			index = bytes
			set()
		}
		indexBuilding = func(on bool) {
			mu.Lock()
			defer mu.Unlock()
			building = on
			set()
			if gc && on {
				debug.SetGCPercent(100)
			} else if gc {
				debug.SetGCPercent(400)
			}
		}
		if gc {
			// Under that limit the heap may grow to five times what is
			// live between collections instead of twice: the live heap of
			// a server with a cold cache is a few megabytes, and at the
			// default the collector ran every few thousand requests, a
			// fifth of the CPU of a database read. GOGC overrides it.
			prevGC := debug.SetGCPercent(400)
			defer debug.SetGCPercent(prevGC)
		}
	}

	logs := newLogWriter(stderr)
	defer logs.Close()
	log := slog.New(jsonlog.New(logs, cfg.logLevel))

	files, err := openMedia(ctx, cfg, getenv)
	if err != nil {
		return err
	}
	// The listener comes first: a taken address stops the start before
	// the database is touched.
	ln, err := listen(cfg.addr, connLimits{total: cfg.maxConns, perAddr: cfg.maxConnsPerIP, trusted: cfg.trustedProxies}, httpTimeouts.write)
	if err != nil {
		return fmt.Errorf("listen on %s (%s): %w", cfg.addr, cfg.source("addr"), err)
	}
	defer ln.Close()

	// With a webhook, every lead is written with its delivery, in one
	// transaction (the outbox).
	st, err := store.Open(ctx, cfg.db, store.Options{Outbox: cfg.leadWebhook != "", MediaURL: mediaURL(cfg.publicURL, cfg.addr), Documents: detaildoc.Renderer{}})
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.Migrate(ctx); err != nil {
		return err
	}
	demoLoaded := false
	if cfg.demo {
		if demoLoaded, err = loadDemo(ctx, st, log, stdout); err != nil {
			return err
		}
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	reg.MustRegister(ln.Collectors()...)
	photos := media.New(media.Config{
		Catalog:   st,
		Files:     files,
		Logger:    log,
		Metrics:   reg,
		MaxBytes:  int64(cfg.mediaMaxMB) << 20,
		Workers:   cfg.mediaWorkers,
		Working:   working,
		Transport: media.PublicTransport(cfg.fetchPorts),
	})
	srv := httpapi.New(httpapi.Config{
		Store:          st,
		Logger:         log,
		Pages:          web.Dist(),
		CacheBytes:     int64(cfg.cacheMB) << 20,
		PublicURL:      cfg.publicURL,
		ContactLimit:   cfg.contactLimit,
		AuthFailLimit:  cfg.authFailLimit,
		TrustedProxies: cfg.trustedProxies,
		Metrics:        reg,
		ServeMetrics:   cfg.metricsAddr == metricsMain,
		Media:          photos,
		Search:         search.NewService(st, search.Options{Sized: indexSized, Building: indexBuilding}),

		ContactAddressLimit: cfg.contactAddressLimit,
		SignInLimit:         cfg.signInLimit,
		LeadRetention:       cfg.leadRetention,
		Sessions:            store.SessionLimits{Idle: cfg.sessionIdle, Max: cfg.sessionMax},
		SearchConcurrency:   cfg.searchConcurrency,
		SearchLimit:         cfg.searchLimit,
	})
	var worker *webhook.Worker
	if cfg.leadWebhook != "" {
		if cfg.leadWebhookSecret == "" {
			log.Warn("lead webhook without VITRINE_LEAD_WEBHOOK_SECRET: deliveries are not signed")
		}
		worker, err = webhook.New(webhook.Config{
			Outbox:  st,
			URL:     cfg.leadWebhook,
			Secret:  cfg.leadWebhookSecret,
			Logger:  log,
			Metrics: reg,
		})
		if err != nil {
			return err
		}
	}
	metricsAt := cfg.metricsAddr
	var ms *http.Server // metrics on an address of their own
	if cfg.metricsAddr != metricsOff && cfg.metricsAddr != metricsMain {
		mln, err := net.Listen("tcp", cfg.metricsAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("listen on %s for /metrics (%s): %w; choose another address, %s to serve /metrics on --addr, or %s",
				cfg.metricsAddr, cfg.source("metrics-addr"), err, metricsMain, metricsOff)
		}
		metricsAt = mln.Addr().String()
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", httpapi.MetricsHandler(reg))
		ms = &http.Server{
			Handler:           mux,
			ReadHeaderTimeout: httpTimeouts.readHeader,
			ReadTimeout:       httpTimeouts.read,
			WriteTimeout:      httpTimeouts.write,
			IdleTimeout:       httpTimeouts.idle,
			ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		}
		defer ms.Close()
		go func() {
			if err := ms.Serve(mln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				log.Error("metrics listener", "err", err)
			}
		}()
		fmt.Fprintf(stdout, "Métricas em http://%s/metrics\n", metricsAt)
	}
	hs := &http.Server{
		Handler:           srv.Handler(),
		ReadHeaderTimeout: httpTimeouts.readHeader,
		ReadTimeout:       httpTimeouts.read,
		WriteTimeout:      httpTimeouts.write,
		IdleTimeout:       httpTimeouts.idle,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		ConnState:         ln.ConnState,
	}
	bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
	go srv.Run(bg)
	workerDone := make(chan struct{})
	go func() {
		defer close(workerDone)
		var wg sync.WaitGroup
		wg.Go(func() { photos.Run(bg) })
		if demoLoaded {
			// The demo's photos are drawn and uploaded after the start, as
			// staff would upload them; the media workers make their
			// variants.
			wg.Go(func() { uploadDemoPhotos(bg, st, photos, log) })
		}
		if worker != nil {
			wg.Go(func() { worker.Run(bg) })
		}
		if !cfg.leadRetention.Off() {
			wg.Go(func() { runRetention(bg, st, cfg.leadRetention, retentionEvery, log) })
		}
		wg.Wait()
	}()
	// The webhook worker records its deliveries in flight before the store
	// is closed (deferred earlier, so run later).
	defer func() {
		stopBG()
		<-workerDone
	}()

	attrs := append(settings(fs, map[string]string{"addr": ln.Addr().String(), "metrics-addr": metricsAt}),
		"database", st.Dialect(), "lead_webhook_signed", cfg.leadWebhookSecret != "")
	log.Info("listening", attrs...)
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
	if ms != nil {
		ms.Shutdown(shutdownCtx)
	}
	// Background work, the webhook worker included, stops after the HTTP
	// server.
	stopBG()
	<-workerDone
	log.Info("stopped")
	return nil
}

// photoMemory is the room one photo being processed takes: measured at
// about 240 MB of peak RSS for a 12 MP and a 50 MP JPEG alike (see
// imaging.Process).
const photoMemory = 256 << 20

// openMedia opens the storage of uploaded photos (the S3 bucket of
// --media-s3, else the directory of --media-dir) and checks that it
// answers: a bucket that does not exist, or refuses these credentials,
// stops the start rather than the first upload.
func openMedia(ctx context.Context, cfg config, getenv func(string) string) (blob.Store, error) {
	files, err := mediaStore(cfg, getenv)
	if err != nil {
		return nil, err
	}
	probe, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	// A listing, not a missing key's stat: S3 answers HEAD on a missing
	// bucket as on a missing key.
	errSeen := errors.New("an object")
	if err := files.List(probe, "originals/", func(blob.Info) error { return errSeen }); err != nil && !errors.Is(err, errSeen) {
		return nil, fmt.Errorf("media storage %s (%s): %w", files, cfg.source(mediaFlag(cfg)), err)
	}
	return files, nil
}

// mediaFlag names the flag that chose the media storage.
func mediaFlag(cfg config) string {
	if cfg.mediaS3 != "" {
		return "media-s3"
	}
	return "media-dir"
}

func mediaStore(cfg config, getenv func(string) string) (blob.Store, error) {
	if cfg.mediaS3 == "" {
		dir := cfg.mediaDir
		if dir == "" {
			dir = "data/media"
			if !store.IsPostgres(cfg.db) {
				dir = filepath.Join(filepath.Dir(cfg.db), "media")
			}
		}
		return blob.OpenDir(dir)
	}
	c, err := blob.ParseS3URL(cfg.mediaS3, getenv)
	if errors.Is(err, blob.ErrNoCredentials) {
		// The address is valid (the flag's parser checked it): what is
		// missing is in the environment.
		return nil, fmt.Errorf("%s keeps the photos in S3 and needs its credentials: %w", cfg.source("media-s3"), blob.ErrNoCredentials)
	}
	if err != nil {
		return nil, fmt.Errorf("invalid value for %s: %w", cfg.source("media-s3"), err)
	}
	return blob.NewS3(c)
}

// mediaURL is the absolute address the media files are served under:
// below --public-url, else on --addr as configured (all interfaces:
// localhost). The stored documents hold it, so it must not change from
// one start to the next when nothing was reconfigured: the port a ":0"
// was given is not it.
func mediaURL(publicURL, addr string) string {
	if publicURL != "" {
		return strings.TrimRight(publicURL, "/") + "/media/"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "http://localhost/media/"
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/media/"
}

// httpTimeouts bound how long a client may hold a connection: to send its
// headers, its whole request, to receive the answer, and between requests.
// Tests shorten them.
//
// The idle timeout only has to span one visit's bursts (a page, its
// script, its API calls and photos, the next page a visitor opens after a
// glance): 30 s of it spares the next page its handshakes, where a
// longer wait mostly keeps descriptors of visitors who have gone.
// Connections idle for less are still closed first when the cap of
// connections is reached (see guardListener), so it is not what keeps
// one client from holding them all.
var httpTimeouts = struct{ readHeader, read, write, idle time.Duration }{
	readHeader: 5 * time.Second,
	read:       15 * time.Second,
	write:      30 * time.Second,
	idle:       30 * time.Second,
}

// Demo staff account: --demo gives it a fresh password at every start.
const (
	demoEmail = "demo@vitrine.example"
	demoName  = "Equipe Demo"
)

// loadDemo fills an empty database with the demo catalogue, mints a new
// demo admin token (replacing the previous one) and gives the demo staff
// account a new random password, so that every start with --demo prints
// credentials that work. It reports whether it loaded the catalogue.
func loadDemo(ctx context.Context, st *store.Store, log *slog.Logger, stdout io.Writer) (loaded bool, err error) {
	loaded, err = demo.Load(ctx, st)
	if err != nil {
		return false, err
	}
	if loaded {
		log.Info("demo catalogue loaded", "properties", len(demo.Catalogue()))
	}
	if err := st.RevokeToken(ctx, "demo"); err != nil && !errors.Is(err, errNotFound) {
		return loaded, err
	}
	tok, err := st.CreateToken(ctx, "demo")
	if err != nil {
		return loaded, err
	}
	fmt.Fprintf(stdout, "Token de administrador (demo): %s\n", tok)

	secret := make([]byte, 12)
	rand.Read(secret)
	pass := base64.RawURLEncoding.EncodeToString(secret)
	hash, err := password.New(password.DefaultParams, 1).Hash(ctx, pass)
	if err != nil {
		return loaded, err
	}
	in := listing.UserInput{Email: demoEmail, Name: demoName, Password: pass}
	if _, err := st.CreateUser(ctx, in, hash); errors.Is(err, listing.ErrConflict) {
		err = st.SetPassword(ctx, demoEmail, hash)
		if err != nil {
			return loaded, err
		}
	} else if err != nil {
		return loaded, err
	}
	fmt.Fprintf(stdout, "Área do anunciante (demo): /admin com %s e a senha %s\n", demoEmail, pass)
	return loaded, nil
}

// uploadDemoPhotos gives the demo catalogue just loaded its photos,
// through the media service as the back office's uploads go.
func uploadDemoPhotos(ctx context.Context, st *store.Store, photos *media.Service, log *slog.Logger) {
	start := time.Now()
	n, err := demo.UploadPhotos(ctx, st, photos)
	if err != nil {
		if ctx.Err() == nil {
			log.Warn("demo photos", "err", err, "uploaded", n)
		}
		return
	}
	log.Info("demo photos uploaded", "photos", n, "duration_ms", time.Since(start).Milliseconds())
}
