package sitemap

import (
	"bytes"
	"encoding/xml"
	"errors"
	"strings"
	"testing"
	"time"
)

type urlset struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

// TestURLSetEscapes writes addresses holding every character XML gives a
// meaning to, and reads them back as they were.
func TestURLSetEscapes(t *testing.T) {
	locs := []string{
		`https://imoveis.example.com/`,
		`https://x.example.com/a&b<c>d"e'f/imoveis/casa-1`,
		"https://x.example.com/]]>&amp;/imoveis/casa-2",
	}
	mod := time.Date(2026, 3, 1, 9, 30, 15, 123456000, time.FixedZone("BRT", -3*3600))
	var buf bytes.Buffer
	x := NewURLSet(&buf)
	x.Add(locs[0], time.Time{})
	x.Add(locs[1], mod)
	x.Add(locs[2], mod)
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(buf.String(), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration:\n%s", buf.String())
	}
	var got urlset
	if err := xml.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if len(got.URLs) != len(locs) {
		t.Fatalf("%d addresses read back, want %d:\n%s", len(got.URLs), len(locs), buf.String())
	}
	for i, u := range got.URLs {
		if u.Loc != locs[i] {
			t.Errorf("address %d read back as %q, want %q", i, u.Loc, locs[i])
		}
	}
	if got.URLs[0].LastMod != "" || strings.Count(buf.String(), "<lastmod>") != 2 {
		t.Errorf("a zero lastmod is written:\n%s", buf.String())
	}
	if got.URLs[1].LastMod != "2026-03-01T12:30:15Z" {
		t.Errorf("lastmod %q, want the time in UTC to the second", got.URLs[1].LastMod)
	}
}

func TestIndexAndLimit(t *testing.T) {
	var buf bytes.Buffer
	x := NewIndex(&buf)
	for range MaxURLs {
		if err := x.Add("https://x.example.com/sitemaps/imoveis-1.xml", time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := x.Add("https://x.example.com/sitemaps/imoveis-1.xml", time.Time{}); !errors.Is(err, ErrTooMany) {
		t.Fatalf("entry %d: %v, want ErrTooMany", MaxURLs+1, err)
	}
	if err := x.Close(); !errors.Is(err, ErrTooMany) {
		t.Errorf("Close after too many: %v", err)
	}
	buf.Reset()
	x = NewIndex(&buf)
	x.Add("https://x.example.com/sitemaps/imoveis-1.xml", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	var got struct {
		XMLName  xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
		Sitemaps []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"sitemap"`
	}
	if err := xml.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if len(got.Sitemaps) != 1 || got.Sitemaps[0].LastMod != "2026-03-01T00:00:00Z" {
		t.Errorf("index read back as %+v", got)
	}
}

// failWriter fails every write.
type failWriter struct{}

var errDisk = errors.New("disk full")

func (failWriter) Write([]byte) (int, error) { return 0, errDisk }

func TestWriterReportsTheFirstError(t *testing.T) {
	x := NewURLSet(failWriter{})
	for range 2000 { // beyond the buffer
		x.Add("https://x.example.com/imoveis/casa-com-piscina-na-lagoa-da-conceicao", time.Time{})
	}
	if err := x.Close(); !errors.Is(err, errDisk) {
		t.Errorf("Close: %v, want the writer's error", err)
	}
}

func TestRobots(t *testing.T) {
	want := "User-agent: *\nDisallow: /admin\nDisallow: /api/admin\n\nSitemap: https://imoveis.example.com/sitemap.xml\n"
	if got := Robots("https://imoveis.example.com"); got != want {
		t.Errorf("robots.txt:\n%s\nwant:\n%s", got, want)
	}
}
