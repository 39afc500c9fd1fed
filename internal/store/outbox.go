package store

import (
	"context"
	"errors"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// The outbox: a lead's webhook delivery is written in the lead's own
// transaction (see insertLead) and taken from lead_deliveries by a worker.
//
// A worker claims due deliveries with a lease (locked_until): no other
// instance claims them until the lease ends, and a crashed instance's
// claims end with their lease. The claim counts the attempt, so the attempt
// number doubles as a fencing token: an instance whose lease ran out and
// was claimed again cannot reschedule or fail a delivery it no longer holds.

// Delivery is a claimed webhook delivery.
type Delivery struct {
	LeadID  int64
	Payload []byte // the LeadEvent as JSON, the exact body to send
	// Attempt is this attempt's number, from 1; it counts every claim,
	// including those of an instance that stopped before recording its
	// outcome.
	Attempt int
}

// ErrLeaseLost means a delivery is no longer held by the caller: its lease
// ran out and another claim took it, or its outcome is already recorded.
var ErrLeaseLost = errors.New("delivery no longer held: lease ran out or outcome already recorded")

// ClaimDeliveries claims up to limit pending deliveries that are due and
// not leased, oldest due first, and leases them for lease. On PostgreSQL
// concurrent claims skip each other's rows (FOR UPDATE SKIP LOCKED), so a
// delivery goes to one instance at a time.
func (s *Store) ClaimDeliveries(ctx context.Context, limit int, lease time.Duration) (_ []Delivery, err error) {
	defer opError(&err, "claim deliveries")
	if limit <= 0 {
		return nil, nil
	}
	now := utc(s.now())
	rows, err := s.write.QueryContext(ctx, `UPDATE lead_deliveries
SET locked_until = $1, attempts = attempts + 1, updated_at = $2
WHERE lead_id IN (
    SELECT lead_id FROM lead_deliveries
    WHERE status = 'pending' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= $2)
    ORDER BY next_attempt_at, lead_id
    LIMIT $3`+s.d.skipLocked()+`)
RETURNING lead_id, payload, attempts`, utc(now.Add(lease)), now, limit)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var out []Delivery
	for rows.Next() {
		var d Delivery
		var payload string
		if err := rows.Scan(&d.LeadID, &payload, &d.Attempt); err != nil {
			return nil, s.wrap(err)
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
	return s.settle(ctx, `UPDATE lead_deliveries
SET status = 'delivered', locked_until = NULL, last_error = '', updated_at = $2
WHERE lead_id = $1 AND status IN ('pending', 'failed')`, d.LeadID, utc(s.now()))
}

// RetryDelivery records a failed attempt and makes the delivery due again
// after the wait. reason is kept for the admin listing; it must be short
// and hold no secret.
func (s *Store) RetryDelivery(ctx context.Context, d Delivery, wait time.Duration, reason string) (err error) {
	defer opError(&err, "retry delivery")
	now := utc(s.now())
	return s.settle(ctx, `UPDATE lead_deliveries
SET next_attempt_at = $3, locked_until = NULL, last_error = $4, updated_at = $5
WHERE lead_id = $1 AND attempts = $2 AND status = 'pending'`,
		d.LeadID, d.Attempt, utc(now.Add(wait)), truncateReason(reason), now)
}

// FailDelivery records the last failed attempt: the delivery is given up
// and stays 'failed', with its reason, for an administrator to see.
func (s *Store) FailDelivery(ctx context.Context, d Delivery, reason string) (err error) {
	defer opError(&err, "fail delivery")
	return s.settle(ctx, `UPDATE lead_deliveries
SET status = 'failed', locked_until = NULL, last_error = $3, updated_at = $4
WHERE lead_id = $1 AND attempts = $2 AND status = 'pending'`,
		d.LeadID, d.Attempt, truncateReason(reason), utc(s.now()))
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
