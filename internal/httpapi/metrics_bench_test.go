package httpapi

import (
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// BenchmarkObserve is the metrics' share of each request: the route's
// children found by pattern, one counter and one histogram recorded.
func BenchmarkObserve(b *testing.B) {
	m := newHTTPMetrics(prometheus.NewRegistry())
	patterns := []string{"GET /api/v1/properties/{slug}", "GET /api/properties/{slug}", patternContact, "GET /", "GET /assets/"}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			m.observe(patterns[i%len(patterns)], http.StatusOK, 700*time.Microsecond)
			i++
		}
	})
}
