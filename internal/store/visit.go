package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"sort"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Kinds of the visits' e-mails; each one's reference is the visit's lead
// id, and each is composed from the visit as it is when it goes out: the
// booking, a new time or a cancellation alike.
const (
	// MailVisitVisitor tells the visitor of their visit, with its .ics
	// and their link to cancel or reschedule it.
	MailVisitVisitor = "visit_visitor"
	// MailVisitBroker tells the broker (the agency when there is none)
	// of the visit, with its .ics.
	MailVisitBroker = "visit_broker"
	// MailVisitReminder reminds the visitor the day before.
	MailVisitReminder = "visit_reminder"
)

// visitMailKinds are the e-mails about a visit lead that its
// anonymisation cancels, with its notice.
var visitMailKinds = []string{MailVisitVisitor, MailVisitBroker, MailVisitReminder}

// visitPrefix starts a visitor's link token, so that a token says what
// it opens.
const visitPrefix = "vst_"

// hashVisitLink is the keyed hash's purpose that makes a visit's link
// token from its nonce: the token itself is stored nowhere, and is made
// again when an e-mail is composed.
const hashVisitLink = "visit-link"

// visitToken returns the link token of a visit whose nonce is nonce.
func (s *Store) visitToken(nonce string) string {
	return visitPrefix + s.keyedHash(hashVisitLink, nonce)
}

// visitRequest is the slot a lead request books (see BookVisit).
type visitRequest struct {
	listing.VisitBooking
	nonce, tokenHash string
}

// BookVisit stores a visit lead about the active property with this slug
// (see CreateLead: assigned, with its timeline and webhook delivery, in
// one transaction) with its slot b, and returns the lead's id and the
// visitor's link token. The slot must be the listing broker's: when the
// listing's broker changed since the slots were offered, it is a
// *listing.ValidationError on starts_at. When another visit holds the
// broker's slot it is a *listing.ConflictError on starts_at: the partial
// unique index decides, so that of two instances booking one slot at
// once exactly one wins. Instead of the lead's notice, the visitor and
// the broker are each sent their e-mail (MailVisitVisitor,
// MailVisitBroker).
func (s *Store) BookVisit(ctx context.Context, slug string, in listing.LeadInput, b listing.VisitBooking) (id int64, token string, err error) {
	defer opError(&err, "book visit")
	if !listing.ValidSlug(slug) {
		return 0, "", listing.ErrNotFound
	}
	clientHash, err := s.leadEvidence(ctx, &in)
	if err != nil {
		return 0, "", err
	}
	nonce := make([]byte, 16)
	rand.Read(nonce) // never fails (crypto/rand)
	v := &visitRequest{VisitBooking: b, nonce: hex.EncodeToString(nonce)}
	token = s.visitToken(v.nonce)
	v.tokenHash = hashToken(token)
	id, _, err = s.leads.submit(ctx, &leadRequest{ctx: ctx, slug: slug, in: in, clientHash: clientHash, visit: v})
	if err != nil {
		return 0, "", err
	}
	return id, token, nil
}

// errVisitBroker: the slot booked is no longer the listing broker's. A
// new error each time: a *listing.ValidationError is not to be shared.
func errVisitBroker() error {
	return listing.Invalid("starts_at", "Este horário não está mais disponível. Escolha outro.")
}

// insertVisit writes, with the writer's statements bound to the lead's
// transaction, the visit of lead id and its two e-mails (insertLead
// checked that the slot is the listing broker's).
func (s *Store) insertVisit(ctx context.Context, st *leadStmts, id int64, v *visitRequest, now time.Time) error {
	var reminded any
	if v.NoReminder {
		reminded = now
	}
	if _, err := st.visit.ExecContext(ctx, id, v.BrokerID, utc(v.StartsAt), utc(v.EndsAt), v.tokenHash, v.nonce, now, reminded); err != nil {
		return s.wrap(err)
	}
	for _, kind := range []string{MailVisitVisitor, MailVisitBroker} {
		if _, err := st.notice.ExecContext(ctx, kind, id, now); err != nil {
			return s.wrap(err)
		}
	}
	return nil
}

