package main

import (
	"slices"
	"testing"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestReadConfig(t *testing.T) {
	cfg, err := readConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.properties != 1000 || cfg.scaleBase != 0 || cfg.slices != 5 || cfg.cacheMB != -1 || !cfg.crash {
		t.Errorf("defaults: %+v", cfg)
	}

	cfg, err = readConfig(env(map[string]string{"BENCH_PROPERTIES": "100000", "GOMAXPROCS": "4", "GOGC": "200", "BENCH_GOMEMLIMIT": "200MiB", "GOMEMLIMIT": "1GiB"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.scaleBase != 1000 {
		t.Errorf("scale base at 100,000 properties: %d, want 1000", cfg.scaleBase)
	}
	if want := []string{"GOMAXPROCS=4", "GOGC=200", "GOMEMLIMIT=200MiB"}; !slices.Equal(cfg.runtimeEnv, want) {
		t.Errorf("runtime environment %q, want %q", cfg.runtimeEnv, want)
	}

	cfg, err = readConfig(env(map[string]string{"BENCH_PROPERTIES": "500", "BENCH_SCALE_BASE": "100", "BENCH_DURATION": "2s", "BENCH_CONNECTIONS": "1"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.scaleBase != 100 || cfg.slices != 2 || cfg.threads != 1 {
		t.Errorf("scale base %d (want 100), slices %d (want 2: whole seconds), threads %d (want 1: no more than connections)", cfg.scaleBase, cfg.slices, cfg.threads)
	}

	cfg, err = readConfig(env(map[string]string{"BENCH_PROPERTIES": "100000", "BENCH_SCALE_BASE": "0"}))
	if err != nil || cfg.scaleBase != 0 {
		t.Errorf("BENCH_SCALE_BASE=0: scale base %d, err %v; want none", cfg.scaleBase, err)
	}

	cfg, err = readConfig(env(map[string]string{"BENCH_PROPERTIES": "100000", "BENCH_COMPARE": "main"}))
	if err != nil || cfg.compare != "main" || cfg.scaleBase != 0 {
		t.Errorf("BENCH_COMPARE=main: compare %q, scale base %d, err %v; want main and no second catalogue", cfg.compare, cfg.scaleBase, err)
	}

	cfg, err = readConfig(env(map[string]string{"BENCH_COMPARE": "HEAD", "BENCH_CANDIDATE_ARGS": "--log-level warn", "BENCH_CANDIDATE_ENV": "GOMAXPROCS=4"}))
	if err != nil || !slices.Equal(cfg.candidateArgs, []string{"--log-level", "warn"}) || !slices.Equal(cfg.candidateEnv, []string{"GOMAXPROCS=4"}) {
		t.Errorf("candidate extras: args %q, env %q, err %v", cfg.candidateArgs, cfg.candidateEnv, err)
	}
	if got := candidateExtras(cfg); got != " with GOMAXPROCS=4, serve --log-level warn" {
		t.Errorf("candidate extras in the heading: %q", got)
	}

	cfg, err = readConfig(env(map[string]string{"BENCH_PROPERTIES": "100000", "BENCH_ONLY": "search"}))
	if err != nil || !cfg.searchOnly || cfg.scaleBase != 0 {
		t.Errorf("BENCH_ONLY=search: search only %v, scale base %d, err %v; want search alone and no second catalogue", cfg.searchOnly, cfg.scaleBase, err)
	}

	cfg, err = readConfig(env(map[string]string{"BENCH_ONLY": "flood", "BENCH_COMPARE": "main"}))
	if err != nil || !cfg.floodOnly || cfg.searchOnly || cfg.compare != "main" {
		t.Errorf("BENCH_ONLY=flood: flood only %v, search only %v, compare %q, err %v; want the flood against main", cfg.floodOnly, cfg.searchOnly, cfg.compare, err)
	}

	for _, bad := range []map[string]string{
		{"BENCH_ONLY": "detail"},
		{"BENCH_ONLY": "flood", "BENCH_COMPARE": "main", "BENCH_CANDIDATE_ARGS": "--search-limit off"},
		{"BENCH_CANDIDATE_ARGS": "--log-level warn"}, // without BENCH_COMPARE
		{"BENCH_COMPARE": "HEAD", "BENCH_CANDIDATE_ENV": "GOMAXPROCS"},
		{"BENCH_PROPERTIES": "0"},
		{"BENCH_SCALE_BASE": "-1"},
		{"BENCH_SLICES": "many"},
		{"BENCH_DURATION": "500ms"},
		{"BENCH_WARMUP": "-1s"},
	} {
		if _, err := readConfig(env(bad)); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
