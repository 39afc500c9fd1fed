package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/listing"
)

var (
	contentTypeJSON = []string{"application/json; charset=utf-8"}
	noStore         = []string{"no-store"}
)

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		// Only our own response types reach here; they always encode.
		status, b = http.StatusInternalServerError, []byte(`{"error":"`+msgInternal+`"}`)
	}
	w.Header()["Content-Type"] = contentTypeJSON
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// The response shapes. The domain types carry no JSON tags: the API's names
// live in the adapters (the public detail's in internal/detaildoc).

// adminJSON is the administrator's view: the detail, and the state the
// public never sees.
type adminJSON struct {
	detaildoc.Detail
	Complement *string    `json:"complement"` // never public
	IsActive   bool       `json:"is_active"`
	CreatedAt  time.Time  `json:"created_at"`
	UpdatedAt  time.Time  `json:"updated_at"`
	CreatedBy  *actorJSON `json:"created_by"` // null when not known
	UpdatedBy  *actorJSON `json:"updated_by"`
	// WhatsAppClicks counts the visitors who went to WhatsApp from the
	// property's page (see countWhatsAppClick).
	WhatsAppClicks int64 `json:"whatsapp_clicks"`
	// Shares counts the shares from the property's page (see countShare).
	Shares int64 `json:"shares"`
	// PublishToPortals is staff's choice to send the property to the
	// portals' feed; PortalProblems is what keeps it from them (feed.Check),
	// empty when it is ready.
	PublishToPortals bool          `json:"publish_to_portals"`
	PortalProblems   []problemJSON `json:"portal_problems"`
	// BrokerID is the responsible broker's user id; null when none.
	BrokerID *int64 `json:"broker_id"`
}

// summaryJSON is one item of a property list.
type summaryJSON struct {
	ID           string           `json:"id"`
	Title        string           `json:"title"`
	Slug         string           `json:"slug"`
	Code         *string          `json:"code"` // the agency's code, which visitors search by
	Price        string           `json:"price"`
	CondoFee     *string          `json:"condo_fee"`
	Type         string           `json:"type"`
	Bedrooms     int              `json:"bedrooms"`
	Bathrooms    int              `json:"bathrooms"`
	ParkingSpots int              `json:"parking_spots"`
	AreaM2       float64          `json:"area_m2"`
	IsFeatured   bool             `json:"is_featured"`
	City         detaildoc.City   `json:"city"`
	Neighborhood detaildoc.Ref    `json:"neighborhood"`
	Subtype      detaildoc.Ref    `json:"subtype"`
	Cover        *detaildoc.Photo `json:"cover"`
	RentPrice    *string          `json:"rent_price"`
	RentPeriod   *string          `json:"rent_period"`
	Status       string           `json:"status"`
	// Location is where the results' map shows it, as the detail's.
	Location *detaildoc.Location `json:"location"`
}

// adminSummaryJSON is one item of the administrator's property list.
type adminSummaryJSON struct {
	summaryJSON
	IsActive       bool       `json:"is_active"`
	VideoURL       *string    `json:"video_url"`
	VideoPosition  string     `json:"video_position"`
	CreatedAt      time.Time  `json:"created_at"`
	UpdatedAt      time.Time  `json:"updated_at"`
	UpdatedBy      *actorJSON `json:"updated_by"`
	WhatsAppClicks int64      `json:"whatsapp_clicks"`
	Shares         int64      `json:"shares"`
	// PublishToPortals is staff's choice; whether the property is ready for
	// the portals needs all its photos, which a list item does not carry:
	// the property's own read says (portal_problems).
	PublishToPortals bool `json:"publish_to_portals"`
}

type pageJSON[T any] struct {
	Items   []T `json:"items"`
	Total   int `json:"total"`
	Page    int `json:"page"`
	PerPage int `json:"per_page"`
}

type leadJSON struct {
	ID             int64     `json:"id"`
	PropertyID     *string   `json:"property_id"`
	PropertySlug   *string   `json:"property_slug"`
	PropertyTitle  *string   `json:"property_title"`
	Name           string    `json:"name"`
	Email          *string   `json:"email"` // null once anonymised
	Phone          *string   `json:"phone"`
	Message        string    `json:"message"`
	CreatedAt      time.Time `json:"created_at"`
	DeliveryStatus *string   `json:"delivery_status"`
	DeliveryTries  int       `json:"delivery_attempts"`
	DeliveryError  *string   `json:"delivery_error"`
	// The inbox.
	Status    string     `json:"status"`
	Note      *string    `json:"note"`
	UpdatedAt *time.Time `json:"updated_at"` // when staff last changed status or note
	UpdatedBy *actorJSON `json:"updated_by"`
	// Consent: the visitor's marketing choice and the notice they were
	// shown; when the lead's personal fields were emptied (LGPD).
	MarketingConsent bool       `json:"marketing_consent"`
	NoticeVersion    *string    `json:"notice_version"`
	AnonymizedAt     *time.Time `json:"anonymized_at"`
	// AssignedTo is the staff member the lead is assigned to; null while
	// nobody is.
	AssignedTo *assigneeJSON `json:"assigned_to"`
	// Portal is what the portal said of a lead it delivered; null for a
	// lead of the site.
	Portal *leadPortalJSON `json:"portal"`
	// Kind is "visita" for a booked visit, whose slot Visit is, and
	// "mensagem" otherwise (Visit null).
	Kind  string         `json:"kind"`
	Visit *leadVisitJSON `json:"visit"`
}

