package store

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// The e-mail outbox (mail_outbox): a message to send is a row written in
// the transaction of what causes it (enqueueMail), naming what it is
// about (a kind and a reference), never its content. The sender composes
// it when it sends it, from the data as it is then (LeadNotice), so the
// outbox copies no personal data, and a lead anonymised before its notice
// went out cancels it. Claims, leases and outcomes work as the webhook
// deliveries' do (outbox.go): the claim counts the attempt, and the
// attempt number fences an instance whose lease ran out.

// Kinds of e-mail.
const (
	// MailLeadNotice tells the agency of a new lead; its reference is the
	// lead's id.
	MailLeadNotice = "lead_notice"
)

// States of an e-mail in the outbox.
const (
	MailPending   = "pending"
	MailSent      = "sent"
	MailFailed    = "failed"
	MailCancelled = "cancelled" // what it was about was anonymised before it went out
)

// MailStates are the outbox's states, in the order they are shown.
var MailStates = []string{MailPending, MailSent, MailFailed, MailCancelled}

// Mail is a claimed e-mail, to compose and send.
type Mail struct {
	ID   int64
	Kind string
	Ref  int64
	// Attempt is this attempt's number, from 1; it counts every claim.
	Attempt   int
	CreatedAt time.Time
}

// OutboxMail is an e-mail of the outbox as the back office lists it.
type OutboxMail struct {
	ID            int64
	Kind          string
	Ref           int64
	Status        string
	Attempts      int
	LastError     string
	Recipient     string // "" until sent
	MessageID     string // "" until sent
	CreatedAt     time.Time
	NextAttemptAt time.Time
	SentAt        time.Time // zero until sent
	UpdatedAt     time.Time
}

// mailInsert writes a pending e-mail of kind $1 about $2, due at $3.
const mailInsert = `INSERT INTO mail_outbox (kind, ref, status, attempts, next_attempt_at, created_at, updated_at)
VALUES ($1, $2, 'pending', 0, $3, $3, $3)`

// enqueueMail writes, in tx, a pending e-mail of kind about ref, due now.
// Store code calls it inside the transaction of what causes the e-mail,
// so that the e-mail exists if and only if that is committed.
func (s *Store) enqueueMail(ctx context.Context, tx *sql.Tx, kind string, ref int64) error {
	_, err := tx.ExecContext(ctx, mailInsert, kind, ref, utc(s.now()))
	return s.wrap(err)
}

// ClaimMail claims up to limit pending e-mails that are due and not
// leased, oldest due first, and leases them for lease. On PostgreSQL
// concurrent claims skip each other's rows (FOR UPDATE SKIP LOCKED), so an
// e-mail goes to one instance at a time.
func (s *Store) ClaimMail(ctx context.Context, limit int, lease time.Duration) (_ []Mail, err error) {
	defer opError(&err, "claim mail")
	now := utc(s.now())
	rows, err := s.write.QueryContext(ctx, `UPDATE mail_outbox
SET locked_until = $1, attempts = attempts + 1, updated_at = $2
WHERE id IN (
    SELECT id FROM mail_outbox
    WHERE status = 'pending' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until <= $2)
    ORDER BY next_attempt_at, id
    LIMIT $3`+s.d.skipLocked()+`)
RETURNING id, kind, ref, attempts, created_at`, utc(now.Add(lease)), now, limit)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var out []Mail
	for rows.Next() {
		var m Mail
		if err := rows.Scan(&m.ID, &m.Kind, &m.Ref, &m.Attempt, &m.CreatedAt); err != nil {
			return nil, s.wrap(err)
		}
		m.CreatedAt = m.CreatedAt.UTC()
		out = append(out, m)
	}
	return out, s.wrap(rows.Err())
}

