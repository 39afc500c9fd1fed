package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

var (
	varyEncoding = []string{"Accept-Encoding"}
	gzipEncoding = []string{"gzip"}
	// Public reads: browsers revalidate every time (a cheap 304), a CDN in
	// front may serve a copy for 30 s and a stale one for 30 s more while it
	// revalidates.
	publicCache   = []string{"public, max-age=0, s-maxage=30, stale-while-revalidate=30"}
	notFoundBody  = []byte(`{"error":"` + msgPropertyNotFound + `"}`)
	notFoundEntry = newDocEntry(http.StatusNotFound, notFoundBody)
)

// getProperty answers the public detail read (spec, section 4.1) from the
// cache, or from one database query.
func (s *Server) getProperty(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	if !listing.ValidSlug(slug) {
		sendDoc(w, r, notFoundEntry)
		return
	}
	e, err := s.detail(r.Context(), slug)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	sendDoc(w, r, e)
}

// detail returns the answer of the detail read of slug, which
// listing.ValidSlug accepts: the stored document, or notFoundEntry.
func (s *Server) detail(ctx context.Context, slug string) (*docEntry, error) {
	return s.cache.fill(ctx, slug, func(ctx context.Context) (*docEntry, error) {
		doc, err := s.store.PropertyDocument(ctx, slug)
		switch {
		case errors.Is(err, listing.ErrNotFound):
			return notFoundEntry, nil
		case err != nil:
			return nil, err
		}
		return storedEntry(doc.JSON, doc.Gzip, doc.ETag), nil
	})
}

// serveCached answers a public read from the cache, or from load on a
// miss, and writes it with send (sendDoc or sendPage).
func (s *Server) serveCached(w http.ResponseWriter, r *http.Request, key string,
	send func(http.ResponseWriter, *http.Request, *docEntry), load func(context.Context) (*docEntry, error)) {
	e, err := s.cache.fill(r.Context(), key, load)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	send(w, r, e)
}

// sendDoc writes a cached answer of the API: a 404 goes without
// validators or Cache-Control.
func sendDoc(w http.ResponseWriter, r *http.Request, e *docEntry) {
	sendCached(w, r, e, contentTypeJSON, publicCache, nil)
}

// sendCached writes a cached answer: a 200 through sendEntry, any other
// status as it is, with errCache (when not nil) as its Cache-Control.
func sendCached(w http.ResponseWriter, r *http.Request, e *docEntry, ctype, cache, errCache []string) {
	if e.status != http.StatusOK {
		h := w.Header()
		h["Content-Type"] = ctype
		if errCache != nil {
			h["Cache-Control"] = errCache
		}
		w.WriteHeader(e.status)
		if r.Method != http.MethodHead {
			w.Write(e.body)
		}
		return
	}
	sendEntry(w, r, e, ctype, cache)
}