const insertVisitSQL = `INSERT INTO visits (lead_id, broker_id, starts_at, ends_at, status, ics_sequence, token_hash, token_nonce,
    created_at, updated_at, reminded_at)
VALUES ($1, $2, $3, $4, 'confirmed', 0, $5, $6, $7, $7, $8)`

// VisitBroker returns the broker of the active property with this slug
// who receives visits: the listing's broker while their account is
// active, else 0. An unknown or inactive property is listing.ErrNotFound.
func (s *Store) VisitBroker(ctx context.Context, slug string) (id int64, err error) {
	defer opError(&err, "visit broker")
	if !listing.ValidSlug(slug) {
		return 0, listing.ErrNotFound
	}
	var broker sql.NullInt64
	err = s.read.QueryRowContext(ctx, `SELECT u.id FROM properties p
LEFT JOIN users u ON u.id = p.broker_id AND u.deactivated_at IS NULL
WHERE p.slug = $1 AND p.is_active`, slug).Scan(&broker)
	return broker.Int64, s.wrap(err)
}

// BookedVisits returns the start of every confirmed visit of the broker
// that starts in [from, to).
func (s *Store) BookedVisits(ctx context.Context, brokerID int64, from, to time.Time) (_ []time.Time, err error) {
	defer opError(&err, "booked visits")
	rows, err := s.read.QueryContext(ctx, `SELECT starts_at FROM visits
WHERE broker_id = $1 AND status = 'confirmed' AND starts_at >= $2 AND starts_at < $3 ORDER BY starts_at`,
		brokerID, utc(from), utc(to))
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var t time.Time
		if err := rows.Scan(&t); err != nil {
			return nil, s.wrap(err)
		}
		out = append(out, t.UTC())
	}
	return out, s.wrap(rows.Err())
}

