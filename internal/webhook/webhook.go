// Package webhook delivers new leads to an agency's webhook: each lead is
// POSTed as JSON, signed with HMAC-SHA256, from the store's outbox. Each
// anonymisation of leads is delivered too (event lead.anonymised, the
// leads' ids alone), so that the agency's CRM can erase its copies.
//
// Delivery is at least once. The lead and its delivery row are committed
// together, so a lead is never lost to a crash and never waits for the
// receiver; the worker claims due deliveries with a lease, posts them with
// a timeout, and on failure retries with exponential backoff until it gives
// up and marks the delivery 'failed'. A restarted instance resumes whatever
// is pending; an instance that crashed mid-delivery loses its claims when
// their lease ends. The receiver deduplicates on X-Vitrine-Delivery.
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/vitrine/vitrine/internal/outbox"
	"github.com/vitrine/vitrine/internal/store"
)

// Outbox is the storage the worker delivers from; *store.Store is one.
type Outbox interface {
	ClaimDeliveries(ctx context.Context, limit int, lease time.Duration) ([]store.Delivery, error)
	MarkDelivered(ctx context.Context, d store.Delivery) error
	RetryDelivery(ctx context.Context, d store.Delivery, wait time.Duration, reason string) error
	FailDelivery(ctx context.Context, d store.Delivery, reason string) error
}

// Headers of a delivery.
const (
	HeaderSignature = "X-Vitrine-Signature" // "sha256=" + hex HMAC-SHA256 of the body
	HeaderDelivery  = "X-Vitrine-Delivery"  // the lead id, or "erasure-" and the anonymisation's id
	HeaderEvent     = "X-Vitrine-Event"     // store.EventLeadCreated or store.EventLeadAnonymised
	UserAgent       = "Vitrine-Webhook/1"
)

// DefaultBackoff is the wait after each failed attempt: six attempts over
// about an hour, then the delivery is given up.
var DefaultBackoff = []time.Duration{30 * time.Second, 2 * time.Minute, 8 * time.Minute, 20 * time.Minute, 30 * time.Minute}

// Config is what a Worker needs; zero optional fields take the defaults.
type Config struct {
	Outbox Outbox
	// URL is the receiver, an absolute http or https address.
	URL string
	// Secret signs each body; with none, X-Vitrine-Signature is left out.
	Secret string
	// Timeout bounds one attempt, from connecting to reading the status;
	// default 5 s.
	Timeout time.Duration
	// Backoff is the wait after each failed attempt; the attempt after the
	// last wait is the last one. Default DefaultBackoff.
	Backoff []time.Duration
	// Lease is how long a claim keeps other instances off a delivery;
	// default a minute, and always well above Timeout.
	Lease time.Duration
	// Poll is how often the outbox is read when there was nothing to do;
	// default a second.
	Poll time.Duration
	// Concurrency is how many deliveries are in flight at once; default 4.
	Concurrency int
	// Transport sends the requests; default a clone of
	// http.DefaultTransport. Redirects are never followed.
	Transport http.RoundTripper
	Logger    *slog.Logger
	// Metrics receives the deliveries' counters and durations; nil means
	// none are exposed.
	Metrics prometheus.Registerer
}

// Worker delivers leads from the outbox until its Run ends.
type Worker struct {
	cfg    Config
	client *http.Client
	log    *slog.Logger
	secret []byte

	outcomes  map[string]prometheus.Counter
	durations prometheus.Histogram
}

// Outcomes of an attempt, as counted in vitrine_webhook_deliveries_total.
const (
	OutcomeDelivered = "delivered" // the receiver answered 2xx
	OutcomeRetry     = "retry"     // the attempt failed; another is scheduled
	OutcomeFailed    = "failed"    // the last attempt failed; the delivery is given up
	OutcomeLost      = "lease_lost"
)

// ValidateURL accepts an absolute http or https address with a host.
func ValidateURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return errors.New("lead webhook: not a URL")
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Hostname() == "" {
		return fmt.Errorf("lead webhook: %q is not an absolute http(s) address", u.Redacted())
	}
	if u.Fragment != "" {
		return fmt.Errorf("lead webhook: %q has a fragment", u.Redacted())
	}
	return nil
}

// New returns a worker for cfg, or an error when the URL is not an
// absolute http(s) address.
func New(cfg Config) (*Worker, error) {
	if cfg.Outbox == nil {
		return nil, errors.New("lead webhook: no outbox")
	}
	if err := ValidateURL(cfg.URL); err != nil {
		return nil, err
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.Backoff == nil {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.Lease <= 0 {
		cfg.Lease = time.Minute
	}
	// The lease covers the request and the recording of its outcome.
	cfg.Lease = max(cfg.Lease, 2*cfg.Timeout+5*time.Second)
	if cfg.Poll <= 0 {
		cfg.Poll = time.Second
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 4
	}
	if cfg.Transport == nil {
		cfg.Transport = http.DefaultTransport.(*http.Transport).Clone()
	}
	w := &Worker{
		cfg: cfg,
		client: &http.Client{
			Transport:     cfg.Transport,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		log:    cfg.Logger,
		secret: []byte(cfg.Secret),
	}
	if w.log == nil {
		w.log = slog.New(slog.DiscardHandler)
	}
	out := prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vitrine_webhook_deliveries_total",
		Help: "Lead webhook delivery attempts, by outcome: delivered, retry (failed, tried again later), failed (given up), lease_lost.",
	}, []string{"outcome"})
	w.outcomes = map[string]prometheus.Counter{}
	for _, o := range []string{OutcomeDelivered, OutcomeRetry, OutcomeFailed, OutcomeLost} {
		w.outcomes[o] = out.WithLabelValues(o)
	}
	w.durations = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "vitrine_webhook_request_duration_seconds",
		Help:    "Time of lead webhook requests, until the status or the failure, in seconds.",
		Buckets: []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10},
	})
	if cfg.Metrics != nil {
		cfg.Metrics.MustRegister(out, w.durations)
	}
	return w, nil
}

