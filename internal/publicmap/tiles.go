package publicmap

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// DefaultTileURL and DefaultAttribution are OpenStreetMap's standard
// tiles and the credit its licence asks for. Its tile usage policy allows
// a site of modest traffic; a busier one uses a provider of its own.
const (
	DefaultTileURL     = "https://tile.openstreetmap.org/{z}/{x}/{y}.png"
	DefaultAttribution = "© OpenStreetMap"
)

// maxAttribution bounds the credit's length: a line under the map.
const maxAttribution = 200

// Tiles is the tile server the public's maps are drawn from: the address
// of a tile, with {z}, {x} and {y} where its zoom and column and row go,
// and the credit shown on the map. The zero Tiles is no map.
type Tiles struct {
	URL         string
	Attribution string
}

// Enabled reports whether the site shows maps.
func (t Tiles) Enabled() bool { return t.URL != "" }

// Origin is the scheme, host and port the tiles come from
// ("https://tile.openstreetmap.org"), which the pages' CSP names; "" for
// no map.
func (t Tiles) Origin() string {
	if t.URL == "" {
		return ""
	}
	u, err := url.Parse(t.URL)
	if err != nil {
		return ""
	}
	return u.Scheme + "://" + strings.ToLower(u.Host)
}

// NewTiles checks a tile server's address (ParseTileURL) and credit
// (ParseAttribution), which a map needs.
func NewTiles(tileURL, attribution string) (Tiles, error) {
	u, err := ParseTileURL(tileURL)
	if err != nil || u == "" {
		return Tiles{}, err
	}
	a, err := ParseAttribution(attribution)
	if err != nil {
		return Tiles{}, err
	}
	if a == "" {
		return Tiles{}, errors.New("a map needs its tiles' credit (the attribution their licence asks for)")
	}
	return Tiles{URL: u, Attribution: a}, nil
}

// ParseTileURL checks a tile server's address: "" or "off" is no map
// (""); otherwise it is absolute https (http only for a loopback host: a
// page served over https may not load http images), without user or
// fragment, with {z}, {x} and {y} once each in its path or query and no
// other placeholder.
func ParseTileURL(s string) (string, error) {
	if s == "" || s == "off" {
		return "", nil
	}
	if err := checkTileURL(s); err != nil {
		return "", err
	}
	return s, nil
}

// ParseAttribution checks the credit shown on the map: one line of plain
// text, at most 200 characters once trimmed.
func ParseAttribution(s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case utf8.RuneCountInString(s) > maxAttribution:
		return "", fmt.Errorf("the attribution is longer than %d characters", maxAttribution)
	case strings.IndexFunc(s, unicode.IsControl) >= 0:
		return "", errors.New("the attribution must be one line of text")
	}
	return s, nil
}

// checkTileURL checks the form of a tile address (see NewTiles).
func checkTileURL(s string) error {
	want := errors.New("want an https address with {z}, {x} and {y}, such as " + DefaultTileURL + ", or off")
	// The placeholders are not valid in a host and are escaped in a path
	// by url.Parse; check them on the text, the rest on the address.
	if _, after, ok := strings.Cut(s, "://"); ok {
		if host, _, _ := strings.Cut(after, "/"); strings.ContainsAny(host, "{}") {
			return errors.New("the tile server's host cannot hold a placeholder ({s} subdomains are not supported)")
		}
	}
	u, err := url.Parse(s)
	if err != nil || !u.IsAbs() || u.Host == "" || u.User != nil || u.Fragment != "" || u.Opaque != "" {
		return want
	}
	switch u.Scheme {
	case "https":
	case "http":
		if !loopback(u.Hostname()) {
			return errors.New("tiles over http are allowed from a loopback host only: pages served over https refuse them; use https")
		}
	default:
		return want
	}
	rest := s[strings.Index(s, u.Host)+len(u.Host):]
	for _, p := range []string{"{z}", "{x}", "{y}"} {
		if strings.Count(rest, p) != 1 {
			return fmt.Errorf("the tile address must hold %s exactly once: %w", p, want)
		}
		rest = strings.Replace(rest, p, "", 1)
	}
	if strings.ContainsAny(rest, "{}") {
		return fmt.Errorf("the tile address holds a placeholder other than {z}, {x} and {y}: %w", want)
	}
	return nil
}

// loopback reports whether host names this machine.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
