// Package media hosts the photos staff upload: it checks an uploaded file
// and stores its original durably (Upload), makes its variants off the
// request path with bounded concurrency (Run's workers, fed by the
// store's queue of images, which survives a restart), serves the variants
// (ServeHTTP), and removes the files nothing shows any more (Sweep).
//
// An image belongs to the photos of properties, to a user: a broker's
// own photo (SetUserPhoto), which the pages of their listings show, or to
// the agency: its logo (SetAgencyLogo). All go through the same check,
// queue, variants and sweep; only the row that names the image differs
// (store.Store.AddPhoto, SetUserPhoto, SetAgencyLogo).
//
// Files live in a blob.Store (a directory or S3-compatible storage):
//
//	originals/<id>.<jpg|png|webp>   the file as uploaded, never served (it keeps its metadata)
//	<id>-<width>.<jpg|webp>         the variants, served under /media/
//
// where <id> is imaging.ContentID of the original. The names derive from
// the content: a changed photo gets new addresses, and an address, once
// served, always holds the same bytes (hence immutable caching).
package media

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/media/imaging"
	"github.com/vitrine/vitrine/internal/store"
)

// Defaults of Config.
const (
	DefaultMaxBytes = 20 << 20
	DefaultWorkers  = 1
	// DefaultGrace is how long the files of an image stay after the last
	// photo that showed it went: pages, feeds and the portals that copied
	// a feed may still point at them for a while (portals fetch a feed
	// about every 12 hours).
	DefaultGrace = 7 * 24 * time.Hour
	// uploadGrace is how old a file with no image row must be before
	// Sweep takes it for what an interrupted upload left: an upload
	// stores its original seconds before it commits the row.
	uploadGrace = time.Hour
	// lease is how long a claim on an image holds without being renewed:
	// a worker renews it every renewEvery while it works (a heartbeat),
	// so that the image of a worker that died (a SIGKILL, the kernel's
	// out-of-memory killer) is taken again by another within lease + poll,
	// under a minute. The instances' clocks must agree to within a few
	// seconds (NTP), since each compares the lease with its own.
	lease      = 30 * time.Second
	renewEvery = 10 * time.Second
	// processTimeout bounds one image's processing: a decode cannot be
	// interrupted, so it runs where the worker can abandon it, and an image
	// that takes longer (many times a 50 MP photo's few seconds) fails, with
	// a message saying so, rather than holding the worker.
	processTimeout = time.Minute
	// maxAttempts is how many times an image is tried when what fails
	// may pass (storage or database unreachable), or when the process
	// stops while it works on it.
	maxAttempts = 5
	// poll is how often an idle worker looks for images another instance
	// queued, or whose worker died (its own uploads wake it at once).
	poll = 10 * time.Second
	// sweepEvery is how often Run sweeps.
	sweepEvery = 6 * time.Hour
	// maxConcurrentUploads bounds the memory of uploads: each holds its
	// file (up to MaxBytes) while it is checked and stored.
	maxConcurrentUploads = 4
)

// Catalog is what the media service needs of the store.
type Catalog interface {
	Property(ctx context.Context, id string) (listing.Property, error)
	AddPhoto(ctx context.Context, id string, ph listing.Photo, img *store.NewImage, by listing.Actor) (listing.Photo, error)
	User(ctx context.Context, id int64) (listing.User, error)
	SetUserPhoto(ctx context.Context, id int64, img *store.NewImage) (listing.User, error)
	Agency(ctx context.Context) (listing.Agency, error)
	SetAgencyLogo(ctx context.Context, img *store.NewImage) (listing.Agency, error)
	ClaimImage(ctx context.Context, lease time.Duration) (store.ImageJob, error)
	FinishImage(ctx context.Context, id string, width, height int, sizes [][2]int) error
	FailImage(ctx context.Context, id, why string) error
	RenewImage(ctx context.Context, id string, attempt int, lease time.Duration) error
	RetryImageAt(ctx context.Context, id string, attempt int, at time.Time) error
	OrphanedImages(ctx context.Context, before time.Time, limit int) ([]store.StoredImage, error)
	DeleteImage(ctx context.Context, id string, before time.Time) (bool, error)
	ImageKnown(ctx context.Context, id string) (bool, error)
}