// VisitSchedule returns the broker's availability: their week, and the
// exceptions of since's date (YYYY-MM-DD) and later. A user who does not
// exist is listing.ErrNotFound.
func (s *Store) VisitSchedule(ctx context.Context, userID int64, since string) (sch listing.VisitSchedule, err error) {
	defer opError(&err, "visit schedule")
	var one int
	if err := s.read.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`, userID).Scan(&one); err != nil {
		return sch, s.wrap(err)
	}
	rows, err := s.read.QueryContext(ctx, `SELECT weekday, starts, ends FROM visit_hours WHERE user_id = $1 ORDER BY weekday, starts`, userID)
	if err != nil {
		return sch, s.wrap(err)
	}
	for rows.Next() {
		var d int
		var iv listing.VisitInterval
		if err := rows.Scan(&d, &iv.Start, &iv.End); err != nil {
			rows.Close()
			return sch, s.wrap(err)
		}
		sch.Weekly[d] = append(sch.Weekly[d], iv)
	}
	if err := rows.Close(); err != nil {
		return sch, s.wrap(err)
	}
	rows, err = s.read.QueryContext(ctx, `SELECT day, starts, ends FROM visit_exceptions
WHERE user_id = $1 AND day >= $2 ORDER BY day, starts`, userID, since)
	if err != nil {
		return sch, s.wrap(err)
	}
	defer rows.Close()
	sch.Exceptions = []listing.VisitException{}
	for rows.Next() {
		var day string
		var start, end sql.NullInt64
		if err := rows.Scan(&day, &start, &end); err != nil {
			return sch, s.wrap(err)
		}
		if n := len(sch.Exceptions); n == 0 || sch.Exceptions[n-1].Date != day {
			sch.Exceptions = append(sch.Exceptions, listing.VisitException{Date: day, Intervals: []listing.VisitInterval{}})
		}
		if start.Valid {
			e := &sch.Exceptions[len(sch.Exceptions)-1]
			e.Intervals = append(e.Intervals, listing.VisitInterval{Start: int(start.Int64), End: int(end.Int64)})
		}
	}
	return sch, s.wrap(rows.Err())
}

// SetVisitSchedule replaces the broker's availability with sch, which
// the caller validated (package visits). Visits booked before stay. A
// user who does not exist is listing.ErrNotFound.
func (s *Store) SetVisitSchedule(ctx context.Context, userID int64, sch listing.VisitSchedule) (err error) {
	defer opError(&err, "set visit schedule")
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var one int
		if err := tx.QueryRowContext(ctx, `SELECT 1 FROM users WHERE id = $1`, userID).Scan(&one); err != nil {
			return s.wrap(err)
		}
		for _, q := range []string{`DELETE FROM visit_hours WHERE user_id = $1`, `DELETE FROM visit_exceptions WHERE user_id = $1`} {
			if _, err := tx.ExecContext(ctx, q, userID); err != nil {
				return s.wrap(err)
			}
		}
		for d, ivs := range sch.Weekly {
			for _, iv := range ivs {
				if _, err := tx.ExecContext(ctx, `INSERT INTO visit_hours (user_id, weekday, starts, ends) VALUES ($1, $2, $3, $4)`,
					userID, d, iv.Start, iv.End); err != nil {
					return s.wrap(err)
				}
			}
		}
		for _, e := range sch.Exceptions {
			if len(e.Intervals) == 0 {
				if _, err := tx.ExecContext(ctx, `INSERT INTO visit_exceptions (user_id, day) VALUES ($1, $2)`, userID, e.Date); err != nil {
					return s.wrap(err)
				}
			}
			for _, iv := range e.Intervals {
				if _, err := tx.ExecContext(ctx, `INSERT INTO visit_exceptions (user_id, day, starts, ends) VALUES ($1, $2, $3, $4)`,
					userID, e.Date, iv.Start, iv.End); err != nil {
					return s.wrap(err)
				}
			}
		}
		return nil
	})
}

// VisitByToken returns the visit a visitor's link token opens; a token
// that opens none (unknown, or its lead anonymised) is
// listing.ErrNotFound.
func (s *Store) VisitByToken(ctx context.Context, token string) (v listing.VisitLink, err error) {
	defer opError(&err, "visit by token")
	if !wellFormed(token, visitPrefix) {
		return v, listing.ErrNotFound
	}
	var broker sql.NullInt64
	var slug, title sql.NullString
	err = s.read.QueryRowContext(ctx, `SELECT v.lead_id, p.slug, p.title, v.broker_id, v.starts_at, v.ends_at, v.status, v.ics_sequence
FROM visits v JOIN leads l ON l.id = v.lead_id LEFT JOIN properties p ON p.id = l.property_id
WHERE v.token_hash = $1`, hashToken(token)).Scan(&v.LeadID, &slug, &title, &broker,
		&v.Visit.StartsAt, &v.Visit.EndsAt, &v.Visit.Status, &v.Visit.Sequence)
	v.PropertySlug, v.PropertyTitle, v.Visit.BrokerID = slug.String, title.String, broker.Int64
	v.Visit.StartsAt, v.Visit.EndsAt = v.Visit.StartsAt.UTC(), v.Visit.EndsAt.UTC()
	return v, s.wrap(err)
}

// CancelVisit cancels the confirmed visit of token: its slot is free
// again, its invitation's sequence goes up, and the visitor and the
// broker are each sent its cancellation. A visit cancelled already, or
// a token that opens none, is listing.ErrNotFound.
func (s *Store) CancelVisit(ctx context.Context, token string) (err error) {
	defer opError(&err, "cancel visit")
	return s.changeVisit(ctx, token, `status = 'cancelled'`)
}

// RescheduleVisit moves the confirmed visit of token to the slot b (whose
// broker must be the visit's): its sequence goes up, its reminder is due
// again (unless b.NoReminder), and the visitor and the broker are each sent the new time.
// Another visit holding that slot is a *listing.ConflictError on
// starts_at, as for BookVisit.
func (s *Store) RescheduleVisit(ctx context.Context, token string, b listing.VisitBooking) (err error) {
	defer opError(&err, "reschedule visit")
	var reminded any
	if b.NoReminder {
		reminded = utc(s.now())
	}
	return s.changeVisit(ctx, token, `starts_at = $3, ends_at = $4, reminded_at = $6`, utc(b.StartsAt), utc(b.EndsAt), b.BrokerID, reminded)
}

// changeVisit applies set to the confirmed visit of token, with its
// sequence raised, records it in the lead's timeline (EventVisit) and
// queues its two e-mails; with a broker (args[2],
// bound to $5) the visit must be that broker's.
func (s *Store) changeVisit(ctx context.Context, token, set string, args ...any) error {
	if !wellFormed(token, visitPrefix) {
		return listing.ErrNotFound
	}
	now := utc(s.now())
	cond := ``
	if len(args) >= 3 {
		cond = ` AND broker_id = $5`
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var id int64
		v := listing.LeadVisit{}
		err := tx.QueryRowContext(ctx, `UPDATE visits SET `+set+`, ics_sequence = ics_sequence + 1, updated_at = $2
WHERE token_hash = $1 AND status = 'confirmed'`+cond+` RETURNING lead_id, starts_at, ends_at, status`,
			append([]any{hashToken(token), now}, args...)...).Scan(&id, &v.StartsAt, &v.EndsAt, &v.Status)
		if err != nil {
			return s.wrap(err)
		}
		// The timeline says what the visitor did, by the link (no staff).
		if err := s.AddLeadEvent(ctx, tx, id, listing.LeadEvent{Kind: listing.EventVisit, At: now, Visit: v}); err != nil {
			return err
		}
		for _, kind := range []string{MailVisitVisitor, MailVisitBroker} {
			if err := s.enqueueMail(ctx, tx, kind, id); err != nil {
				return err
			}
		}
		return nil
	})
}

// QueueVisitReminders queues the reminder of every confirmed visit that
// starts after now and before until and whose reminder was not queued,
// and returns how many it queued. Each visit is claimed by the UPDATE of
// its reminded_at from null, so that instances running it at once queue
// each reminder once.
func (s *Store) QueueVisitReminders(ctx context.Context, until time.Time) (n int, err error) {
	defer opError(&err, "queue visit reminders")
	now := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE visits SET reminded_at = $1
WHERE status = 'confirmed' AND reminded_at IS NULL AND starts_at > $1 AND starts_at <= $2 RETURNING lead_id`, now, utc(until))
		if err != nil {
			return s.wrap(err)
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return s.wrap(err)
			}
			ids = append(ids, id)
		}
		if err := rows.Close(); err != nil {
			return s.wrap(err)
		}
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		for _, id := range ids {
			if err := s.enqueueMail(ctx, tx, MailVisitReminder, id); err != nil {
				return err
			}
		}
		n = len(ids)
		return nil
	})
	return n, err
}

