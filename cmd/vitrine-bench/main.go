// Command vitrine-bench measures Vitrine's public reads and contact
// submissions against the bare HTTP ceiling of the same machine, in the same
// run, so that the ratios hold on a noisy machine: each scenario's load is
// cut into slices that alternate with slices of load on the ceiling.
//
// It builds the vitrine binary, loads a catalogue of realistic properties
// into a fresh database, starts "vitrine serve" and drives it with wrk from
// a separate process. Everything it starts is stopped before it returns,
// and it talks to 127.0.0.1 only.
//
// Environment:
//
//	BENCH_PROPERTIES   catalogue size (default 1000)
//	BENCH_DURATION     length of each measured run (default 10s)
//	BENCH_SLICES       slices of a run, alternating with the ceiling (default 5)
//	BENCH_WARMUP       length of the warm-up before each run (default 3s)
//	BENCH_CONNECTIONS  wrk connections (default 64)
//	BENCH_THREADS      wrk threads (default: number of CPUs)
//	BENCH_DB           postgres://… to run against PostgreSQL (a schema of
//	                   its own, dropped at the end); SQLite by default
//	BENCH_CACHE_MB     --cache-mb of the warm server (default: the server's)
//	BENCH_LOG_LEVEL    --log-level of the server (default: the server's, info)
//	BENCH_GOMEMLIMIT   GOMEMLIMIT of the server process alone (default: unset)
//	BENCH_KEEP         keep the temporary folder (database, logs, scripts),
//	                   and the PostgreSQL schema of BENCH_DB
//	BENCH_CRASH        "0" skips the crash-durability check of contact leads
//	BENCH_SCALE_BASE   size of the catalogue whose warm and cold reads are
//	                   measured in the same slices as a larger one's, for
//	                   the scale target (default 1000; 0: none)
//	BENCH_ONLY         "search": the search scenarios alone (with the ceiling);
//	                   "flood": detail reads alone and during one client's
//	                   flood of distinct searches, on this tree's build with
//	                   --search-limit off and on and, with BENCH_COMPARE,
//	                   on that revision's build (flood.go);
//	                   "backup": backup create, verify and restore of the
//	                   catalogue with BENCH_PHOTOS synthetic photos, and
//	                   detail reads alone and during a backup (backup.go)
//	BENCH_PHOTOS       photos of BENCH_ONLY=backup (default 10000)
//	BENCH_COMPARE      a git revision: instead of the run above, measure
//	                   its build and the working tree's side by side, both
//	                   under load at once, in BENCH_SLICES rounds (see
//	                   compare.go)
//	BENCH_CANDIDATE_ARGS, BENCH_CANDIDATE_ENV
//	                   with BENCH_COMPARE: more arguments of the working
//	                   tree's serve, more environment (NAME=value) of its
//	                   server, to compare a setting (HEAD for the same code)
//
// Go's own GOMAXPROCS, when set, reaches the server but not the ceiling,
// which runs with the Go runtime's defaults (nor do GOGC, GOMEMLIMIT and
// GODEBUG reach it), and the report says so.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == photosChildCommand {
		if err := runPhotosChild(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "vitrine-bench photos-child:", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == ceilingCommand {
		if err := runCeiling(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "vitrine-bench ceiling:", err)
			os.Exit(1)
		}
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if len(os.Args) > 1 && os.Args[1] == photosCommand {
		if err := runPhotos(ctx); err != nil {
			fmt.Fprintln(os.Stderr, "vitrine-bench photos:", err)
			os.Exit(1)
		}
		return
	}
	cfg, err := readConfig(os.Getenv)
	if err == nil {
		err = run(ctx, cfg)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "vitrine-bench:", err)
		os.Exit(1)
	}
}
