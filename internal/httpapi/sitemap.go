package httpapi

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vitrine/vitrine/internal/docenc"
	"github.com/vitrine/vitrine/internal/sitemap"
	"github.com/vitrine/vitrine/internal/store"
)

var (
	xmlType  = []string{"application/xml; charset=utf-8"}
	textType = []string{"text/plain; charset=utf-8"}
)

// A sitemapSection is one kind of page the sitemap lists, in files named
// <name>-<n>.xml (n from 1) under /sitemaps/, each an entry of the index
// at /sitemap.xml: the property pages, and the results pages of places
// (/imoveis/venda/florianopolis-sc…).
type sitemapSection struct {
	name string
	// files returns the latest change of each of the section's files
	// (zero when unknown) at catalogue version v; the property section
	// always has one, the home page's.
	files func(ctx context.Context, v int64) ([]time.Time, error)
	// write writes file n (from 1, at most len(files)) with x, its
	// addresses starting with base. An error of x's writer comes back
	// as it is.
	write func(ctx context.Context, x *sitemap.Writer, base string, v int64, n int) error
}

// propertyFiles is the property section's cut of the catalogue into files
// (store.SitemapFiles), kept for the catalogue version it was made at, so
// that a file or the index costs one read of the version while the
// catalogue does not change.
type propertyFiles struct {
	perFile int

	mu      sync.Mutex
	version int64 // of files; -1 before the first
	files   []store.SitemapFile
}

// homeSlots is how many addresses of the first property file other pages
// take: the home page.
const homeSlots = 1

// sitemapFileSize is the number of addresses of a file for the
// configured n (Config.SitemapURLs): 0 is sitemap.MaxURLs, and a file
// holds the home page and at least one property.
func sitemapFileSize(n int) int {
	if n == 0 {
		return sitemap.MaxURLs
	}
	return min(max(n, homeSlots+1), sitemap.MaxURLs)
}

// propertySection lists the home page and every active property's page,
// in files of perFile addresses; the home page opens the first.
func (s *Server) propertySection(perFile int) sitemapSection {
	pf := &propertyFiles{perFile: perFile, version: -1}
	return sitemapSection{
		name: "imoveis",
		files: func(ctx context.Context, v int64) ([]time.Time, error) {
			files, err := pf.at(ctx, s.store, v)
			if err != nil {
				return nil, err
			}
			mods := make([]time.Time, len(files))
			for i, f := range files {
				mods[i] = f.LastMod
			}
			return mods, nil
		},
		write: func(ctx context.Context, x *sitemap.Writer, base string, v int64, n int) error {
			files, err := pf.at(ctx, s.store, v)
			if err != nil {
				return err
			}
			if n == 1 {
				if err := x.Add(base+"/", time.Time{}); err != nil {
					return err
				}
			}
			return s.store.EachSitemapEntry(ctx, files[n-1], func(e store.SitemapEntry) error {
				return x.Add(base+"/imoveis/"+e.Slug, e.UpdatedAt)
			})
		},
	}
}

