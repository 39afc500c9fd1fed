package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/webhook"
)

// hookReceiver is an agency's CRM endpoint: it verifies each signature and
// keeps the deliveries it saw. With hang set it never answers, as a
// receiver that is stuck.
type hookReceiver struct {
	srv    *httptest.Server
	secret string
	hang   bool

	mu      sync.Mutex
	seen    []string // X-Vitrine-Delivery of each request, in order
	bad     []string // what failed verification
	arrived chan string
}

func newHookReceiver(t *testing.T, secret string, hang bool) *hookReceiver {
	rc := &hookReceiver{secret: secret, hang: hang, arrived: make(chan string, 16)}
	release := make(chan struct{})
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		id := r.Header.Get(webhook.HeaderDelivery)
		rc.mu.Lock()
		rc.seen = append(rc.seen, id)
		if r.Header.Get(webhook.HeaderSignature) != webhook.Sign([]byte(rc.secret), body) {
			rc.bad = append(rc.bad, "signature of "+id)
		}
		var ev store.LeadEvent
		if err := json.Unmarshal(body, &ev); err != nil || strconv.FormatInt(ev.LeadID, 10) != id {
			rc.bad = append(rc.bad, "body of "+id)
		}
		rc.mu.Unlock()
		rc.arrived <- id
		if rc.hang {
			select {
			case <-r.Context().Done():
			case <-release:
			}
			return
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(func() {
		close(release)
		rc.srv.Close()
	})
	return rc
}

func (rc *hookReceiver) deliveries() (seen, bad []string) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]string(nil), rc.seen...), append([]string(nil), rc.bad...)
}

// hookLead is a lead's delivery as GET /api/admin/leads shows it.
type hookLead struct {
	ID       int64   `json:"id"`
	Status   *string `json:"delivery_status"`
	Attempts int     `json:"delivery_attempts"`
	Error    *string `json:"delivery_error"`
}

func hookLeadState(t *testing.T, base, token string, id int64) hookLead {
	t.Helper()
	a := mustCall(t, "GET", base+"/api/admin/leads?per_page=100", token, nil, http.StatusOK)
	var page struct{ Items []hookLead }
	if err := json.Unmarshal(a.Body, &page); err != nil {
		t.Fatalf("leads: %v\n%s", err, a.Body)
	}
	for _, l := range page.Items {
		if l.ID == id {
			return l
		}
	}
	t.Fatalf("lead %d not listed: %s", id, a.Body)
	return hookLead{}
}

func hookContact(t *testing.T, base, slug string) int64 {
	t.Helper()
	a := mustCall(t, "POST", base+"/api/v1/properties/"+slug+"/contact", "", map[string]any{
		"name": "João Pereira", "email": "joao.pereira@example.com", "phone": "(48) 98888-0000",
		"message": "Tenho interesse, o imóvel aceita financiamento?",
	}, http.StatusCreated)
	var created struct{ ID int64 }
	if err := json.Unmarshal(a.Body, &created); err != nil || created.ID == 0 {
		t.Fatalf("contact answer: %s", a.Body)
	}
	return created.ID
}

