package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// createLead stores a visitor's contact message (spec, section 4.2). The
// body must be sent as application/json, the spec's content type, which
// an HTML form of another site cannot send. The contact limits are
// consulted only for a valid form about an active property, keyed on the
// property's id: per client and property, then per client across all
// properties. A form that either refuses, or that is not stored, spends
// nothing.
func (s *Server) createLead(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		s.writeError(w, r, errMediaType)
		return
	}
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	in, err := decodeLead(o)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	slug := r.PathValue("slug")
	propertyID, err := s.activePropertyID(r.Context(), slug)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	client := s.clientKey(r)
	spent, ok, wait := take(keyed{s.contactLimiter, client + " " + propertyID}, keyed{s.contactAddressLimiter, client})
	if !ok {
		retryAfter(w, wait)
		s.writeError(w, r, errRateLimited)
		return
	}
	id, err := s.store.CreateLead(r.Context(), slug, in)
	if err != nil {
		spent.refund()
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, leadCreatedJSON{ID: id, Message: msgLeadCreated})
}

// activePropertyID returns the id of the active property at slug, from
// its detail document (cached like the detail read's), or
// listing.ErrNotFound.
func (s *Server) activePropertyID(ctx context.Context, slug string) (string, error) {
	if !listing.ValidSlug(slug) {
		return "", listing.ErrNotFound
	}
	e, err := s.detail(ctx, slug)
	if err != nil {
		return "", err
	}
	if e.status == http.StatusNotFound {
		return "", listing.ErrNotFound
	}
	var doc struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(e.body, &doc); err != nil || doc.ID == "" {
		return "", fmt.Errorf("property %q: detail document without an id: %v", slug, err)
	}
	return doc.ID, nil
}

// leads reads the page of leads the query asks for (property_id, page,
// per_page), with the given page size bounds.
func (s *Server) leads(r *http.Request, defaultPer, maxPer int) (store.LeadFilter, store.LeadPage, error) {
	page, per, err := pageParams(r, defaultPer, maxPer)
	f := store.LeadFilter{PropertyID: r.URL.Query().Get("property_id"), Page: page, PerPage: per}
	if err != nil {
		return f, store.LeadPage{}, err
	}
	res, err := s.store.Leads(r.Context(), f)
	return f, res, err
}

func (s *Server) adminListLeads(w http.ResponseWriter, r *http.Request) {
	f, res, err := s.leads(r, 50, 100)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	items := make([]leadJSON, len(res.Items))
	for i, l := range res.Items {
		items[i] = newLeadJSON(l)
	}
	writeJSON(w, http.StatusOK, pageJSON[leadJSON]{items, res.Total, f.Page, f.PerPage})
}

// The export may take exportWindow to write each exportBatch rows: the
// server's write timeout alone would cut a large export short.
const (
	exportWindow = 30 * time.Second
	exportBatch  = 1000
)

// adminExportLeads writes the leads as CSV for a spreadsheet: every lead,
// newest first, unless page or per_page narrow it. Rows are written as the
// store reads them, so the export holds no list in memory; a failure once
// rows are out breaks the connection, so a cut file never looks complete.
func (s *Server) adminExportLeads(w http.ResponseWriter, r *http.Request) {
	f := store.LeadFilter{PropertyID: r.URL.Query().Get("property_id")}
	if q := r.URL.Query(); q.Has("page") || q.Has("per_page") {
		var err error
		if f.Page, f.PerPage, err = pageParams(r, 10_000, 10_000); err != nil {
			s.writeError(w, r, err)
			return
		}
	}
	rc := http.NewResponseController(w)
	var line []byte
	rows := 0
	err := s.store.EachLead(r.Context(), f, func(l listing.Lead) error {
		if rows == 0 {
			line = startCSV(w, line)
		}
		if rows%exportBatch == 0 {
			rc.SetWriteDeadline(time.Now().Add(exportWindow))
		}
		rows++
		line = csvLine(line[:0], strconv.FormatInt(l.ID, 10), l.CreatedAt.Format(time.RFC3339), l.PropertyID,
			l.PropertySlug, l.PropertyTitle, l.Name, l.Email, l.Phone, l.Message, string(l.Delivery.Status))
		_, err := w.Write(line)
		return err
	})
	switch {
	case err != nil && rows > 0:
		panic(http.ErrAbortHandler)
	case err != nil:
		s.writeError(w, r, err)
	case rows == 0:
		startCSV(w, line)
	}
}

// startCSV writes the export's headers and its header line.
func startCSV(w http.ResponseWriter, buf []byte) []byte {
	h := w.Header()
	h.Set("Content-Type", "text/csv; charset=utf-8")
	h.Set("Content-Disposition", `attachment; filename="leads-`+time.Now().UTC().Format("2006-01-02")+`.csv"`)
	buf = csvLine(buf[:0], "id", "criado_em", "imovel_id", "imovel_slug", "imovel_titulo", "nome", "email", "telefone", "mensagem", "entrega")
	w.Write(buf)
	return buf
}

// csvLine appends to b the CSV line (RFC 4180, ending in "\n") of cells.
// Every cell is quoted, so that no ',' or ';' in it starts another cell
// whichever separator the spreadsheet's locale uses, and defused (see
// needsDefusing).
func csvLine(b []byte, cells ...string) []byte {
	for i, c := range cells {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		if needsDefusing(c) {
			b = append(b, '\'')
		}
		for j := 0; j < len(c); j++ {
			if c[j] == '"' {
				b = append(b, '"')
			}
			b = append(b, c[j])
		}
		b = append(b, '"')
	}
	return append(b, '\n')
}

// needsDefusing reports whether a spreadsheet could run the text s as a
// formula (CSV injection): whether s, one of its lines, or one of the
// pieces a ',' or ';' separates (Brazilian spreadsheets split on ';')
// starts with '=', '+', '-', '@', a tab or a carriage return. Such a cell
// is written with a "'" before it, which keeps it text; no cell is
// otherwise changed.
func needsDefusing(s string) bool {
	start := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if start && strings.IndexByte("=+-@\t\r", c) >= 0 {
			return true
		}
		start = strings.IndexByte("\n\r,;", c) >= 0
	}
	return false
}
