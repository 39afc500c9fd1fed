package listing

import "time"

// PortalOrigin is the portal a lead was sent on. Grupo OLX delivers the
// leads of ZAP Imóveis, VivaReal and OLX through one contract; a lead of
// a contract that covers several portals names the group only.
type PortalOrigin string

const (
	PortalZAP      PortalOrigin = "zap"
	PortalVivaReal PortalOrigin = "vivareal"
	PortalOLX      PortalOrigin = "olx"
	PortalGroup    PortalOrigin = "grupo" // the contract covers the group's portals
)

// Name is the portal as the agency knows it ("ZAP Imóveis"), for
// e-mails; an origin of no known portal is the group's.
func (o PortalOrigin) Name() string {
	switch o {
	case PortalZAP:
		return "ZAP Imóveis"
	case PortalVivaReal:
		return "VivaReal"
	case PortalOLX:
		return "OLX"
	}
	return "Grupo OLX"
}

// Temperatures the portals give a lead: how likely the buyer is to act.
const (
	TemperatureHigh   = "alta"
	TemperatureMedium = "media"
	TemperatureLow    = "baixa"
)

// TemperatureLabel is a temperature as the back office shows it
// ("Média"); a portal's other word as sent.
func TemperatureLabel(t string) string {
	switch t {
	case TemperatureHigh:
		return "Alta"
	case TemperatureMedium:
		return "Média"
	case TemperatureLow:
		return "Baixa"
	}
	return t
}

// PortalLead is what a portal says of a lead it delivered, beside the
// contact itself (LeadInput). Nothing in it is personal: anonymising a
// lead keeps it, so that a portal's late retry of the same lead is still
// recognised and not stored again.
type PortalLead struct {
	Origin PortalOrigin
	// LeadID is the portal's id of the lead (originLeadId): a lead is
	// stored once per LeadID, whatever the retries.
	LeadID string
	// ListingID is the portal's id of the listing (originListingId);
	// ClientListingID is the agency's (the feed's ListingID: the
	// property's code, or its id when it has none).
	ListingID, ClientListingID string
	// Temperature is TemperatureHigh, Medium or Low, or the portal's word
	// as sent when it is none of these; "" when not sent.
	Temperature string
	// Business is what the buyer asked about: BusinessSale or
	// BusinessRent; "" when not sent.
	Business Business
	// SentAt is when the buyer wrote on the portal (the zero time when the
	// portal did not say); the lead's CreatedAt is when it reached us.
	SentAt time.Time
}

// FromPortal reports whether p describes a portal's lead.
func (p PortalLead) FromPortal() bool { return p.LeadID != "" }
