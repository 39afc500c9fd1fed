package visits

import (
	"context"
	"log/slog"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Store is the storage the Service works on; *store.Store is one.
type Store interface {
	VisitBroker(ctx context.Context, slug string) (int64, error)
	VisitSchedule(ctx context.Context, userID int64, since string) (listing.VisitSchedule, error)
	SetVisitSchedule(ctx context.Context, userID int64, sch listing.VisitSchedule) error
	BookedVisits(ctx context.Context, brokerID int64, from, to time.Time) ([]time.Time, error)
	BookVisit(ctx context.Context, slug string, in listing.LeadInput, b listing.VisitBooking) (int64, string, error)
	VisitByToken(ctx context.Context, token string) (listing.VisitLink, error)
	CancelVisit(ctx context.Context, token string) error
	RescheduleVisit(ctx context.Context, token string, b listing.VisitBooking) error
	QueueVisitReminders(ctx context.Context, until time.Time) (int, error)
}

// RemindBefore is how long before a visit its reminder goes out: the day
// before. A visit booked closer than that has no reminder; its
// confirmation is one.
const RemindBefore = 24 * time.Hour

// Service books visits: the free slots of a listing's broker, a booking
// checked against them, and a visitor's cancellation or new time.
type Service struct {
	store Store
	loc   *time.Location
	now   func() time.Time
}

// NewService returns the service over st, in the agency's zone loc; now
// is the clock (nil: time.Now).
func NewService(st Store, loc *time.Location, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: st, loc: loc, now: now}
}

// Location is the agency's time zone, which slots are offered in.
func (s *Service) Location() *time.Location { return s.loc }

// today is the agency's current date, YYYY-MM-DD.
func (s *Service) today() string { return s.now().In(s.loc).Format(time.DateOnly) }

// brokerSlots returns the free slots of the broker over the next Days.
func (s *Service) brokerSlots(ctx context.Context, broker int64) ([]Slot, error) {
	sch, err := s.store.VisitSchedule(ctx, broker, s.today())
	if err != nil {
		return nil, err
	}
	now := s.now()
	booked, err := s.store.BookedVisits(ctx, broker, now, now.AddDate(0, 0, Days+1))
	if err != nil {
		return nil, err
	}
	av, exc := FromSchedule(sch)
	return Slots(now, Days, av, exc, booked, s.loc), nil
}

// FreeSlots returns the free slots of the broker of the active listing at
// slug, over the next Days; none when the listing has no broker (or an
// inactive one) or the broker set no hours. An unknown listing is
// listing.ErrNotFound.
func (s *Service) FreeSlots(ctx context.Context, slug string) ([]Slot, error) {
	broker, err := s.store.VisitBroker(ctx, slug)
	if err != nil || broker == 0 {
		return nil, err
	}
	return s.brokerSlots(ctx, broker)
}

// Booking is a booked visit: its lead, its slot, and the visitor's link
// token.
type Booking struct {
	LeadID int64
	Slot   Slot
	Token  string
}

// msgNotOffered answers a time that is not one of the offered slots.
const msgNotOffered = "Escolha um dos horários oferecidos."

// Book books the slot that starts at start on the listing at slug for the
// visitor in (name, e-mail, phone, consent; its message is written
// here). The slot must be one of FreeSlots (a *listing.ValidationError
// on starts_at otherwise); when another visitor booked it, before or
// meanwhile, it is a *listing.ConflictError on starts_at.
func (s *Service) Book(ctx context.Context, slug string, in listing.LeadInput, start time.Time) (Booking, error) {
	broker, err := s.store.VisitBroker(ctx, slug)
	if err != nil {
		return Booking{}, err
	}
	in.Message = "Visita agendada pelo site para " + Long(start, s.loc) + "."
	in.Normalize()
	v := &listing.ValidationError{}
	if err := in.Validate(); err != nil {
		v = err.(*listing.ValidationError)
	}
	var slot Slot
	if broker == 0 {
		v.Add("starts_at", "Este imóvel não tem horários de visita.")
	} else {
		slots, err := s.brokerSlots(ctx, broker)
		if err != nil {
			return Booking{}, err
		}
		var ok bool
		if slot, ok = Offered(slots, start); !ok {
			if s.booked(ctx, broker, start) {
				// Booked before this visitor chose it: the answer of a
				// race lost, and the page's "já reservado".
				return Booking{}, &listing.ConflictError{Field: "starts_at"}
			}
			v.Add("starts_at", msgNotOffered)
		}
	}
	if err := v.Err(); err != nil {
		return Booking{}, err
	}
	id, token, err := s.store.BookVisit(ctx, slug, in, s.booking(broker, slot))
	return Booking{LeadID: id, Slot: slot, Token: token}, err
}

// booked reports whether start is the start of a visit booked with the
// broker.
func (s *Service) booked(ctx context.Context, broker int64, start time.Time) bool {
	b, err := s.store.BookedVisits(ctx, broker, start, start.Add(time.Second))
	return err == nil && len(b) > 0
}

