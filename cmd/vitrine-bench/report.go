package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// print writes the run's table, the targets, the notes and the machine, as
// Markdown that docs/benchmarks.md can take as it is.
func (b *bench) print(w io.Writer) {
	if len(b.rows) == 0 {
		return
	}
	var ceil result
	var ceilCPU time.Duration
	for _, r := range b.rows {
		if r.beside {
			continue // the row before it holds the same ceiling slices
		}
		ceil.add(r.ceil)
		ceilCPU += r.ceilCPU * time.Duration(r.ceil.requests)
	}
	ceilCPU = perRequest(ceilCPU, ceil.requests)

	fmt.Fprintf(w, "\n### %s, %d properties, %d connections, %s per scenario in %d slices alternating with the ceiling, after %s of warm-up\n\n",
		b.dialect(), b.cfg.properties, b.cfg.connections, b.cfg.duration, b.cfg.slices, b.cfg.warmup)
	fmt.Fprintln(w, "| scenario | req/s | ceiling req/s | × ceiling | p50 | × ceiling | p99 | × ceiling | errors | server CPU/req | × ceiling | server peak RSS |")
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	fmt.Fprintf(w, "| 1. ceiling: constant %d-byte body, bare net/http (all slices) | %.0f | | | %s | | %s | | %d | %s | | |\n",
		b.bodySize, ceil.rps, ms(ceil.p50), ms(ceil.p99), ceil.errors, us(ceilCPU))
	var peak int64
	for _, r := range b.rows {
		rss := ""
		if !r.bare {
			peak = max(peak, r.rss)
			rss = mb(r.rss)
		}
		fmt.Fprintf(w, "| %s | %.0f | %.0f | %.2f | %s | %.2f | %s | %.2f | %d | %s | %.2f | %s |\n",
			r.name, r.res.rps, r.ceil.rps, r.res.rps/r.ceil.rps, ms(r.res.p50), ratio(r.res.p50, r.ceil.p50),
			ms(r.res.p99), ratio(r.res.p99, r.ceil.p99), r.res.errors, us(r.cpu), ratio(r.cpu, r.ceilCPU), rss)
	}
	wrkCPU := perRequest(ceil.wrkCPU, ceil.requests)
	fmt.Fprintf(w, "\nEach ratio compares a scenario with the ceiling slices that ran between its own slices. "+
		"Latency percentiles are the means of the slices' percentiles, weighted by requests. "+
		"Server CPU/req is the CPU time (user and system, from /proc/PID/stat) of the server process, or of the ceiling's, "+
		"divided by the requests answered; it holds better than req/s on a machine shared with other work. "+
		"wrk used %s of CPU per ceiling request. Server peak RSS (VmHWM) over the run: %s.\n", us(wrkCPU), mb(peak))

	fmt.Fprintln(w, "\nTargets:")
	sqlite := b.dialect() == "SQLite"
	for _, r := range b.rows {
		x := r.res.rps / r.ceil.rps
		switch r.target {
		case "warm":
			check(w, x >= 0.8, "warm detail read %.2f × the ceiling (≥ 0.80)", x)
			check(w, ratio(r.res.p99, r.ceil.p99) <= 2, "warm detail p99 %.2f × the ceiling's (≤ 2)", ratio(r.res.p99, r.ceil.p99))
		case "cold":
			if sqlite {
				check(w, x >= 0.3, "cold detail read (database path) %.2f × the ceiling (≥ 0.30 on SQLite)", x)
			} else {
				fmt.Fprintf(w, "- info: cold detail read (database path) %.2f × the ceiling (the 0.30 target is for SQLite)\n", x)
			}
		case "contact":
			if sqlite {
				check(w, r.res.rps >= 5000 && r.res.errors == 0, "contact %.0f/s with %d errors (≥ 5,000/s on SQLite, every 201 durable)", r.res.rps, r.res.errors)
				check(w, x >= 0.1, "contact %.2f × the ceiling (≥ 0.10 on SQLite)", x)
			} else {
				fmt.Fprintf(w, "- info: contact %.0f/s with %d errors (the 5,000/s target is for SQLite)\n", r.res.rps, r.res.errors)
			}
		}
	}
	b.scaleChecks(w)
	b.searchChecks(w)
	check(w, peak < 150<<20, "server peak RSS %s (< 150 MB)", mb(peak))

	fmt.Fprintln(w, "\nNotes:")
	for _, n := range b.notes {
		fmt.Fprintf(w, "- %s\n", n)
	}
	level := b.cfg.logLevel
	if level == "" {
		level = "the default (info: one JSON line per request)"
	}
	mem := "no Go runtime variable set (" + strings.Join(runtimeVars, ", ") + ")"
	if len(b.cfg.runtimeEnv) > 0 {
		mem = strings.Join(b.cfg.runtimeEnv, ", ") + " for the server (the ceiling runs with the runtime's defaults)"
	}
	fmt.Fprintf(w, "- server: `vitrine serve --contact-limit off --contact-address-limit off --search-limit off`, log level %s, stderr to a file, %s; wrk -t%d -c%d from a separate process, each request picked at random from the whole catalogue\n",
		level, mem, b.cfg.threads, b.cfg.connections)

	fmt.Fprintln(w, "\nMachine:")
	for _, m := range machine() {
		fmt.Fprintf(w, "- %s\n", m)
	}
}

// scaleChecks compares the warm and cold reads of the main catalogue with
// the baseline's, measured in the same slices: within 15 %.
func (b *bench) scaleChecks(w io.Writer) {
	byTarget := map[string]row{}
	for _, r := range b.rows {
		byTarget[r.target] = r
	}
	for _, read := range []string{"warm", "cold"} {
		big, ok1 := byTarget[read]
		small, ok2 := byTarget[read+"-base"]
		if !ok1 || !ok2 || small.res.rps == 0 {
			continue
		}
		x := big.res.rps / small.res.rps // the same ceiling slices: the ratio of their ratios
		check(w, x >= 0.85, "%s detail read at %d properties %.2f × the ceiling against %.2f at %d in the same slices (%+.0f %%, within 15 %%; server CPU per request %.2f ×)",
			read, b.cfg.properties, big.res.rps/big.ceil.rps, small.res.rps/small.ceil.rps, b.cfg.scaleBase, (x-1)*100, ratio(big.cpu, small.cpu))
	}
}

func check(w io.Writer, ok bool, format string, args ...any) {
	mark := "MET"
	if !ok {
		mark = "MISSED"
	}
	fmt.Fprintf(w, "- %s: "+format+"\n", append([]any{mark}, args...)...)
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func mb(n int64) string { return fmt.Sprintf("%.0f MB", float64(n)/(1<<20)) }

// machine describes where the run happened.
func machine() []string {
	model, mem := "unknown", "unknown"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.SplitSeq(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		for line := range strings.SplitSeq(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "MemTotal:"); ok {
				var kb int64
				fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), &kb)
				mem = fmt.Sprintf("%.1f GB", float64(kb)/(1<<20))
			}
		}
	}
	kernel := "unknown"
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		kernel = strings.TrimSpace(string(b))
	}
	wrkVersion := "unknown"
	if out, _ := exec.Command("wrk", "-v").CombinedOutput(); len(out) > 0 {
		wrkVersion = strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
	}
	return []string{
		fmt.Sprintf("nproc: %d", runtime.NumCPU()),
		"CPU: " + model,
		"memory: " + mem,
		"Go: " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
		"kernel: Linux " + kernel,
		"load generator: " + wrkVersion,
	}
}
