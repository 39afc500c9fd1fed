// Package sitemap writes what tells search engines which pages the site
// has: sitemap files and their index in the Sitemaps protocol
// (https://www.sitemaps.org/protocol.html), written as they are made,
// and robots.txt.
package sitemap

import (
	"bufio"
	"encoding/xml"
	"errors"
	"io"
	"time"
)

const (
	// Namespace is the Sitemaps protocol's XML namespace.
	Namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"
	// MaxURLs is the most addresses a sitemap file, and files an index,
	// may list.
	MaxURLs = 50_000
	// Format names what this package writes: the server's validators of
	// a sitemap include it, so that a new version's output is not taken
	// for the one a crawler holds. Change it with the output.
	Format = "sitemap-1"
)

// ErrTooMany is returned once a writer was given more than MaxURLs entries.
var ErrTooMany = errors.New("sitemap: more than 50,000 entries")

// W3C returns t as a W3C datetime (https://www.w3.org/TR/NOTE-datetime),
// to the second, in UTC: 2026-03-01T12:00:00Z.
func W3C(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z07:00") }

// Writer writes one sitemap file (a urlset) or one index (a
// sitemapindex), entry by entry, through a buffer: a file of 50,000
// addresses is never held whole. The first error of the underlying
// writer stops the writing, and Close returns it.
type Writer struct {
	w     *bufio.Writer
	entry string // "url" or "sitemap"
	close string
	n     int
	err   error
}

// NewURLSet starts a sitemap file on w.
func NewURLSet(w io.Writer) *Writer { return start(w, "urlset", "url") }

// NewIndex starts a sitemap index on w.
func NewIndex(w io.Writer) *Writer { return start(w, "sitemapindex", "sitemap") }

func start(w io.Writer, root, entry string) *Writer {
	x := &Writer{w: bufio.NewWriterSize(w, 32<<10), entry: entry, close: "</" + root + ">\n"}
	x.str(xml.Header)
	x.str("<" + root + ` xmlns="` + Namespace + `">` + "\n")
	return x
}

// Add writes one entry: loc, an absolute address, and lastmod unless it
// is zero. Both are escaped for XML.
func (x *Writer) Add(loc string, lastmod time.Time) error {
	if x.err != nil {
		return x.err
	}
	if x.n++; x.n > MaxURLs {
		x.err = ErrTooMany
		return x.err
	}
	x.str("<" + x.entry + "><loc>")
	if x.err == nil {
		x.err = xml.EscapeText(x.w, []byte(loc))
	}
	x.str("</loc>")
	if !lastmod.IsZero() {
		x.str("<lastmod>" + W3C(lastmod) + "</lastmod>")
	}
	x.str("</" + x.entry + ">\n")
	return x.err
}

// Close ends the file and flushes it to the underlying writer.
func (x *Writer) Close() error {
	x.str(x.close)
	if x.err == nil {
		x.err = x.w.Flush()
	}
	return x.err
}

func (x *Writer) str(s string) {
	if x.err == nil {
		_, x.err = x.w.WriteString(s)
	}
}

// Robots is the robots.txt of the site at base (its address without a
// trailing slash): every crawler may read everything but the back office
// and the administration API, and is pointed to the sitemap index at
// base/sitemap.xml.
func Robots(base string) string {
	return "User-agent: *\n" +
		"Disallow: /admin\n" +
		"Disallow: /api/admin\n" +
		"\n" +
		"Sitemap: " + base + "/sitemap.xml\n"
}
