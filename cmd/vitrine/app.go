package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math"
	"net"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/vitrine/vitrine/internal/alerts"
	"github.com/vitrine/vitrine/internal/backup"
	"github.com/vitrine/vitrine/internal/buildinfo"
	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/mail"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/search"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/visits"
	"github.com/vitrine/vitrine/internal/webhook"
	"github.com/vitrine/vitrine/web"
)

// App is the server "vitrine serve" runs: its configuration, the store,
// the services over it and the HTTP servers in front of them. Open builds
// it and takes its addresses, Run serves until its context ends, Close
// stops what Open started, in order. Close may follow a failed Open.
type App struct {
	cfg    config
	flags  *flag.FlagSet // the parsed flags, for the settings logged at the start
	getenv func(string) string
	stdout io.Writer
	stderr io.Writer

	memory memoryHooks
	logs   *logWriter
	log    *slog.Logger

	ln         *guardListener
	st         *store.Store
	demoLoaded bool
	reg        *prometheus.Registry
	photos     *media.Service
	api        *httpapi.Server
	worker     *webhook.Worker   // nil without a lead webhook
	backups    *backup.Scheduler // nil without --backup-to
	mail       *mail.Sender
	alerts     *alerts.Worker // the saved searches' alerts
	visits     *visits.Service
	http       *http.Server
	tls        *tlsSite // nil without --domain

	metricsLn net.Listener // /metrics on an address of its own; nil otherwise
	metrics   *http.Server
	metricsAt string // where /metrics is served, for the log

	stopBG context.CancelFunc // ends the background work Run started
	bgDone chan struct{}      // closed once it has ended
}

// newApp returns the server of cfg, the configuration parsed from flags.
func newApp(cfg config, flags *flag.FlagSet, getenv func(string) string, stdout, stderr io.Writer) *App {
	return &App{cfg: cfg, flags: flags, getenv: getenv, stdout: stdout, stderr: stderr}
}

// Open builds the server: the logger, the media storage, the listener,
// the migrated store (with the demo catalogue under --demo), the services
// and the servers. It takes its addresses but serves nothing yet.
func (a *App) Open(ctx context.Context) error {
	cfg := a.cfg
	a.memory = tuneMemory(cfg.cacheMB, a.getenv)
	a.logs = newLogWriter(a.stderr)
	a.log = slog.New(slog.NewJSONHandler(a.logs, &slog.HandlerOptions{Level: cfg.logLevel}))

	files, err := openMedia(ctx, cfg, a.getenv)
	if err != nil {
		return err
	}
	// The listener comes first: a taken address stops the start before
	// the database is touched.
	limits := connLimits{total: cfg.maxConns, perAddr: cfg.maxConnsPerIP, trusted: cfg.trustedProxies}
	a.ln, err = listen(cfg.addr, limits)
	if err != nil {
		return fmt.Errorf("listen on %s (%s): %w", cfg.addr, cfg.source("addr"), err)
	}
	if err := a.openTLSListeners(limits); err != nil {
		return err
	}

	// With a webhook, every lead is written with its delivery, in one
	// transaction (the outbox). The store renders each property's public
	// document when it writes the property (detaildoc).
	a.st, err = store.Open(ctx, cfg.db, store.Options{
		Outbox:    cfg.leadWebhook != "",
		MediaURL:  mediaURL(cfg.publicURL, cfg.addr),
		Documents: detaildoc.Renderer{},
	})
	if err != nil {
		return err
	}
	snapped := func(res backup.Result, pending []string) {
		a.log.Info("database snapshot before migrating", "snapshot", res.Manifest.ID, "dir", sqlitePath(cfg.db)+".snapshots", "pending", pending)
	}
	if err := migrateSafely(ctx, a.st, cfg.db, snapped); err != nil {
		return err
	}
	if cfg.backup.to != "" {
		if a.backups, err = newBackupScheduler(ctx, cfg, a.getenv, a.st, files, a.log); err != nil {
			return err
		}
	}
	if cfg.demo {
		if a.demoLoaded, err = loadDemo(ctx, a.st, a.log, a.stdout); err != nil {
			return err
		}
	}

	if err := a.openServices(files); err != nil {
		return err
	}
	return a.openServers()
}

