package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
)

// agencyJSON is the agency as every page shows it; a field not filled in
// (every field, before the agency is first set) is null.
type agencyJSON struct {
	Name         *string `json:"name"`
	CRECI        *string `json:"creci"`         // "CRECI/SC 12345-J" ("12345-J" if stored before states were kept)
	CRECIDisplay *string `json:"creci_display"` // "CRECI/SC 12345-J", as advertising shows it
	State        *string `json:"state"`         // the office's federative unit, "SC"
	Phone        *string `json:"phone"`         // E.164
	WhatsApp     *string `json:"whatsapp"`      // E.164
	Email        *string `json:"email"`
	PrivacyEmail *string `json:"privacy_email"` // for the data subjects' requests; null: email
	Address      *string `json:"address"`
	// LogoURL is the logo as the pages show it (the uploaded logo's
	// largest JPEG, else the address typed before); kept for the clients
	// that read it before logos were uploaded.
	LogoURL *string `json:"logo_url"`
	// Logo is the uploaded logo in the form the header shows it; null
	// while there is none or its variants are not made yet.
	Logo *detaildoc.BrokerPhoto `json:"logo"`
	// BrandColor is the public pages' colour of links and buttons,
	// "#rrggbb"; null for the site's default.
	BrandColor *string `json:"brand_color"`
	// FinancingRate is the yearly effective rate, in percent, that the
	// financing simulator starts from: the agency's or the default.
	FinancingRate float64 `json:"financing_rate"`
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
	// LogoURL, here, is the address typed (stored) rather than the one
	// shown, so that a read sent back as a PUT keeps the record as it is.
	LogoURL *string `json:"logo_url"`
	// LogoUpload is where the uploaded logo's processing is; null when
	// none was uploaded.
	LogoUpload *userPhotoJSON `json:"logo_upload"`
}

func newAgencyJSON(a listing.Agency) agencyJSON {
	or := detaildoc.OrNull
	return agencyJSON{Name: or(a.Name), CRECI: or(a.CRECI), CRECIDisplay: or(a.CRECIDisplay()), State: or(a.State), Phone: or(a.Phone),
		WhatsApp: or(a.WhatsApp), Email: or(a.Email), PrivacyEmail: or(a.PrivacyEmail), Address: or(a.Address),
		LogoURL: or(a.ShownLogoURL()), Logo: detaildoc.NewBrokerPhoto(a.Logo), BrandColor: or(a.BrandColor),
		FinancingRate: float64(a.ShownFinancingRateBP()) / 100}
}

func newAdminAgencyJSON(a listing.Agency) adminAgencyJSON {
	out := adminAgencyJSON{agencyJSON: newAgencyJSON(a), NoticeCopy: a.NoticeCopy, DailySummary: a.DailySummary,
		UpdatedBy: newActorJSON(a.UpdatedBy), LogoURL: detaildoc.OrNull(a.LogoURL), LogoUpload: newUserPhotoJSON(a.Logo)}
	if !a.UpdatedAt.IsZero() {
		out.UpdatedAt = &a.UpdatedAt
	}
	return out
}

// publicAgencyJSON is the public read of the agency: what every page
// shows of it, and the map the pages draw (the server's setting, which
// the client learns here rather than from a second read).
type publicAgencyJSON struct {
	agencyJSON
	Map *mapJSON `json:"map"` // null: the site shows no map
}

// mapJSON is the tile server of the public pages' maps.
type mapJSON struct {
	Tiles       string `json:"tiles"` // https://tile.openstreetmap.org/{z}/{x}/{y}.png
	Attribution string `json:"attribution"`
}

func (s *Server) newPublicAgencyJSON(a listing.Agency) publicAgencyJSON {
	out := publicAgencyJSON{agencyJSON: newAgencyJSON(a)}
	if s.mapTiles.Enabled() {
		out.Map = &mapJSON{Tiles: s.mapTiles.URL, Attribution: s.mapTiles.Attribution}
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
		body, _ := json.Marshal(s.newPublicAgencyJSON(a))
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
	o.unknown("name", "creci", "state", "phone", "whatsapp", "email", "privacy_email", "address", "logo_url", "brand_color", "financing_rate", "notice_copy", "daily_summary",
		"creci_display", "updated_at", "updated_by", "logo", "logo_upload")
	a := listing.Agency{UpdatedBy: caller(r).actor}
	a.Name, _ = o.requiredStr("name")
	a.CRECI, _ = o.requiredStr("creci")
	for dst, name := range map[*string]string{&a.Phone: "phone", &a.WhatsApp: "whatsapp", &a.Email: "email",
		&a.PrivacyEmail: "privacy_email", &a.Address: "address", &a.LogoURL: "logo_url", &a.BrandColor: "brand_color", &a.State: "state"} {
		if v := o.str(name, true); v != nil {
			*dst = *v
		}
	}
	a.FinancingRateBP = financingRate(o)
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

// setAgencyLogo takes the agency's logo (multipart/form-data, a "file"
// part), checked, stored and processed as a property photo's upload. The
// answer is the agency, its logo processing; the pages show it once it
// is ready. Before the agency's record is set it is a 404, before the
// body is read: a logo belongs to a named agency.
func (s *Server) setAgencyLogo(w http.ResponseWriter, r *http.Request) {
	_, err := s.store.Agency(r.Context())
	var a listing.Agency
	if err == nil {
		err = s.readUpload(w, r, nil, func(file io.Reader) (err error) {
			a, err = s.media.SetAgencyLogo(r.Context(), file)
			return err
		})
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.cache.invalidate()
	writeJSON(w, http.StatusOK, newAdminAgencyJSON(a))
}

// deleteAgencyLogo removes the agency's uploaded logo: the pages show the
// address typed before, if any, from then on.
func (s *Server) deleteAgencyLogo(w http.ResponseWriter, r *http.Request) {
	a, err := s.store.SetAgencyLogo(r.Context(), nil)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.cache.invalidate()
	writeJSON(w, http.StatusOK, newAdminAgencyJSON(a))
}

// financingRate reads the agency's yearly rate in percent (11.5) as
// hundredths of a percent; omitted or null is 0, the default. More than
// two decimals is refused rather than rounded, so that what is stored is
// what was typed.
func financingRate(o *object) int {
	if o.isNull("financing_rate") {
		return 0
	}
	f := o.number("financing_rate")
	if f == nil {
		return 0
	}
	bp, ok := listing.HundredthsOfPercent(*f)
	if !ok || bp < 1 || bp > listing.MaxFinancingRateBP {
		o.fail("financing_rate", "Informe a taxa de juros anual entre 0,01% e 50%, com até duas casas decimais, como 11,5.")
		return 0
	}
	return bp
}
