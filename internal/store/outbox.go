package store

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// The outbox: a lead's webhook delivery is written in the lead's own
// transaction (see insertLead), an anonymisation's in the anonymisation's
// (see recordErasure), and a worker takes them from lead_deliveries and
// erasure_deliveries.
//
// A worker claims due deliveries with a lease (locked_until): no other
// instance claims them until the lease ends, and a crashed instance's
// claims end with their lease. The claim counts the attempt, so the attempt
// number doubles as a fencing token: an instance whose lease ran out and
// was claimed again cannot reschedule or fail a delivery it no longer holds.

// Webhook events: a new lead, and an anonymisation of leads.
const (
	EventLeadCreated    = "lead.created"
	EventLeadAnonymised = "lead.anonymised"
)

// Delivery is a claimed webhook delivery: a new lead's (LeadID), or an
// anonymisation's (ErasureID).
type Delivery struct {
	LeadID    int64 // 0 for an anonymisation's delivery
	ErasureID int64 // 0 for a new lead's delivery
	// Payload is the exact body to send: the LeadEvent or the
	// ErasureEvent as JSON.
	Payload []byte
	// Attempt is this attempt's number, from 1; it counts every claim,
	// including those of an instance that stopped before recording its
	// outcome.
	Attempt int
}

// Event is the delivery's event: EventLeadCreated or EventLeadAnonymised.
func (d Delivery) Event() string {
	if d.ErasureID != 0 {
		return EventLeadAnonymised
	}
	return EventLeadCreated
}

// Key identifies the delivery for its receiver, who deduplicates on it:
// the lead's id, or "erasure-" and the anonymisation's id, which no lead
// id can equal.
func (d Delivery) Key() string {
	if d.ErasureID != 0 {
		return "erasure-" + strconv.FormatInt(d.ErasureID, 10)
	}
	return strconv.FormatInt(d.LeadID, 10)
}

// outboxTable returns the table that holds d and its key column and value.
func (d Delivery) outboxTable() (table, key string, id int64) {
	if d.ErasureID != 0 {
		return "erasure_deliveries", "erasure_id", d.ErasureID
	}
	return "lead_deliveries", "lead_id", d.LeadID
}

// ErrLeaseLost means a delivery is no longer held by the caller: its lease
// ran out and another claim took it, or its outcome is already recorded.
var ErrLeaseLost = errors.New("delivery no longer held: lease ran out or outcome already recorded")

// ClaimDeliveries claims up to limit pending deliveries that are due and
// not leased, new leads' first and then anonymisations', each oldest due
// first, and leases them for lease. On PostgreSQL concurrent claims skip
// each other's rows (FOR UPDATE SKIP LOCKED), so a delivery goes to one
// instance at a time.
func (s *Store) ClaimDeliveries(ctx context.Context, limit int, lease time.Duration) (_ []Delivery, err error) {
	defer opError(&err, "claim deliveries")
	var out []Delivery
	for _, d := range []Delivery{{LeadID: 1}, {ErasureID: 1}} {
		if len(out) >= limit {
			break
		}
		table, key, _ := d.outboxTable()
		got, err := s.claim(ctx, table, key, limit-len(out), lease)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

// claim claims up to limit due deliveries of one outbox table, whose key
// column is key.
func (s *Store) claim(ctx context.Context, table, key string, limit int, lease time.Duration) ([]Delivery, error) {
	now := utc(s.now())
	rows, err := s.write.QueryContext(ctx, `UPDATE `+table+`
SET locked_until = $1, attempts = attempts + 1, updated_at = $2
WHERE `+key+` IN (
    SELECT `+key+` FROM `+table+`
    WHERE status = 'pending' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= $2)
    ORDER BY next_attempt_at, `+key+`
    LIMIT $3`+s.d.skipLocked()+`)
RETURNING `+key+`, payload, attempts`, utc(now.Add(lease)), now, limit)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var out []Delivery
	for rows.Next() {
		var d Delivery
		var id int64
		var payload string
		if err := rows.Scan(&id, &payload, &d.Attempt); err != nil {
			return nil, s.wrap(err)
		}
		if table == "erasure_deliveries" {
			d.ErasureID = id
		} else {
			d.LeadID = id
		}
		d.Payload = []byte(payload)
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, s.wrap(err)
	}
	return out, nil
}

// MarkDelivered records that the receiver accepted the delivery. A success
// is recorded even when the lease ran out meanwhile, or when the delivery
// was given up by another instance: the lead did reach the agency. A
// delivery cancelled meanwhile (its lead was anonymised) stays cancelled:
// ErrLeaseLost.
func (s *Store) MarkDelivered(ctx context.Context, d Delivery) (err error) {
	defer opError(&err, "mark delivered")
	table, key, id := d.outboxTable()
	return s.settle(ctx, `UPDATE `+table+`
SET status = 'delivered', locked_until = NULL, last_error = '', updated_at = $2
WHERE `+key+` = $1 AND status IN ('pending', 'failed')`, id, utc(s.now()))
}

// RetryDelivery records a failed attempt and makes the delivery due again
// after the wait. reason is kept for the admin listing; it must be short
// and hold no secret.
func (s *Store) RetryDelivery(ctx context.Context, d Delivery, wait time.Duration, reason string) (err error) {
	defer opError(&err, "retry delivery")
	now := utc(s.now())
	table, key, id := d.outboxTable()
	return s.settle(ctx, `UPDATE `+table+`
SET next_attempt_at = $3, locked_until = NULL, last_error = $4, updated_at = $5
WHERE `+key+` = $1 AND attempts = $2 AND status = 'pending'`,
		id, d.Attempt, utc(now.Add(wait)), truncateReason(reason), now)
}

// FailDelivery records the last failed attempt: the delivery is given up
// and stays 'failed', with its reason, for an administrator to see.
func (s *Store) FailDelivery(ctx context.Context, d Delivery, reason string) (err error) {
	defer opError(&err, "fail delivery")
	table, key, id := d.outboxTable()
	return s.settle(ctx, `UPDATE `+table+`
SET status = 'failed', locked_until = NULL, last_error = $3, updated_at = $4
WHERE `+key+` = $1 AND attempts = $2 AND status = 'pending'`,
		id, d.Attempt, truncateReason(reason), utc(s.now()))
}

// settle runs one outcome update, which must touch the delivery's row.
func (s *Store) settle(ctx context.Context, query string, args ...any) error {
	res, err := s.write.ExecContext(ctx, query, args...)
	if err != nil {
		return s.wrap(err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return s.wrap(err)
	}
	if n == 0 {
		return ErrLeaseLost
	}
	return nil
}

// maxReason bounds a stored failure reason, in runes.
const maxReason = 200

func truncateReason(s string) string {
	if r := []rune(s); len(r) > maxReason {
		return string(r[:maxReason-1]) + "…"
	}
	return s
}

// DeliveryState returns the delivery state of a lead, for tests and tools;
// listing.ErrNotFound when the lead has no delivery.
func (s *Store) DeliveryState(ctx context.Context, leadID int64) (d listing.Delivery, err error) {
	defer opError(&err, "delivery state")
	var status string
	err = s.read.QueryRowContext(ctx, `SELECT status, attempts, last_error FROM lead_deliveries WHERE lead_id = $1`, leadID).
		Scan(&status, &d.Attempts, &d.LastError)
	d.Status = listing.DeliveryStatus(status)
	return d, s.wrap(err)
}
