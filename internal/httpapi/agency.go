package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
)

// agencyJSON is the agency as every page shows it; a field not filled in
// (every field, before the agency is first set) is null.
type agencyJSON struct {
	Name         *string `json:"name"`
	CRECI        *string `json:"creci"`         // "12345-J"
	CRECIDisplay *string `json:"creci_display"` // "CRECI 12345-J", as advertising shows it
	Phone        *string `json:"phone"`         // E.164
	WhatsApp     *string `json:"whatsapp"`      // E.164
	Email        *string `json:"email"`
	PrivacyEmail *string `json:"privacy_email"` // for the data subjects' requests; null: email
	Address      *string `json:"address"`
	LogoURL      *string `json:"logo_url"`
}

// adminAgencyJSON is the administrator's view: when it was last set, and
// by whom.
type adminAgencyJSON struct {
	agencyJSON
	// NoticeCopy: each lead's notice also goes to email as a copy.
	NoticeCopy bool `json:"notice_copy"`
	// DailySummary: the morning summary of the leads nobody answered.
	DailySummary bool       `json:"daily_summary"`
	UpdatedAt    *time.Time `json:"updated_at"`
	UpdatedBy    *actorJSON `json:"updated_by"` // null when not known
}

func newAgencyJSON(a listing.Agency) agencyJSON {
	or := detaildoc.OrNull
	return agencyJSON{Name: or(a.Name), CRECI: or(a.CRECI), CRECIDisplay: or(a.CRECIDisplay()), Phone: or(a.Phone),
		WhatsApp: or(a.WhatsApp), Email: or(a.Email), PrivacyEmail: or(a.PrivacyEmail), Address: or(a.Address), LogoURL: or(a.LogoURL)}
}

func newAdminAgencyJSON(a listing.Agency) adminAgencyJSON {
	out := adminAgencyJSON{agencyJSON: newAgencyJSON(a), NoticeCopy: a.NoticeCopy, DailySummary: a.DailySummary,
		UpdatedBy: newActorJSON(a.UpdatedBy)}
	if !a.UpdatedAt.IsZero() {
		out.UpdatedAt = &a.UpdatedAt
	}
	return out
}

// agency returns the agency's record, empty while it was never set.
func (s *Server) agency(ctx context.Context) (listing.Agency, error) {
	a, err := s.store.Agency(ctx)
	if errors.Is(err, listing.ErrNotFound) {
		return listing.Agency{}, nil
	}
	return a, err
}

// getAgency is the public read of the agency, cached like the other public
// reads.
func (s *Server) getAgency(w http.ResponseWriter, r *http.Request) {
	s.serveCached(w, r, "\x00agency", sendDoc, func(ctx context.Context) (*docEntry, error) {
		a, err := s.agency(ctx)
		if err != nil {
			return nil, err
		}
		body, _ := json.Marshal(newAgencyJSON(a))
		return newDocEntry(http.StatusOK, body), nil
	})
}

func (s *Server) adminGetAgency(w http.ResponseWriter, r *http.Request) {
	a, err := s.agency(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newAdminAgencyJSON(a))
}

// adminPutAgency replaces the agency's record: an optional field that is
// omitted or null is cleared.
func (s *Server) adminPutAgency(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("name", "creci", "phone", "whatsapp", "email", "privacy_email", "address", "logo_url", "notice_copy", "daily_summary",
		"creci_display", "updated_at", "updated_by")
	a := listing.Agency{UpdatedBy: caller(r).actor}
	a.Name, _ = o.requiredStr("name")
	a.CRECI, _ = o.requiredStr("creci")
	for dst, name := range map[*string]string{&a.Phone: "phone", &a.WhatsApp: "whatsapp", &a.Email: "email",
		&a.PrivacyEmail: "privacy_email", &a.Address: "address", &a.LogoURL: "logo_url"} {
		if v := o.str(name, true); v != nil {
			*dst = *v
		}
	}
	if v := o.boolean("notice_copy"); v != nil {
		a.NoticeCopy = *v
	}
	if v := o.boolean("daily_summary"); v != nil {
		a.DailySummary = *v
	}
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	a, err = s.store.SetAgency(r.Context(), a)
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, newAdminAgencyJSON(a))
}
