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

// TestMediaURL: the address of uploaded photos comes from --public-url,
// else from --addr as configured, never from the port a ":0" was given:
// the stored documents hold it, and a new one at each start would make
// them all again.
func TestMediaURL(t *testing.T) {
	for _, c := range []struct{ public, addr, want string }{
		{"https://imoveis.example.com", "127.0.0.1:8080", "https://imoveis.example.com/media/"},
		{"https://imoveis.example.com/", ":8080", "https://imoveis.example.com/media/"},
		{"", "127.0.0.1:8080", "http://127.0.0.1:8080/media/"},
		{"", ":8080", "http://localhost:8080/media/"},
		{"", "0.0.0.0:9000", "http://localhost:9000/media/"},
		{"", "[::]:9000", "http://localhost:9000/media/"},
		{"", "[::1]:9000", "http://[::1]:9000/media/"},
		{"", "127.0.0.1:0", "http://127.0.0.1:0/media/"},
		{"", "vitrine.local:8080", "http://vitrine.local:8080/media/"},
	} {
		if got := mediaURL(c.public, c.addr); got != c.want {
			t.Errorf("mediaURL(%q, %q) = %q, want %q", c.public, c.addr, got, c.want)
		}
	}
}

// TestFetchPortsFlag: photos are fetched from ports 80 and 443 unless
// the operator lists others, in the environment or a flag that wins over
// it; a port out of range or a repeated one is caught when read.
func TestFetchPortsFlag(t *testing.T) {
	for _, c := range []struct {
		env  string
		args []string
		want string // formatted, or "" for a refusal
	}{
		{"", nil, "80,443"},
		{"443, 8443", nil, "443,8443"},
		{"443,8443", []string{"--fetch-ports", "80,80"}, "80"},
		{"", []string{"--fetch-ports", "0"}, ""},
		{"", []string{"--fetch-ports", "65536"}, ""},
		{"", []string{"--fetch-ports", ""}, ""},
	} {
		cfg, _, err := serveConfig(c.args, func(k string) string {
			if k == "VITRINE_FETCH_PORTS" {
				return c.env
			}
			return ""
		}, io.Discard)
		if got := formatPorts(cfg.fetchPorts); c.want == "" && err == nil || c.want != "" && (err != nil || got != c.want) {
			t.Errorf("env %q, args %q: %s, %v; want %q", c.env, c.args, got, err, c.want)
		}
	}
}