// VisitMail is what a visit's e-mails are composed from.
type VisitMail struct {
	LeadNotice // the lead (its visit included), the agency, the assignee
	// Broker is the visit's broker; the zero NoticeAssignee once their
	// account was removed.
	Broker NoticeAssignee
	// Property is the visit's listing (whose public address the
	// invitation may show: Property.Public); nil once it is deleted.
	Property *listing.Property
	// Token is the visitor's link token; "" once the lead is anonymised.
	Token string
}

// VisitMailData returns what the e-mails of the visit lead id are
// composed from; listing.ErrNotFound when it is no visit's.
func (s *Store) VisitMailData(ctx context.Context, id int64) (m VisitMail, err error) {
	defer opError(&err, "visit mail")
	if m.LeadNotice, err = s.LeadNotice(ctx, id); err != nil {
		return m, err
	}
	if m.Lead.Kind() != listing.KindVisit {
		return m, listing.ErrNotFound
	}
	var nonce sql.NullString
	if err := s.read.QueryRowContext(ctx, `SELECT token_nonce FROM visits WHERE lead_id = $1`, id).Scan(&nonce); err != nil {
		return m, s.wrap(err)
	}
	if nonce.Valid {
		m.Token = s.visitToken(nonce.String)
	}
	if b := m.Lead.Visit.BrokerID; b != 0 {
		var deactivated sql.NullTime
		err := s.read.QueryRowContext(ctx, `SELECT id, name, email, deactivated_at FROM users WHERE id = $1`, b).
			Scan(&m.Broker.ID, &m.Broker.Name, &m.Broker.Email, &deactivated)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return m, s.wrap(err)
		}
		m.Broker.Active = err == nil && !deactivated.Valid
	}
	if m.Lead.PropertyID != "" {
		p, err := s.Property(ctx, m.Lead.PropertyID)
		if err != nil && !errors.Is(err, listing.ErrNotFound) {
			return m, err
		}
		if err == nil {
			m.Property = &p
		}
	}
	return m, nil
}
