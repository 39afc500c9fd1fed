package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"path"
	"strings"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/seo"
)

// headMarker is where index.html takes a public page's title, meta tags
// and structured data; rootMarker opens the element the client renders
// into, where a page's server-rendered content goes (the client replaces
// it when it starts).
const (
	headMarker = "<!--vitrine:head-->"
	rootMarker = `<div id="root">`
)

var (
	noCache   = []string{"no-cache"}
	immutable = []string{"public, max-age=31536000, immutable"}
	htmlType  = []string{"text/html; charset=utf-8"}
)

// asset is one file of the built client, held in memory; its compressed
// form is made on the first request that accepts it, not at start-up,
// so that compressing the whole client does not delay every start.
type asset struct {
	*docEntry
	ctype []string
}

// pages serves the built web client.
type pages struct {
	files map[string]*asset // by path without the leading slash
	// index.html cut at headMarker; head is the part before it, with and
	// without its default <title>; tail, the part after it, is cut again
	// after rootMarker into tail and rest ("" when it has none).
	head, headNoTitle, tail, rest string
	// headNoIcon is headNoTitle without the client's own icon, for a head
	// that brings the agency's logo as the icon: browsers differ on which
	// of two icons they take.
	headNoIcon string
	// notFound is the page of an unknown or inactive property.
	notFound *docEntry
}

func newPages(dist fs.FS, log *slog.Logger) *pages {
	p := &pages{files: map[string]*asset{}}
	if dist != nil {
		p.load(dist, log)
	}
	p.notFound = newDocEntry(http.StatusNotFound, p.index(propertyNotFoundHead, ""))
	return p
}

// load reads the built client from dist.
func (p *pages) load(dist fs.FS, log *slog.Logger) {
	fs.WalkDir(dist, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(path.Base(name), ".") {
			return nil
		}
		body, err := fs.ReadFile(dist, name)
		if err != nil {
			return nil
		}
		a := &asset{docEntry: newDocEntry(http.StatusOK, body), ctype: []string{mime.TypeByExtension(path.Ext(name))}}
		if a.ctype[0] == "" {
			a.ctype[0] = "application/octet-stream"
		}
		p.files[name] = a
		return nil
	})
	if idx, ok := p.files["index.html"]; ok {
		html := string(idx.body)
		before, after, found := strings.Cut(html, headMarker)
		if !found {
			log.Warn("index.html has no " + headMarker + "; public pages get no meta tags")
			before, after, _ = strings.Cut(html, "</head>")
			after = "</head>" + after
		}
		p.head, p.tail = before, after
		if i := strings.Index(after, rootMarker); i >= 0 {
			p.tail, p.rest = after[:i+len(rootMarker)], after[i+len(rootMarker):]
		}
		p.headNoTitle = cutElement(before, "<title>", "</title>")
		p.headNoIcon = cutElement(p.headNoTitle, iconLink, ">")
	}
}

// iconLink starts the element of a page's icon, the client's own or the
// one a head brings (seo.Head.Icon).
const iconLink = `<link rel="icon"`

// cutElement is html without its last element that starts with open and
// ends with the first close after it; html itself when there is none.
func cutElement(html, open, close string) string {
	if i := strings.LastIndex(html, open); i >= 0 {
		if j := strings.Index(html[i:], close); j >= 0 {
			return html[:i] + html[i+j+len(close):]
		}
	}
	return html
}

// built reports whether the client was built into the binary.
func (p *pages) built() bool { return p.head != "" }