// openServices builds the services over the store: the media service on
// files, the mail sender, the saved searches' alerts, the HTTP API with
// its search, and the webhook worker.
func (a *App) openServices(files blob.Store) error {
	cfg := a.cfg
	a.reg = prometheus.NewRegistry()
	a.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		buildinfo.Read().Collector())
	a.reg.MustRegister(a.ln.Collectors()...)
	if a.backups != nil {
		a.backups.Register(a.reg)
	}
	var err error
	a.mail, err = mail.New(mail.Config{
		Outbox:    a.st,
		Server:    cfg.smtpServer,
		From:      cfg.mailFromAddr,
		PublicURL: cfg.publicURL,
		Logger:    a.log,
		Metrics:   a.reg,
	})
	if err != nil {
		return err
	}
	a.alerts = alerts.New(alerts.Config{Store: a.st, Logger: a.log})
	a.photos = media.New(media.Config{
		Catalog:   a.st,
		Files:     files,
		Logger:    a.log,
		Metrics:   a.reg,
		MaxBytes:  int64(cfg.mediaMaxMB) << 20,
		Workers:   cfg.mediaWorkers,
		Working:   a.memory.working,
		Transport: media.PublicTransport(cfg.fetchPorts),
	})
	a.visits = visits.NewService(a.st, listing.AgencyZone(), nil)
	a.api = httpapi.New(httpapi.Config{
		Store:          a.st,
		Logger:         a.log,
		Pages:          web.Dist(),
		CacheBytes:     int64(cfg.cacheMB) << 20,
		PublicURL:      cfg.publicURL,
		ContactLimit:   cfg.contactLimit,
		AuthFailLimit:  cfg.authFailLimit,
		TrustedProxies: cfg.trustedProxies,
		Metrics:        a.reg,
		ServeMetrics:   cfg.metricsAddr == metricsMain,
		Media:          a.photos,
		OwnerFiles:     files,
		Search:         search.NewService(a.st, search.Options{Sized: a.memory.indexSized, Building: a.memory.indexBuilding}),

		ContactAddressLimit: cfg.contactAddressLimit,
		SignInLimit:         cfg.signInLimit,
		LeadRetention:       cfg.leadRetention,
		Mail:                a.mail,
		Backups:             backupSchedule(a.backups),
		Sessions:            store.SessionLimits{Idle: cfg.sessionIdle, Max: cfg.sessionMax},
		SearchConcurrency:   cfg.searchConcurrency,
		SearchLimit:         cfg.searchLimit,
		Map:                 cfg.mapTiles,
		Visits:              a.visits,
	})
	if cfg.leadWebhook != "" {
		if cfg.leadWebhookSecret == "" {
			a.log.Warn("lead webhook without VITRINE_LEAD_WEBHOOK_SECRET: deliveries are not signed")
		}
		a.worker, err = webhook.New(webhook.Config{
			Outbox:  a.st,
			URL:     cfg.leadWebhook,
			Secret:  cfg.leadWebhookSecret,
			Logger:  a.log,
			Metrics: a.reg,
		})
		return err
	}
	return nil
}

// openServers takes the address of /metrics when it has its own, and
// builds the HTTP servers.
func (a *App) openServers() error {
	cfg := a.cfg
	a.metricsAt = cfg.metricsAddr
	if cfg.metricsAddr != metricsOff && cfg.metricsAddr != metricsMain {
		var err error
		a.metricsLn, err = net.Listen("tcp", cfg.metricsAddr)
		if err != nil {
			return fmt.Errorf("listen on %s for /metrics (%s): %w; choose another address, %s to serve /metrics on --addr, or %s",
				cfg.metricsAddr, cfg.source("metrics-addr"), err, metricsMain, metricsOff)
		}
		a.metricsAt = a.metricsLn.Addr().String()
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", httpapi.MetricsHandler(a.reg))
		a.metrics = &http.Server{
			Handler:           mux,
			ReadHeaderTimeout: httpTimeouts.readHeader,
			ReadTimeout:       httpTimeouts.read,
			WriteTimeout:      httpTimeouts.write,
			IdleTimeout:       httpTimeouts.idle,
			ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
		}
	}
	a.http = &http.Server{
		Handler:           a.api.Handler(),
		ReadHeaderTimeout: httpTimeouts.readHeader,
		ReadTimeout:       httpTimeouts.read,
		WriteTimeout:      httpTimeouts.write,
		IdleTimeout:       httpTimeouts.idle,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
		ConnState:         a.ln.ConnState,
	}
	return a.openTLSServers(a.http.Handler)
}

