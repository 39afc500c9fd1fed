package main

import (
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// config is the run's settings, from the environment.
type config struct {
	properties  int
	duration    time.Duration
	slices      int // the measured load is cut into this many slices, alternating with the ceiling
	warmup      time.Duration
	connections int
	threads     int
	db          string   // "" for SQLite in the temporary folder
	cacheMB     int      // -1: the server's default
	logLevel    string   // "": the server's default
	memLimit    string   // GOMEMLIMIT of the server process; "" leaves it unset
	runtimeEnv  []string // the Go runtime's variables (runtimeVars) the server gets, as NAME=value; the ceiling gets none
	scaleBase   int      // a catalogue of this size is measured beside a larger one; 0: none
	compare     string   // a git revision: measure its build side by side with the working tree's instead
	keep        bool
	crash       bool
	searchOnly  bool // BENCH_ONLY=search: the search scenarios alone
	floodOnly   bool // BENCH_ONLY=flood: detail reads during a search flood alone (flood.go)
	backupOnly  bool // BENCH_ONLY=backup: backup and restore, and detail reads during a backup (backup.go)
	photos      int  // BENCH_PHOTOS: the synthetic photos of the backup scenario

	// What the candidate's server gets beyond the reference's in a
	// comparison: more arguments of serve, more environment (NAME=value).
	candidateArgs, candidateEnv []string
}

func readConfig(getenv func(string) string) (config, error) {
	cfg := config{
		properties:  1000,
		duration:    10 * time.Second,
		slices:      5,
		warmup:      3 * time.Second,
		connections: 64,
		threads:     runtime.NumCPU(),
		db:          getenv("BENCH_DB"),
		cacheMB:     -1,
		logLevel:    getenv("BENCH_LOG_LEVEL"),
		memLimit:    getenv("BENCH_GOMEMLIMIT"),
		keep:        getenv("BENCH_KEEP") != "" && getenv("BENCH_KEEP") != "0",
		crash:       getenv("BENCH_CRASH") != "0",
		scaleBase:   1000,
		compare:     getenv("BENCH_COMPARE"),
		photos:      10_000,
	}
	ints := []struct {
		env string
		dst *int
		min int
	}{
		{"BENCH_PROPERTIES", &cfg.properties, 1},
		{"BENCH_PHOTOS", &cfg.photos, 0},
		{"BENCH_CONNECTIONS", &cfg.connections, 1},
		{"BENCH_THREADS", &cfg.threads, 1},
		{"BENCH_CACHE_MB", &cfg.cacheMB, 0},
		{"BENCH_SLICES", &cfg.slices, 1},
		{"BENCH_SCALE_BASE", &cfg.scaleBase, 0},
	}
	for _, name := range runtimeVars {
		x := getenv(name)
		if name == "GOMEMLIMIT" && cfg.memLimit != "" {
			x = cfg.memLimit // BENCH_GOMEMLIMIT wins: bench.serve passes it after the environment
		}
		if x != "" {
			cfg.runtimeEnv = append(cfg.runtimeEnv, name+"="+x)
		}
	}
	for _, i := range ints {
		if v := getenv(i.env); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < i.min {
				return cfg, fmt.Errorf("%s=%q: want an integer of at least %d", i.env, v, i.min)
			}
			*i.dst = n
		}
	}
	durs := []struct {
		env string
		dst *time.Duration
	}{
		{"BENCH_DURATION", &cfg.duration},
		{"BENCH_WARMUP", &cfg.warmup},
	}
	for _, d := range durs {
		if v := getenv(d.env); v != "" {
			x, err := time.ParseDuration(v)
			if err != nil || x < 0 || (d.dst == &cfg.duration && x < time.Second) {
				return cfg, fmt.Errorf("%s=%q: want a duration such as 10s", d.env, v)
			}
			*d.dst = x
		}
	}
	switch only := getenv("BENCH_ONLY"); only {
	case "":
	case "search":
		cfg.searchOnly, cfg.scaleBase = true, 0
	case "flood":
		cfg.floodOnly, cfg.scaleBase = true, 0
	case "backup":
		cfg.backupOnly, cfg.scaleBase = true, 0
		if cfg.db != "" || cfg.compare != "" {
			return cfg, fmt.Errorf("BENCH_ONLY=backup measures this tree on SQLite: BENCH_DB and BENCH_COMPARE do not apply")
		}
	default:
		return cfg, fmt.Errorf("BENCH_ONLY=%q: want search, flood or backup, or nothing for every scenario", only)
	}
	cfg.candidateArgs = strings.Fields(getenv("BENCH_CANDIDATE_ARGS"))
	cfg.candidateEnv = strings.Fields(getenv("BENCH_CANDIDATE_ENV"))
	if cfg.floodOnly && len(cfg.candidateArgs)+len(cfg.candidateEnv) > 0 {
		return cfg, fmt.Errorf("BENCH_ONLY=flood chooses its own candidates: BENCH_CANDIDATE_ARGS and BENCH_CANDIDATE_ENV do not apply")
	}
	if cfg.compare == "" && len(cfg.candidateArgs)+len(cfg.candidateEnv) > 0 {
		return cfg, fmt.Errorf("BENCH_CANDIDATE_ARGS and BENCH_CANDIDATE_ENV need BENCH_COMPARE (a revision, HEAD for the same code)")
	}
	for _, kv := range cfg.candidateEnv {
		if name, _, ok := strings.Cut(kv, "="); !ok || name == "" {
			return cfg, fmt.Errorf("BENCH_CANDIDATE_ENV: %q is not NAME=value", kv)
		}
	}
	if secs := int(cfg.duration / time.Second); cfg.slices > secs {
		cfg.slices = secs // wrk counts whole seconds
	}
	if cfg.scaleBase >= cfg.properties || cfg.compare != "" {
		cfg.scaleBase = 0 // nothing larger to compare it with, or a comparison of builds instead
	}
	if cfg.threads > cfg.connections {
		cfg.threads = cfg.connections
	}
	return cfg, nil
}
