package webhook_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testwait"
	"github.com/vitrine/vitrine/internal/webhook"
)

const secret = "segredo-da-imobiliaria"

var visitor = listing.LeadInput{
	Name:    "Maria Souza",
	Email:   "maria.souza@example.com",
	Phone:   "(48) 99999-1234",
	Message: "Gostaria de agendar uma visita no sábado.",
}

// receiver is the agency's endpoint: it checks every request as a CRM
// would, and answers what the test tells it to.
type receiver struct {
	t   *testing.T
	srv *httptest.Server

	mu       sync.Mutex
	requests int
	byLead   map[int64]int // accepted deliveries per lead
	events   []store.LeadEvent
	// erasures receives each lead.anonymised body accepted, verified.
	erasures chan []byte
	// answer decides the n-th request's fate (from 1); nil means 204.
	answer func(n int, w http.ResponseWriter, r *http.Request) bool
}

func newReceiver(t *testing.T) *receiver {
	rc := &receiver{t: t, byLead: map[int64]int{}, erasures: make(chan []byte, 16)}
	rc.srv = httptest.NewUnstartedServer(http.HandlerFunc(rc.serve))
	return rc
}

func (rc *receiver) start() *receiver {
	rc.srv.Start()
	rc.t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) url() string { return rc.srv.URL + "/crm/leads?origem=vitrine" }

