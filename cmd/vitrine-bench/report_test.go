package main

import (
	"io"
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
	got := report(b.print)
	mustContain(t, got,
		"MET: warm detail read at 100000 properties 0.84 × the ceiling against 0.90 at 1000 in the same slices (-7 %",
		"MISSED: cold detail read at 100000 properties 0.40 × the ceiling against 0.50 at 1000 in the same slices (-20 %",
		"MET: server peak RSS 100 MB (< 150 MB)",
		// Two rows of their own (warm and cold), one ceiling error each:
		// the rows beside them share their slices and add none.
		"| 1. ceiling: constant 3000-byte body, bare net/http (all slices) | 100 | | | 1.00 ms | | 5.00 ms | | 2 |",
		"| 1b. bare | 92 | 100 | 0.92 |",
	)
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
	got := report(b.print)
	mustContain(t, got, "MET: warm detail read 0.95 × the ceiling (≥ 0.80)")
	if strings.Contains(got, "in the same slices") {
		t.Errorf("report has a scale check without a baseline:\n%s", got)
	}
}

// TestChange checks the comparison's statistics: the geometric mean of the
// rounds' ratios, an interval that excludes 1 only for a steady
// difference, and the verdict read from it.
func TestChange(t *testing.T) {
	mean, lo, hi := change([]float64{0.95, 0.96, 0.94, 0.95, 0.96, 0.94})
	if mean < 0.949 || mean > 0.951 || hi >= 1 || lo >= mean || hi <= mean {
		t.Errorf("steady 5 %% gain: mean %.4f, interval %.4f–%.4f", mean, lo, hi)
	}
	if v := verdict(mean, lo, hi); !strings.HasPrefix(v, "candidate faster: 5.0 %") {
		t.Errorf("verdict %q", v)
	}
	// Geometric: a round twice as slow and one twice as fast cancel out.
	if mean, _, _ := change([]float64{2, 0.5}); mean < 0.9999 || mean > 1.0001 {
		t.Errorf("2 and 0.5: mean %.4f, want 1", mean)
	}
	mean, lo, hi = change([]float64{0.90, 1.08, 0.97, 1.05, 0.99, 1.02})
	if lo >= 1 || hi <= 1 {
		t.Errorf("noise: interval %.4f–%.4f should hold 1", lo, hi)
	}
	if v := verdict(mean, lo, hi); v != "no difference beyond the noise" {
		t.Errorf("verdict %q", v)
	}
	if _, lo, hi := change([]float64{1.04, 1.05, 1.06}); lo <= 1 || !strings.HasPrefix(verdict(1.05, lo, hi), "candidate slower: 5.0 %") {
		t.Errorf("steady 5 %% loss: interval %.4f–%.4f, verdict %q", lo, hi, verdict(1.05, lo, hi))
	}
	if mean, lo, hi := change([]float64{0.994, 0.995, 0.993, 0.994}); hi >= 1 || verdict(mean, lo, hi) != "under 1 %: no difference that matters" {
		t.Errorf("steady 0.6 %% gain: interval %.4f–%.4f, verdict %q", lo, hi, verdict(mean, lo, hi))
	}
	if mean, lo, hi := change([]float64{1.1}); mean != lo || lo != hi {
		t.Errorf("one round: %.4f (%.4f–%.4f), want no interval", mean, lo, hi)
	}
	if studentT95(1) != 12.706 || studentT95(9) != 2.262 || studentT95(100) != 1.96 {
		t.Errorf("t values: %v %v %v", studentT95(1), studentT95(9), studentT95(100))
	}
}

// TestPrintComparison checks the comparison's table: each scenario's CPU
// per request weighted by the rounds' requests, and rounds without
// requests left out of the ratio.
func TestPrintComparison(t *testing.T) {
	// A round from its requests and each server's CPU time per request.
	round := func(refReqs, candReqs int64, refCPU, candCPU time.Duration) sideRound {
		return sideRound{ref: slice(refReqs, 0), cand: slice(candReqs, 1),
			refCPU: refCPU * time.Duration(refReqs), candCPU: candCPU * time.Duration(candReqs)}
	}
	b := &bench{
		cfg:          config{properties: 1000, connections: 64, threads: 2, duration: 40 * time.Second, slices: 4, warmup: 3 * time.Second},
		dsn:          "vitrine.db",
		compareLabel: "HEAD at 59938a5",
		sides: []sideRow{{name: "GET detail, warm (cache)", rounds: []sideRound{
			round(1000, 1000, 10*time.Microsecond, 9*time.Microsecond),
			round(3000, 3000, 20*time.Microsecond, 18*time.Microsecond),
			round(0, 1000, 0, 9*time.Microsecond), // a round whose reference answered nothing
		}}},
	}
	if got := b.sides[0].cpuRatios(); len(got) != 2 {
		t.Fatalf("ratios %v: want the two rounds where both answered", got)
	}
	mustContain(t, report(b.printComparison),
		"against HEAD at 59938a5 (reference), SQLite, 1000 properties, 4 rounds of 10s, each server under wrk -t1 -c32 at the same time",
		// (1000×10 + 3000×20) / 4000 = 17.5; (1000×9 + 3000×18 + 1000×9) / 5000 = 14.4
		"| GET detail, warm (cache) | 17.5 µs | 14.4 µs | 0.900 (0.900–0.900) | candidate faster: 10.0 % less CPU per request |",
		"| 0 / 3 |",
	)
}

// report returns what print writes.
func report(print func(io.Writer)) string {
	var out strings.Builder
	print(&out)
	return out.String()
}

func mustContain(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}
