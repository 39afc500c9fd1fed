package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// metricsServer runs a server on SQLite with cfg.
func metricsServer(t *testing.T, cfg httpapi.Config) (*httptest.Server, *store.Store) {
	t.Helper()
	s := httpapi.Harness{Network: true, Config: cfg}.Start(t)
	return s.Net, s.Store
}

func metricsGet(t *testing.T, url string) (int, http.Header, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(b)
}

// metricsTextFormat starts the Content-Type of the Prometheus text format.
const metricsTextFormat = "text/plain; version=0.0.4"

// metricsScrape reads base's /metrics with the Prometheus text parser, and
// checks that every family has its TYPE and HELP.
func metricsScrape(t *testing.T, base string) map[string]*dto.MetricFamily {
	t.Helper()
	status, h, body := metricsGet(t, base+"/metrics")
	if status != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), metricsTextFormat) || h.Get("Cache-Control") != "no-store" {
		t.Fatalf("GET /metrics: %d %q %q\n%s", status, h.Get("Content-Type"), h.Get("Cache-Control"), body)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(strings.NewReader(body))
	if err != nil {
		t.Fatalf("/metrics is not the text format: %v\n%s", err, body)
	}
	for name, f := range fams {
		if f.Type == nil || f.GetHelp() == "" {
			t.Errorf("family %s lacks TYPE or HELP", name)
		}
	}
	return fams
}

// metricsSample returns the sample of family name whose labels include
// these name/value pairs: a counter's or a gauge's value, or a histogram's
// count.
func metricsSample(fams map[string]*dto.MetricFamily, name string, labels ...string) (float64, bool) {
	for _, m := range fams[name].GetMetric() {
		if !metricHasLabels(m, labels) {
			continue
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue(), true
		case m.Gauge != nil:
			return m.Gauge.GetValue(), true
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount()), true
		}
	}
	return 0, false
}

func metricHasLabels(m *dto.Metric, pairs []string) bool {
	for i := 0; i+1 < len(pairs); i += 2 {
		if !slices.ContainsFunc(m.GetLabel(), func(l *dto.LabelPair) bool { return l.GetName() == pairs[i] && l.GetValue() == pairs[i+1] }) {
			return false
		}
	}
	return true
}

func metricsValue(fams map[string]*dto.MetricFamily, name string, labels ...string) float64 {
	v, _ := metricsSample(fams, name, labels...)
	return v
}

