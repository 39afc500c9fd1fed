package httpapi

import (
	"net/http"
	"strconv"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// Row scoping: a role that works on its own rows only (a corretor, see
// listing.Role.OwnRowsOnly) sees the listings whose broker it is and the
// leads assigned to it; any other row is answered 404, as an unknown id
// is, so that its existence is not confirmed. The route's permission is
// checked first (admin); these checks narrow what it lets in.

// ownRows reports whether the caller works on its own rows only, and which
// user those rows belong to (-1, nobody's, for a command line token,
// which has no user).
func (p principal) ownRows() (bool, int64) {
	if !p.role.OwnRowsOnly() {
		return false, 0
	}
	if p.userID == 0 {
		return true, -1
	}
	return true, p.userID
}

// ownProperty guards a route on the listing {id}: for a caller that works
// on its own rows, a listing it is not the broker of is not found.
func (s *Server) ownProperty(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if own, uid := caller(r).ownRows(); own {
			p, err := s.store.Property(r.Context(), r.PathValue("id"))
			if err == nil && (p.Broker == nil || p.Broker.ID != uid) {
				err = listing.ErrNotFound
			}
			if err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		next(w, r)
	}
}

// ownLead guards a route on the lead {id}: for a caller that works on its
// own rows, a lead not assigned to it is not found.
func (s *Server) ownLead(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if own, uid := caller(r).ownRows(); own {
			id, err := pathID(r, "id")
			if err == nil {
				err = s.store.LeadAssignedTo(r.Context(), id, uid)
			}
			if err != nil {
				s.writeError(w, r, err)
				return
			}
		}
		next(w, r)
	}
}

// scopeLeads narrows the inbox's filter f to the caller's own leads when
// it works on its own rows: a filter for someone else's (or nobody's)
// leads then selects none.
func scopeLeads(p principal, f *store.LeadFilter) {
	own, uid := p.ownRows()
	if !own {
		return
	}
	if f.Unassigned || (f.AssignedTo != 0 && f.AssignedTo != uid) {
		uid = -1
	}
	f.UnreadOf = p.userID
	f.AssignedTo, f.Unassigned, f.BrokerID = uid, false, 0
}

// scopeProperties narrows the back office's list to the caller's own
// listings when it works on its own rows.
func scopeProperties(p principal, f *store.PropertyFilter) {
	if own, uid := p.ownRows(); own {
		f.BrokerID = uid
	}
}

// scopeBroker makes a listing written by a caller that works on its own
// rows its own: created, it becomes the broker; it may not give the
// listing to someone else.
func scopeBroker(p principal, u *listing.PropertyUpdate, creating bool) error {
	own, uid := p.ownRows()
	switch {
	case !own:
		return nil
	case uid < 0:
		return listing.ErrForbidden // a command line token is nobody's broker
	case u.BrokerID == nil && creating, u.BrokerID != nil && *u.BrokerID == uid:
		u.BrokerID = &uid
		return nil
	case u.BrokerID == nil:
		return nil
	}
	return listing.Invalid("broker_id", "Um corretor só pode ser o responsável pelos próprios imóveis: informe o seu id ("+
		strconv.FormatInt(uid, 10)+").")
}
