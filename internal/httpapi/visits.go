package httpapi

import (
	"net/http"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/visits"
)

// Booking a visit ("Agendar visita"): the free slots of a listing's
// broker, a booking, and the visitor's link to see, cancel or move it.
// The logic is package visits'; these handlers read and write JSON.

const (
	msgVisitBooked    = "Visita agendada! Enviamos a confirmação para o seu e-mail."
	msgVisitCancelled = "Visita cancelada."
	msgVisitMoved     = "Visita remarcada! Enviamos o novo horário para o seu e-mail."
)

// slotJSON is a free slot; dayJSON the slots of one date.
type slotJSON struct {
	StartsAt time.Time `json:"starts_at"`
	EndsAt   time.Time `json:"ends_at"`
}

type dayJSON struct {
	Date  string     `json:"date"` // YYYY-MM-DD in the agency's zone
	Slots []slotJSON `json:"slots"`
}

type visitSlotsJSON struct {
	TimeZone    string    `json:"time_zone"`
	SlotMinutes int       `json:"slot_minutes"`
	Days        []dayJSON `json:"days"`
}

// slotDays groups slots by their date in loc, in order.
func slotDays(slots []visits.Slot, loc *time.Location) visitSlotsJSON {
	out := visitSlotsJSON{TimeZone: loc.String(), SlotMinutes: int(visits.DefaultSlot / time.Minute), Days: []dayJSON{}}
	for _, sl := range slots {
		date := sl.Start.In(loc).Format(time.DateOnly)
		if n := len(out.Days); n == 0 || out.Days[n-1].Date != date {
			out.Days = append(out.Days, dayJSON{Date: date})
		}
		d := &out.Days[len(out.Days)-1]
		d.Slots = append(d.Slots, slotJSON{StartsAt: sl.Start.UTC(), EndsAt: sl.End.UTC()})
	}
	return out
}