// Sign returns the X-Vitrine-Signature value of body under secret.
func Sign(secret, body []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Run delivers until ctx ends. Attempts in flight then finish (each within
// Timeout) and their outcomes are recorded before Run returns, so the
// store may be closed right after.
func (w *Worker) Run(ctx context.Context) {
	host := ""
	if u, err := url.Parse(w.cfg.URL); err == nil {
		host = u.Host
	}
	w.log.Info("lead webhook worker started", "host", host, "signed", len(w.secret) > 0, "timeout", w.cfg.Timeout.String(), "attempts", len(w.cfg.Backoff)+1)
	outbox.Drain(ctx, w.log, "lead webhook", w.cfg.Concurrency, w.cfg.Poll,
		func(ctx context.Context) ([]store.Delivery, error) {
			return w.cfg.Outbox.ClaimDeliveries(ctx, w.cfg.Concurrency, w.cfg.Lease)
		},
		w.deliver)
	w.log.Info("lead webhook worker stopped")
}

// deliver makes one attempt and records its outcome.
func (w *Worker) deliver(ctx context.Context, d store.Delivery) {
	// Shutdown does not cut an attempt short: it ends within Timeout.
	ctx = context.WithoutCancel(ctx)
	start := time.Now()
	reason := w.post(ctx, d)
	w.durations.Observe(time.Since(start).Seconds())

	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var (
		err     error
		outcome string
		attrs   = []any{"lead_id", d.LeadID, "attempt", d.Attempt}
	)
	if d.ErasureID != 0 {
		attrs = []any{"erasure_id", d.ErasureID, "event", d.Event(), "attempt", d.Attempt}
	}
	switch {
	case reason == "":
		outcome, err = OutcomeDelivered, w.cfg.Outbox.MarkDelivered(rctx, d)
		if errors.Is(err, store.ErrLeaseLost) {
			err = nil // already recorded delivered by another attempt
		}
	case d.Attempt > len(w.cfg.Backoff):
		outcome, err = OutcomeFailed, w.cfg.Outbox.FailDelivery(rctx, d, reason)
		attrs = append(attrs, "reason", reason)
	default:
		next := w.cfg.Backoff[d.Attempt-1]
		outcome, err = OutcomeRetry, w.cfg.Outbox.RetryDelivery(rctx, d, next, reason)
		attrs = append(attrs, "reason", reason, "retry_in", next.String())
	}
	if errors.Is(err, store.ErrLeaseLost) {
		w.outcomes[OutcomeLost].Inc()
		w.log.Warn("lead webhook: delivery taken over by another claim", append(attrs, "status", outcome)...)
		return
	}
	if err != nil {
		// The outcome is not recorded: the lease will end and the delivery
		// will be tried again (at least once).
		w.log.Error("lead webhook: cannot record the outcome", append(attrs, "status", outcome, "err", err)...)
		return
	}
	w.outcomes[outcome].Inc()
	switch outcome {
	case OutcomeDelivered:
		w.log.Info("lead webhook delivered", append(attrs, "status", outcome)...)
	case OutcomeRetry:
		w.log.Warn("lead webhook attempt failed", append(attrs, "status", "pending")...)
	default:
		w.log.Error("lead webhook delivery given up", append(attrs, "status", outcome)...)
	}
}

// post sends the delivery and returns "" on a 2xx answer, or a short reason
// for the admin listing: never the URL, a header or the body.
func (w *Worker) post(ctx context.Context, d store.Delivery) string {
	ctx, cancel := context.WithTimeout(ctx, w.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.cfg.URL, bytes.NewReader(d.Payload))
	if err != nil {
		return "requisição inválida"
	}
	h := req.Header
	h.Set("Content-Type", "application/json")
	h.Set("User-Agent", UserAgent)
	h.Set(HeaderDelivery, d.Key())
	h.Set(HeaderEvent, d.Event())
	if len(w.secret) > 0 {
		h.Set(HeaderSignature, Sign(w.secret, d.Payload))
	}
	res, err := w.client.Do(req)
	if err != nil {
		return w.reason(err)
	}
	// Read a little of the answer so that the connection can be reused.
	io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
	switch {
	case res.StatusCode >= 200 && res.StatusCode < 300:
		return ""
	case res.StatusCode >= 300 && res.StatusCode < 400:
		return "resposta HTTP " + strconv.Itoa(res.StatusCode) + " (redirecionamento não seguido)"
	}
	return "resposta HTTP " + strconv.Itoa(res.StatusCode)
}

// reason describes a transport error (outbox.Classify) in a few words,
// in Portuguese, for the administrators who read the leads listing.
func (w *Worker) reason(err error) string {
	switch outbox.Classify(err) {
	case outbox.FailureTimeout:
		return "tempo esgotado após " + w.cfg.Timeout.String()
	case outbox.FailureDNS:
		return "endereço não encontrado (DNS)"
	case outbox.FailureRefused:
		return "conexão recusada"
	case outbox.FailureTLS:
		return "falha na verificação TLS"
	case outbox.FailureClosed:
		return "conexão encerrada pelo destino"
	case outbox.FailureUnreachable:
		return "destino inalcançável"
	}
	return "erro de rede"
}
