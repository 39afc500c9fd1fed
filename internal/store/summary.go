package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// The daily summary: once a day, when the agency asked for it
// (listing.Agency.DailySummary), each staff member with leads still
// "novo" since before a cutoff gets an e-mail listing them, and each
// administrador the ones nobody active is assigned (nobody, or a
// deactivated user, whose leads would otherwise wait unseen). QueueDailySummaries writes
// the day's e-mails to the outbox (mail.go), one per recipient, in the
// transaction that records the day in summary_days: the instance whose
// transaction commits first queues them, and the others find the day
// taken. As every e-mail of the outbox, a summary names its recipient
// (its reference is the user's id), not its content, which is read when
// it is sent (DailySummary).

// MailDailySummary is the kind of a daily summary's e-mail; its reference
// is the recipient's user id.
const MailDailySummary = "daily_summary"

// SummaryLimit is how many leads each list of a summary shows; the rest
// are counted.
const SummaryLimit = 50

// summaryPending selects (on leads l) the leads a summary lists: still
// "novo", not anonymised, and created before the cutoff, $1.
const summaryPending = `l.status = 'novo' AND l.anonymized_at IS NULL AND l.created_at < $1`

// summaryUnattended selects (on leads l) the leads nobody active is
// assigned.
const summaryUnattended = `(l.assigned_to IS NULL OR l.assigned_to IN (SELECT id FROM users WHERE deactivated_at IS NOT NULL))`

// QueueDailySummaries queues the summaries of day (the agency's day,
// YYYY-MM-DD) unless the agency did not ask for them or the day's were
// queued before, and returns how many it queued: one for each active
// staff member with leads pending since before cutoff, and for each
// active administrador while leads nobody active is assigned are.
func (s *Store) QueueDailySummaries(ctx context.Context, day string, cutoff time.Time) (queued int, err error) {
	defer opError(&err, "queue daily summaries")
	now := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var on bool
		err := tx.QueryRowContext(ctx, `SELECT daily_summary FROM agency WHERE id = 1`).Scan(&on)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !on) {
			return nil
		}
		if err != nil {
			return s.wrap(err)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO summary_days (day, queued_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`, day, now)
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return s.wrap(err)
		}
		res, err = tx.ExecContext(ctx, `INSERT INTO mail_outbox (kind, ref, status, attempts, next_attempt_at, created_at, updated_at)
SELECT $2, u.id, 'pending', 0, $3, $3, $3 FROM users u
WHERE u.deactivated_at IS NULL AND (
    EXISTS (SELECT 1 FROM leads l WHERE l.assigned_to = u.id AND `+summaryPending+`)
    OR (u.role = 'administrador' AND EXISTS (SELECT 1 FROM leads l WHERE `+summaryUnattended+` AND `+summaryPending+`)))
ORDER BY u.id`, utc(cutoff), MailDailySummary, now)
		if err != nil {
			return s.wrap(err)
		}
		n, err := res.RowsAffected()
		queued = int(n)
		return s.wrap(err)
	})
	return queued, err
}

// DailySummary is what the summary of one staff member is composed from,
// read when it is sent.
type DailySummary struct {
	Recipient SummaryRecipient
	Agency    listing.Agency // the zero value while never set
	// Assigned are the recipient's own pending leads, newest first, and
	// Unassigned the pending leads nobody active is assigned (for an
	// administrador; empty for others).
	Assigned, Unassigned SummaryLeads
}

// SummaryRecipient is the staff member a summary goes to.
type SummaryRecipient struct {
	ID     int64
	Name   string
	Email  string
	Role   listing.Role
	Active bool // false once an administrador deactivated them
}

// SummaryLeads is one list of a summary: its first SummaryLimit leads
// and how many there are.
type SummaryLeads struct {
	Items []listing.Lead
	Total int
}

// DailySummary returns what the summary of the user uid is composed
// from, with the leads pending since before cutoff; listing.ErrNotFound
// when the user does not exist.
func (s *Store) DailySummary(ctx context.Context, uid int64, cutoff time.Time) (d DailySummary, err error) {
	defer opError(&err, "daily summary")
	var role string
	var deactivated sql.NullTime
	err = s.read.QueryRowContext(ctx, `SELECT id, name, email, role, deactivated_at FROM users WHERE id = $1`, uid).
		Scan(&d.Recipient.ID, &d.Recipient.Name, &d.Recipient.Email, &role, &deactivated)
	if err != nil {
		return d, s.wrap(err)
	}
	d.Recipient.Role, d.Recipient.Active = listing.Role(role), !deactivated.Valid
	if d.Assigned, err = s.summaryLeads(ctx, `l.assigned_to = $2`, cutoff, uid); err != nil {
		return d, err
	}
	if d.Recipient.Role == listing.RoleAdministrador {
		if d.Unassigned, err = s.summaryLeads(ctx, summaryUnattended, cutoff); err != nil {
			return d, err
		}
	}
	if d.Agency, err = s.Agency(ctx); errors.Is(err, listing.ErrNotFound) {
		err = nil
	}
	return d, err
}

// summaryLeads reads the list of the pending leads (since before cutoff)
// that cond selects, with its arguments from $2.
func (s *Store) summaryLeads(ctx context.Context, cond string, cutoff time.Time, args ...any) (SummaryLeads, error) {
	out := SummaryLeads{Items: []listing.Lead{}}
	conds := []string{summaryPending, cond}
	args = append([]any{utc(cutoff)}, args...)
	if err := s.read.QueryRowContext(ctx, `SELECT count(*) FROM leads l`+whereClause(conds), args...).Scan(&out.Total); err != nil {
		return out, s.wrap(err)
	}
	err := s.leadRows(ctx, s.read, conds, args, nil, SummaryLimit, 0, func(l listing.Lead) error {
		out.Items = append(out.Items, l)
		return nil
	})
	return out, err
}
