package feed

import "strings"

// Crawler is a portal's crawler, known by a mark in its User-Agent.
type Crawler struct {
	Name  string // the key its reads are kept under
	Label string // for people (pt-BR)
	marks []string
}

// Crawlers are the crawlers that read VRSync feeds. Grupo ZAP reads the
// feed for ZAP Imóveis, VivaReal and OLX with one crawler, VivaRealBot
// (its documentation and the requests it sends name it so).
var Crawlers = []Crawler{
	{Name: "grupozap", Label: "Grupo ZAP (ZAP Imóveis, VivaReal e OLX)", marks: []string{"vivarealbot", "grupozap"}},
}

// CrawlerOf returns the crawler whose mark userAgent carries, in any
// case, and whether there is one.
func CrawlerOf(userAgent string) (Crawler, bool) {
	ua := strings.ToLower(userAgent)
	for _, c := range Crawlers {
		for _, m := range c.marks {
			if strings.Contains(ua, m) {
				return c, true
			}
		}
	}
	return Crawler{}, false
}
