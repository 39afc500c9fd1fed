package publicmap

import (
	"strings"
	"testing"
)

func TestNewTiles(t *testing.T) {
	good := []struct{ url, origin string }{
		{DefaultTileURL, "https://tile.openstreetmap.org"},
		{"https://Tiles.Example.com:8443/styles/{z}/{x}/{y}@2x.png?key=abc", "https://tiles.example.com:8443"},
		{"https://tiles.example.com/tile?z={z}&x={x}&y={y}", "https://tiles.example.com"},
		{"http://127.0.0.1:9000/{z}/{x}/{y}.png", "http://127.0.0.1:9000"},
		{"http://localhost:9000/{z}/{x}/{y}.png", "http://localhost:9000"},
	}
	for _, c := range good {
		tiles, err := NewTiles(c.url, " © Someone ")
		if err != nil {
			t.Errorf("%s: %v", c.url, err)
			continue
		}
		if !tiles.Enabled() || tiles.Origin() != c.origin || tiles.Attribution != "© Someone" {
			t.Errorf("%s: %+v, origin %q; want origin %q and the credit trimmed", c.url, tiles, tiles.Origin(), c.origin)
		}
	}
	for _, off := range []string{"", "off"} {
		if tiles, err := NewTiles(off, ""); err != nil || tiles.Enabled() || tiles.Origin() != "" {
			t.Errorf("%q: %+v, %v; want no map", off, tiles, err)
		}
	}
	bad := []struct{ url, attribution, says string }{
		{"tile.openstreetmap.org/{z}/{x}/{y}.png", "©", "https address"},
		{"ftp://tiles.example.com/{z}/{x}/{y}.png", "©", "https address"},
		{"http://tiles.example.com/{z}/{x}/{y}.png", "©", "loopback"},
		{"https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", "©", "{s}"},
		{"https://tiles.example.com/{z}/{x}.png", "©", "{y} exactly once"},
		{"https://tiles.example.com/{z}/{x}/{y}/{y}.png", "©", "{y} exactly once"},
		{"https://tiles.example.com/{z}/{x}/{y}{r}.png", "©", "other than"},
		{"https://user:pw@tiles.example.com/{z}/{x}/{y}.png", "©", "https address"},
		{"https://tiles.example.com/{z}/{x}/{y}.png#a", "©", "https address"},
		{"https://tiles.example.com/{z}/{x}/{y}.png", "", "credit"},
		{"https://tiles.example.com/{z}/{x}/{y}.png", "  ", "credit"},
		{"https://tiles.example.com/{z}/{x}/{y}.png", "a\nb", "one line"},
		{"https://tiles.example.com/{z}/{x}/{y}.png", strings.Repeat("é", 201), "200 characters"},
	}
	for _, c := range bad {
		if _, err := NewTiles(c.url, c.attribution); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s, %q: %v; want an error that says %q", c.url, c.attribution, err, c.says)
		}
	}
}
