package httpapi

import (
	"net/http"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// adminListProperties answers the back office's property list: every
// property, inactive included, searched, filtered and in the order the
// query asks (newest first by default), each with its lead counts.
func (s *Server) adminListProperties(w http.ResponseWriter, r *http.Request) {
	f, err := listFilter(r, true, 50, 100)
	v, _ := err.(*listing.ValidationError)
	if v == nil {
		v = &listing.ValidationError{}
	}
	adminPropertyFilters(r, v, &f)
	scopeProperties(caller(r), &f)
	if err := v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	res, err := s.store.Properties(r.Context(), f)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newListJSON(f, res, func(p listing.Property) adminListItemJSON {
		c := res.Leads[p.ID]
		return adminListItemJSON{newAdminSummaryJSON(p), c.Total, c.Unread}
	}))
}

// adminPropertyFilters reads the admin list's search (q), filters
// (active, status, business) and order (sort) into f. Wrong ones fail on
// v; a cursor pages the default order only.
func adminPropertyFilters(r *http.Request, v *listing.ValidationError, f *store.PropertyFilter) {
	q := r.URL.Query()
	f.Search = strings.TrimSpace(q.Get("q"))
	if err := listing.ValidateSearch("q", f.Search); err != nil {
		v.Merge("", err.(*listing.ValidationError))
	}
	f.Active = listing.ParseFlag(v, "active", q.Get("active"))
	if raw := q.Get("status"); raw != "" {
		if f.Status = listing.Status(raw); !f.Status.Valid() {
			v.Add("status", listing.StatusMessage)
		}
	}
	if raw := q.Get("business"); raw != "" {
		if f.Business = raw; !listing.Business(raw).Valid() {
			v.Add("business", listing.BusinessMessage)
		}
	}
	if raw := q.Get("sort"); raw != "" {
		if f.Sort = store.PropertySort(raw); !f.Sort.Valid() {
			v.Add("sort", "Use 'newest', 'oldest', 'updated', 'price_asc', 'price_desc' ou 'title'.")
		} else if f.After != nil && f.Sort != store.SortNewest {
			v.Add("cursor", "O cursor só pagina a ordem 'newest'; nas outras ordens, use page.")
		}
	}
}

// adminListItemJSON is one item of the admin list: the summary and its
// property's leads, all of them and the new ones.
type adminListItemJSON struct {
	adminSummaryJSON
	LeadCount   int `json:"lead_count"`
	UnreadLeads int `json:"unread_leads"`
}