// leadVisitJSON is listing.LeadVisit.
type leadVisitJSON struct {
	StartsAt time.Time `json:"starts_at"`
	EndsAt   time.Time `json:"ends_at"`
	Status   string    `json:"status"`
}

func newLeadVisitJSON(l listing.Lead) *leadVisitJSON {
	if l.Kind() != listing.KindVisit {
		return nil
	}
	return &leadVisitJSON{StartsAt: l.Visit.StartsAt, EndsAt: l.Visit.EndsAt, Status: string(l.Visit.Status)}
}

// leadPortalJSON is listing.PortalLead: "" is null.
type leadPortalJSON struct {
	Origin          string     `json:"origin"`
	OriginLeadID    string     `json:"origin_lead_id"`
	OriginListingID *string    `json:"origin_listing_id"`
	ClientListingID *string    `json:"client_listing_id"`
	Temperature     *string    `json:"temperature"`
	Business        *string    `json:"business"`
	SentAt          *time.Time `json:"sent_at"`
}

func newLeadPortalJSON(p listing.PortalLead) *leadPortalJSON {
	if !p.FromPortal() {
		return nil
	}
	return &leadPortalJSON{Origin: string(p.Origin), OriginLeadID: p.LeadID, OriginListingID: detaildoc.OrNull(p.ListingID),
		ClientListingID: detaildoc.OrNull(p.ClientListingID), Temperature: detaildoc.OrNull(p.Temperature),
		Business: detaildoc.OrNull(string(p.Business)), SentAt: timeOrNull(p.SentAt)}
}

type assigneeJSON struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

func newAssigneeJSON(a listing.Actor) *assigneeJSON {
	id, err := strconv.ParseInt(a.Ref, 10, 64)
	if !a.Known() || err != nil {
		return nil
	}
	return &assigneeJSON{ID: id, Name: a.Name}
}

// leadDetailJSON is one lead with its timeline, oldest first.
type leadDetailJSON struct {
	leadJSON
	Timeline []leadEventJSON `json:"timeline"`
}

// leadEventJSON is one event of a lead's timeline: its kind, when, who
// (null for the site or the server), and the fields of its kind, null
// when it has none.
type leadEventJSON struct {
	Kind     string        `json:"kind"`
	At       time.Time     `json:"at"`
	By       *actorJSON    `json:"by"`
	Source   *string       `json:"source"`
	Assignee *assigneeJSON `json:"assignee"`
	Previous *assigneeJSON `json:"previous"`
	Rule     *string       `json:"rule"`
	From     *string       `json:"from"`
	To       *string       `json:"to"`
	Text     *string       `json:"text"`
	EmailTo  *string       `json:"email_to"`
	Subject  *string       `json:"email_subject"`
	// Visit is the visit as the event left it; null for another kind.
	Visit *leadVisitJSON `json:"visit"`
}

func newLeadEventJSON(e listing.LeadEvent) leadEventJSON {
	out := leadEventJSON{Kind: string(e.Kind), At: e.At, By: newActorJSON(e.By), Source: detaildoc.OrNull(e.Source),
		Rule: detaildoc.OrNull(e.Rule), From: detaildoc.OrNull(string(e.From)), To: detaildoc.OrNull(string(e.To)),
		Text: detaildoc.OrNull(e.Text), EmailTo: detaildoc.OrNull(e.EmailTo), Subject: detaildoc.OrNull(e.EmailSubject)}
	if e.Kind == listing.EventAssigned {
		out.Assignee = idName(e.AssigneeID, e.AssigneeName)
		out.Previous = idName(e.PreviousID, e.PreviousName)
	}
	if e.Kind == listing.EventVisit {
		out.Visit = &leadVisitJSON{StartsAt: e.Visit.StartsAt, EndsAt: e.Visit.EndsAt, Status: string(e.Visit.Status)}
	}
	return out
}