// visitRemindEvery is how often the visits' reminders are queued: a
// reminder goes out at most this late after its visit came within a day.
const visitRemindEvery = 5 * time.Minute

// Run starts the background work (the API's, the media workers, the
// demo's photos, the mail sender, the webhook worker, the retention of
// leads and of account links, the visits' reminders) and serves
// until ctx ends or the listener fails. When ctx ends it shuts down
// gracefully: requests in flight finish (15 s at most), then the
// background work stops.
func (a *App) Run(ctx context.Context) error {
	cfg := a.cfg
	bg, stop := context.WithCancel(context.WithoutCancel(ctx))
	a.stopBG, a.bgDone = stop, make(chan struct{})
	go a.api.Run(bg)
	go func() {
		defer close(a.bgDone)
		var wg sync.WaitGroup
		wg.Go(func() { a.photos.Run(bg) })
		wg.Go(func() { a.mail.Run(bg) })
		wg.Go(func() { a.alerts.Run(bg) })
		if a.demoLoaded {
			// The demo's photos are drawn and uploaded after the start, as
			// staff would upload them; the media workers make their
			// variants.
			wg.Go(func() { uploadDemoPhotos(bg, a.st, a.photos, a.log) })
		}
		if cfg.demo {
			// The demo agency's logo goes the same way, once: demo.UploadLogo
			// leaves a logo already there, and an agency not the demo's.
			wg.Go(func() { uploadDemoLogo(bg, a.st, a.photos, a.log) })
		}
		if a.worker != nil {
			wg.Go(func() { a.worker.Run(bg) })
		}
		if !cfg.leadRetention.Off() {
			wg.Go(func() { runRetention(bg, a.st, cfg.leadRetention, retentionEvery, a.log) })
		}
		wg.Go(func() { sweepLinks(bg, a.st, retentionEvery, a.log) })
		// The visits' reminders, the day before: every instance runs it,
		// and each reminder is queued once (store.QueueVisitReminders).
		wg.Go(func() { a.visits.RunReminders(bg, visitRemindEvery, a.log) })
		if a.tls != nil {
			wg.Go(func() { a.tls.mgr.Run(bg) })
		}
		if a.backups != nil {
			wg.Go(func() { a.backups.Run(bg) })
		}
		wg.Wait()
	}()

	if a.metrics != nil {
		go func() {
			if err := a.metrics.Serve(a.metricsLn); err != nil && !errors.Is(err, http.ErrServerClosed) {
				a.log.Error("metrics listener", "err", err)
			}
		}()
		fmt.Fprintf(a.stdout, "Métricas em http://%s/metrics\n", a.metricsAt)
	}
	effective := map[string]string{"addr": a.ln.Addr().String(), "metrics-addr": a.metricsAt}
	maps.Copy(effective, a.tlsSettings())
	attrs := append(settings(a.flags, effective),
		"database", a.st.Dialect(), "lead_webhook_signed", cfg.leadWebhookSecret != "", "mail_configured", a.mail.Configured())
	attrs = append(attrs, buildinfo.Read().LogAttrs()...)
	a.log.Info("listening", attrs...)
	fmt.Fprintf(a.stdout, "Vitrine em http://%s\n", a.ln.Addr())

	errc := make(chan error, 3)
	go func() { errc <- a.http.Serve(a.ln) }()
	a.serveTLS(errc)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second)
	defer cancel()
	shutdown := func(s *http.Server) {
		if err := s.Shutdown(shutdownCtx); err != nil {
			a.log.Warn("shutdown", "err", err)
		}
	}
	shutdown(a.http)
	a.shutdownTLS(shutdown)
	if a.metrics != nil {
		a.metrics.Shutdown(shutdownCtx)
	}
	// Background work, the webhook worker included, stops after the HTTP
	// server.
	a.stopBackground()
	a.log.Info("stopped")
	return nil
}

