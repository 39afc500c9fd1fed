package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/seo"
)

// The LGPD (Lei 13.709/2018): the notice beside the contact form and the
// privacy policy, public; a data subject's data found, exported and
// anonymised by their e-mail, in the back office.

// privacyPath is the address of the privacy policy's page.
const privacyPath = "/privacidade"

// noticeJSON is the notice the contact form shows, with the version the
// form sends back with the visitor's choice.
type noticeJSON struct {
	Version      string `json:"version"`
	Text         string `json:"text"`
	ConsentLabel string `json:"consent_label"`
	PolicyURL    string `json:"policy_url"`
}

// notice is the current notice, recorded under its version so that a
// lead naming it can be stored and its text produced later.
func (s *Server) notice(ctx context.Context) (listing.Notice, error) {
	a, err := s.agency(ctx)
	if err != nil {
		return listing.Notice{}, err
	}
	return s.store.RecordNotice(ctx, listing.NewNotice(a, s.retention))
}

// getPrivacyNotice is the public read of the contact form's notice,
// cached like the agency's read (the notice is made from it).
func (s *Server) getPrivacyNotice(w http.ResponseWriter, r *http.Request) {
	s.serveCached(w, r, "\x00privacy-notice", sendDoc, func(ctx context.Context) (*docEntry, error) {
		n, err := s.notice(ctx)
		if err != nil {
			return nil, err
		}
		body, _ := json.Marshal(noticeJSON{Version: n.Version, Text: n.Text, ConsentLabel: n.ConsentLabel, PolicyURL: privacyPath})
		return newDocEntry(http.StatusOK, body), nil
	})
}

// policyJSON is the privacy policy as the public page shows it: the
// agency's text, or the default one (is_default) until it is set.
type policyJSON struct {
	Text      string     `json:"text"`
	IsDefault bool       `json:"is_default"`
	UpdatedAt *time.Time `json:"updated_at"`
}

// adminPolicyJSON adds who set it, the default text (to start from) and
// the bound of its length.
type adminPolicyJSON struct {
	policyJSON
	UpdatedBy   *actorJSON `json:"updated_by"`
	DefaultText string     `json:"default_text"`
	MaxLength   int        `json:"max_length"`
}

// policy returns the privacy policy, the default one while none was set,
// and the default.
func (s *Server) policy(ctx context.Context) (p listing.PrivacyPolicy, isDefault bool, def string, err error) {
	if def, err = s.defaultPolicy(ctx); err != nil {
		return p, false, "", err
	}
	p, err = s.store.PrivacyPolicy(ctx)
	if errors.Is(err, listing.ErrNotFound) {
		return listing.PrivacyPolicy{Text: def}, true, def, nil
	}
	return p, false, def, err
}

// defaultPolicy returns the text of the default policy, made from the
// agency's settings.
func (s *Server) defaultPolicy(ctx context.Context) (string, error) {
	a, err := s.agency(ctx)
	if err != nil {
		return "", err
	}
	return listing.DefaultPrivacyPolicy(a, s.retention), nil
}

func newPolicyJSON(p listing.PrivacyPolicy, isDefault bool) policyJSON {
	return policyJSON{Text: p.Text, IsDefault: isDefault, UpdatedAt: timeOrNull(p.UpdatedAt)}
}

// getPrivacyPolicy is the public read of the privacy policy.
func (s *Server) getPrivacyPolicy(w http.ResponseWriter, r *http.Request) {
	s.serveCached(w, r, "\x00privacy-policy", sendDoc, func(ctx context.Context) (*docEntry, error) {
		p, isDefault, _, err := s.policy(ctx)
		if err != nil {
			return nil, err
		}
		body, _ := json.Marshal(newPolicyJSON(p, isDefault))
		return newDocEntry(http.StatusOK, body), nil
	})
}

