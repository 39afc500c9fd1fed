package listing

import "time"

// A visit is a lead of kind "visita": a visitor booked one of the free
// slots of the listing's broker. The slots themselves are computed by
// package visits; the domain keeps what is stored.

// LeadKind says what a lead is: a message, or a booked visit.
type LeadKind string

// The kinds of a lead.
const (
	KindMessage LeadKind = "mensagem"
	KindVisit   LeadKind = "visita"
)

// Kind is the lead's kind: KindVisit when it books a visit.
func (l *Lead) Kind() LeadKind {
	if l.Visit.StartsAt.IsZero() {
		return KindMessage
	}
	return KindVisit
}

// EventVisit: the lead's visit was booked, moved to another time (Visit
// confirmed, at its new time) or cancelled (Visit cancelled).
const EventVisit LeadEventKind = "visit"

// VisitStatus is where a booked visit stands.
type VisitStatus string

// The statuses of a visit. Only a confirmed visit holds its slot.
const (
	VisitConfirmed VisitStatus = "confirmed"
	VisitCancelled VisitStatus = "cancelled"
)

// LeadVisit is the slot a visit lead booked; the zero value for a message.
type LeadVisit struct {
	BrokerID         int64 // 0 once the broker's account was removed
	StartsAt, EndsAt time.Time
	Status           VisitStatus
	// Sequence counts the invitation's changes (a new time, a
	// cancellation), as calendars need it (RFC 5545 SEQUENCE).
	Sequence int
}

// VisitInterval is a part of a day a broker receives visits in, in
// minutes since midnight in the agency's time zone: [Start, End).
type VisitInterval struct {
	Start, End int
}

// VisitException replaces the weekly intervals of one date (YYYY-MM-DD
// in the agency's time zone); with no interval the date is blocked.
type VisitException struct {
	Date      string
	Intervals []VisitInterval
}

// VisitSchedule is a broker's availability: the intervals of each
// weekday (indexed by time.Weekday) and the dates that differ.
type VisitSchedule struct {
	Weekly     [7][]VisitInterval
	Exceptions []VisitException
}

// VisitBooking is the slot a new visit lead books: the broker whose slot
// it is (the listing's, checked again in the booking's transaction) and
// its times.
type VisitBooking struct {
	BrokerID         int64
	StartsAt, EndsAt time.Time
	// NoReminder: the visit is close enough that its confirmation is its
	// reminder; none is sent the day before.
	NoReminder bool
}

// VisitLink is what a visitor's link opens: their visit and its listing.
type VisitLink struct {
	LeadID        int64
	PropertySlug  string // "" once the property is deleted
	PropertyTitle string
	Visit         LeadVisit
}