func (rc *receiver) serve(w http.ResponseWriter, r *http.Request) {
	t := rc.t
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return // the client gave up
	}
	rc.mu.Lock()
	rc.requests++
	n, answer := rc.requests, rc.answer
	rc.mu.Unlock()
	if answer != nil && !answer(n, w, r) {
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/crm/leads" || r.URL.Query().Get("origem") != "vitrine" {
		t.Errorf("request %s %s", r.Method, r.URL)
	}
	if got, want := r.Header.Get(webhook.HeaderSignature), webhook.Sign([]byte(secret), body); !hmac.Equal([]byte(got), []byte(want)) {
		t.Errorf("signature %q does not verify (want %q)", got, want)
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	if ua := r.Header.Get("User-Agent"); ua != "Vitrine-Webhook/1" {
		t.Errorf("User-Agent = %q", ua)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	if r.Header.Get(webhook.HeaderEvent) == store.EventLeadAnonymised {
		var ev store.ErasureEvent
		if err := json.Unmarshal(body, &ev); err != nil || ev.Event != store.EventLeadAnonymised {
			t.Errorf("body is not an erasure event: %v\n%s", err, body)
		}
		if got := r.Header.Get(webhook.HeaderDelivery); got != "erasure-"+strconv.FormatInt(ev.ErasureID, 10) {
			t.Errorf("X-Vitrine-Delivery = %q, erasure %d", got, ev.ErasureID)
		}
		rc.erasures <- body
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if ev := r.Header.Get(webhook.HeaderEvent); ev != store.EventLeadCreated {
		t.Errorf("X-Vitrine-Event = %q", ev)
	}
	var ev store.LeadEvent
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Errorf("body is not a lead event: %v\n%s", err, body)
	}
	if got := r.Header.Get(webhook.HeaderDelivery); got != strconv.FormatInt(ev.LeadID, 10) {
		t.Errorf("X-Vitrine-Delivery = %q, lead %d", got, ev.LeadID)
	}
	rc.mu.Lock()
	rc.byLead[ev.LeadID]++
	rc.events = append(rc.events, ev)
	rc.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (rc *receiver) count() (requests int, accepted map[int64]int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	m := make(map[int64]int, len(rc.byLead))
	for k, v := range rc.byLead {
		m[k] = v
	}
	return rc.requests, m
}

// logBuffer collects the worker's log lines.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// fast returns a configuration that retries within milliseconds.
func fast(st webhook.Outbox, url string) webhook.Config {
	return webhook.Config{
		Outbox:  st,
		URL:     url,
		Secret:  secret,
		Timeout: 500 * time.Millisecond,
		Backoff: []time.Duration{20 * time.Millisecond, 20 * time.Millisecond, 20 * time.Millisecond, 20 * time.Millisecond, 20 * time.Millisecond},
		Poll:    5 * time.Millisecond,
	}
}

// start runs a worker until the test ends, or until the returned stop is
// called; stop returns once Run has.
func start(t *testing.T, cfg webhook.Config) (stop func()) {
	t.Helper()
	cancel, done := launch(t, cfg)
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case <-done:
			case <-time.After(testwait.Within):
				t.Error("worker did not stop")
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// launch runs a worker until cancel is called; done is closed once Run
// has returned.
func launch(t *testing.T, cfg webhook.Config) (cancel func(), done <-chan struct{}) {
	t.Helper()
	w, err := webhook.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		w.Run(ctx)
	}()
	return cancel, ended
}

func newLead(t *testing.T, st *store.Store, slug string) int64 {
	t.Helper()
	id, err := st.CreateLead(t.Context(), slug, visitor)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func property(t *testing.T, st *store.Store) string {
	t.Helper()
	p, err := st.CreateProperty(t.Context(), storetest.Apartment("Cobertura no Centro"))
	if err != nil {
		t.Fatal(err)
	}
	return p.Slug
}

// watchedOutbox counts the claims that found nothing due.
type watchedOutbox struct {
	webhook.Outbox
	empty atomic.Int64
}

func (o *watchedOutbox) ClaimDeliveries(ctx context.Context, limit int, lease time.Duration) ([]store.Delivery, error) {
	ds, err := o.Outbox.ClaimDeliveries(ctx, limit, lease)
	if err == nil && len(ds) == 0 {
		o.empty.Add(1)
	}
	return ds, err
}

// waitState polls the lead's delivery until ok accepts it.
func waitState(t *testing.T, st *store.Store, id int64, ok func(listing.Delivery) bool) listing.Delivery {
	t.Helper()
	var d listing.Delivery
	testwait.Until(t, fmt.Sprintf("lead %d's delivery", id), func() bool {
		var err error
		if d, err = st.DeliveryState(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		return ok(d)
	})
	return d
}

func delivered(d listing.Delivery) bool { return d.Status == listing.DeliveryDelivered }

// scrape gathers reg's metric families by name.
func scrape(t *testing.T, reg *prometheus.Registry) map[string]*dto.MetricFamily {
	t.Helper()
	fams, err := reg.Gather()
	if err != nil {
		t.Fatalf("metrics: %v", err)
	}
	byName := map[string]*dto.MetricFamily{}
	for _, f := range fams {
		byName[f.GetName()] = f
	}
	return byName
}

func outcome(t *testing.T, fams map[string]*dto.MetricFamily, o string) float64 {
	t.Helper()
	for _, m := range fams["vitrine_webhook_deliveries_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if l.GetName() == "outcome" && l.GetValue() == o {
				return m.GetCounter().GetValue()
			}
		}
	}
	t.Fatalf("no vitrine_webhook_deliveries_total{outcome=%q}", o)
	return 0
}

func TestDeliversSignedLead(t *testing.T) {
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			st := storetest.Open(t, dialect, store.Options{Outbox: true})
			rc := newReceiver(t).start()
			reg := prometheus.NewRegistry()
			var logs logBuffer
			cfg := fast(st, rc.url())
			cfg.Metrics = reg
			cfg.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
			stop := start(t, cfg)

			slug := property(t, st)
			id := newLead(t, st, slug)
			d := waitState(t, st, id, delivered)
			if d.Attempts != 1 || d.LastError != "" {
				t.Errorf("delivery = %+v, want delivered at the first attempt", d)
			}
			requests, accepted := rc.count()
			if requests != 1 || accepted[id] != 1 {
				t.Fatalf("receiver saw %d requests, %v", requests, accepted)
			}
			rc.mu.Lock()
			ev := rc.events[0]
			rc.mu.Unlock()
			if ev.LeadID != id || ev.PropertySlug != slug || ev.PropertyTitle != "Cobertura no Centro" || ev.PropertyCode != "AP-0042" ||
				ev.PropertyID == "" || ev.Name != visitor.Name || ev.Email != visitor.Email || ev.Phone != visitor.Phone ||
				ev.Message != visitor.Message || ev.CreatedAt.IsZero() {
				t.Errorf("event = %+v", ev)
			}

			stop() // the outcome is counted and logged once it is recorded
			sc := scrape(t, reg)
			if v := outcome(t, sc, "delivered"); v != 1 {
				t.Errorf("delivered counter = %v, want 1", v)
			}
			if v := outcome(t, sc, "retry") + outcome(t, sc, "failed"); v != 0 {
				t.Errorf("failure counters = %v, want 0", v)
			}
			if ms := sc["vitrine_webhook_request_duration_seconds"].GetMetric(); len(ms) != 1 || ms[0].GetHistogram().GetSampleCount() != 1 {
				t.Errorf("request durations = %v, want one", ms)
			}

			text := logs.String()
			if !strings.Contains(text, `"lead_id":`+strconv.FormatInt(id, 10)) || !strings.Contains(text, `"status":"delivered"`) {
				t.Errorf("no delivery log line:\n%s", text)
			}
			for _, secretish := range []string{visitor.Email, visitor.Phone, visitor.Message, visitor.Name, secret, "origem=vitrine"} {
				if strings.Contains(text, secretish) {
					t.Errorf("the logs hold %q:\n%s", secretish, text)
				}
			}
		})
	}
}

