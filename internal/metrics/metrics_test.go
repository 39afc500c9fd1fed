package metrics_test

import (
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/vitrine/vitrine/internal/metrics"
	"github.com/vitrine/vitrine/internal/metrics/metricstest"
)

func scrape(t *testing.T, r *metrics.Registry) (*metricstest.Scrape, string) {
	t.Helper()
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	s, err := metricstest.Parse(b.String())
	if err != nil {
		t.Fatalf("exposition does not parse: %v\n%s", err, b.String())
	}
	return s, b.String()
}

func value(t *testing.T, s *metricstest.Scrape, name string, labels ...string) float64 {
	t.Helper()
	v, ok := s.Value(name, labels...)
	if !ok {
		t.Fatalf("no sample %s%v", name, labels)
	}
	return v
}

func TestExpositionFormat(t *testing.T) {
	r := metrics.NewRegistry()
	reqs := r.NewCounterVec("app_requests_total", "Requests by route.\nSecond line with a \\ backslash.", "route", "status")
	reqs.With("GET /a/{id}", "200").Add(3)
	reqs.With(`we"ird\path`+"\nx", "500").Inc()
	plain := r.NewCounter("app_events_total", "Events.")
	plain.Inc()
	lat := r.NewHistogramVec("app_latency_seconds", "Latency.", []float64{0.1, 1}, "route")
	lat.With("a").Observe(0.05)
	lat.With("a").Observe(0.1) // on the bound: counted in le="0.1"
	lat.With("a").Observe(0.5)
	lat.With("a").Observe(7)
	r.NewGaugeFunc("app_open", "Open things.", func() float64 { return 4.5 })
	r.NewCounterFunc("app_waited_seconds_total", "Waiting.", func() float64 { return math.Inf(1) })

	s, text := scrape(t, r)
	for _, want := range []string{
		"# TYPE app_requests_total counter\n",
		"# TYPE app_events_total counter\n",
		"# TYPE app_latency_seconds histogram\n",
		"# TYPE app_open gauge\n",
		"# HELP app_requests_total Requests by route.\\nSecond line with a \\\\ backslash.\n",
		`app_requests_total{route="we\"ird\\path\nx",status="500"} 1` + "\n",
		`app_latency_seconds_bucket{route="a",le="+Inf"} 4` + "\n",
		"app_events_total 1\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("exposition lacks %q:\n%s", want, text)
		}
	}
	if v := value(t, s, "app_requests_total", "route", "GET /a/{id}", "status", "200"); v != 3 {
		t.Errorf("requests = %v", v)
	}
	if v := value(t, s, "app_requests_total", "route", "we\"ird\\path\nx", "status", "500"); v != 1 {
		t.Errorf("escaped label round trip: %v", v)
	}
	for le, want := range map[string]float64{"0.1": 2, "1": 3, "+Inf": 4} {
		if v := value(t, s, "app_latency_seconds_bucket", "route", "a", "le", le); v != want {
			t.Errorf("bucket le=%s = %v, want %v", le, v, want)
		}
	}
	if v := value(t, s, "app_latency_seconds_sum", "route", "a"); math.Abs(v-7.65) > 1e-9 {
		t.Errorf("sum = %v", v)
	}
	if v := value(t, s, "app_latency_seconds_count", "route", "a"); v != 4 {
		t.Errorf("count = %v", v)
	}
	if v := value(t, s, "app_open"); v != 4.5 {
		t.Errorf("gauge = %v", v)
	}
	if v := value(t, s, "app_waited_seconds_total"); !math.IsInf(v, 1) {
		t.Errorf("+Inf counter = %v", v)
	}
	if f := s.Families["app_requests_total"]; f.Help != "Requests by route.\nSecond line with a \\ backslash." {
		t.Errorf("help = %q", f.Help)
	}
}

func TestStableOrder(t *testing.T) {
	r := metrics.NewRegistry()
	v := r.NewCounterVec("x_total", "X.", "k")
	for _, k := range []string{"c", "a", "b"} {
		v.With(k).Inc()
	}
	_, first := scrape(t, r)
	for range 5 {
		if _, again := scrape(t, r); again != first {
			t.Fatalf("order changes between scrapes:\n%s\n%s", first, again)
		}
	}
	if a, c := strings.Index(first, `k="a"`), strings.Index(first, `k="c"`); a > c {
		t.Errorf("children not sorted:\n%s", first)
	}
}

func TestConcurrentRecording(t *testing.T) {
	r := metrics.NewRegistry()
	c := r.NewCounterVec("c_total", "C.", "route", "status")
	h := r.NewHistogramVec("h_seconds", "H.", metrics.DefBuckets, "route")
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			route := []string{"a", "b"}[g%2]
			for range 1000 {
				c.With(route, "200").Inc()
				h.With(route).Observe(0.003)
			}
		}()
	}
	stop := make(chan struct{})
	scraped := make(chan struct{})
	go func() { // scrapes while recording goes on
		defer close(scraped)
		for {
			select {
			case <-stop:
				return
			default:
				scrape(t, r)
			}
		}
	}()
	wg.Wait()
	close(stop)
	<-scraped
	s, _ := scrape(t, r)
	for _, route := range []string{"a", "b"} {
		if v := value(t, s, "c_total", "route", route, "status", "200"); v != 4000 {
			t.Errorf("%s: count %v, want 4000", route, v)
		}
		if v := value(t, s, "h_seconds_count", "route", route); v != 4000 {
			t.Errorf("%s: histogram count %v, want 4000", route, v)
		}
		if v := value(t, s, "h_seconds_sum", "route", route); math.Abs(v-12) > 1e-6 {
			t.Errorf("%s: histogram sum %v, want 12", route, v)
		}
	}
}

func TestHandler(t *testing.T) {
	r := metrics.NewRegistry()
	r.NewCounter("hits_total", "Hits.").Inc()
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if ct := rec.Header().Get("Content-Type"); ct != metrics.ContentType {
		t.Errorf("Content-Type = %q", ct)
	}
	if !strings.Contains(rec.Body.String(), "hits_total 1\n") {
		t.Errorf("body = %s", rec.Body)
	}
}

func TestRuntime(t *testing.T) {
	r := metrics.NewRegistry()
	metrics.RegisterRuntime(r)
	s, _ := scrape(t, r)
	if v := value(t, s, "go_goroutines"); v < 1 {
		t.Errorf("go_goroutines = %v", v)
	}
	if v := value(t, s, "go_heap_objects_bytes"); v <= 0 {
		t.Errorf("go_heap_objects_bytes = %v", v)
	}
}

func TestMisuse(t *testing.T) {
	mustPanic := func(name string, fn func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s: no panic", name)
			}
		}()
		fn()
	}
	r := metrics.NewRegistry()
	r.NewCounter("dup_total", "D.")
	mustPanic("duplicate", func() { r.NewCounter("dup_total", "D.") })
	mustPanic("bad name", func() { r.NewCounter("bad-name", "B.") })
	mustPanic("bad label", func() { r.NewCounterVec("ok_total", "O.", "le") })
	v := r.NewCounterVec("two_total", "T.", "a", "b")
	mustPanic("label count", func() { v.With("x") })
	mustPanic("buckets", func() { r.NewHistogram("h", "H.", []float64{2, 1}) })
}