// MarkMailSent records that the server accepted the e-mail, for recipient,
// under messageID. As a delivery's success, it is recorded even when the
// lease ran out meanwhile; an e-mail cancelled meanwhile stays cancelled
// (ErrLeaseLost). A lead's notice also gets its event (event, of kind
// listing.EventEmailSent; nil for none) in the lead's timeline, in the
// same transaction: the timeline says sent exactly when the outbox does;
// so does a visit's e-mail.
func (s *Store) MarkMailSent(ctx context.Context, m Mail, recipient, messageID string, event *listing.LeadEvent) (err error) {
	defer opError(&err, "mark mail sent")
	now := utc(s.now())
	defer s.forgetLinkToken(ctx, m)
	if visitorMail(m.Kind) {
		// A visitor's address would outlive their saved search here,
		// beyond the LGPD's reach: the outbox keeps staff's only.
		recipient = ""
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return s.wrap(err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE mail_outbox
SET status = 'sent', locked_until = NULL, last_error = '', recipient = $2, message_id = $3, sent_at = $4, updated_at = $4
WHERE id = $1 AND status IN ('pending', 'failed')`, m.ID, recipient, messageID, now)
	if err != nil {
		return s.wrap(err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return s.wrap(err)
	} else if n == 0 {
		return ErrLeaseLost
	}
	if event != nil && (m.Kind == MailLeadNotice || slices.Contains(visitMailKinds, m.Kind)) {
		e := *event
		e.Kind, e.At = listing.EventEmailSent, now
		if err := s.AddLeadEvent(ctx, tx, m.Ref, e); err != nil {
			return err
		}
	}
	return s.wrap(tx.Commit())
}

// RetryMail records a failed attempt and makes the e-mail due again after
// wait. reason is shown to administrators: short, and without a secret or
// personal data.
func (s *Store) RetryMail(ctx context.Context, m Mail, wait time.Duration, reason string) (err error) {
	defer opError(&err, "retry mail")
	now := utc(s.now())
	return s.settle(ctx, `UPDATE mail_outbox
SET next_attempt_at = $3, locked_until = NULL, last_error = $4, updated_at = $5
WHERE id = $1 AND attempts = $2 AND status = 'pending'`, m.ID, m.Attempt, utc(now.Add(wait)), truncateReason(reason), now)
}

// FailMail gives the e-mail up ('failed'), with its reason.
func (s *Store) FailMail(ctx context.Context, m Mail, reason string) (err error) {
	defer opError(&err, "fail mail")
	return s.endMail(ctx, m, MailFailed, reason)
}

// CancelMail records that the e-mail must not go out ('cancelled'): what
// it was about is gone or anonymised.
func (s *Store) CancelMail(ctx context.Context, m Mail, reason string) (err error) {
	defer opError(&err, "cancel mail")
	return s.endMail(ctx, m, MailCancelled, reason)
}

func (s *Store) endMail(ctx context.Context, m Mail, status, reason string) error {
	defer s.forgetLinkToken(ctx, m)
	return s.settle(ctx, `UPDATE mail_outbox
SET status = $3, locked_until = NULL, last_error = $4, updated_at = $5
WHERE id = $1 AND attempts = $2 AND status = 'pending'`, m.ID, m.Attempt, status, truncateReason(reason), utc(s.now()))
}

// ExpireMail gives up ('failed', with reason) every pending e-mail created
// before cutoff that no instance holds, and returns how many.
func (s *Store) ExpireMail(ctx context.Context, cutoff time.Time, reason string) (_ int, err error) {
	defer opError(&err, "expire mail")
	now := utc(s.now())
	res, err := s.write.ExecContext(ctx, `UPDATE mail_outbox
SET status = 'failed', last_error = $2, updated_at = $3
WHERE status = 'pending' AND created_at < $1 AND (locked_until IS NULL OR locked_until <= $3)`,
		utc(cutoff), truncateReason(reason), now)
	if err != nil {
		return 0, s.wrap(err)
	}
	n, err := res.RowsAffected()
	return int(n), s.wrap(err)
}

// MailCounts returns how many e-mails the outbox holds in each state
// (every one of MailStates is present).
func (s *Store) MailCounts(ctx context.Context) (_ map[string]int, err error) {
	defer opError(&err, "mail counts")
	out := make(map[string]int, len(MailStates))
	for _, st := range MailStates {
		out[st] = 0
	}
	rows, err := s.read.QueryContext(ctx, `SELECT status, count(*) FROM mail_outbox GROUP BY status`)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, s.wrap(err)
		}
		out[st] = n
	}
	return out, s.wrap(rows.Err())
}

const outboxMailColumns = `id, kind, ref, status, attempts, last_error, recipient, message_id,
    created_at, next_attempt_at, sent_at, updated_at FROM mail_outbox`

// RecentMail returns the limit newest e-mails of the outbox.
func (s *Store) RecentMail(ctx context.Context, limit int) (_ []OutboxMail, err error) {
	defer opError(&err, "recent mail")
	return s.outboxMail(ctx, `SELECT `+outboxMailColumns+` ORDER BY created_at DESC, id DESC LIMIT $1`, limit)
}

// LeadMail returns the e-mails about the leads ids (their notices, a
// visit's e-mails), oldest first: what the LGPD export lists of the
// e-mails sent about a person.
func (s *Store) LeadMail(ctx context.Context, ids []int64) (_ []OutboxMail, err error) {
	defer opError(&err, "lead mail")
	out := []OutboxMail{}
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), retentionBatch)]
		ids = ids[len(chunk):]
		args := []any{MailLeadNotice}
		marks := make([]string, len(chunk))
		for i, id := range chunk {
			args = append(args, id)
			marks[i] = "$" + strconv.Itoa(i+2)
		}
		got, err := s.outboxMail(ctx, `SELECT `+outboxMailColumns+` WHERE kind IN ($1, '`+strings.Join(visitMailKinds, "', '")+`') AND ref IN (`+strings.Join(marks, ", ")+`)
ORDER BY created_at, id`, args...)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
	}
	return out, nil
}

func (s *Store) outboxMail(ctx context.Context, query string, args ...any) ([]OutboxMail, error) {
	rows, err := s.read.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := []OutboxMail{}
	for rows.Next() {
		var m OutboxMail
		var sent sql.NullTime
		if err := rows.Scan(&m.ID, &m.Kind, &m.Ref, &m.Status, &m.Attempts, &m.LastError, &m.Recipient, &m.MessageID,
			&m.CreatedAt, &m.NextAttemptAt, &sent, &m.UpdatedAt); err != nil {
			return nil, s.wrap(err)
		}
		m.CreatedAt, m.NextAttemptAt, m.UpdatedAt = m.CreatedAt.UTC(), m.NextAttemptAt.UTC(), m.UpdatedAt.UTC()
		if sent.Valid {
			m.SentAt = sent.Time.UTC()
		}
		out = append(out, m)
	}
	return out, s.wrap(rows.Err())
}

// LeadNotice is what the notice of a new lead is composed from, read when
// it is sent.
type LeadNotice struct {
	Lead listing.Lead // its property's id, slug, title and code included ("" once the property is deleted)
	// Agency is the agency's record; its zero value while it was never set.
	Agency listing.Agency
	// Assignee is the staff member the lead is assigned to, with their
	// e-mail; the zero NoticeAssignee while nobody is.
	Assignee NoticeAssignee
}

// NoticeAssignee is the staff member a lead is assigned to, as its notice
// needs them.
type NoticeAssignee struct {
	ID     int64
	Name   string
	Email  string
	Active bool // false once an administrador deactivated them
}

// LeadNotice returns what the notice of the lead id is composed from;
// listing.ErrNotFound when the lead does not exist.
func (s *Store) LeadNotice(ctx context.Context, id int64) (n LeadNotice, err error) {
	defer opError(&err, "lead notice")
	found := false
	err = s.leadRows(ctx, s.read, []string{`l.id = $1`}, []any{id}, nil, 1, 0, func(l listing.Lead) error {
		n.Lead, found = l, true
		return nil
	})
	if err != nil {
		return n, err
	}
	if !found {
		return n, listing.ErrNotFound
	}
	if uid, perr := strconv.ParseInt(n.Lead.AssignedTo.Ref, 10, 64); n.Lead.AssignedTo.Known() && perr == nil {
		var deactivated sql.NullTime
		err := s.read.QueryRowContext(ctx, `SELECT id, name, email, deactivated_at FROM users WHERE id = $1`,
			uid).Scan(&n.Assignee.ID, &n.Assignee.Name, &n.Assignee.Email, &deactivated)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			// Removed since the lead was read: nobody.
		case err != nil:
			return n, s.wrap(err)
		default:
			n.Assignee.Active = !deactivated.Valid
		}
	}
	a, err := s.Agency(ctx)
	switch {
	case err == nil:
		n.Agency = a
	case !errors.Is(err, listing.ErrNotFound):
		return n, err
	}
	return n, nil
}

// MailAnonymised is the reason recorded on a notice cancelled because its
// lead was anonymised.
const MailAnonymised = "cancelado: contato anonimizado"