// Config configures a Service; a zero field takes its default.
type Config struct {
	Catalog Catalog
	Files   blob.Store
	Logger  *slog.Logger
	// Metrics, when set, receives the service's metrics.
	Metrics prometheus.Registerer
	// MaxBytes is the largest file accepted (DefaultMaxBytes).
	MaxBytes int64
	// Limits bound the images' dimensions (imaging's defaults: 50 MP).
	Limits imaging.Limits
	// Workers is how many images are processed at once (DefaultWorkers):
	// each holds up to about 250 MB at its peak (imaging.DefaultMaxMemory
	// and the WebP encoder).
	Workers int
	// Grace: see DefaultGrace.
	Grace time.Duration
	// Now returns the current time; tests may move it. Defaults to time.Now.
	Now func() time.Time
	// Transport carries the requests of Fetch: PublicTransport with the
	// operator's ports (serve and import), or a test's, whose servers are
	// on loopback. Unset, it is PublicTransport(DefaultFetchPorts).
	Transport http.RoundTripper
	// Working, when set, is told when an image starts (+1) and ends (-1)
	// processing, so that the process can let its memory limit make room
	// for it.
	Working func(delta int)
}

// Service is the media service.
type Service struct {
	cfg     Config
	wake    chan struct{}
	uploads chan struct{} // a token per upload in progress
	running chan struct{} // a token per image being processed, abandoned ones included
	done    *prometheus.CounterVec
	client  *http.Client // of Fetch

	// The timing of the queue and the processing function: the constants
	// and imaging.Process, changed by tests only (export_test.go).
	lease, renewEvery, poll, timeout time.Duration
	processImage                     func(context.Context, []byte, imaging.Options) (*imaging.Result, error)
}

// New returns a service; Run starts its workers.
func New(cfg Config) *Service {
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.Grace <= 0 {
		cfg.Grace = DefaultGrace
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Service{cfg: cfg, wake: make(chan struct{}, 1), uploads: make(chan struct{}, maxConcurrentUploads),
		running: make(chan struct{}, cfg.Workers),
		lease:   lease, renewEvery: renewEvery, poll: poll, timeout: processTimeout, processImage: imaging.Process,
		client: newFetchClient(cfg.Transport),
		done: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "vitrine_media_images_processed_total",
			Help: "Uploaded images processed, by result: ready, failed (the file cannot be used) or retry (storage or database failed).",
		}, []string{"result"})}
	if cfg.Metrics != nil {
		cfg.Metrics.MustRegister(s.done)
	}
	return s
}

// MaxBytes is the largest file Upload accepts.
func (s *Service) MaxBytes() int64 { return s.cfg.MaxBytes }

// Errors of Upload, besides *listing.ValidationError (on "file") for an
// image that is too large in pixels or damaged.
var (
	// ErrFileTooLarge: the file is over Config.MaxBytes (see
	// FileTooLargeError).
	ErrFileTooLarge = errors.New("media: file too large")
	// ErrHEIC: an iPhone's HEIC (or HEIF/AVIF) photo, which no pure-Go
	// decoder reads soundly; the user is told how to send a JPEG.
	ErrHEIC = errors.New("media: HEIC photos are not accepted")
	// ErrFormat: not a JPEG, PNG or WebP image.
	ErrFormat = errors.New("media: unsupported file format")
)

// FileTooLargeError is ErrFileTooLarge with the limit, for its message.
type FileTooLargeError struct{ Limit int64 }

func (e *FileTooLargeError) Error() string {
	return fmt.Sprintf("media: file over %d bytes", e.Limit)
}

// Is makes errors.Is(err, ErrFileTooLarge) true.
func (e *FileTooLargeError) Is(target error) bool { return target == ErrFileTooLarge }