func (s *Service) booking(broker int64, slot Slot) listing.VisitBooking {
	return listing.VisitBooking{BrokerID: broker, StartsAt: slot.Start, EndsAt: slot.End,
		NoReminder: slot.Start.Sub(s.now()) <= RemindBefore}
}

// Link is what a visitor's link shows: their visit and, while it is
// confirmed and its listing active, the other slots it may move to.
type Link struct {
	listing.VisitLink
	Slots []Slot
}

// Visit returns what the visitor's link token opens; listing.ErrNotFound
// for nothing.
func (s *Service) Visit(ctx context.Context, token string) (Link, error) {
	v, err := s.store.VisitByToken(ctx, token)
	if err != nil {
		return Link{}, err
	}
	l := Link{VisitLink: v}
	if v.Visit.Status != listing.VisitConfirmed || v.Visit.BrokerID == 0 || !v.Visit.StartsAt.After(s.now()) {
		return l, nil
	}
	l.Slots, err = s.brokerSlots(ctx, v.Visit.BrokerID)
	return l, err
}

// Cancel cancels the visitor's confirmed visit; a past, cancelled or
// unknown one is listing.ErrNotFound.
func (s *Service) Cancel(ctx context.Context, token string) error {
	v, err := s.store.VisitByToken(ctx, token)
	if err != nil {
		return err
	}
	if !v.Visit.StartsAt.After(s.now()) {
		return listing.ErrNotFound
	}
	return s.store.CancelVisit(ctx, token)
}

// Reschedule moves the visitor's confirmed, future visit to the free slot
// of its broker that starts at start (a *listing.ValidationError on
// starts_at when it is none; a *listing.ConflictError when another
// visitor took it meanwhile).
func (s *Service) Reschedule(ctx context.Context, token string, start time.Time) (Slot, error) {
	l, err := s.Visit(ctx, token)
	if err != nil {
		return Slot{}, err
	}
	if l.Visit.Status != listing.VisitConfirmed || !l.Visit.StartsAt.After(s.now()) {
		return Slot{}, listing.ErrNotFound
	}
	slot, ok := Offered(l.Slots, start)
	switch {
	case !ok && s.booked(ctx, l.Visit.BrokerID, start):
		return Slot{}, &listing.ConflictError{Field: "starts_at"}
	case !ok:
		return Slot{}, listing.Invalid("starts_at", msgNotOffered)
	}
	return slot, s.store.RescheduleVisit(ctx, token, s.booking(l.Visit.BrokerID, slot))
}

// Schedule returns the broker's hours and their exceptions from today.
func (s *Service) Schedule(ctx context.Context, userID int64) (listing.VisitSchedule, error) {
	return s.store.VisitSchedule(ctx, userID, s.today())
}

// SetSchedule checks sch and replaces the broker's hours with it. Each
// day's intervals must be valid (IntervalProblems); exceptions are dates
// (YYYY-MM-DD) from today on, one entry a date, at most MaxExceptions.
// Problems are a *listing.ValidationError by field ("weekly.1",
// "exceptions.0").
func (s *Service) SetSchedule(ctx context.Context, userID int64, sch listing.VisitSchedule) error {
	if err := s.CheckSchedule(sch); err != nil {
		return err
	}
	return s.store.SetVisitSchedule(ctx, userID, sch)
}

// CheckSchedule is SetSchedule's check.
func (s *Service) CheckSchedule(sch listing.VisitSchedule) error {
	v := &listing.ValidationError{}
	for d, ivs := range sch.Weekly {
		for _, p := range IntervalProblems(intervals(ivs), DefaultSlot) {
			v.Add("weekly."+itoa(d), p)
		}
	}
	if len(sch.Exceptions) > MaxExceptions {
		v.Add("exceptions", "No máximo "+itoa(MaxExceptions)+" exceções.")
	}
	seen := map[string]bool{}
	today := s.today()
	for i, e := range sch.Exceptions {
		field := "exceptions." + itoa(i)
		if _, err := ParseDate(e.Date, s.loc); err != nil {
			v.Add(field, "Informe a data como AAAA-MM-DD.")
			continue
		}
		switch {
		case e.Date < today:
			v.Add(field, "A data "+e.Date+" já passou.")
		case seen[e.Date]:
			v.Add(field, "A data "+e.Date+" aparece mais de uma vez.")
		}
		seen[e.Date] = true
		for _, p := range IntervalProblems(intervals(e.Intervals), DefaultSlot) {
			v.Add(field, p)
		}
	}
	return v.Err()
}

// RunReminders queues, every period until ctx ends, the reminders of the
// visits that start within RemindBefore (see Store.QueueVisitReminders,
// which queues each once whatever the instances running this).
func (s *Service) RunReminders(ctx context.Context, period time.Duration, log *slog.Logger) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		n, err := s.store.QueueVisitReminders(ctx, s.now().Add(RemindBefore))
		switch {
		case err != nil && ctx.Err() == nil:
			log.Warn("visits: cannot queue the reminders", "err", err)
		case n > 0:
			log.Info("visits: reminders queued", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
