package main

import (
	"io"
	"strings"
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

// TestMapFlags: the maps' tile server is OpenStreetMap's unless the
// operator names another or turns the map off; a bad address, or tiles
// without their credit, stop the start with a message that names the
// setting.
func TestMapFlags(t *testing.T) {
	ok := []struct {
		name          string
		env           map[string]string
		args          []string
		tiles, credit string
	}{
		{"defaults", nil, nil, "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "© OpenStreetMap"},
		{"environment", map[string]string{"VITRINE_MAP_TILES": "https://t.example.com/{z}/{x}/{y}.png", "VITRINE_MAP_ATTRIBUTION": "© Mapas"},
			nil, "https://t.example.com/{z}/{x}/{y}.png", "© Mapas"},
		{"off in the environment", map[string]string{"VITRINE_MAP_TILES": "off"}, nil, "", ""},
		{"an empty flag", map[string]string{"VITRINE_MAP_TILES": "https://t.example.com/{z}/{x}/{y}.png"}, []string{"--map-tiles", ""}, "", ""},
		{"off needs no credit", nil, []string{"--map-tiles", "off", "--map-attribution", ""}, "", ""},
	}
	for _, c := range ok {
		t.Run(c.name, func(t *testing.T) {
			cfg, _, err := serveConfig(c.args, func(k string) string { return c.env[k] }, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.mapTiles.URL != c.tiles || cfg.mapTiles.Attribution != c.credit || cfg.mapTiles.Enabled() != (c.tiles != "") {
				t.Errorf("map %+v, want tiles %q and credit %q", cfg.mapTiles, c.tiles, c.credit)
			}
		})
	}
	bad := []struct {
		name string
		env  map[string]string
		args []string
		says []string
	}{
		{"not https", nil, []string{"--map-tiles", "http://tiles.example.com/{z}/{x}/{y}.png"}, []string{"--map-tiles", "loopback"}},
		{"no placeholders", map[string]string{"VITRINE_MAP_TILES": "https://tiles.example.com/tile.png"}, nil, []string{"VITRINE_MAP_TILES", "{z}"}},
		{"no credit", nil, []string{"--map-tiles", "https://t.example.com/{z}/{x}/{y}.png", "--map-attribution", " "},
			[]string{"--map-tiles is set but --map-attribution is empty"}},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			var stderr strings.Builder // a flag's refusal is printed there
			_, _, err := serveConfig(c.args, func(k string) string { return c.env[k] }, &stderr)
			if err == nil {
				t.Fatal("accepted")
			}
			for _, want := range c.says {
				if said := err.Error() + stderr.String(); !strings.Contains(said, want) {
					t.Errorf("refusal %q does not say %q", said, want)
				}
			}
		})
	}
}