// notBuilt is the page served when the binary carries no client.
const notBuilt = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>Vitrine</title>
<p>Vitrine está no ar. O cliente web não foi incluído neste binário: rode <code>make run</code> para compilá-lo.</p>
<p>A API responde em <a href="/api/v1/properties">/api/v1/properties</a>.</p></html>`

// writeIndex sends index.html with extra head content (already escaped).
func (s *Server) writeIndex(w http.ResponseWriter, r *http.Request, status int, head template.HTML) {
	h := w.Header()
	h["Content-Type"] = htmlType
	h["Cache-Control"] = noCache
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(s.pages.index(head, ""))
	}
}

// index returns index.html with extra head content and content for the
// client's root element (both already escaped), or the notice of a binary
// that carries no client.
func (p *pages) index(head, body template.HTML) []byte {
	if !p.built() {
		return []byte(notBuilt)
	}
	start := p.head
	switch {
	case strings.Contains(string(head), iconLink):
		start = p.headNoIcon + string(head)
	case head != "":
		start = p.headNoTitle + string(head)
	}
	return []byte(start + p.tail + string(body) + p.rest)
}

// page serves the client's files, and index.html for its routes (the
// client routes in the browser). An address the client has no page for is
// a 404 that the client shows as such.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "405 método não permitido", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if a, ok := s.pages.files[name]; ok && name != "index.html" {
		sendEntry(w, r, a.docEntry, a.ctype, noCache)
		return
	}
	switch {
	case name == "":
		s.homePage(w, r)
	case name == "admin", strings.HasPrefix(name, "admin/"):
		s.writeIndex(w, r, http.StatusOK, adminHead)
	default:
		s.writeIndex(w, r, http.StatusNotFound, `<meta name="robots" content="noindex">`)
	}
}

// asset serves the hashed files of the build, cached for a year.
func (s *Server) asset(w http.ResponseWriter, r *http.Request) {
	a, ok := s.pages.files[strings.TrimPrefix(r.URL.Path, "/")]
	if !ok {
		http.Error(w, "404 arquivo não encontrado", http.StatusNotFound)
		return
	}
	sendEntry(w, r, a.docEntry, a.ctype, immutable)
}

// adminHead is the head of the back office's pages, which search engines
// must not index.
const adminHead template.HTML = `<title>Área da equipe — Vitrine</title>
<meta name="robots" content="noindex">`

// propertyNotFoundHead is the head of the page of an unknown or inactive
// property; like the results' error pages, it names no site.
const propertyNotFoundHead template.HTML = `<title>Imóvel não encontrado</title>
<meta name="robots" content="noindex">`

// homePage serves /: the client's page with the site's head rendered on
// the server, cached like a property page, and emptied like it by any
// catalogue write, the agency's included (the head names the agency). The
// page works without the agency's record: when it cannot be read, the
// page is the client's as built.
func (s *Server) homePage(w http.ResponseWriter, r *http.Request) {
	if !s.pages.built() {
		s.writeIndex(w, r, http.StatusOK, "")
		return
	}
	base := s.baseURL(r)
	e, err := s.cache.fill(r.Context(), "\x00page:"+base+"/", func(ctx context.Context) (*docEntry, error) {
		return s.renderHomePage(ctx, base)
	})
	if err != nil {
		if r.Context().Err() == nil {
			s.log.WarnContext(r.Context(), "home page served without its head", "err", err, "request_id", requestID(w))
		}
		s.writeIndex(w, r, http.StatusOK, "")
		return
	}
	sendPage(w, r, e)
}

// renderHomePage makes the home page, whose links start with base.
func (s *Server) renderHomePage(ctx context.Context, base string) (*docEntry, error) {
	agency, err := s.agency(ctx)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := seo.HomeHead(seo.Home{Base: base, Agency: agency}).Render(&buf); err != nil {
		return nil, err
	}
	return newDocEntry(http.StatusOK, s.pages.index(template.HTML(buf.String()), "")), nil
}

// propertyPage serves /imoveis/{slug}: the client's page with the
// property's head rendered on the server; 404 for an unknown or inactive
// property. The page is what link previews and search engines fetch, so
// it is cached like the API's document, and emptied with it by any
// catalogue write, the agency's included (the page's structured data
// shows the agency), per public address (see baseURL): a client's Host or
// forwarded headers cannot add entries.
func (s *Server) propertyPage(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	if !listing.ValidSlug(slug) {
		sendPage(w, r, s.pages.notFound)
		return
	}
	base := s.baseURL(r)
	s.serveCached(w, r, "\x00page:"+base+"/imoveis/"+slug, sendPage, func(ctx context.Context) (*docEntry, error) {
		return s.renderPropertyPage(ctx, slug, base)
	})
}

// renderPropertyPage makes the page of the property at slug, whose links
// start with base.
func (s *Server) renderPropertyPage(ctx context.Context, slug, base string) (*docEntry, error) {
	doc, err := s.store.PropertyDocument(ctx, slug)
	if errors.Is(err, listing.ErrNotFound) {
		return s.pages.notFound, nil
	}
	if err != nil {
		return nil, err
	}
	var d detaildoc.Detail
	if err := json.Unmarshal(doc.JSON, &d); err != nil {
		return nil, err
	}
	posted, err := s.store.PropertyCreated(ctx, d.ID)
	if errors.Is(err, listing.ErrNotFound) { // deleted since its document was read
		return s.pages.notFound, nil
	}
	if err != nil {
		return nil, err
	}
	agency, err := s.agency(ctx)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	head := seo.PropertyHead(seo.Property{Detail: d, JSON: doc.JSON, Base: base, Agency: agency, Posted: posted})
	if err := head.Render(&buf); err != nil {
		return nil, err
	}
	return newDocEntry(http.StatusOK, s.pages.index(template.HTML(buf.String()), "")), nil
}

// sendPage writes a cached page, a 404 included, to be revalidated on
// every visit.
func sendPage(w http.ResponseWriter, r *http.Request, e *docEntry) {
	sendCached(w, r, e, htmlType, noCache, noCache)
}

// baseURL is the address a public page's absolute links start with:
//   - --public-url, when set;
//   - else, for a request from a trusted proxy, the scheme and host it
//     forwards: the last X-Forwarded-Proto ("http" or "https") and the last
//     X-Forwarded-Host, the values the proxy itself set, or the Host it
//     sent, when well formed;
//   - else the address the connection was accepted on (the listening
//     address, with the interface the client reached), "https" over TLS.
//
// A client's own Host and forwarded headers never choose it, so the pages
// in the cache are bounded by the properties, not by what clients send.
func (s *Server) baseURL(r *http.Request) string {
	if s.publicURL != "" {
		return s.publicURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	if a, ok := peerAddr(r); ok && s.trusted(a) {
		if p := s.forwardedProto(r); p != "" {
			scheme = p
		}
		host := lastValue(r.Header, "X-Forwarded-Host")
		if !validHost(host) {
			host = r.Host
		}
		if validHost(host) {
			return scheme + "://" + strings.ToLower(host)
		}
	}
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		return scheme + "://" + a.String()
	}
	return scheme + "://localhost"
}

// lastValue returns the last comma-separated value of header name.
func lastValue(h http.Header, name string) string {
	v := h.Values(name)
	if len(v) == 0 {
		return ""
	}
	last := v[len(v)-1]
	return strings.TrimSpace(last[strings.LastIndexByte(last, ',')+1:])
}

// validHost reports whether h is a host name or address, with an optional
// port, made only of the characters those may hold.
func validHost(h string) bool {
	if h == "" || len(h) > 261 {
		return false
	}
	for _, c := range []byte(h) {
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '.' || c == '-' || c == ':' || c == '[' || c == ']'
		if !ok {
			return false
		}
	}
	return true
}
