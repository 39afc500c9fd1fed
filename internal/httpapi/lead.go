package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/vitrine/vitrine/internal/listing"
)

// createLead stores a visitor's contact message (spec, section 4.2). The
// body must be sent as application/json, the spec's content type (see
// readObject). The contact limits are
// consulted only for a valid form about an active property, keyed on the
// property's id: per client and property, then per client across all
// properties. A form that either refuses, or that is not stored, spends
// nothing.
func (s *Server) createLead(w http.ResponseWriter, r *http.Request) {
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
	spent, err := s.takeContact(w, r, slug, &in)
	if err != nil {
		s.writeError(w, r, err)
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

// takeContact takes, for a form about the active property at slug, one
// of the client's contact allowances: per client and property (keyed on
// the property's id), then per client across all properties. An unknown
// or inactive property is listing.ErrNotFound and spends nothing; a
// refused allowance is errRateLimited, with Retry-After set on w. It
// sets in's client address, of which the store keeps a keyed hash only.
func (s *Server) takeContact(w http.ResponseWriter, r *http.Request, slug string, in *listing.LeadInput) (taken, error) {
	propertyID, err := s.activePropertyID(r.Context(), slug)
	if err != nil {
		return nil, err
	}
	client := s.clientKey(r)
	spent, ok, wait := take(keyed{s.contactLimiter, client + " " + propertyID}, keyed{s.contactAddressLimiter, client})
	if !ok {
		retryAfter(w, wait)
		return nil, errRateLimited
	}
	in.ClientAddr = s.clientAddr(r)
	return spent, nil
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
