package main

import (
	"flag"
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
		{"not a number in the environment", map[string]string{"VITRINE_CACHE_MB": "muito"}, nil, 64},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var cfg config
			fs := flag.NewFlagSet("serve", flag.ContinueOnError)
			fs.SetOutput(io.Discard)
			serveFlags(fs, &cfg, func(k string) string { return c.env[k] })
			if err := fs.Parse(c.args); err != nil {
				t.Fatal(err)
			}
			if cfg.cacheMB != c.memMB {
				t.Errorf("cache %d MB, want %d", cfg.cacheMB, c.memMB)
			}
		})
	}
}