// TestLeadWebhookSurvivesSIGKILL kills the service while a lead's webhook
// request is on the wire. The lead was answered 201 at once, although the
// receiver hangs; after a restart the delivery is made again, signed, and
// the admin listing shows it delivered at the second attempt.
func TestLeadWebhookSurvivesSIGKILL(t *testing.T) {
	const secret = "segredo-do-crm"
	t.Setenv("VITRINE_LEAD_WEBHOOK_SECRET", secret)
	dsn := filepath.Join(t.TempDir(), "vitrine.db")
	token := mintToken(t, dsn, "ana")

	stuck := newHookReceiver(t, secret, true)
	first := startChild(t, dsn, "--lead-webhook", stuck.srv.URL+"/leads")
	_, slug := createProperty(t, first.url, token, "Casa com CRM")
	// The receiver holds every delivery until the test ends: the contact
	// answers only because the lead does not wait for its delivery.
	id := hookContact(t, first.url, slug)
	select {
	case got := <-stuck.arrived:
		if got != strconv.FormatInt(id, 10) {
			t.Fatalf("delivery of %s, want lead %d", got, id)
		}
	case <-time.After(time.Minute):
		t.Fatalf("no delivery reached the receiver within a minute:\n%s", first.stderr)
	}
	if l := hookLeadState(t, first.url, token, id); l.Status == nil || *l.Status != "pending" || l.Attempts != 1 {
		t.Errorf("while on the wire: %+v", l)
	}
	first.kill()

	// The dead instance's claim would end with its lease, a minute later;
	// end it now rather than wait.
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE lead_deliveries SET locked_until = NULL WHERE lead_id = $1`, id); err != nil {
		t.Fatal(err)
	}
	db.Close()

	crm := newHookReceiver(t, secret, false)
	second := startChild(t, dsn, "--lead-webhook", crm.srv.URL+"/leads")
	var l hookLead
	if !waitUntil(time.Minute, func() bool {
		l = hookLeadState(t, second.url, token, id)
		return l.Status != nil && *l.Status == "delivered"
	}) {
		t.Fatalf("not delivered a minute after the restart: %+v\n%s", l, second.stderr)
	}
	if l.Attempts != 2 || l.Error != nil {
		t.Errorf("delivered: %+v, want attempt 2 and no error", l)
	}
	seen, bad := crm.deliveries()
	if len(seen) != 1 || seen[0] != strconv.FormatInt(id, 10) || len(bad) != 0 {
		t.Errorf("receiver after the restart saw %v, failed checks %v", seen, bad)
	}
	if _, bad := stuck.deliveries(); len(bad) != 0 {
		t.Errorf("first receiver: failed checks %v", bad)
	}
	second.stop()
	logs := first.stderr.String() + second.stderr.String()
	for _, private := range []string{"joao.pereira@example.com", "98888-0000", "financiamento", secret} {
		if strings.Contains(logs, private) {
			t.Errorf("the logs hold %q", private)
		}
	}
}

// scrape reads the metrics at url with the Prometheus text parser, as
// samples: a histogram's count is the sample NAME_count.
func scrape(t *testing.T, url string) model.Vector {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain; version=0.0.4") {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, res.Header.Get("Content-Type"))
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(res.Body)
	if err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	vec, err := expfmt.ExtractSamples(&expfmt.DecodeOptions{Timestamp: model.Now()}, slices.Collect(maps.Values(fams))...)
	if err != nil {
		t.Fatal(err)
	}
	return vec
}

// metricValue returns the sample of this name with exactly these labels
// (name, value pairs).
func metricValue(vec model.Vector, name string, labels ...string) (float64, bool) {
	want := model.Metric{model.MetricNameLabel: model.LabelValue(name)}
	for i := 0; i+1 < len(labels); i += 2 {
		want[model.LabelName(labels[i])] = model.LabelValue(labels[i+1])
	}
	for _, s := range vec {
		if s.Metric.Equal(want) {
			return float64(s.Value), true
		}
	}
	return 0, false
}

func hookFirstSlug(t *testing.T, base string) string {
	t.Helper()
	a := mustCall(t, "GET", base+"/api/v1/properties?per_page=1", "", nil, http.StatusOK)
	var list struct{ Items []struct{ Slug string } }
	if json.Unmarshal(a.Body, &list); len(list.Items) == 0 {
		t.Fatalf("no property: %s", a.Body)
	}
	return list.Items[0].Slug
}

// TestMetricsOnTheirOwnAddress serves /metrics on --metrics-addr only, and
// checks there the requests of the main address and the webhook counters.
func TestMetricsOnTheirOwnAddress(t *testing.T) {
	crm := newHookReceiver(t, "s", false)
	s := startInProcess(t, serveOptions{getenv: env("VITRINE_LEAD_WEBHOOK", crm.srv.URL, "VITRINE_LEAD_WEBHOOK_SECRET", "s"), token: true},
		"--metrics-addr", "127.0.0.1:0")
	base, token := s.url, s.token
	if s.metricsURL == "" {
		t.Fatal("no metrics address printed")
	}
	if servesMetrics(t, base) {
		t.Error("/metrics is also served on the main address")
	}

	_, slug := createProperty(t, base, token, "Casa com CRM")
	if first := hookFirstSlug(t, base); first != slug {
		t.Fatalf("the list shows %s, want %s", first, slug)
	}
	id := hookContact(t, base, slug)
	select {
	case <-crm.arrived:
	case <-time.After(time.Minute):
		t.Fatal("no delivery reached the receiver within a minute")
	}
	var l hookLead
	if !waitUntil(time.Minute, func() bool {
		l = hookLeadState(t, base, token, id)
		return l.Status != nil && *l.Status == "delivered"
	}) {
		t.Fatalf("lead not delivered within a minute: %+v", l)
	}
	// The counter moves just after the delivery is recorded: the checks
	// below say what it reached.
	var sc model.Vector
	waitUntil(time.Minute, func() bool {
		sc = scrape(t, s.metricsURL)
		v, _ := metricValue(sc, "vitrine_webhook_deliveries_total", "outcome", "delivered")
		return v >= 1
	})
	checks := []struct {
		name   string
		labels []string
		want   func(float64) bool
	}{
		{"vitrine_webhook_deliveries_total", []string{"outcome", "delivered"}, func(v float64) bool { return v == 1 }},
		{"vitrine_webhook_deliveries_total", []string{"outcome", "failed"}, func(v float64) bool { return v == 0 }},
		{"vitrine_leads_created_total", nil, func(v float64) bool { return v == 1 }},
		{"vitrine_http_requests_total", []string{"route", "POST /api/v1/properties/{slug}/contact", "status", "201"}, func(v float64) bool { return v == 1 }},
		{"vitrine_http_requests_total", []string{"route", "GET /api/v1/properties", "status", "200"}, func(v float64) bool { return v == 1 }},
		{"vitrine_http_request_duration_seconds_count", []string{"route", "GET /api/admin/leads"}, func(v float64) bool { return v >= 1 }},
		{"vitrine_db_max_open_connections", nil, func(v float64) bool { return v > 0 }},
		{"vitrine_cache_entries", nil, func(v float64) bool { return v >= 0 }},
		{"go_goroutines", nil, func(v float64) bool { return v > 0 }},
		{"go_memstats_heap_alloc_bytes", nil, func(v float64) bool { return v > 0 }},
		{"process_resident_memory_bytes", nil, func(v float64) bool { return v > 0 }},
		{"process_cpu_seconds_total", nil, func(v float64) bool { return v >= 0 }},
		{"process_open_fds", nil, func(v float64) bool { return v > 0 }},
	}
	for _, c := range checks {
		v, ok := metricValue(sc, c.name, c.labels...)
		if !ok || !c.want(v) {
			t.Errorf("%s%v = %v (present %v)", c.name, c.labels, v, ok)
		}
	}
}

func TestMetricsOnTheMainAddress(t *testing.T) {
	s := startInProcess(t, serveOptions{}, "--metrics-addr", "main")
	base := s.url
	if s.metricsURL != "" {
		t.Errorf("a metrics address was printed: %s", s.metricsURL)
	}
	mustCall(t, "GET", base+"/healthz", "", nil, http.StatusOK)
	sc := scrape(t, base+"/metrics")
	if v, _ := metricValue(sc, "vitrine_http_requests_total", "route", "GET /healthz", "status", "200"); v != 1 {
		t.Errorf("healthz requests = %v", v)
	}
	if _, ok := metricValue(sc, "vitrine_webhook_deliveries_total", "outcome", "delivered"); ok {
		t.Error("webhook metrics without a webhook")
	}
}

func TestServeRefusesBadWebhookURL(t *testing.T) {
	db := filepath.Join(t.TempDir(), "vitrine.db")
	for _, c := range []struct {
		args   []string
		getenv func(string) string
	}{
		{[]string{"--lead-webhook", "ftp://crm.example.com/leads"}, env()},
		{[]string{"--lead-webhook", "crm.example.com/leads"}, env()},
		{nil, env("VITRINE_LEAD_WEBHOOK", "/leads")},
		{[]string{"--lead-webhook", "https://user:senha@/leads"}, env()},
	} {
		err := refused(t, context.Background(), append([]string{"vitrine", "serve", "--addr", "127.0.0.1:0", "--db", db}, c.args...), c.getenv)
		if err == nil || !strings.Contains(err.Error(), "lead webhook") {
			t.Errorf("%v %v: err = %v, want a refusal", c.args, c.getenv("VITRINE_LEAD_WEBHOOK"), err)
		}
		if err != nil && strings.Contains(err.Error(), "senha") {
			t.Errorf("the refusal shows the password: %v", err)
		}
	}
}