// Upload checks the file r (its content decides its format, never its
// name), stores it durably and appends it to the property's photos as an
// image waiting for its variants, then wakes a worker. Nothing is stored
// for a file it refuses.
func (s *Service) Upload(ctx context.Context, propertyID string, r io.Reader, alt string, by listing.Actor) (listing.Photo, error) {
	if _, err := s.cfg.Catalog.Property(ctx, propertyID); err != nil {
		return listing.Photo{}, err
	}
	img, err := s.Store(ctx, r)
	if err != nil {
		return listing.Photo{}, err
	}
	ph, err := s.cfg.Catalog.AddPhoto(ctx, propertyID, listing.Photo{AltText: alt}, img, by)
	if err != nil {
		return ph, err // the original, if no other photo has it, goes at the next sweep
	}
	s.Wake()
	return ph, nil
}

// SetUserPhoto checks the file r and stores it as Upload does, and makes
// it the photo of the user id (replacing the one they had), as an image
// waiting for its variants, then wakes a worker. The pages of the
// listings the user is the broker of show it once it is ready. Nothing is
// stored for a file it refuses, nor for an unknown user.
func (s *Service) SetUserPhoto(ctx context.Context, userID int64, r io.Reader) (listing.User, error) {
	if _, err := s.cfg.Catalog.User(ctx, userID); err != nil {
		return listing.User{}, err
	}
	img, err := s.Store(ctx, r)
	if err != nil {
		return listing.User{}, err
	}
	u, err := s.cfg.Catalog.SetUserPhoto(ctx, userID, img)
	if err != nil {
		return u, err // the original, if nothing else has it, goes at the next sweep
	}
	s.Wake()
	return u, nil
}

// SetAgencyLogo checks the file r and stores it as Upload does, and makes
// it the agency's logo (replacing the one it had), as an image waiting
// for its variants, then wakes a worker. The public pages show it once it
// is ready. Nothing is stored for a file it refuses, nor before the
// agency's record is set (listing.ErrNotFound).
func (s *Service) SetAgencyLogo(ctx context.Context, r io.Reader) (listing.Agency, error) {
	if _, err := s.cfg.Catalog.Agency(ctx); err != nil {
		return listing.Agency{}, err
	}
	img, err := s.Store(ctx, r)
	if err != nil {
		return listing.Agency{}, err
	}
	a, err := s.cfg.Catalog.SetAgencyLogo(ctx, img)
	if err != nil {
		return a, err // the original, if nothing else has it, goes at the next sweep
	}
	s.Wake()
	return a, nil
}