// TestDeliversErasure: anonymising a delivered lead sends the webhook a
// lead.anonymised event, signed like a lead, that names the lead's id and
// holds none of what the lead held; it is recorded delivered once.
func TestDeliversErasure(t *testing.T) {
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			st := storetest.Open(t, dialect, store.Options{Outbox: true})
			rc := newReceiver(t).start()
			var logs logBuffer
			cfg := fast(st, rc.url())
			cfg.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
			stop := start(t, cfg)

			slug := property(t, st)
			id := newLead(t, st, slug)
			waitState(t, st, id, delivered)
			e, err := st.AnonymizeSubject(context.Background(), visitor.Email, listing.Actor{Kind: listing.ActorUser, Ref: "1", Name: "Ana"})
			if err != nil || e.Leads != 1 {
				t.Fatalf("AnonymizeSubject: %+v, %v", e, err)
			}
			var body []byte
			select {
			case body = <-rc.erasures:
			case <-time.After(time.Minute):
				t.Fatal("no lead.anonymised delivery within a minute")
			}
			var ev store.ErasureEvent
			if err := json.Unmarshal(body, &ev); err != nil || ev.ErasureID != e.ID || ev.Kind != "request" ||
				len(ev.LeadIDs) != 1 || ev.LeadIDs[0] != id || !ev.AnonymisedAt.Equal(e.At) {
				t.Errorf("erasure event %s (%v), want erasure %d of lead %d", body, err, e.ID, id)
			}
			for _, personal := range []string{visitor.Name, visitor.Email, visitor.Phone, visitor.Message, "Ana"} {
				if strings.Contains(string(body), personal) {
					t.Errorf("the erasure event holds %q: %s", personal, body)
				}
			}
			stop() // the outcome is recorded once stopped
			if requests, _ := rc.count(); requests != 2 {
				t.Errorf("receiver saw %d requests, want the lead and its erasure", requests)
			}
			if !strings.Contains(logs.String(), `"erasure_id":`+strconv.FormatInt(e.ID, 10)) {
				t.Errorf("no log line of the erasure's delivery:\n%s", logs.String())
			}
			if ds, err := st.ClaimDeliveries(context.Background(), 10, time.Minute); err != nil || len(ds) != 0 {
				t.Errorf("left to deliver: %+v, %v", ds, err)
			}
		})
	}
}

func TestReceiverDownThenUp(t *testing.T) {
	st := storetest.Open(t, "sqlite", store.Options{Outbox: true})
	// An address where nothing listens yet.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	reg := prometheus.NewRegistry()
	cfg := fast(st, "http://"+addr+"/crm/leads?origem=vitrine")
	cfg.Metrics = reg
	cfg.Backoff = make([]time.Duration, 50)
	for i := range cfg.Backoff {
		cfg.Backoff[i] = 15 * time.Millisecond
	}
	stop := start(t, cfg)
	id := newLead(t, st, property(t, st))

	// Two failed attempts recorded (the attempt count alone moves when an
	// attempt is claimed, before it fails).
	testwait.Until(t, "two failed attempts while the receiver is down", func() bool { return outcome(t, scrape(t, reg), "retry") >= 2 })
	down := waitState(t, st, id, func(d listing.Delivery) bool { return d.Attempts >= 2 })
	if down.Status != listing.DeliveryPending || down.LastError != "conexão recusada" {
		t.Errorf("while the receiver is down: %+v", down)
	}

	rc := newReceiver(t)
	l2, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("address %s taken meanwhile: %v", addr, err)
	}
	rc.srv.Listener = l2
	rc.start()
	d := waitState(t, st, id, delivered)
	if d.Attempts < 3 || d.LastError != "" {
		t.Errorf("after the receiver came back: %+v", d)
	}
	if _, accepted := rc.count(); accepted[id] != 1 {
		t.Errorf("receiver accepted lead %d %d times", id, accepted[id])
	}
	stop()
	sc := scrape(t, reg)
	if v := outcome(t, sc, "retry"); v < 2 {
		t.Errorf("retry counter = %v, want ≥ 2", v)
	}
	if v := outcome(t, sc, "delivered"); v != 1 {
		t.Errorf("delivered counter = %v", v)
	}
}