// visitSlots answers the free slots of the listing's broker over the next
// 14 days; no day at all when the listing has no broker or the broker
// set no hours (the page then offers no booking).
func (s *Server) visitSlots(w http.ResponseWriter, r *http.Request) {
	slots, err := s.visits.FreeSlots(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", noStore[0])
	writeJSON(w, http.StatusOK, slotDays(slots, s.visits.Location()))
}

// startsAt reads the required starts_at field (RFC 3339).
func startsAt(o *object) time.Time {
	v, ok := o.requiredStr("starts_at")
	if !ok {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		o.fail("starts_at", "Informe o horário como data e hora RFC 3339 (2026-12-04T13:00:00Z).")
	}
	return t
}

type visitBookedJSON struct {
	ID       int64     `json:"id"`
	StartsAt time.Time `json:"starts_at"`
	EndsAt   time.Time `json:"ends_at"`
	Message  string    `json:"message"`
}

// bookVisit books a slot for a visitor: a lead of kind "visita". It is
// limited as the contact form is (the same allowances: a booking is a
// message), and a booking that is not stored spends nothing.
func (s *Server) bookVisit(w http.ResponseWriter, r *http.Request) {
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("starts_at", "name", "email", "phone", "notice_version", "marketing_consent")
	start := startsAt(o)
	in := decodeContact(o) // validated with its message, by Book
	slug := r.PathValue("slug")
	var spent taken
	err = o.v.Err()
	if err == nil {
		spent, err = s.takeContact(w, r, slug, &in)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	b, err := s.visits.Book(r.Context(), slug, in, start)
	if err != nil {
		spent.refund()
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, visitBookedJSON{ID: b.LeadID, StartsAt: b.Slot.Start.UTC(), EndsAt: b.Slot.End.UTC(), Message: msgVisitBooked})
}

// visitLinkJSON is what a visitor's link shows.
type visitLinkJSON struct {
	Status        listing.VisitStatus `json:"status"`
	StartsAt      time.Time           `json:"starts_at"`
	EndsAt        time.Time           `json:"ends_at"`
	PropertySlug  string              `json:"property_slug"`
	PropertyTitle string              `json:"property_title"`
	// Slots are the times it may move to: none once it is cancelled or
	// past.
	Slots   visitSlotsJSON `json:"slots"`
	Message string         `json:"message,omitempty"`
}

// visitToken reads the body of a link's request: the token, and the
// fields in more.
func visitToken(w http.ResponseWriter, r *http.Request, more ...string) (*object, string, error) {
	o, err := readObject(w, r, maxPublicBody)
	if err != nil {
		return nil, "", err
	}
	o.unknown(append(more, "token")...)
	token, _ := o.requiredStr("token")
	return o, token, nil
}

// answerVisit answers the visit of token as it now is, with message.
func (s *Server) answerVisit(w http.ResponseWriter, r *http.Request, token, message string) {
	l, err := s.visits.Visit(r.Context(), token)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", noStore[0])
	writeJSON(w, http.StatusOK, visitLinkJSON{Status: l.Visit.Status, StartsAt: l.Visit.StartsAt.UTC(), EndsAt: l.Visit.EndsAt.UTC(),
		PropertySlug: l.PropertySlug, PropertyTitle: l.PropertyTitle, Slots: slotDays(l.Slots, s.visits.Location()), Message: message})
}

// visitLink answers what a visitor's link opens. The token travels in the
// body, as the account links' do: never in an address, so never in a log
// or a Referer.
func (s *Server) visitLink(w http.ResponseWriter, r *http.Request) {
	o, token, err := visitToken(w, r)
	if err == nil {
		err = o.v.Err()
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.answerVisit(w, r, token, "")
}

// cancelVisit cancels the visit of a visitor's link.
func (s *Server) cancelVisit(w http.ResponseWriter, r *http.Request) {
	o, token, err := visitToken(w, r)
	if err == nil {
		err = o.v.Err()
	}
	if err == nil {
		err = s.linkLimited(w, r)
	}
	if err == nil {
		err = s.visits.Cancel(r.Context(), token)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.answerVisit(w, r, token, msgVisitCancelled)
}

// rescheduleVisit moves the visit of a visitor's link to another free
// slot of its broker, under the booking's rules.
func (s *Server) rescheduleVisit(w http.ResponseWriter, r *http.Request) {
	o, token, err := visitToken(w, r, "starts_at")
	var start time.Time
	if err == nil {
		start = startsAt(o)
		err = o.v.Err()
	}
	if err == nil {
		err = s.linkLimited(w, r)
	}
	if err == nil {
		_, err = s.visits.Reschedule(r.Context(), token, start)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.answerVisit(w, r, token, msgVisitMoved)
}

// linkLimited spends one of the client's contact allowance across
// properties on a change made from a visitor's link: each sends two
// e-mails.
func (s *Server) linkLimited(w http.ResponseWriter, r *http.Request) error {
	if _, ok, wait := take(keyed{s.contactAddressLimiter, s.clientKey(r)}); !ok {
		retryAfter(w, wait)
		return errRateLimited
	}
	return nil
}

// visitPage serves /visitas, the page of a visitor's link (its token in
// the fragment): the client's, never indexed.
func (s *Server) visitPage(w http.ResponseWriter, r *http.Request) {
	s.writeIndex(w, r, http.StatusOK, `<title>Sua visita</title>
<meta name="robots" content="noindex">`)
}

// intervalJSON is an interval of a broker's hours, "HH:MM" to "HH:MM".
type intervalJSON struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

type weeklyJSON struct {
	Weekday int `json:"weekday"` // 0 is Sunday
	intervalJSON
}

type exceptionJSON struct {
	Date      string         `json:"date"`
	Intervals []intervalJSON `json:"intervals"`
}

type visitHoursJSON struct {
	TimeZone    string          `json:"time_zone"`
	SlotMinutes int             `json:"slot_minutes"`
	Weekly      []weeklyJSON    `json:"weekly"`
	Exceptions  []exceptionJSON `json:"exceptions"`
}

func clockText(m int) string { return visits.Clock(m).String() }

func newIntervalJSON(iv listing.VisitInterval) intervalJSON {
	return intervalJSON{clockText(iv.Start), clockText(iv.End)}
}

func (s *Server) visitHoursBody(sch listing.VisitSchedule) visitHoursJSON {
	out := visitHoursJSON{TimeZone: s.visits.Location().String(), SlotMinutes: int(visits.DefaultSlot / time.Minute),
		Weekly: []weeklyJSON{}, Exceptions: []exceptionJSON{}}
	for d, ivs := range sch.Weekly {
		for _, iv := range ivs {
			out.Weekly = append(out.Weekly, weeklyJSON{Weekday: d, intervalJSON: newIntervalJSON(iv)})
		}
	}
	for _, e := range sch.Exceptions {
		ej := exceptionJSON{Date: e.Date, Intervals: []intervalJSON{}}
		for _, iv := range e.Intervals {
			ej.Intervals = append(ej.Intervals, newIntervalJSON(iv))
		}
		out.Exceptions = append(out.Exceptions, ej)
	}
	return out
}

// getVisitHours answers a broker's hours: one's own, or anyone's for who
// manages the staff (profileOf).
func (s *Server) getVisitHours(w http.ResponseWriter, r *http.Request) {
	id, err := profileOf(r)
	var sch listing.VisitSchedule
	if err == nil {
		sch, err = s.visits.Schedule(r.Context(), id)
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.visitHoursBody(sch))
}

// readInterval reads an interval's start and end into iv.
func readInterval(o *object, iv *listing.VisitInterval) {
	for field, dst := range map[string]*int{"start": &iv.Start, "end": &iv.End} {
		v, ok := o.requiredStr(field)
		if !ok {
			continue
		}
		c, err := visits.ParseClock(v)
		if err != nil {
			o.fail(field, "Informe a hora como HH:MM (de 00:00 a 24:00).")
			continue
		}
		*dst = int(c)
	}
}

// putVisitHours replaces a broker's hours (the rule of getVisitHours).
func (s *Server) putVisitHours(w http.ResponseWriter, r *http.Request) {
	id, o, err := profileBody(w, r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	o.unknown("weekly", "exceptions")
	var sch listing.VisitSchedule
	if !o.has("weekly") {
		o.fail("weekly", msgRequired)
	}
	for _, item := range o.list("weekly") {
		item.unknown("weekday", "start", "end")
		var iv listing.VisitInterval
		readInterval(item, &iv)
		d := item.integer("weekday")
		switch {
		case d == nil:
			item.fail("weekday", msgRequired)
		case *d < 0 || *d > 6:
			item.fail("weekday", "Use 0 (domingo) a 6 (sábado).")
		default:
			sch.Weekly[*d] = append(sch.Weekly[*d], iv)
		}
	}
	for _, item := range o.list("exceptions") {
		item.unknown("date", "intervals")
		e := listing.VisitException{Intervals: []listing.VisitInterval{}}
		e.Date, _ = item.requiredStr("date")
		for _, c := range item.list("intervals") {
			c.unknown("start", "end")
			var iv listing.VisitInterval
			readInterval(c, &iv)
			e.Intervals = append(e.Intervals, iv)
		}
		sch.Exceptions = append(sch.Exceptions, e)
	}
	if err := o.v.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := s.visits.SetSchedule(r.Context(), id, sch); err != nil {
		s.writeError(w, r, err)
		return
	}
	sch, err = s.visits.Schedule(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.visitHoursBody(sch))
}
