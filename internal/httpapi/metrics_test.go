package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/httpapi"
	"github.com/vitrine/vitrine/internal/metrics"
	"github.com/vitrine/vitrine/internal/metrics/metricstest"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// metricsServer runs a server with /metrics on its handler, on SQLite.
func metricsServer(t *testing.T, cfg httpapi.Config) (*httptest.Server, *store.Store) {
	t.Helper()
	s := harness{Network: true, Config: cfg}.start(t)
	return s.srv, s.store
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

func metricsScrape(t *testing.T, base string) *metricstest.Scrape {
	t.Helper()
	status, h, body := metricsGet(t, base+"/metrics")
	if status != http.StatusOK || h.Get("Content-Type") != metrics.ContentType {
		t.Fatalf("GET /metrics: %d %q\n%s", status, h.Get("Content-Type"), body)
	}
	sc, err := metricstest.Parse(body)
	if err != nil {
		t.Fatalf("/metrics is not the text format: %v\n%s", err, body)
	}
	for _, f := range sc.Families {
		if f.Type == "" || f.Help == "" {
			t.Errorf("family %s lacks TYPE or HELP", f.Name)
		}
	}
	return sc
}

func metricsValue(sc *metricstest.Scrape, name string, labels ...string) float64 {
	v, _ := sc.Value(name, labels...)
	return v
}

func TestMetricsCountRequestsByPattern(t *testing.T) {
	ts, st := metricsServer(t, httpapi.Config{ServeMetrics: true, CacheBytes: 1 << 20})
	p, err := st.CreateProperty(t.Context(), storetest.Apartment("Casa de Metricas"))
	if err != nil {
		t.Fatal(err)
	}
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
	if v := metricsValue(sc, "vitrine_http_request_duration_seconds_count", "route", route); v != 4 {
		t.Errorf("latency count on %s = %v, want 4", route, v)
	}
	if v := metricsValue(sc, "vitrine_leads_created_total"); v != 1 {
		t.Errorf("leads created = %v, want 1", v)
	}
	for _, smp := range sc.Find("vitrine_http_requests_total") {
		if strings.Contains(smp.Labels["route"], p.Slug) || strings.Contains(smp.Labels["route"], "nao-existe") {
			t.Errorf("a raw path leaked into the route label: %v", smp.Labels)
		}
	}
	if v := metricsValue(sc, "vitrine_cache_entries"); v < 1 {
		t.Errorf("cache entries = %v, want the cached detail", v)
	}
	if v := metricsValue(sc, "vitrine_cache_bytes"); v <= 0 {
		t.Errorf("cache bytes = %v", v)
	}
	if v, ok := sc.Value("vitrine_db_max_open_connections"); !ok || v < 1 {
		t.Errorf("db max open connections = %v (present %v)", v, ok)
	}
	for _, name := range []string{"vitrine_db_open_connections", "vitrine_db_in_use_connections", "vitrine_db_idle_connections", "vitrine_db_wait_count_total"} {
		if _, ok := sc.Value(name); !ok {
			t.Errorf("no %s", name)
		}
	}
	for name, typ := range map[string]string{"vitrine_http_requests_total": "counter", "vitrine_http_request_duration_seconds": "histogram",
		"vitrine_db_open_connections": "gauge", "vitrine_leads_created_total": "counter"} {
		if f := sc.Families[name]; f == nil || f.Type != typ {
			t.Errorf("# TYPE of %s: %+v, want %s", name, f, typ)
		}
	}

	// The scrape itself is counted, under its own pattern, by the next one.
	sc = metricsScrape(t, ts.URL)
	if v := metricsValue(sc, "vitrine_http_requests_total", "route", "GET /metrics", "status", "200"); v < 1 {
		t.Errorf("scrapes counted = %v", v)
	}
}

func TestMetricsKeepRequestID(t *testing.T) {
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
	reg := metrics.NewRegistry()
	ts, _ := metricsServer(t, httpapi.Config{Metrics: reg})
	status, h, _ := metricsGet(t, ts.URL+"/metrics")
	if status == http.StatusOK && h.Get("Content-Type") == metrics.ContentType {
		t.Fatal("/metrics is served on the main handler although ServeMetrics is off")
	}
	// The registry still records, for a listener of its own.
	var b strings.Builder
	reg.WriteText(&b)
	sc, err := metricstest.Parse(b.String())
	if err != nil {
		t.Fatal(err)
	}
	var n float64
	for _, smp := range sc.Find("vitrine_http_requests_total") {
		if smp.Labels["route"] == "/" {
			n += smp.Value
		}
	}
	if n != 1 {
		t.Errorf("the /metrics request was not recorded under the pages route: %v\n%s", n, b.String())
	}
}