func (s *Server) adminGetPrivacyPolicy(w http.ResponseWriter, r *http.Request) {
	p, isDefault, def, err := s.policy(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeAdminPolicy(w, p, isDefault, def)
}

// writeAdminPolicy writes the back office's view of the policy p, with
// the default policy's text def.
func writeAdminPolicy(w http.ResponseWriter, p listing.PrivacyPolicy, isDefault bool, def string) {
	writeJSON(w, http.StatusOK, adminPolicyJSON{policyJSON: newPolicyJSON(p, isDefault), UpdatedBy: newActorJSON(p.UpdatedBy),
		DefaultText: def, MaxLength: listing.MaxPrivacyPolicyLen})
}

// adminPutPrivacyPolicy replaces the privacy policy's text.
func (s *Server) adminPutPrivacyPolicy(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("text", "is_default", "updated_at", "updated_by", "default_text", "max_length")
	p := listing.PrivacyPolicy{UpdatedBy: caller(r).actor}
	p.Text, _ = o.requiredStr("text")
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err = s.store.SetPrivacyPolicy(r.Context(), p)
	s.cache.invalidate()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	def, err := s.defaultPolicy(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeAdminPolicy(w, p, false, def)
}

// subjectEmail reads the body of a data subject's request: {"email": …}.
// The e-mail travels in the body, never in the address, which access
// logs and browser histories keep.
func subjectEmail(w http.ResponseWriter, r *http.Request) (string, error) {
	o, err := readObject(w, r, maxAdminBody)
	if err != nil {
		return "", err
	}
	o.unknown("email")
	email, ok := o.requiredStr("email")
	email = strings.TrimSpace(email) // as the store compares it
	if ok && !listing.ValidEmail(email) {
		o.fail("email", "Informe um e-mail válido.")
	}
	return email, o.v.Err()
}

// subjectJSON is everything held about a data subject, by their e-mail:
// their leads with the consent evidence of each, the notices those leads
// name (their exact text), and the earlier anonymisations asked for that
// e-mail.
type subjectJSON struct {
	Email       string        `json:"email"`
	GeneratedAt time.Time     `json:"generated_at"`
	Leads       []subjectLead `json:"leads"`
	Notices     []subjectNote `json:"notices"`
	Erasures    []erasureJSON `json:"erasures"`
	// Emails are the e-mails about the subject's leads (their notices to
	// the agency): what was sent and to whom, never their content, which
	// is not kept.
	Emails     []mailJSON     `json:"emails"`
	Controller subjectControl `json:"controller"`
	// OwnerRecords are the listings' owner's records (captação) that hold
	// the e-mail: the subject as an owner.
	OwnerRecords []subjectOwner `json:"owner_records"`
	// SavedSearches are the e-mail's saved searches (alerts of new
	// listings), whatever their state, with their consent evidence.
	SavedSearches []subjectSavedSearch `json:"saved_searches"`
	// FavoriteMails are the e-mails of favourites the subject asked for
	// ("Enviar minha lista por e-mail"), with their consent evidence.
	FavoriteMails []subjectFavoriteMail `json:"favorite_mails"`
}

type subjectFavoriteMail struct {
	ID          int64          `json:"id"`
	CreatedAt   time.Time      `json:"created_at"`
	PropertyIDs []string       `json:"property_ids"`
	Consent     subjectConsent `json:"consent"`
}

type subjectSavedSearch struct {
	savedSearchJSON
	UnsubscribedAt *time.Time     `json:"unsubscribed_at"`
	Consent        subjectConsent `json:"consent"`
}

// subjectControl is who holds the data: the agency.
type subjectControl struct {
	Name         *string `json:"name"`
	CRECIDisplay *string `json:"creci_display"`
	Contact      *string `json:"contact"`
}

type subjectLead struct {
	ID             int64          `json:"id"`
	CreatedAt      time.Time      `json:"created_at"`
	Property       *subjectProp   `json:"property"`
	Name           string         `json:"name"`
	Email          string         `json:"email"`
	Phone          *string        `json:"phone"`
	Message        string         `json:"message"`
	Status         string         `json:"status"`
	Note           *string        `json:"note"`
	DeliveryStatus *string        `json:"delivery_status"`
	Consent        subjectConsent `json:"consent"`
	// Portal is where a portal's lead came from (the data's origin, which
	// the LGPD's full statement names); null for the site's.
	Portal *leadPortalJSON `json:"portal"`
	// Visit is the slot a visit lead booked; null for a message.
	Visit *leadVisitJSON `json:"visit"`
	// Timeline is what the agency did with the lead, oldest first.
	Timeline []leadEventJSON `json:"timeline"`
}

type subjectProp struct {
	ID    string `json:"id"`
	Slug  string `json:"slug"`
	Title string `json:"title"`
}

type subjectConsent struct {
	NoticeVersion     *string    `json:"notice_version"`
	Marketing         bool       `json:"marketing"`
	At                *time.Time `json:"at"`
	ClientAddressHash *string    `json:"client_address_hash"`
}

type subjectNote struct {
	Version      string    `json:"version"`
	Text         string    `json:"text"`
	ConsentLabel string    `json:"consent_label"`
	FirstShownAt time.Time `json:"first_shown_at"`
}

type erasureJSON struct {
	ID    int64      `json:"id"`
	Kind  string     `json:"kind"`
	Leads int        `json:"leads"`
	At    time.Time  `json:"at"`
	By    *actorJSON `json:"by"`
}

func newErasureJSON(e listing.Erasure) erasureJSON {
	return erasureJSON{ID: e.ID, Kind: string(e.Kind), Leads: e.Leads, At: e.At, By: newActorJSON(e.By)}
}

// subject gathers everything held about the e-mail.
func (s *Server) subject(ctx context.Context, email string) (subjectJSON, error) {
	out := subjectJSON{Email: email, GeneratedAt: time.Now().UTC().Truncate(time.Second), Leads: []subjectLead{}, Notices: []subjectNote{}}
	a, err := s.agency(ctx)
	if err != nil {
		return out, err
	}
	or := detaildoc.OrNull
	out.Controller = subjectControl{Name: or(a.Name), CRECIDisplay: or(a.CRECIDisplay()), Contact: or(a.PrivacyContact())}
	leads, err := s.store.SubjectLeads(ctx, email)
	if err != nil {
		return out, err
	}
	// The notices the subject was shown, each once: the leads', the saved
	// searches' and the favourites' e-mails'.
	var versions []string
	ids := make([]int64, len(leads))
	for i, l := range leads {
		ids[i] = l.ID
		sl := subjectLead{ID: l.ID, CreatedAt: l.CreatedAt, Name: l.Name, Email: l.Email, Phone: or(l.Phone), Message: l.Message,
			Status: string(l.Status), Note: or(l.Note), DeliveryStatus: or(string(l.Delivery.Status)),
			Consent: subjectConsent{NoticeVersion: or(l.NoticeVersion), Marketing: l.MarketingConsent, At: timeOrNull(l.ConsentAt),
				ClientAddressHash: or(l.ClientHash)}, Portal: newLeadPortalJSON(l.Portal), Visit: newLeadVisitJSON(l), Timeline: make([]leadEventJSON, len(l.Timeline))}
		for i, e := range l.Timeline {
			sl.Timeline[i] = newLeadEventJSON(e)
		}
		if l.PropertyID != "" {
			sl.Property = &subjectProp{ID: l.PropertyID, Slug: l.PropertySlug, Title: l.PropertyTitle}
		}
		out.Leads = append(out.Leads, sl)
		versions = append(versions, l.NoticeVersion)
	}
	emails, err := s.store.LeadMail(ctx, ids)
	if err != nil {
		return out, err
	}
	out.Emails = make([]mailJSON, len(emails))
	for i, m := range emails {
		out.Emails[i] = newMailJSON(m)
	}
	saved, err := s.store.SubjectSavedSearches(ctx, email)
	if err != nil {
		return out, err
	}
	out.SavedSearches = make([]subjectSavedSearch, len(saved))
	for i, ss := range saved {
		out.SavedSearches[i] = subjectSavedSearch{savedSearchJSON: newSavedSearchJSON(ss), UnsubscribedAt: timeOrNull(ss.UnsubscribedAt),
			Consent: subjectConsent{NoticeVersion: or(ss.NoticeVersion), At: timeOrNull(ss.ConsentAt), ClientAddressHash: or(ss.ClientHash)}}
	}
	favorites, err := s.store.SubjectFavoriteMails(ctx, email)
	if err != nil {
		return out, err
	}
	out.FavoriteMails = make([]subjectFavoriteMail, len(favorites))
	for _, ss := range saved {
		versions = append(versions, ss.NoticeVersion)
	}
	for i, f := range favorites {
		out.FavoriteMails[i] = subjectFavoriteMail{ID: f.ID, CreatedAt: f.CreatedAt, PropertyIDs: f.PropertyIDs,
			Consent: subjectConsent{NoticeVersion: or(f.NoticeVersion), At: timeOrNull(f.CreatedAt), ClientAddressHash: or(f.ClientHash)}}
		versions = append(versions, f.NoticeVersion)
	}
	seen := map[string]bool{}
	for _, v := range versions {
		if v != "" && !seen[v] {
			seen[v] = true
			n, err := s.store.Notice(ctx, v)
			if err != nil {
				return out, err
			}
			out.Notices = append(out.Notices, subjectNote{Version: n.Version, Text: n.Text, ConsentLabel: n.ConsentLabel, FirstShownAt: n.CreatedAt})
		}
	}
	if out.OwnerRecords, err = s.subjectOwners(ctx, email); err != nil {
		return out, err
	}
	erasures, err := s.store.Erasures(ctx, email, 100)
	if err != nil {
		return out, err
	}
	out.Erasures = make([]erasureJSON, len(erasures))
	for i, e := range erasures {
		out.Erasures[i] = newErasureJSON(e)
	}
	return out, nil
}

// adminPrivacyLookup answers everything held about an e-mail.
func (s *Server) adminPrivacyLookup(w http.ResponseWriter, r *http.Request) {
	s.sendSubject(w, r, false)
}

// adminPrivacyExport is the lookup as a JSON file to download and hand
// to the data subject (LGPD, art. 18, II and V).
func (s *Server) adminPrivacyExport(w http.ResponseWriter, r *http.Request) {
	s.sendSubject(w, r, true)
}

// sendSubject answers everything held about the e-mail of the request's
// body, as a file to download when download is set.
func (s *Server) sendSubject(w http.ResponseWriter, r *http.Request, download bool) {
	email, err := subjectEmail(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out, err := s.subject(r.Context(), email)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if download {
		w.Header().Set("Content-Disposition", `attachment; filename="dados-pessoais-`+out.GeneratedAt.Format("2006-01-02")+`.json"`)
	}
	writeJSON(w, http.StatusOK, out)
}

// adminPrivacyAnonymize empties the personal fields of every lead sent
// with the e-mail, cancels their pending webhook deliveries, and records
// the erasure (who, when, how many; the e-mail as its keyed hash).
func (s *Server) adminPrivacyAnonymize(w http.ResponseWriter, r *http.Request) {
	email, err := subjectEmail(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	e, err := s.store.AnonymizeSubject(r.Context(), email, caller(r).actor)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	owners, err := s.owners.Anonymize(r.Context(), email) // the subject as a listing's owner
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, struct {
		erasureJSON
		OwnerRecords int `json:"owner_records"`
	}{newErasureJSON(e), owners})
}

// adminListErasures lists the latest anonymisations, of requests and of
// the retention job.
func (s *Server) adminListErasures(w http.ResponseWriter, r *http.Request) {
	list, err := s.store.Erasures(r.Context(), "", 100)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Items     []erasureJSON `json:"items"`
		Retention *string       `json:"retention"`
	}{Items: make([]erasureJSON, len(list))}
	for i, e := range list {
		out.Items[i] = newErasureJSON(e)
	}
	if !s.retention.Off() {
		period := s.retention.Period()
		out.Retention = &period
	}
	writeJSON(w, http.StatusOK, out)
}

// privacyPage serves /privacidade: the client's page with its head
// rendered on the server, cached like the home page and emptied like it
// by any catalogue write (the agency's and the policy's included).
func (s *Server) privacyPage(w http.ResponseWriter, r *http.Request) {
	if !s.pages.built() {
		s.writeIndex(w, r, http.StatusOK, "")
		return
	}
	base := s.baseURL(r)
	e, err := s.cache.fill(r.Context(), "\x00page:"+base+privacyPath, func(ctx context.Context) (*docEntry, error) {
		agency, err := s.agency(ctx)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := seo.PrivacyHead(seo.Home{Base: base, Agency: agency}).Render(&buf); err != nil {
			return nil, err
		}
		return newDocEntry(http.StatusOK, s.pages.index(template.HTML(buf.String()), "")), nil
	})
	if err != nil {
		if r.Context().Err() == nil {
			s.log.WarnContext(r.Context(), "privacy page served without its head", "err", err, "request_id", requestID(w))
		}
		s.writeIndex(w, r, http.StatusOK, "")
		return
	}
	sendPage(w, r, e)
}
