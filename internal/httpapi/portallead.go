package httpapi

import (
	"errors"
	"net/http"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/portallead"
)

// portalLeadPrefix is where the portals post their leads:
// portalLeadPrefix + <secret>.
const portalLeadPrefix = "/api/v1/portal-leads/"

// portalLeadJSON answers a portal's lead: its id, and whether this
// request stored it (false: a retry of a lead stored before).
type portalLeadJSON struct {
	ID      int64 `json:"id"`
	Created bool  `json:"created"`
}

// receivePortalLead stores a lead that a portal of Grupo OLX delivered
// (portallead.Parse) at the secret address the agency gave it, as the
// store stores the site's (CreatePortalLead). The answer is a 2xx only
// once the lead is committed: 201 when this request stored it, 200 for a
// retry of one stored before, since the portal sends a lead again on any
// other answer. A wrong or rotated secret is answered as any unknown
// address, before the body is read; the content type is not checked (the
// secret, not the browser, guards the route). No rate limit applies: the
// portal's retries must not be refused, and a request without the secret
// costs one read of a row.
func (s *Server) receivePortalLead(w http.ResponseWriter, r *http.Request) {
	ok, err := s.store.CheckPortalLeadSecret(r.Context(), r.PathValue("secret"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !ok {
		s.apiNotFound(w, r)
		return
	}
	body, err := readBody(w, r, portallead.MaxBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	l, err := portallead.Parse(body)
	var v *listing.ValidationError
	if errors.As(err, &v) {
		// 400, as the contract names it, for any payload refused: the
		// portal treats every 4xx alike, and sends it again.
		writeJSON(w, http.StatusBadRequest, errorBody{Error: msgInvalid, Details: v.Fields})
		return
	}
	id, created, err := s.store.CreatePortalLead(r.Context(), l.Contact, l.Portal)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	writeJSON(w, status, portalLeadJSON{ID: id, Created: created})
}

// adminGetPortalLeadAddress answers the address the portals post leads
// to, making the first one on the first read.
func (s *Server) adminGetPortalLeadAddress(w http.ResponseWriter, r *http.Request) {
	f, err := s.store.PortalLeadSecret(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, addressJSON(s.baseURL(r)+portalLeadPrefix+f.Secret, f))
}

// adminRotatePortalLeadAddress makes a new address for the portals'
// leads; the old one answers 404 from then on.
func (s *Server) adminRotatePortalLeadAddress(w http.ResponseWriter, r *http.Request) {
	f, err := s.store.RotatePortalLeadSecret(r.Context(), caller(r).actor)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, addressJSON(s.baseURL(r)+portalLeadPrefix+f.Secret, f))
}
