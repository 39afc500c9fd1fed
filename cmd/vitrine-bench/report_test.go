package main

import (
	"strings"
	"testing"
	"time"
)

// slice is one wrk slice of 10 s that answered n requests.
func slice(n, errors int64) result {
	var r result
	r.add(result{requests: n, duration: 10 * time.Second, p50: time.Millisecond, p99: 5 * time.Millisecond, errors: errors})
	return r
}

// TestReportScaleChecks checks the scale targets against the baseline
// measured in the same slices, the ceiling summed once per slice however
// many rows share it, and the server's peak RSS without the bare server's.
func TestReportScaleChecks(t *testing.T) {
	ceil := slice(1000, 1)
	b := &bench{
		cfg:      config{properties: 100000, scaleBase: 1000, connections: 64, threads: 2, duration: 10 * time.Second, slices: 5},
		dsn:      "vitrine.db",
		bodySize: 3000,
		rows: []row{
			{name: "2. warm", target: "warm", res: slice(840, 0), ceil: ceil, rss: 100 << 20},
			{name: "1b. bare", res: slice(920, 0), ceil: ceil, rss: 300 << 20, beside: true, bare: true},
			{name: "2. warm, 1000", target: "warm-base", res: slice(900, 0), ceil: ceil, rss: 60 << 20, beside: true},
			{name: "3. cold", target: "cold", res: slice(400, 0), ceil: ceil, rss: 70 << 20},
			{name: "3. cold, 1000", target: "cold-base", res: slice(500, 0), ceil: ceil, rss: 70 << 20, beside: true},
		},
	}
	var out strings.Builder
	b.print(&out)
	got := out.String()
	for _, want := range []string{
		"MET: warm detail read at 100000 properties 0.84 × the ceiling against 0.90 at 1000 in the same slices (-7 %",
		"MISSED: cold detail read at 100000 properties 0.40 × the ceiling against 0.50 at 1000 in the same slices (-20 %",
		"MET: server peak RSS 100 MB (< 150 MB)",
		// Two rows of their own (warm and cold), one ceiling error each:
		// the rows beside them share their slices and add none.
		"| 1. ceiling: constant 3000-byte body, bare net/http (all slices) | 100 | | | 1.00 ms | | 5.00 ms | | 2 |",
		"| 1b. bare | 92 | 100 | 0.92 |",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "300 MB") {
		t.Errorf("the bare server's RSS is reported as the server's:\n%s", got)
	}
}

// TestReportWithoutBaseline checks that a run without a second catalogue
// makes no scale check.
func TestReportWithoutBaseline(t *testing.T) {
	b := &bench{
		cfg:      config{properties: 1000, connections: 64, threads: 2, duration: 10 * time.Second, slices: 5},
		dsn:      "vitrine.db",
		bodySize: 3000,
		rows:     []row{{name: "2. warm", target: "warm", res: slice(950, 0), ceil: slice(1000, 0), rss: 60 << 20}},
	}
	var out strings.Builder
	b.print(&out)
	got := out.String()
	if !strings.Contains(got, "MET: warm detail read 0.95 × the ceiling (≥ 0.90)") {
		t.Errorf("report lacks the warm target:\n%s", got)
	}
	if strings.Contains(got, "in the same slices") {
		t.Errorf("report has a scale check without a baseline:\n%s", got)
	}
}
