package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/password"
	"github.com/vitrine/vitrine/internal/store"
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
	app := newApp(cfg, fs, getenv, stdout, stderr)
	defer app.Close()
	if err := app.Open(ctx); err != nil {
		return err
	}
	return app.Run(ctx)
}

// photoMemory is the room one photo being processed takes: the decode
// budget imaging enforces, plus headroom (the peaks are in
// docs/benchmarks.md, "Photo processing").
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
		return blob.OpenDir(mediaDir(cfg))
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

// mediaDir is the directory of the media files when they are not in S3:
// --media-dir, else media/ beside a SQLite database, else data/media.
func mediaDir(cfg config) string {
	if cfg.mediaDir != "" {
		return cfg.mediaDir
	}
	if store.IsPostgres(cfg.db) {
		return "data/media"
	}
	return filepath.Join(filepath.Dir(cfg.db), "media")
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

// loadDemo fills an empty database with the demo catalogue and the demo
// agency (when no agency is set), mints a new
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
	if set, err := demo.LoadAgency(ctx, st); err != nil {
		return loaded, err
	} else if set {
		log.Info("demo agency set")
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
	in := listing.UserInput{Email: demoEmail, Name: demoName, Password: pass, Role: listing.RoleAdministrador}
	if _, err := st.CreateUser(ctx, in, hash); errors.Is(err, listing.ErrConflict) {
		err = st.SetPassword(ctx, demoEmail, hash)
		if err != nil {
			return loaded, err
		}
	} else if err != nil {
		return loaded, err
	}
	fmt.Fprintf(stdout, "Área da equipe (demo): /admin com %s e a senha %s\n", demoEmail, pass)
	return loaded, nil
}

// uploadDemoLogo gives the demo agency its logo, through the media
// service as the back office's upload goes.
func uploadDemoLogo(ctx context.Context, st *store.Store, photos *media.Service, log *slog.Logger) {
	if up, err := demo.UploadLogo(ctx, st, photos); err != nil {
		if ctx.Err() == nil {
			log.Warn("demo logo", "err", err)
		}
	} else if up {
		log.Info("demo logo uploaded")
	}
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
