package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/vitrine/vitrine/internal/leadcsv"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// The leads inbox of the back office: the list with its filters, a
// lead's status and note, and the CSV export.

// leadFilter reads the inbox's filters from q: property_id (any other
// form than a canonical id selects nothing), status, the days from
// and to (YYYY-MM-DD, both included, in the agency's time zone), and
// assigned_to (a user's id, "me" for the caller, "none" for nobody).
// Wrong ones fail on v.
func leadFilter(r *http.Request, q url.Values, v *listing.ValidationError) store.LeadFilter {
	f := store.LeadFilter{PropertyID: q.Get("property_id")}
	switch raw := q.Get("assigned_to"); raw {
	case "":
	case "none":
		f.Unassigned = true
	case "me":
		if p := caller(r); p.session != nil {
			f.AssignedTo = p.user.ID
		} else {
			v.Add("assigned_to", "Um token de API não recebe contatos: informe o id de um usuário.")
		}
	default:
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id <= 0 {
			v.Add("assigned_to", "Use o id de um usuário, 'me' (você) ou 'none' (sem responsável).")
		}
		f.AssignedTo = id
	}
	if raw := q.Get("status"); raw != "" {
		if f.Status = listing.LeadStatus(raw); !f.Status.Valid() {
			v.Add("status", listing.LeadStatusMessage)
		}
	}
	from, fromOK := day(q, v, "from")
	to, toOK := day(q, v, "to")
	if fromOK && toOK && !from.IsZero() && !to.IsZero() && from.After(to) {
		v.Add("to", "A data final deve ser igual ou posterior à inicial (from).")
	}
	f.From = from
	if !to.IsZero() {
		f.To = to.AddDate(0, 0, 1) // the start of the next day: to is included
	}
	return f
}

// day reads the query parameter name, a day written YYYY-MM-DD, as its
// first instant in the agency's time zone; the zero time when it is
// absent. A wrong one fails on v (not ok).
func day(q url.Values, v *listing.ValidationError, name string) (time.Time, bool) {
	raw := q.Get(name)
	if raw == "" {
		return time.Time{}, true
	}
	t, err := time.ParseInLocation(time.DateOnly, raw, listing.AgencyZone())
	if err != nil {
		v.Add(name, "Informe uma data válida no formato AAAA-MM-DD.")
		return time.Time{}, false
	}
	return t, true
}

// adminListLeads answers a page of the inbox, newest first: by page
// (within the first 10,000 leads) or by cursor, with the number of
// unread leads.
func (s *Server) adminListLeads(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	v := &listing.ValidationError{}
	f := leadFilter(r, q, v)
	f.PerPage, f.Page, f.After = readPaging(q, v, 50, 100, "leads", store.ParseLeadCursor)
	scopeLeads(caller(r), &f)
	if err := v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	res, err := s.store.Leads(r.Context(), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := leadPageJSON{Items: make([]leadJSON, len(res.Items)), Total: res.Total, PerPage: f.PerPage, Unread: res.Unread}
	for i, l := range res.Items {
		out.Items[i] = newLeadJSON(l)
	}
	if f.After == nil {
		out.Page = &f.Page
	}
	if res.Next != nil {
		next := res.Next.Cursor()
		out.NextCursor = &next
	}
	writeJSON(w, http.StatusOK, out)
}

// leadPageJSON is one page of the inbox. Page is null on a page asked by
// cursor; NextCursor is null on the last page.
type leadPageJSON struct {
	Items      []leadJSON `json:"items"`
	Total      int        `json:"total"`
	Page       *int       `json:"page"`
	PerPage    int        `json:"per_page"`
	NextCursor *string    `json:"next_cursor"`
	Unread     int        `json:"unread"`
}

// adminUpdateLead changes a lead's status or note, recording who did it.
func (s *Server) adminUpdateLead(w http.ResponseWriter, r *http.Request) {
	id, o, err := idAndObject(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u, err := decodeLeadUpdate(o)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	u.By = caller(r).actor
	l, err := s.store.UpdateLead(r.Context(), id, u)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newLeadDetailJSON(l))
}

// adminGetLead answers one lead with its timeline.
func (s *Server) adminGetLead(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "id")
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	l, err := s.store.Lead(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newLeadDetailJSON(l))
}

// decodeLeadUpdate reads the body of a lead's change: status, note (null
// or "" clears it), assigned_to (a user's id, null for nobody), nothing
// else.
func decodeLeadUpdate(o *object) (listing.LeadUpdate, error) {
	var u listing.LeadUpdate
	o.unknown("status", "note", "assigned_to")
	u.AssignTo = o.userID("assigned_to")
	if st := o.str("status", false); st != nil {
		u.Status = (*listing.LeadStatus)(st)
	}
	u.Note = o.str("note", true)
	u.Normalize()
	err := u.Validate()
	if ve, ok := err.(*listing.ValidationError); ok && (o.has("status") || o.has("note") || o.has("assigned_to")) {
		delete(ve.Fields, "body") // a field was sent: its own failure says what is wrong
	}
	o.merge(err)
	return u, o.v.Err()
}

// The export may take exportWindow to write each exportBatch rows: the
// server's write timeout alone would cut a large export short.
const (
	exportWindow = 30 * time.Second
	exportBatch  = 1000
)

// adminExportLeads writes the leads as CSV for a spreadsheet (leadcsv;
// format=rfc4180 for the plain file): every lead the inbox's filters
// select, newest first, unless page or per_page narrow it. Rows are
// written as the store reads them, so the export holds no list in memory;
// a failure once rows are out breaks the connection, so a cut file never
// looks complete.
func (s *Server) adminExportLeads(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	v := &listing.ValidationError{}
	f := leadFilter(r, q, v)
	scopeLeads(caller(r), &f)
	f.Timeline = true
	if q.Has("page") || q.Has("per_page") {
		f.PerPage = intParam(q, v, "per_page", maxListWindow, maxListWindow)
		f.Page = windowPage(q, v, f.PerPage, "leads")
	}
	format, ok := leadcsv.ParseFormat(q.Get("format"))
	if !ok {
		v.Add("format", "Use excel (o padrão: para abrir no Excel) ou rfc4180 (vírgulas, para outros sistemas).")
	}
	if err := v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	rc := http.NewResponseController(w)
	out := leadcsv.NewWriter(w, format)
	start := func() {
		h := w.Header()
		h.Set("Content-Type", leadcsv.ContentType)
		h.Set("Content-Disposition", `attachment; filename="`+out.Filename(time.Now())+`"`)
		out.WriteHeader()
	}
	rows := 0
	err := s.store.EachLead(r.Context(), f, func(l listing.Lead) error {
		if rows == 0 {
			start()
		}
		if rows%exportBatch == 0 {
			rc.SetWriteDeadline(time.Now().Add(exportWindow))
		}
		rows++
		return out.Write(l)
	})
	switch {
	case err != nil && rows > 0:
		panic(http.ErrAbortHandler)
	case err != nil:
		s.writeError(w, r, err)
	case rows == 0:
		start()
	}
}