// stopBackground ends the background work Run started and waits for it.
func (a *App) stopBackground() {
	if a.stopBG != nil {
		a.stopBG()
		<-a.bgDone
	}
}

// Close stops what Open and Run started, in this order: the background
// work (the webhook worker and the mail sender record their attempts in
// flight while the store is still open), the /metrics server, the store, the listener, the
// log, and the runtime's memory settings. It closes only what was opened,
// so it may follow a failed Open.
func (a *App) Close() error {
	a.stopBackground()
	var errs []error
	if a.metrics != nil {
		errs = append(errs, a.metrics.Close())
	}
	if a.metricsLn != nil {
		a.metricsLn.Close() // already closed by the server when it served
	}
	if a.st != nil {
		errs = append(errs, a.st.Close())
	}
	if a.ln != nil {
		a.ln.Close() // already closed by the server when it served
	}
	a.closeTLS()
	if a.logs != nil {
		errs = append(errs, a.logs.Close())
	}
	if a.memory.restore != nil {
		a.memory.restore()
	}
	return errors.Join(errs...)
}

// memoryHooks let the services make room in the runtime's memory limit
// (tuneMemory); each is nil when the limit is not set.
type memoryHooks struct {
	working       func(delta int) // photos being processed
	indexSized    func(bytes int64)
	indexBuilding func(on bool) // the search reads the whole catalogue
	restore       func()        // puts back the settings found at the start
}

// tuneMemory sets the runtime's soft memory limit, unless GOMEMLIMIT
// does, and returns the hooks that move it.
//
// A soft memory limit near what the service holds (the cache, the search
// index and about 32 MiB of working memory) keeps the collector from
// letting the heap grow to twice a full cache. SQLite's page caches
// (17 MB at most) and the program's code come on top. Each photo being
// processed adds its own room (photoMemory) while it lasts; the search
// index twice its size (an update makes the next one beside it). While
// the search builds its index from the whole catalogue (at the first
// search, and rarely after), which holds every property's text at once,
// there is no limit: the collector's target alone (GOGC, 100 then)
// bounds the heap, where under the limit it would collect without pause.
func tuneMemory(cacheMB int, getenv func(string) string) memoryHooks {
	if getenv("GOMEMLIMIT") != "" {
		return memoryHooks{}
	}
	base := int64(cacheMB)<<20 + 32<<20
	prevLimit := debug.SetMemoryLimit(base)
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
	h := memoryHooks{
		working: func(delta int) {
			mu.Lock()
			defer mu.Unlock()
			busy += delta
			set()
		},
		indexSized: func(bytes int64) {
			mu.Lock()
			defer mu.Unlock()
			index = bytes
			set()
		},
		indexBuilding: func(on bool) {
			mu.Lock()
			defer mu.Unlock()
			building = on
			set()
			if gc && on {
				debug.SetGCPercent(100)
			} else if gc {
				debug.SetGCPercent(400)
			}
		},
		restore: func() { debug.SetMemoryLimit(prevLimit) },
	}
	if gc {
		// Under that limit the heap may grow to five times what is
		// live between collections instead of twice. While the cache
		// is not full the live heap is small next to the limit, and
		// at the default target the collector would run far more
		// often than the memory needs, a cost every request shares;
		// the limit, not the target, bounds the heap (what it saves
		// is in docs/benchmarks.md, "What the speed machinery pays").
		// GOGC overrides it.
		prevGC := debug.SetGCPercent(400)
		h.restore = func() {
			debug.SetGCPercent(prevGC)
			debug.SetMemoryLimit(prevLimit)
		}
	}
	return h
}