// Store checks the file r as Upload does (its content decides its
// format; its size and pixels are bounded) and stores its original
// durably, for a photo that the caller then writes with its image row
// (store.Store.AddPhoto, store.Store.ImportProperty,
// store.Store.SetUserPhoto, store.Store.SetAgencyLogo): an original whose
// row is never written is removed by Sweep. Nothing is stored for a file
// it refuses.
func (s *Service) Store(ctx context.Context, r io.Reader) (*store.NewImage, error) {
	select {
	case s.uploads <- struct{}{}:
		defer func() { <-s.uploads }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	src, err := io.ReadAll(io.LimitReader(r, s.cfg.MaxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("media: read upload: %w", err)
	}
	if int64(len(src)) > s.cfg.MaxBytes {
		return nil, &FileTooLargeError{Limit: s.cfg.MaxBytes}
	}
	if len(src) == 0 {
		return nil, listing.Invalid("file", "O arquivo está vazio.")
	}
	info, err := imaging.Check(src, s.cfg.Limits)
	if err != nil {
		return nil, s.refusal(err)
	}
	id := imaging.ContentID(src)
	img := &store.NewImage{ID: id, Key: originalKey(id, info.Format), ContentType: "image/" + string(info.Format), Size: int64(len(src))}
	if err := s.cfg.Files.Put(ctx, img.Key, bytes.NewReader(src), img.Size, img.ContentType); err != nil {
		return nil, fmt.Errorf("media: store original: %w", err)
	}
	return img, nil
}

// refusal turns imaging's verdict on an upload into the error people read.
func (s *Service) refusal(err error) error {
	var ue *imaging.UnsupportedError
	switch {
	case errors.As(err, &ue) && (ue.Format == imaging.HEIC || ue.Format == imaging.AVIF):
		return fmt.Errorf("%w: %w", ErrHEIC, err)
	case errors.Is(err, imaging.ErrUnsupported):
		return fmt.Errorf("%w: %w", ErrFormat, err)
	}
	return listing.Invalid("file", problem(err, s.cfg.Limits))
}

// problem says, for people, why a file of a supported format cannot be
// used.
func problem(err error, lim imaging.Limits) string {
	switch {
	case errors.Is(err, imaging.ErrTooManyPixels):
		mp := lim.MaxPixels
		if mp <= 0 {
			mp = imaging.DefaultMaxPixels
		}
		return fmt.Sprintf("A foto tem resolução demais: o máximo é %d megapixels. Reduza a foto e envie de novo.", mp/1_000_000)
	case errors.Is(err, imaging.ErrSideTooLong):
		side := lim.MaxSide
		if side <= 0 {
			side = imaging.DefaultMaxSide
		}
		return fmt.Sprintf("A foto tem um lado com mais de %d pixels. Reduza a foto e envie de novo.", side)
	case errors.Is(err, imaging.ErrTooMuchMemory):
		return "Esta foto exigiria memória demais para ser processada. Salve-a como JPEG comum (RGB, não progressivo) ou com menos megapixels e envie de novo."
	case errors.Is(err, imaging.ErrTooManyScans):
		return fmt.Sprintf("Esta foto JPEG foi gravada em camadas demais (mais de %d) e levaria tempo demais para ser processada. Salve-a de novo como JPEG comum e envie outra vez.", imaging.MaxScans)
	case errors.Is(err, errTooSlow):
		return "A foto levou tempo demais para ser processada. Salve-a de novo como JPEG comum, com menos megapixels, e envie outra vez."
	case errors.Is(err, imaging.ErrCorrupt):
		return "O arquivo está corrompido ou incompleto. Envie a foto de novo."
	}
	return "Não foi possível ler esta foto. Envie-a em JPEG, PNG ou WebP."
}

func originalKey(id string, f imaging.Format) string {
	ext := string(f)
	if f == imaging.JPEG {
		ext = "jpg"
	}
	return "originals/" + id + "." + ext
}

// Wake tells a worker that an image waits.
func (s *Service) Wake() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Run runs the workers and the periodic sweep until ctx ends, then
// returns once they have stopped, without waiting for a decode in
// progress: its image's lease is given back, so that it is taken again at
// once by another instance, or by this one restarted.
func (s *Service) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for range s.cfg.Workers {
		wg.Go(func() { s.work(ctx) })
	}
	wg.Go(func() {
		t := time.NewTimer(time.Minute) // after the start, not during it
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
				s.cfg.Logger.Warn("media sweep", "err", err)
			}
			t.Reset(sweepEvery)
		}
	})
	wg.Wait()
}

// work processes images until ctx ends.
func (s *Service) work(ctx context.Context) {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		worked, err := s.ProcessNext(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			s.cfg.Logger.Warn("media worker", "err", err)
		}
		if worked {
			continue
		}
		t.Reset(s.poll)
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		case <-t.C:
		}
	}
}