func idName(id int64, name string) *assigneeJSON {
	if id == 0 {
		return nil
	}
	return &assigneeJSON{ID: id, Name: name}
}

func newLeadDetailJSON(l listing.Lead) leadDetailJSON {
	out := leadDetailJSON{leadJSON: newLeadJSON(l), Timeline: make([]leadEventJSON, len(l.Timeline))}
	for i, e := range l.Timeline {
		out.Timeline[i] = newLeadEventJSON(e)
	}
	return out
}

type leadCreatedJSON struct {
	ID      int64  `json:"id"`
	Message string `json:"message"`
}

func newAdminJSON(p listing.Property) adminJSON {
	return adminJSON{Detail: detaildoc.Full(p), Complement: detaildoc.OrNull(p.Complement), IsActive: p.IsActive,
		CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt, CreatedBy: newActorJSON(p.CreatedBy), UpdatedBy: newActorJSON(p.UpdatedBy),
		WhatsAppClicks: p.WhatsAppClicks, Shares: p.Shares, PublishToPortals: p.PublishToPortals, PortalProblems: portalProblems(p),
		BrokerID: brokerIDOrNull(p.Broker)}
}

func brokerIDOrNull(b *listing.Broker) *int64 {
	if b == nil {
		return nil
	}
	return &b.ID
}

func newSummaryJSON(p listing.Property) summaryJSON {
	s := summaryJSON{
		ID: p.ID, Title: p.Title, Slug: p.Slug, Code: detaildoc.OrNull(p.Code), Price: p.Price.String(), CondoFee: detaildoc.MoneyOrNull(p.CondoFee),
		Type: p.Type, Bedrooms: p.Bedrooms, Bathrooms: p.Bathrooms, ParkingSpots: p.ParkingSpots,
		AreaM2: p.AreaM2, IsFeatured: p.IsFeatured,
		City:         detaildoc.City{ID: p.City.ID, Name: p.City.Name, Slug: p.City.Slug, State: p.City.State},
		Neighborhood: detaildoc.Ref{ID: p.Neighborhood.ID, Name: p.Neighborhood.Name, Slug: p.Neighborhood.Slug},
		Subtype:      detaildoc.Ref{ID: p.Subtype.ID, Name: p.Subtype.Name, Slug: p.Subtype.Slug},
		RentPrice:    detaildoc.MoneyOrNull(p.RentPrice), RentPeriod: detaildoc.RentPeriodOrNull(p), Status: string(p.Status),
		Location: detaildoc.NewLocation(&p),
	}
	if photos := p.VisiblePhotos(); len(photos) > 0 {
		cover := detaildoc.NewPhoto(photos[0])
		s.Cover = &cover
	}
	return s
}

func newAdminSummaryJSON(p listing.Property) adminSummaryJSON {
	return adminSummaryJSON{summaryJSON: newSummaryJSON(p), IsActive: p.IsActive,
		VideoURL: detaildoc.OrNull(p.VideoURL), VideoPosition: string(p.VideoPosition), CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt,
		UpdatedBy: newActorJSON(p.UpdatedBy), WhatsAppClicks: p.WhatsAppClicks, Shares: p.Shares, PublishToPortals: p.PublishToPortals}
}

func newLeadJSON(l listing.Lead) leadJSON {
	return leadJSON{
		ID: l.ID, PropertyID: detaildoc.OrNull(l.PropertyID), PropertySlug: detaildoc.OrNull(l.PropertySlug),
		PropertyTitle: detaildoc.OrNull(l.PropertyTitle), Name: l.Name, Email: detaildoc.OrNull(l.Email), Phone: detaildoc.OrNull(l.Phone),
		Message: l.Message, CreatedAt: l.CreatedAt, DeliveryStatus: detaildoc.OrNull(string(l.Delivery.Status)),
		DeliveryTries: l.Delivery.Attempts, DeliveryError: detaildoc.OrNull(l.Delivery.LastError),
		Status: string(l.Status), Note: detaildoc.OrNull(l.Note), UpdatedAt: timeOrNull(l.UpdatedAt),
		UpdatedBy: newActorJSON(l.UpdatedBy), MarketingConsent: l.MarketingConsent, NoticeVersion: detaildoc.OrNull(l.NoticeVersion),
		AnonymizedAt: timeOrNull(l.AnonymizedAt), AssignedTo: newAssigneeJSON(l.AssignedTo),
		Portal: newLeadPortalJSON(l.Portal), Kind: string(l.Kind()), Visit: newLeadVisitJSON(l),
	}
}

// timeOrNull is t, or null for the zero time.
func timeOrNull(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func mapItems[T any](items []listing.Property, f func(listing.Property) T) []T {
	out := make([]T, len(items))
	for i, p := range items {
		out[i] = f(p)
	}
	return out
}
