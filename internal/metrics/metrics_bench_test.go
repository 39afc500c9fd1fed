package metrics_test

import (
	"io"
	"strconv"
	"testing"

	"github.com/vitrine/vitrine/internal/metrics"
)

// The request path records one counter and one histogram observation per
// request; these measure the pieces, in parallel.

func BenchmarkCounterInc(b *testing.B) {
	c := metrics.NewRegistry().NewCounter("c_total", "C.")
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			c.Inc()
		}
	})
}

func BenchmarkCounterVecWith(b *testing.B) {
	v := metrics.NewRegistry().NewCounterVec("c_total", "C.", "route", "status")
	routes := []string{"GET /api/v1/properties/{slug}", "POST /api/v1/properties/{slug}/contact", "GET /"}
	for _, r := range routes {
		v.With(r, "200")
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			v.With(routes[i%len(routes)], "200").Inc()
			i++
		}
	})
}

func BenchmarkHistogramObserve(b *testing.B) {
	h := metrics.NewRegistry().NewHistogram("h_seconds", "H.", metrics.DefBuckets)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			h.Observe(0.0042)
		}
	})
}

// BenchmarkRequest resolves a request's counter and histogram through With
// on every call, then records. (The HTTP middleware keeps each route's
// children instead; see BenchmarkObserve in internal/httpapi.)
func BenchmarkRequest(b *testing.B) {
	r := metrics.NewRegistry()
	reqs := r.NewCounterVec("http_requests_total", "R.", "route", "status")
	lat := r.NewHistogramVec("http_request_duration_seconds", "L.", metrics.DefBuckets, "route")
	route := "GET /api/v1/properties/{slug}"
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			reqs.With(route, "200").Inc()
			lat.With(route).Observe(0.0007)
		}
	})
}

func BenchmarkWriteText(b *testing.B) {
	r := metrics.NewRegistry()
	reqs := r.NewCounterVec("http_requests_total", "R.", "route", "status")
	lat := r.NewHistogramVec("http_request_duration_seconds", "L.", metrics.DefBuckets, "route")
	for i := range 25 {
		route := "GET /route/" + strconv.Itoa(i)
		for _, st := range []string{"200", "304", "404", "500"} {
			reqs.With(route, st).Inc()
		}
		lat.With(route).Observe(0.01)
	}
	metrics.RegisterRuntime(r)
	b.ReportAllocs()
	for b.Loop() {
		r.WriteText(io.Discard)
	}
}
