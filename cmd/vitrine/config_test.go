package main

import (
	"io"
	"testing"
)

// TestServeCacheFlags checks the cache's sizes: defaults, the environment,
// and flags that win over it.
func TestServeCacheFlags(t *testing.T) {
	cases := []struct {
		name          string
		env           map[string]string
		args          []string
		memMB, diskMB int
	}{
		{"defaults", nil, nil, 64, 1024},
		{"environment", map[string]string{"VITRINE_CACHE_MB": "16", "VITRINE_CACHE_DISK_MB": "256"}, nil, 16, 256},
		{"flags win", map[string]string{"VITRINE_CACHE_DISK_MB": "256"}, []string{"--cache-mb", "0", "--cache-disk-mb", "0"}, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, _, err := serveConfig(c.args, func(k string) string { return c.env[k] }, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.cacheMB != c.memMB || cfg.diskMB != c.diskMB {
				t.Errorf("cache %d MB, file %d MB; want %d and %d", cfg.cacheMB, cfg.diskMB, c.memMB, c.diskMB)
			}
		})
	}
}