func TestSlowReceiverTimesOut(t *testing.T) {
	st := storetest.Open(t, "sqlite", store.Options{Outbox: true})
	rc := newReceiver(t)
	rc.answer = func(n int, w http.ResponseWriter, r *http.Request) bool {
		if n == 1 { // far slower than the worker waits
			select {
			case <-r.Context().Done():
			case <-time.After(3 * time.Second):
			}
			return false
		}
		return true
	}
	rc.start()
	cfg := fast(st, rc.url())
	cfg.Timeout = 100 * time.Millisecond
	cfg.Backoff = []time.Duration{400 * time.Millisecond}
	start(t, cfg)
	id := newLead(t, st, property(t, st))

	first := waitState(t, st, id, func(d listing.Delivery) bool { return d.LastError != "" || delivered(d) })
	if first.Status != listing.DeliveryPending || first.Attempts != 1 || first.LastError != "tempo esgotado após 100ms" {
		t.Errorf("after the slow attempt: %+v", first)
	}
	d := waitState(t, st, id, delivered)
	if d.Attempts != 2 {
		t.Errorf("delivered at attempt %d, want 2", d.Attempts)
	}
	if requests, accepted := rc.count(); requests != 2 || accepted[id] != 1 {
		t.Errorf("receiver saw %d requests, accepted %v", requests, accepted)
	}
}

func TestGivesUpAfterLastAttempt(t *testing.T) {
	st := storetest.Open(t, "sqlite", store.Options{Outbox: true})
	rc := newReceiver(t)
	rc.answer = func(n int, w http.ResponseWriter, r *http.Request) bool {
		http.Error(w, "CRM em manutenção", http.StatusInternalServerError)
		return false
	}
	rc.start()
	reg := prometheus.NewRegistry()
	var logs logBuffer
	ob := &watchedOutbox{Outbox: st}
	cfg := fast(ob, rc.url())
	cfg.Backoff = []time.Duration{10 * time.Millisecond, 10 * time.Millisecond}
	cfg.Metrics = reg
	cfg.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	stop := start(t, cfg)
	id := newLead(t, st, property(t, st))

	d := waitState(t, st, id, func(d listing.Delivery) bool { return d.Status == listing.DeliveryFailed })
	if d.Attempts != 3 || d.LastError != "resposta HTTP 500" {
		t.Errorf("given up: %+v, want 3 attempts and the last status", d)
	}
	// Nothing more is tried: the worker reads the outbox again and again
	// (every Poll, so over more than a backoff) and finds nothing due.
	from := ob.empty.Load()
	testwait.Until(t, "five empty reads of the outbox", func() bool { return ob.empty.Load() >= from+5 })
	stop()
	if requests, _ := rc.count(); requests != 3 {
		t.Errorf("receiver saw %d requests, want 3", requests)
	}
	page, err := st.Leads(t.Context(), store.LeadFilter{Page: 1, PerPage: 10})
	if err != nil {
		t.Fatal(err)
	}
	if got := page.Items[0].Delivery; got != d {
		t.Errorf("admin listing shows %+v, want %+v", got, d)
	}
	sc := scrape(t, reg)
	if r, f := outcome(t, sc, "retry"), outcome(t, sc, "failed"); r != 2 || f != 1 {
		t.Errorf("retry = %v, failed = %v; want 2 and 1", r, f)
	}
	if text := logs.String(); !strings.Contains(text, `"status":"failed"`) || !strings.Contains(text, "resposta HTTP 500") {
		t.Errorf("the give-up is not logged:\n%s", text)
	}
}

func TestRedirectIsNotFollowed(t *testing.T) {
	st := storetest.Open(t, "sqlite", store.Options{Outbox: true})
	elsewhere := newReceiver(t).start()
	rc := newReceiver(t)
	rc.answer = func(n int, w http.ResponseWriter, r *http.Request) bool {
		http.Redirect(w, r, elsewhere.url(), http.StatusFound)
		return false
	}
	rc.start()
	cfg := fast(st, rc.url())
	cfg.Backoff = []time.Duration{} // a single attempt
	start(t, cfg)
	id := newLead(t, st, property(t, st))
	d := waitState(t, st, id, func(d listing.Delivery) bool { return d.Status == listing.DeliveryFailed })
	if d.Attempts != 1 || d.LastError != "resposta HTTP 302 (redirecionamento não seguido)" {
		t.Errorf("delivery = %+v", d)
	}
	if requests, _ := elsewhere.count(); requests != 0 {
		t.Errorf("the redirect was followed")
	}
}