// sendEntry writes a prepared 200 answer: 304 when the client holds it
// already, compressed when the client accepts it. API documents and the
// client's files alike go through it.
func sendEntry(w http.ResponseWriter, r *http.Request, e *docEntry, ctype, cache []string) {
	h := w.Header()
	h["Content-Type"] = ctype
	h["Vary"] = varyEncoding
	h["Cache-Control"] = cache
	h["Etag"] = e.etag
	if inm := r.Header["If-None-Match"]; len(inm) > 0 && e.matches(strings.Join(inm, ",")) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body, length := e.body, e.length
	if acceptsGzip(r.Header) {
		if b := e.gzipped(); b != nil {
			body, length = b, e.gzLength
			h["Content-Encoding"] = gzipEncoding
		}
	}
	h["Content-Length"] = length
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// intParam reads the query parameter name, an integer from 1 to max, or
// def when it is absent or empty. A wrong one fails on v and gives def.
func intParam(q url.Values, v *listing.ValidationError, name string, def, max int) int {
	raw := q.Get(name)
	if raw == "" {
		return def
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > max {
		v.Add(name, "Deve ser um número inteiro entre 1 e "+strconv.Itoa(max)+".")
		return def
	}
	return n
}

// maxListWindow bounds page × per_page on the property lists: an offset
// page makes the database walk every row before it, so the rows past the
// window are reached with a cursor, whose page costs the same anywhere.
const maxListWindow = 10_000

// listFilter reads the paging of a property list (admin, or the public
// one): per_page, and either page, within maxListWindow, or cursor, the
// next_cursor of an earlier answer.
func listFilter(r *http.Request, admin bool, defaultPer, maxPer int) (store.PropertyFilter, error) {
	v := &listing.ValidationError{}
	f := store.PropertyFilter{IncludeInactive: admin}
	f.PerPage, f.Page, f.After = readPaging(r.URL.Query(), v, defaultPer, maxPer, "imóveis",
		func(text string) (store.PropertyCursor, error) { return store.ParsePropertyCursor(text, admin) })
	return f, v.Err()
}

// readPaging reads the paging of a list of things: per_page (defaultPer,
// at most maxPer), and either cursor, read by parse (after is then set and
// page is 1), or page, within maxListWindow. Wrong values fail on v.
func readPaging[C any](q url.Values, v *listing.ValidationError, defaultPer, maxPer int, things string,
	parse func(string) (C, error)) (per, page int, after *C) {
	per = intParam(q, v, "per_page", defaultPer, maxPer)
	if !q.Has("cursor") {
		return per, windowPage(q, v, per, things), nil
	}
	c, err := parse(q.Get("cursor"))
	if err != nil {
		v.Add("cursor", "Cursor inválido: use o next_cursor de uma resposta desta lista.")
	}
	if q.Has("page") {
		v.Add("page", "Use page ou cursor, não os dois.")
	}
	return per, 1, &c
}

// windowPage reads the query's page (from 1, default 1) of per rows of a
// list of things, within maxListWindow: an offset page makes the database
// walk every row before it. A wrong one fails on v and gives 1.
func windowPage(q url.Values, v *listing.ValidationError, per int, things string) int {
	raw := q.Get("page")
	if raw == "" {
		return 1
	}
	n, err := strconv.Atoi(raw)
	switch {
	case errors.Is(err, strconv.ErrRange) && raw[0] != '-', err == nil && n > maxListWindow/per:
		v.Add("page", "Só os primeiros 10.000 "+things+" da lista são alcançáveis por número de página "+
			"(até a página "+strconv.Itoa(maxListWindow/per)+" com per_page="+strconv.Itoa(per)+
			"): refine a busca, ou continue com o parâmetro cursor (next_cursor da resposta).")
	case err != nil || n < 1:
		v.Add("page", "Deve ser um número inteiro a partir de 1.")
	default:
		return n
	}
	return 1
}

// listJSON is one page of a property list. Page is null on a page asked
// by cursor; NextCursor is null on the last page.
type listJSON[T any] struct {
	Items      []T     `json:"items"`
	Total      int     `json:"total"`
	Page       *int    `json:"page"`
	PerPage    int     `json:"per_page"`
	NextCursor *string `json:"next_cursor"`
}

func newListJSON[T any](f store.PropertyFilter, res store.PropertyPage, item func(listing.Property) T) listJSON[T] {
	l := listJSON[T]{Items: mapItems(res.Items, item), Total: res.Total, PerPage: f.PerPage}
	if f.After == nil {
		l.Page = &f.Page
	}
	if res.Next != nil {
		next := res.Next.Cursor(f.IncludeInactive)
		l.NextCursor = &next
	}
	return l
}

// listProperties answers the home page's list: active properties, featured
// first, then newest. Offset pages are cached; a cursor page, one of as
// many as there are rows, is not.
func (s *Server) listProperties(w http.ResponseWriter, r *http.Request) {
	f, err := listFilter(r, false, 12, 50)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	load := func(ctx context.Context) (*docEntry, error) {
		res, err := s.store.Properties(ctx, f)
		if err != nil {
			return nil, err
		}
		body, _ := json.Marshal(newListJSON(f, res, newSummaryJSON))
		return newDocEntry(http.StatusOK, body), nil
	}
	if f.After != nil {
		e, err := load(r.Context())
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		sendDoc(w, r, e)
		return
	}
	key := "\x00list:" + strconv.Itoa(f.Page) + ":" + strconv.Itoa(f.PerPage)
	s.serveCached(w, r, key, sendDoc, load)
}

func (s *Server) adminGetProperty(w http.ResponseWriter, r *http.Request) {
	p, err := s.store.Property(r.Context(), r.PathValue("id"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeAdminProperty(w, r, http.StatusOK, p)
}

func (s *Server) adminCreateProperty(w http.ResponseWriter, r *http.Request) {
	u, err := readPropertyUpdate(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u.By = caller(r).actor
	if err := scopeBroker(caller(r), &u, true); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.store.CreateProperty(r.Context(), u)
	s.writeCreatedProperty(w, r, p, err)
}

// writeCreatedProperty answers the creation of p (or its failure, err),
// with its address, after emptying the cache of answers.
func (s *Server) writeCreatedProperty(w http.ResponseWriter, r *http.Request, p listing.Property, err error) {
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Location", "/api/admin/properties/"+p.ID)
	s.writeAdminProperty(w, r, http.StatusCreated, p)
}

// readPropertyUpdate reads an administrator's property body, the spec's
// update and the creation that shares its fields, as JSON whatever its
// Content-Type (see readAnyObject).
func readPropertyUpdate(w http.ResponseWriter, r *http.Request) (listing.PropertyUpdate, error) {
	o, err := readAnyObject(w, r, maxAdminBody)
	if err != nil {
		return listing.PropertyUpdate{}, err
	}
	return decodePropertyUpdate(o)
}

// adminUpdateProperty is the partial update of spec section 4.3.
func (s *Server) adminUpdateProperty(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, err := s.store.Property(r.Context(), id); err != nil {
		s.writeError(w, r, err) // an unknown id is a 404 before the body is judged
		return
	}
	u, err := readPropertyUpdate(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u.By = caller(r).actor
	if err := scopeBroker(caller(r), &u, false); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.store.UpdateProperty(r.Context(), id, u)
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.writeAdminProperty(w, r, http.StatusOK, p)
}

func (s *Server) adminDeleteProperty(w http.ResponseWriter, r *http.Request) {
	err := s.owners.DeleteProperty(r.Context(), r.PathValue("id")) // the owner's documents' files too
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