// placeSection lists the results page of each business in each city and
// neighborhood that has active properties for it (search.PlacePages), in
// files of perFile addresses; none when no property is active. Their
// latest change is not told: a page changes with any of its properties.
func (s *Server) placeSection(perFile int) sitemapSection {
	return sitemapSection{
		name: "buscas",
		files: func(ctx context.Context, v int64) ([]time.Time, error) {
			if s.search == nil {
				return nil, nil
			}
			ix, err := s.search.Index(ctx)
			if err != nil {
				return nil, err
			}
			return make([]time.Time, (len(ix.PlacePages())+perFile-1)/perFile), nil
		},
		write: func(ctx context.Context, x *sitemap.Writer, base string, v int64, n int) error {
			ix, err := s.search.Index(ctx)
			if err != nil {
				return err
			}
			pages := ix.PlacePages()
			for _, p := range pages[min((n-1)*perFile, len(pages)):min(n*perFile, len(pages))] {
				if err := x.Add(base+p.Path(), time.Time{}); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// at returns the files at catalogue version v, at least one (the home
// page's, with no property when none is active). Files are read anew when
// v is not the version of the ones kept; the ones read are kept unless
// newer ones were meanwhile. They were read after v was, so they are at
// least as new as v.
func (pf *propertyFiles) at(ctx context.Context, st *store.Store, v int64) ([]store.SitemapFile, error) {
	pf.mu.Lock()
	if pf.version == v {
		files := pf.files
		pf.mu.Unlock()
		return files, nil
	}
	pf.mu.Unlock()
	files, err := st.SitemapFiles(ctx, pf.perFile, homeSlots)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		files = []store.SitemapFile{{}}
	}
	pf.mu.Lock()
	if v > pf.version {
		pf.version, pf.files = v, files
	}
	pf.mu.Unlock()
	return files, nil
}

// sitemapIndex serves /sitemap.xml: the index of every section's files,
// each with its latest change.
func (s *Server) sitemapIndex(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	base := s.baseURL(r)
	v, err := s.store.CatalogVersion(ctx)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	type file struct {
		loc     string
		lastmod time.Time
	}
	var files []file
	for _, sec := range s.sitemaps {
		mods, err := sec.files(ctx, v)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		for i, m := range mods {
			files = append(files, file{base + "/sitemaps/" + sec.name + "-" + strconv.Itoa(i+1) + ".xml", m})
		}
	}
	body := s.startSitemap(w, r, base, v)
	if body == nil {
		return
	}
	x := sitemap.NewIndex(body)
	for _, f := range files {
		x.Add(f.loc, f.lastmod)
	}
	if x.Close() == nil {
		body.end()
	}
}

// sitemapFile serves /sitemaps/<section>-<n>.xml; 404 for a section or a
// file that is not there (n written otherwise than in the index, 0, past
// the last).
func (s *Server) sitemapFile(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	sec, n, ok := s.sitemapName(r.PathValue("file"))
	if !ok {
		sitemapNotFound(w)
		return
	}
	v, err := s.store.CatalogVersion(ctx)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	mods, err := sec.files(ctx, v)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if n > len(mods) {
		sitemapNotFound(w)
		return
	}
	base := s.baseURL(r)
	body := s.startSitemap(w, r, base, v)
	if body == nil {
		return
	}
	// Nothing reaches the client before the first batch of rows is read
	// (the writer's buffer holds the home page): a database that fails by
	// then is still answered with its status.
	x := sitemap.NewURLSet(body)
	err = sec.write(ctx, x, base, v, n)
	if err == nil {
		err = x.Close()
	}
	if err == nil {
		err = body.end()
	}
	s.endStream(w, r, body, err, "sitemap cut short")
}

// endStream ends the answer of a streamed document after err: nothing
// more when it is nil or the client went away; the error's own answer
// when nothing was sent yet; else the connection is cut, so that the
// client does not take what it got for the whole document.
func (s *Server) endStream(w http.ResponseWriter, r *http.Request, body *sitemapBody, err error, logMsg string) {
	ctx := r.Context()
	switch {
	case err == nil:
	case body.resp.err != nil || ctx.Err() != nil:
		// The client went away.
	case !body.resp.sent:
		h := w.Header()
		delete(h, "Etag")
		delete(h, "Last-Modified")
		delete(h, "Content-Encoding")
		delete(h, "Vary")
		s.writeError(w, r, err)
	default:
		s.log.ErrorContext(ctx, logMsg, "path", logPath(r), "err", err, "request_id", requestID(w))
		panic(http.ErrAbortHandler)
	}
}

// sitemapName reads a file's name, <section>-<n>.xml with n as the index
// writes it (no sign, no leading zero).
func (s *Server) sitemapName(name string) (sitemapSection, int, bool) {
	stem, ok := strings.CutSuffix(name, ".xml")
	i := strings.LastIndexByte(stem, '-')
	if !ok || i < 0 {
		return sitemapSection{}, 0, false
	}
	n, err := strconv.Atoi(stem[i+1:])
	if err != nil || n < 1 || strconv.Itoa(n) != stem[i+1:] {
		return sitemapSection{}, 0, false
	}
	for _, sec := range s.sitemaps {
		if sec.name == stem[:i] {
			return sec, n, true
		}
	}
	return sitemapSection{}, 0, false
}

func sitemapNotFound(w http.ResponseWriter) {
	w.Header()["Cache-Control"] = noCache
	http.Error(w, "404 arquivo não encontrado", http.StatusNotFound)
}

// startSitemap answers the headers of a sitemap at catalogue version v
// for base: see startXML.
//
// The validator is made of the catalogue version (read before the
// files), the address and the output's format: a catalogue write, the
// one thing that changes the files, changes it. A client may hold a file
// newer than its validator (a write between the two reads), never an
// older one.
func (s *Server) startSitemap(w http.ResponseWriter, r *http.Request, base string, v int64) *sitemapBody {
	etag := docenc.ETag([]byte(sitemap.Format + "\x00" + strconv.Itoa(s.sitemapPerFile) + "\x00" + base + "\x00" +
		r.URL.Path + "\x00" + strconv.FormatInt(v, 10)))
	return startXML(w, r, etag, time.Time{})
}

// startXML answers the headers of a streamed XML document (a sitemap, the
// portals' feed) whose validator is etag and, unless it is zero, whose
// last change is modified: 304 when the client holds it (If-None-Match,
// or without one If-Modified-Since), or nothing more for a HEAD request
// (the body is then nil); else the body's writer, compressed when the
// client accepts it.
func startXML(w http.ResponseWriter, r *http.Request, etag string, modified time.Time) *sitemapBody {
	h := w.Header()
	h["Content-Type"] = xmlType
	h["Cache-Control"] = noCache
	h["Vary"] = varyEncoding
	h["Etag"] = []string{etag}
	if !modified.IsZero() {
		h["Last-Modified"] = []string{modified.UTC().Format(http.TimeFormat)}
	}
	inm := r.Header["If-None-Match"]
	if len(inm) > 0 && etagMatches(strings.Join(inm, ","), etag) || len(inm) == 0 && notModifiedSince(r, modified) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	gz := false
	if acceptsGzip(r.Header) {
		h["Content-Encoding"] = gzipEncoding
		gz = true
	}
	if r.Method == http.MethodHead {
		w.WriteHeader(http.StatusOK)
		return nil
	}
	b := &sitemapBody{resp: &sentWriter{w: w}}
	b.Writer = b.resp
	if gz {
		b.zw = gzip.NewWriter(b.resp)
		b.Writer = b.zw
	}
	return b
}

// notModifiedSince reports whether the request's If-Modified-Since is at
// or after modified (to the second, as the header goes); never for a
// zero modified.
func notModifiedSince(r *http.Request, modified time.Time) bool {
	ims := r.Header.Get("If-Modified-Since")
	if modified.IsZero() || ims == "" {
		return false
	}
	t, err := http.ParseTime(ims)
	return err == nil && !modified.Truncate(time.Second).After(t)
}

// etagMatches reports whether an If-None-Match header names etag, a weak
// validator (W/"…"), compared weakly.
func etagMatches(inm, etag string) bool {
	return strings.TrimSpace(inm) == "*" || strings.Contains(inm, etag[2:])
}

// sitemapBody is where a sitemap's body is written: the response, or a
// compressor writing to it.
type sitemapBody struct {
	io.Writer
	resp *sentWriter
	zw   *gzip.Writer // nil when the body goes as it is
}

// end ends the compression of a whole body.
func (b *sitemapBody) end() error {
	if b.zw != nil {
		return b.zw.Close()
	}
	return nil
}

// sentWriter notes whether anything was written to the response, and the
// first error of doing so.
type sentWriter struct {
	w    io.Writer
	sent bool
	err  error
}

func (s *sentWriter) Write(p []byte) (int, error) {
	s.sent = true
	n, err := s.w.Write(p)
	if err != nil && s.err == nil {
		s.err = err
	}
	return n, err
}

// robots serves /robots.txt.
func (s *Server) robots(w http.ResponseWriter, r *http.Request) {
	sendEntry(w, r, newDocEntry(http.StatusOK, []byte(sitemap.Robots(s.baseURL(r)))), textType, noCache)
}