func TestMetricsCountRequestsByPattern(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	stack := httpapi.Harness{Network: true, Config: httpapi.Config{Metrics: reg, ServeMetrics: true, CacheBytes: 1 << 20}}.Start(t)
	ts, st := stack.Net, stack.Store
	p, err := st.CreateProperty(t.Context(), storetest.Apartment("Casa de Metricas"))
	if err != nil {
		t.Fatal(err)
	}
	stack.CacheCaughtUp()
	for range 3 {
		if status, _, _ := metricsGet(t, ts.URL+"/api/v1/properties/"+p.Slug); status != http.StatusOK {
			t.Fatalf("detail: %d", status)
		}
	}
	metricsGet(t, ts.URL+"/api/v1/properties/nao-existe")
	body := `{"name":"Maria Silva","email":"maria@example.com","message":"Gostaria de visitar o imóvel."}`
	res, err := http.Post(ts.URL+"/api/v1/properties/"+p.Slug+"/contact", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("contact: %d", res.StatusCode)
	}

	sc := metricsScrape(t, ts.URL)
	route := "GET /api/v1/properties/{slug}"
	if v := metricsValue(sc, "vitrine_http_requests_total", "route", route, "status", "200"); v != 3 {
		t.Errorf("requests 200 on %s = %v, want 3", route, v)
	}
	if v := metricsValue(sc, "vitrine_http_requests_total", "route", route, "status", "404"); v != 1 {
		t.Errorf("requests 404 on %s = %v, want 1", route, v)
	}
	if v := metricsValue(sc, "vitrine_http_request_duration_seconds", "route", route); v != 4 {
		t.Errorf("latency count on %s = %v, want 4", route, v)
	}
	if v := metricsValue(sc, "vitrine_leads_created_total"); v != 1 {
		t.Errorf("leads created = %v, want 1", v)
	}
	for _, m := range sc["vitrine_http_requests_total"].GetMetric() {
		for _, l := range m.GetLabel() {
			if strings.Contains(l.GetValue(), p.Slug) || strings.Contains(l.GetValue(), "nao-existe") {
				t.Errorf("a raw path leaked into a label: %v", m.GetLabel())
			}
		}
	}
	if v := metricsValue(sc, "vitrine_cache_entries"); v < 1 {
		t.Errorf("cache entries = %v, want the cached detail", v)
	}
	if v := metricsValue(sc, "vitrine_cache_bytes"); v <= 0 {
		t.Errorf("cache bytes = %v", v)
	}
	if v, ok := metricsSample(sc, "vitrine_db_max_open_connections"); !ok || v < 1 {
		t.Errorf("db max open connections = %v (present %v)", v, ok)
	}
	for _, name := range []string{"vitrine_db_open_connections", "vitrine_db_in_use_connections", "vitrine_db_idle_connections", "vitrine_db_wait_count_total"} {
		if _, ok := metricsSample(sc, name); !ok {
			t.Errorf("no %s", name)
		}
	}
	for name, typ := range map[string]dto.MetricType{"vitrine_http_requests_total": dto.MetricType_COUNTER, "vitrine_http_request_duration_seconds": dto.MetricType_HISTOGRAM,
		"vitrine_db_open_connections": dto.MetricType_GAUGE, "vitrine_leads_created_total": dto.MetricType_COUNTER} {
		if f := sc[name]; f == nil || f.GetType() != typ {
			t.Errorf("# TYPE of %s: %v, want %v", name, f.GetType(), typ)
		}
	}
	// The Go and process collectors are the caller's to register; the
	// server's own names follow the Prometheus conventions.
	if problems, err := testutil.GatherAndLint(reg); err != nil || len(problems) > 0 {
		t.Errorf("lint: %v %+v", err, problems)
	}

	// The scrape itself is counted, under its own pattern, by the next one.
	sc = metricsScrape(t, ts.URL)
	if v := metricsValue(sc, "vitrine_http_requests_total", "route", "GET /metrics", "status", "200"); v < 1 {
		t.Errorf("scrapes counted = %v", v)
	}
}

func TestMetricsKeepRequestID(t *testing.T) {
	t.Parallel()
	ts, _ := metricsServer(t, httpapi.Config{ServeMetrics: true})
	req, _ := http.NewRequest(http.MethodGet, ts.URL+"/healthz", nil)
	req.Header.Set("X-Request-Id", "proxy-abc.123")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Header.Get("X-Request-Id"); got != "proxy-abc.123" {
		t.Errorf("X-Request-Id = %q", got)
	}
	_, h, _ := metricsGet(t, ts.URL+"/metrics")
	if h.Get("X-Request-Id") == "" {
		t.Error("/metrics answered without X-Request-Id")
	}
	if v := metricsValue(metricsScrape(t, ts.URL), "vitrine_http_requests_total", "route", "GET /healthz", "status", "200"); v != 1 {
		t.Errorf("healthz requests = %v", v)
	}
}

func TestMetricsNotServedWhenOff(t *testing.T) {
	t.Parallel()
	reg := prometheus.NewRegistry()
	ts, _ := metricsServer(t, httpapi.Config{Metrics: reg})
	status, h, _ := metricsGet(t, ts.URL+"/metrics")
	if status == http.StatusOK && strings.HasPrefix(h.Get("Content-Type"), metricsTextFormat) {
		t.Fatal("/metrics is served on the main handler although ServeMetrics is off")
	}
	// The registry still records, for a listener of its own: the request
	// went to the pages route.
	n, err := testutil.GatherAndCount(reg, "vitrine_http_requests_total")
	if err != nil || n != 1 {
		t.Fatalf("request series: %d %v", n, err)
	}
	if err := testutil.GatherAndCompare(reg, strings.NewReader(`
# HELP vitrine_http_requests_total HTTP requests answered, by route (the pattern that matched) and status code.
# TYPE vitrine_http_requests_total counter
vitrine_http_requests_total{route="/",status="404"} 1
`), "vitrine_http_requests_total"); err != nil {
		t.Error(err)
	}
}
