package feed_test

import (
	"testing"

	"github.com/vitrine/vitrine/internal/feed"
)

// TestCrawlerOf pins which User-Agents are the portals' crawler: the
// Grupo ZAP crawler in any case and form, and never a browser or another
// bot.
func TestCrawlerOf(t *testing.T) {
	t.Parallel()
	for ua, want := range map[string]string{
		"VivaRealBot/1.0": "grupozap",
		"Mozilla/5.0 (compatible; vivarealbot/2.1)":  "grupozap",
		"GrupoZap-Feed-Reader":                       "grupozap",
		"Mozilla/5.0 (X11; Linux x86_64) Chrome/131": "",
		"Googlebot/2.1":                              "",
		"":                                           "",
	} {
		c, ok := feed.CrawlerOf(ua)
		if c.Name != want || ok != (want != "") {
			t.Errorf("CrawlerOf(%q) = %q, %v; want %q", ua, c.Name, ok, want)
		}
	}
}