func TestUnsignedWithoutSecret(t *testing.T) {
	st := storetest.Open(t, "sqlite", store.Options{Outbox: true})
	got := make(chan http.Header, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case got <- r.Header.Clone():
		default:
		}
	}))
	defer srv.Close()
	cfg := fast(st, srv.URL)
	cfg.Secret = ""
	start(t, cfg)
	id := newLead(t, st, property(t, st))
	waitState(t, st, id, delivered)
	h := <-got
	if _, ok := h[webhook.HeaderSignature]; ok {
		t.Errorf("signature sent without a secret: %q", h.Get(webhook.HeaderSignature))
	}
	if h.Get(webhook.HeaderDelivery) != strconv.FormatInt(id, 10) {
		t.Errorf("X-Vitrine-Delivery = %q", h.Get(webhook.HeaderDelivery))
	}
}

// TestResumesAfterCrash stops an instance between the commit of its leads
// and their delivery: one lead claimed by an attempt that never finished,
// one never claimed. A new store and worker on the same database deliver
// both, the claimed one once its lease has ended.
func TestResumesAfterCrash(t *testing.T) {
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.MigratedDSN(t, dialect)
			ctx := context.Background()
			first := storetest.OpenAt(t, dsn, store.Options{Outbox: true})
			slug := property(t, first)
			// The crashed instance's worker had claimed its first lead, then
			// died on the wire; its second lead was committed, never claimed.
			inFlight := newLead(t, first, slug)
			const lease = 300 * time.Millisecond
			crashed := time.Now()
			claimed, err := first.ClaimDeliveries(ctx, 1, lease)
			if err != nil || len(claimed) != 1 || claimed[0].LeadID != inFlight {
				t.Fatalf("claim: %+v, %v", claimed, err)
			}
			waiting := newLead(t, first, slug)
			first.Close()

			second := storetest.OpenAt(t, dsn, store.Options{Outbox: true})
			rc := newReceiver(t).start()
			start(t, fast(second, rc.url()))
			if d := waitState(t, second, waiting, delivered); d.Attempts != 1 {
				t.Errorf("never claimed lead: %+v, want delivered at attempt 1", d)
			}
			if d := waitState(t, second, inFlight, delivered); d.Attempts != 2 {
				t.Errorf("lead claimed by the crashed instance: %+v, want delivered at attempt 2", d)
			}
			if since := time.Since(crashed); since < lease {
				t.Errorf("delivered %v after the claim, before its lease of %v ended", since, lease)
			}
			if _, accepted := rc.count(); accepted[waiting] != 1 || accepted[inFlight] != 1 {
				t.Errorf("accepted %v", accepted)
			}
		})
	}
}

// TestCommittedLeadWaitsForAWorker commits a lead on an instance that has
// no worker running, stops it, and delivers from a new one: the delivery
// row is part of the lead's transaction.
func TestCommittedLeadWaitsForAWorker(t *testing.T) {
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.MigratedDSN(t, dialect)
			ctx := context.Background()
			first := storetest.OpenAt(t, dsn, store.Options{Outbox: true})
			id := newLead(t, first, property(t, first))
			if d, err := first.DeliveryState(ctx, id); err != nil || d.Status != listing.DeliveryPending || d.Attempts != 0 {
				t.Fatalf("committed lead's delivery: %+v, %v", d, err)
			}
			first.Close()

			second := storetest.OpenAt(t, dsn, store.Options{Outbox: true})
			rc := newReceiver(t).start()
			start(t, fast(second, rc.url()))
			if d := waitState(t, second, id, delivered); d.Attempts != 1 {
				t.Errorf("delivery = %+v", d)
			}
		})
	}
}

