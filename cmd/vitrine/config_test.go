package main

import (
	"io"
	"testing"
)

// TestServeCacheFlags checks the cache's size: default, the environment,
// and a flag that wins over it.
func TestServeCacheFlags(t *testing.T) {
	cases := []struct {
		name  string
		env   map[string]string
		args  []string
		memMB int
	}{
		{"defaults", nil, nil, 64},
		{"environment", map[string]string{"VITRINE_CACHE_MB": "16"}, nil, 16},
		{"flags win", map[string]string{"VITRINE_CACHE_MB": "16"}, []string{"--cache-mb", "0"}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, _, err := serveConfig(c.args, func(k string) string { return c.env[k] }, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.cacheMB != c.memMB {
				t.Errorf("cache %d MB, want %d", cfg.cacheMB, c.memMB)
			}
		})
	}
}