// ProcessNext processes the next image waiting, if any, and reports
// whether there was one. It waits first until fewer than Workers images
// are being processed (an abandoned decode still counts until it ends).
func (s *Service) ProcessNext(ctx context.Context) (bool, error) {
	select {
	case s.running <- struct{}{}:
	case <-ctx.Done():
		return false, nil
	}
	handed := false // the slot went to a processing goroutine, which frees it
	defer func() {
		if !handed {
			<-s.running
		}
	}()
	job, err := s.cfg.Catalog.ClaimImage(ctx, s.lease)
	if errors.Is(err, listing.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	log := s.cfg.Logger.With("image", job.ID, "attempt", job.Attempts)
	if job.Attempts > maxAttempts {
		// A failure that may pass ends an image at its maxAttempts-th
		// attempt (retry), so the attempts before this one ended with no
		// verdict: the process stopped while it worked on the image (a
		// crash, an out-of-memory kill), and would again.
		s.done.WithLabelValues("failed").Inc()
		log.Warn("image failed: its processing never ended", "attempts", job.Attempts-1)
		return true, s.cfg.Catalog.FailImage(ctx, job.ID, giveUp)
	}
	jobCtx, stop := context.WithCancelCause(ctx)
	beat := make(chan struct{})
	go func() {
		defer close(beat)
		s.heartbeat(jobCtx, job, stop, log)
	}()
	res, err := s.process(jobCtx, job, &handed)
	stop(nil)
	<-beat
	var unusable *unusableError
	switch {
	case ctx.Err() == nil && errors.Is(context.Cause(jobCtx), errLeaseLost):
		// Another worker holds the image now: it decides.
		log.Warn("image lease lost: left to the worker that took it")
		return true, nil
	case err == nil:
		sizes := make([][2]int, 0, len(res.Variants)/2)
		for _, v := range res.Variants {
			if v.Format == imaging.JPEG {
				sizes = append(sizes, [2]int{v.Width, v.Height})
			}
		}
		if err := s.cfg.Catalog.FinishImage(ctx, job.ID, res.Width, res.Height, sizes); err != nil {
			return true, s.retry(ctx, job, err)
		}
		s.done.WithLabelValues("ready").Inc()
		log.Info("image ready", "width", res.Width, "height", res.Height, "variants", len(res.Variants))
		return true, nil
	case errors.As(err, &unusable):
		s.done.WithLabelValues("failed").Inc()
		log.Warn("image failed", "err", err)
		return true, s.cfg.Catalog.FailImage(ctx, job.ID, unusable.why)
	case ctx.Err() != nil:
		// Stopping: the lease is given back, so that another instance (or
		// this one, restarted) takes the image at once rather than when the
		// lease would have run out. If that fails, the lease runs out.
		release, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		return true, s.cfg.Catalog.RetryImageAt(release, job.ID, job.Attempts, s.cfg.Now())
	}
	return true, s.retry(ctx, job, err)
}

// errLeaseLost ends a job whose claim another worker took over.
var errLeaseLost = errors.New("media: image lease lost")

// heartbeat renews job's lease every renewEvery until ctx ends, and ends
// the job (stop) when the claim no longer holds the image: its lease ran
// out (this process stalled, or could not reach the database for a
// lease) and another worker claimed it. A renewal that fails otherwise is
// tried again at the next beat.
func (s *Service) heartbeat(ctx context.Context, job store.ImageJob, stop context.CancelCauseFunc, log *slog.Logger) {
	t := time.NewTicker(s.renewEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		err := s.cfg.Catalog.RenewImage(ctx, job.ID, job.Attempts, s.lease)
		switch {
		case errors.Is(err, listing.ErrNotFound):
			stop(errLeaseLost)
			return
		case err != nil && ctx.Err() == nil:
			log.Warn("image lease renewal", "err", err)
		}
	}
}

// retry gives the image back for a later attempt, or fails it after
// maxAttempts.
func (s *Service) retry(ctx context.Context, job store.ImageJob, cause error) error {
	if job.Attempts >= maxAttempts {
		s.done.WithLabelValues("failed").Inc()
		if err := s.cfg.Catalog.FailImage(ctx, job.ID, giveUp); err != nil {
			return errors.Join(cause, err)
		}
		return cause
	}
	s.done.WithLabelValues("retry").Inc()
	backoff := time.Duration(1<<job.Attempts)*10*time.Second + rand.N(5*time.Second)
	return errors.Join(cause, s.cfg.Catalog.RetryImageAt(ctx, job.ID, job.Attempts, s.cfg.Now().Add(backoff)))
}

// giveUp is why an image failed when its attempts ran out.
const giveUp = "Não foi possível processar a foto. Envie-a de novo."

// errTooSlow: an image's processing ran past processTimeout.
var errTooSlow = errors.New("media: processing took too long")

// unusableError is an image that cannot be processed, whatever the
// attempt: why is for people.
type unusableError struct {
	why string
	err error
}

func (e *unusableError) Error() string { return e.err.Error() }
func (e *unusableError) Unwrap() error { return e.err }

// process makes and stores the variants of job's image. The decoding and
// encoding run in a goroutine of their own, which process abandons when
// ctx ends or processTimeout passes (a decode cannot be interrupted); that
// goroutine keeps the worker's slot in running (taken by ProcessNext,
// handed over through handed) until it really ends, so abandoned work
// never makes more than Workers images in memory at once.
func (s *Service) process(ctx context.Context, job store.ImageJob, handed *bool) (*imaging.Result, error) {
	f, info, err := s.cfg.Files.Open(ctx, job.Key)
	if errors.Is(err, blob.ErrNotFound) {
		return nil, &unusableError{"O arquivo original não foi encontrado. Envie a foto de novo.", err}
	}
	if err != nil {
		return nil, err
	}
	src, err := io.ReadAll(io.LimitReader(f, info.Size))
	f.Close()
	if err != nil {
		return nil, err
	}
	type outcome struct {
		res *imaging.Result
		err error
	}
	pctx, cancel := context.WithTimeoutCause(ctx, s.timeout, errTooSlow)
	defer cancel()
	done := make(chan outcome, 1)
	*handed = true
	go func() {
		defer func() { <-s.running }()
		if s.cfg.Working != nil {
			s.cfg.Working(+1)
			defer s.cfg.Working(-1)
		}
		res, err := s.processImage(pctx, src, imaging.Options{Limits: s.cfg.Limits})
		done <- outcome{res, err}
	}()
	var res *imaging.Result
	select {
	case o := <-done:
		res, err = o.res, o.err
	case <-pctx.Done():
		err = context.Cause(pctx)
	}
	if errors.Is(err, errTooSlow) && ctx.Err() == nil {
		return nil, &unusableError{problem(errTooSlow, s.cfg.Limits), fmt.Errorf("%w: over %v", errTooSlow, s.timeout)}
	}
	if err != nil {
		if errors.Is(err, imaging.ErrCorrupt) || errors.Is(err, imaging.ErrUnsupported) ||
			errors.Is(err, imaging.ErrTooManyPixels) || errors.Is(err, imaging.ErrSideTooLong) ||
			errors.Is(err, imaging.ErrTooMuchMemory) || errors.Is(err, imaging.ErrTooManyScans) {
			return nil, &unusableError{problem(err, s.cfg.Limits), err}
		}
		return nil, err
	}
	if res.ID != job.ID {
		return nil, &unusableError{"O arquivo original foi alterado. Envie a foto de novo.",
			fmt.Errorf("media: original %s holds the content of %s", job.Key, res.ID)}
	}
	for _, v := range res.Variants {
		if err := s.cfg.Files.Put(ctx, v.Name, bytes.NewReader(v.Data), int64(len(v.Data)), v.ContentType); err != nil {
			return nil, fmt.Errorf("media: store variant: %w", err)
		}
	}
	return res, nil
}

// variantName matches the name of a variant, the only files served.
var variantName = regexp.MustCompile(`^[0-9a-f]{32}-[1-9][0-9]{0,4}\.(jpg|webp)$`)

// ServeHTTP serves a variant at /media/<name>, cached for a year by
// browsers and proxies (its name changes when its content would), with
// Range and conditional requests answered by http.ServeContent.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	if !variantName.MatchString(name) {
		notFound(w)
		return
	}
	f, info, err := s.cfg.Files.Open(r.Context(), name)
	if err != nil {
		if !errors.Is(err, blob.ErrNotFound) {
			s.cfg.Logger.ErrorContext(r.Context(), "media read", "key", name, "err", err)
			h.Set("Retry-After", "5")
			writeError(w, http.StatusServiceUnavailable, "Serviço temporariamente indisponível")
			return
		}
		notFound(w)
		return
	}
	defer f.Close()
	contentType := "image/jpeg"
	if strings.HasSuffix(name, ".webp") {
		contentType = "image/webp"
	}
	h.Set("Content-Type", contentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", `"`+name+`"`) // the name is the content's
	http.ServeContent(w, r, name, info.ModTime, f)
}

func notFound(w http.ResponseWriter) {
	w.Header().Set("Cache-Control", "no-cache")
	writeError(w, http.StatusNotFound, "Arquivo não encontrado")
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(struct {
		Error string `json:"error"`
	}{msg})
}