// TestTwoWorkersDeliverEachLeadOnce runs two instances, each with its own
// store and worker, on one PostgreSQL database.
func TestTwoWorkersDeliverEachLeadOnce(t *testing.T) {
	const n = 60
	for _, dialect := range storetest.Dialects {
		t.Run(dialect, func(t *testing.T) {
			t.Parallel()
			dsn := storetest.MigratedDSN(t, dialect)
			var stores [2]*store.Store
			for i := range stores {
				stores[i] = storetest.OpenAt(t, dsn, store.Options{Outbox: true})
			}
			// Each request stays on the wire until the next one arrives
			// (or the last is in), so that claims of both workers are
			// always in flight together.
			var mu sync.Mutex
			next, over := make(chan struct{}), make(chan struct{})
			rc := newReceiver(t)
			rc.answer = func(arrived int, w http.ResponseWriter, r *http.Request) bool {
				mu.Lock()
				close(next)
				next = make(chan struct{})
				wait := next
				mu.Unlock()
				if arrived < n {
					select {
					case <-wait:
					case <-over:
					}
				}
				return true
			}
			rc.start()
			t.Cleanup(func() { close(over) }) // before the server's Close
			regs := [2]*prometheus.Registry{prometheus.NewRegistry(), prometheus.NewRegistry()}
			var stops [2]func()
			for i, s := range stores {
				cfg := fast(s, rc.url())
				// No attempt may time out, even on a loaded machine: an
				// attempt that does is retried (at least once), and this
				// test counts the deliveries that two workers' claims make.
				cfg.Timeout = 30 * time.Second
				cfg.Metrics = regs[i]
				stops[i] = start(t, cfg)
			}
			slug := property(t, stores[0])
			ids := make([]int64, n)
			var wg sync.WaitGroup
			for i := range ids {
				wg.Go(func() { ids[i] = newLead(t, stores[i%2], slug) })
			}
			wg.Wait()
			for _, id := range ids {
				waitState(t, stores[0], id, delivered)
			}
			requests, accepted := rc.count()
			if requests != n || len(accepted) != n {
				t.Errorf("%d requests for %d leads, %d distinct", requests, n, len(accepted))
			}
			for id, c := range accepted {
				if c != 1 {
					t.Errorf("lead %d delivered %d times", id, c)
				}
			}
			var total float64
			for i, reg := range regs {
				stops[i]()
				total += outcome(t, scrape(t, reg), "delivered")
			}
			if total != n {
				t.Errorf("delivered counters add up to %v, want %d", total, n)
			}
		})
	}
}

// TestStopFinishesInFlight stops the worker while a delivery is on the
// wire: Run returns only once its outcome is recorded.
func TestStopFinishesInFlight(t *testing.T) {
	st := storetest.Open(t, "sqlite", store.Options{Outbox: true})
	arrived, stopping := make(chan struct{}), make(chan struct{})
	rc := newReceiver(t)
	rc.answer = func(n int, w http.ResponseWriter, r *http.Request) bool {
		close(arrived)
		<-stopping // the worker has been told to stop: now answer
		return true
	}
	rc.start()
	cancel, done := launch(t, fast(st, rc.url()))
	id := newLead(t, st, property(t, st))
	<-arrived
	cancel()
	close(stopping)
	<-done
	if d, err := st.DeliveryState(t.Context(), id); err != nil || !delivered(d) {
		t.Errorf("after Run returned: %+v, %v", d, err)
	}
}

func TestValidateURL(t *testing.T) {
	for raw, ok := range map[string]bool{
		"https://crm.example.com/hooks/vitrine":     true,
		"http://10.0.0.5:8080/leads?token=abc":      true,
		"https://user:pass@crm.example.com/x":       true,
		"crm.example.com/hooks":                     false,
		"/hooks/vitrine":                            false,
		"ftp://crm.example.com/x":                   false,
		"https://":                                  false,
		"https:///path":                             false,
		"javascript:alert(1)":                       false,
		"https://crm.example.com/x#frag":            false,
		"":                                          false,
		"http://[::1":                               false,
		"mailto:agencia@example.com":                false,
		"https://crm.example.com:443/ok?x=1&y=2":    true,
		"HTTPS://CRM.EXAMPLE.COM/upper-case-scheme": true,
	} {
		err := webhook.ValidateURL(raw)
		if (err == nil) != ok {
			t.Errorf("ValidateURL(%q) = %v, want ok %v", raw, err, ok)
		}
		if err != nil && strings.Contains(err.Error(), "pass") {
			t.Errorf("error shows the password: %v", err)
		}
	}
	if _, err := webhook.New(webhook.Config{Outbox: storetest.Open(t, "sqlite", store.Options{}), URL: "ftp://x"}); err == nil {
		t.Error("New accepted an ftp URL")
	}
}

func TestSign(t *testing.T) {
	// RFC 4231-style known answer.
	got := webhook.Sign([]byte("key"), []byte("The quick brown fox jumps over the lazy dog"))
	if want := "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"; got != want {
		t.Errorf("Sign = %s, want %s", got, want)
	}
}
