package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Personal data under the LGPD: the notices shown beside the contact
// form, the agency's privacy policy, a data subject's leads found, and
// anonymised, by their e-mail, and the retention job's anonymisation.

// hashKeyName names the key of keyedHash in installation_secrets.
const hashKeyName = "personal_data_hash_key"

// What a keyed hash is of: each purpose hashes under its own prefix, so
// that the hash of an address never equals the hash of an e-mail.
const (
	hashClient = "client-address"
	hashEmail  = "email"
)

// keyedHash is the HMAC-SHA-256, in hex, of value for purpose under the
// installation's key. Unlike a bare SHA-256, it cannot be reversed by
// trying every IPv4 address or a list of e-mails without the key, which
// stays in the database.
func (s *Store) keyedHash(purpose, value string) string {
	m := hmac.New(sha256.New, s.hashKey)
	m.Write([]byte(purpose))
	m.Write([]byte{0})
	m.Write([]byte(value))
	return hex.EncodeToString(m.Sum(nil))
}

// EmailHash is the keyed hash under which an erasure record keeps the
// e-mail it was asked for (as listing.EmailKey writes it).
func (s *Store) EmailHash(email string) string {
	return s.keyedHash(hashEmail, listing.EmailKey(email))
}

// RecordNotice stores the notice n under its version, unless it is
// stored already, so that its exact text can be produced for every lead
// that names it. It returns the notice as stored.
func (s *Store) RecordNotice(ctx context.Context, n listing.Notice) (_ listing.Notice, err error) {
	defer opError(&err, "record notice")
	if n.Version != listing.NoticeVersion(n.Text, n.ConsentLabel) {
		return n, errors.New("the notice's version is not its text's")
	}
	if _, known := s.notices.Load(n.Version); !known {
		_, err := s.write.ExecContext(ctx, `INSERT INTO privacy_notices (version, text, consent_label, created_at)
VALUES ($1, $2, $3, $4) ON CONFLICT (version) DO NOTHING`, n.Version, n.Text, n.ConsentLabel, utc(s.now()))
		if err != nil {
			return n, s.wrap(err)
		}
		s.notices.Store(n.Version, true)
	}
	return s.notice(ctx, n.Version)
}

// Notice returns the notice of this version, or listing.ErrNotFound.
func (s *Store) Notice(ctx context.Context, version string) (_ listing.Notice, err error) {
	defer opError(&err, "notice")
	return s.notice(ctx, version)
}

func (s *Store) notice(ctx context.Context, version string) (n listing.Notice, err error) {
	err = s.read.QueryRowContext(ctx, `SELECT version, text, consent_label, created_at FROM privacy_notices WHERE version = $1`,
		version).Scan(&n.Version, &n.Text, &n.ConsentLabel, &n.CreatedAt)
	n.CreatedAt = n.CreatedAt.UTC()
	return n, s.wrap(err)
}

// knownNotice checks that a lead's notice version was recorded: a
// *listing.ValidationError on notice_version when it was not.
func (s *Store) knownNotice(ctx context.Context, version string) error {
	if _, ok := s.notices.Load(version); ok {
		return nil
	}
	_, err := s.notice(ctx, version)
	switch {
	case errors.Is(err, listing.ErrNotFound):
		return listing.Invalid("notice_version", listing.MsgUnknownNotice)
	case err != nil:
		return err
	}
	s.notices.Store(version, true)
	return nil
}

// PrivacyPolicy returns the agency's privacy policy, or
// listing.ErrNotFound while it has never been set.
func (s *Store) PrivacyPolicy(ctx context.Context) (p listing.PrivacyPolicy, err error) {
	defer opError(&err, "privacy policy")
	var by, byName sql.NullString
	err = s.read.QueryRowContext(ctx, `SELECT text, updated_at, updated_by, updated_by_name FROM privacy_policy WHERE id = 1`).
		Scan(&p.Text, &p.UpdatedAt, &by, &byName)
	if err != nil {
		return listing.PrivacyPolicy{}, s.wrap(err)
	}
	p.UpdatedAt = p.UpdatedAt.UTC()
	p.UpdatedBy = scanActor(by, byName)
	return p, nil
}

// SetPrivacyPolicy replaces the privacy policy with p, normalised and
// validated, as set by p.UpdatedBy, and returns it as stored. It bumps
// the catalogue version: the public page shows it.
func (s *Store) SetPrivacyPolicy(ctx context.Context, p listing.PrivacyPolicy) (_ listing.PrivacyPolicy, err error) {
	defer opError(&err, "set privacy policy")
	p.Normalize()
	if err := p.Validate(); err != nil {
		return listing.PrivacyPolicy{}, err
	}
	p.UpdatedAt = utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO privacy_policy (id, text, updated_at, updated_by, updated_by_name)
VALUES (1, $1, $2, $3, $4)
ON CONFLICT (id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at,
    updated_by = excluded.updated_by, updated_by_name = excluded.updated_by_name`,
			p.Text, p.UpdatedAt, actorRef(p.UpdatedBy), nullString(p.UpdatedBy.Name))
		if err != nil {
			return s.wrap(err)
		}
		return s.wrap(recordChange(ctx, tx))
	})
	if err != nil {
		return listing.PrivacyPolicy{}, err
	}
	return p, nil
}

// maxSubjectLeads bounds the leads one lookup returns: far more than one
// person sends.
const maxSubjectLeads = 10000

// SubjectLeads returns every lead sent with this e-mail address (in any
// case), newest first, with its consent evidence: what the store holds
// about that data subject. An e-mail that listing.ValidEmail refuses is a
// *listing.ValidationError on "email".
func (s *Store) SubjectLeads(ctx context.Context, email string) (_ []listing.Lead, err error) {
	defer opError(&err, "subject leads")
	email = strings.TrimSpace(email)
	if !listing.ValidEmail(email) {
		return nil, listing.Invalid("email", "Informe um e-mail válido.")
	}
	leads := []listing.Lead{}
	err = s.leadRows(ctx, s.read, []string{`l.email_key = $1`}, []any{listing.EmailKey(email)}, nil, maxSubjectLeads, 0,
		func(l listing.Lead) error {
			leads = append(leads, l)
			return nil
		})
	if err != nil {
		return nil, err
	}
	return leads, s.fillTimelines(ctx, s.read, leads)
}

// Erasures returns the anonymisations of leads sent with this e-mail
// (by its keyed hash), newest first; every one when email is "", at most
// limit.
func (s *Store) Erasures(ctx context.Context, email string, limit int) (_ []listing.Erasure, err error) {
	defer opError(&err, "erasures")
	q := `SELECT id, kind, email_hash, leads, at, by_ref, by_name FROM privacy_erasures`
	args := []any{limit}
	if email != "" {
		q += ` WHERE email_hash = $2`
		args = append(args, s.EmailHash(email))
	}
	rows, err := s.read.QueryContext(ctx, q+` ORDER BY at DESC, id DESC LIMIT $1`, args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := []listing.Erasure{}
	for rows.Next() {
		var e listing.Erasure
		var hash, by, byName sql.NullString
		if err := rows.Scan(&e.ID, &e.Kind, &hash, &e.Leads, &e.At, &by, &byName); err != nil {
			return nil, s.wrap(err)
		}
		e.EmailHash, e.At, e.By = hash.String, e.At.UTC(), scanActor(by, byName)
		out = append(out, e)
	}
	return out, s.wrap(rows.Err())
}

// AnonymizeSubject empties the personal fields of every lead sent with
// this e-mail (see anonymize), deletes its saved searches and favourites'
// e-mails, cancels their pending webhook deliveries,
// and records the erasure, by by, with the e-mail as its keyed hash, in
// one transaction (see recordErasure). A request that finds no lead is
// recorded too. The database's files are then scrubbed (see scrub), even
// when no lead was found, so that asking again finishes a scrub that
// failed; its failure is listing.ErrUnavailable, the leads being
// anonymised already.
func (s *Store) AnonymizeSubject(ctx context.Context, email string, by listing.Actor) (e listing.Erasure, err error) {
	defer opError(&err, "anonymize subject")
	email = strings.TrimSpace(email)
	if !listing.ValidEmail(email) {
		return e, listing.Invalid("email", "Informe um e-mail válido.")
	}
	e = listing.Erasure{Kind: listing.ErasureRequest, At: utc(s.now()), By: by, EmailHash: s.EmailHash(email)}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		ids, err := s.anonymize(ctx, tx, e.At, `email_key = $1`, listing.EmailKey(email))
		if err != nil {
			return err
		}
		// Saved searches hold nothing worth keeping once their e-mail is
		// gone: they go, with their links, news and alerts.
		if _, err := s.deleteSubjectSavedSearches(ctx, tx, listing.EmailKey(email)); err != nil {
			return err
		}
		if err := s.deleteFavoriteMails(ctx, tx, `email_key = $1`, listing.EmailKey(email)); err != nil {
			return err
		}
		e.ID, err = s.recordErasure(ctx, tx, &e, ids)
		return err
	})
	if err != nil {
		return listing.Erasure{}, err
	}
	if err := s.scrub(ctx); err != nil {
		return listing.Erasure{}, err
	}
	return e, nil
}

// retentionBatch is how many leads one transaction of AnonymizeExpired
// empties.
const retentionBatch = 500

// AnonymizeExpired empties the personal fields of every lead created
// before cutoff and not yet anonymised, retentionBatch leads a
// transaction, each recorded as a retention erasure, and returns how many
// it emptied. Several instances may run it at once: on PostgreSQL each
// skips the leads another holds (SKIP LOCKED), and a lead is emptied and
// counted once. When it emptied any, the database's files are scrubbed
// once at the end (see scrub).
func (s *Store) AnonymizeExpired(ctx context.Context, cutoff time.Time) (total int, err error) {
	defer opError(&err, "anonymize expired leads")
	for {
		n := 0
		err := s.inTx(ctx, func(tx *sql.Tx) error {
			e := listing.Erasure{Kind: listing.ErasureRetention, At: utc(s.now())}
			ids, err := s.anonymize(ctx, tx, e.At, `id IN (SELECT id FROM leads WHERE anonymized_at IS NULL AND created_at < $1
    ORDER BY created_at, id LIMIT `+strconv.Itoa(retentionBatch)+s.d.skipLocked()+`)`, utc(cutoff))
			if n = len(ids); err != nil || n == 0 {
				return err
			}
			_, err = s.recordErasure(ctx, tx, &e, ids)
			return err
		})
		total += n
		if err == nil && n == retentionBatch {
			continue
		}
		if err == nil && total > 0 {
			err = s.scrub(ctx)
		}
		return total, err
	}
}

// anonymize empties, in tx, the personal fields of the leads not yet
// anonymised that cond selects (its arguments are args, $1…): the name,
// e-mail and message become "", the phone, the note and the client's
// hash null. The rows stay, with their property, status and consent
// choice, so every count is kept. Their webhook deliveries lose their
// payload (a copy of the lead), and the pending ones are cancelled, as
// are their notice e-mails still pending. It returns the ids of the leads
// it emptied. Their timelines keep every event's kind, time and actor, but
// the events that hold what the visitor or staff wrote about them (notes,
// e-mails) lose their data.
func (s *Store) anonymize(ctx context.Context, tx *sql.Tx, at time.Time, cond string, args ...any) ([]int64, error) {
	args = append(args[:len(args):len(args)], at)
	rows, err := tx.QueryContext(ctx, `UPDATE leads SET name = '', email = '', email_key = NULL, phone = NULL, message = '', note = NULL,
    client_hash = NULL, anonymized_at = $`+strconv.Itoa(len(args))+`
WHERE `+cond+` AND anonymized_at IS NULL RETURNING id`, args...)
	if err != nil {
		return nil, s.wrap(err)
	}
	var emptied []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, s.wrap(err)
		}
		emptied = append(emptied, id)
	}
	if err := rows.Close(); err != nil {
		return nil, s.wrap(err)
	}
	ids := make([]any, len(emptied))
	for i, id := range emptied {
		ids[i] = id
	}
	for len(ids) > 0 {
		chunk := ids[:min(len(ids), retentionBatch)]
		ids = ids[len(chunk):]
		marks := make([]string, len(chunk))
		for i := range chunk {
			marks[i] = "$" + strconv.Itoa(i+2)
		}
		_, err := tx.ExecContext(ctx, `UPDATE lead_deliveries
SET status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END, payload = '{}', locked_until = NULL, updated_at = $1
WHERE lead_id IN (`+strings.Join(marks, ", ")+`)`, append([]any{at}, chunk...)...)
		if err != nil {
			return nil, s.wrap(err)
		}
		// A notice still waiting would be composed from the emptied lead:
		// it never goes out.
		_, err = tx.ExecContext(ctx, `UPDATE mail_outbox
SET status = 'cancelled', locked_until = NULL, last_error = '`+MailAnonymised+`', updated_at = $1
WHERE kind IN ('`+MailLeadNotice+`', '`+strings.Join(visitMailKinds, "', '")+`') AND status = 'pending' AND ref IN (`+strings.Join(marks, ", ")+`)`, append([]any{at}, chunk...)...)
		if err != nil {
			return nil, s.wrap(err)
		}
		// A visit's link opens nothing once its visitor is forgotten; its
		// slot and status stay, as the lead's counts do.
		_, err = tx.ExecContext(ctx, `UPDATE visits SET token_hash = NULL, token_nonce = NULL, updated_at = $1
WHERE lead_id IN (`+strings.Join(marks, ", ")+`)`, append([]any{at}, chunk...)...)
		if err != nil {
			return nil, s.wrap(err)
		}
		_, err = tx.ExecContext(ctx, `UPDATE lead_events SET data = '{}'
WHERE kind IN ($1, '`+string(listing.EventEmailSent)+`') AND lead_id IN (`+strings.Join(marks, ", ")+`)`,
			append([]any{string(listing.EventNote)}, chunk...)...)
		if err != nil {
			return nil, s.wrap(err)
		}
	}
	return emptied, nil
}

// ErasureEvent is the body POSTed to the agency's webhook when leads are
// anonymised (event lead.anonymised): which leads, never what they held,
// so that a CRM that received them can erase its copies.
type ErasureEvent struct {
	Event     string `json:"event"`      // EventLeadAnonymised
	ErasureID int64  `json:"erasure_id"` // the erasure record's id
	// Kind is "request" (a data subject's) or "retention".
	Kind         string    `json:"kind"`
	LeadIDs      []int64   `json:"lead_ids"`
	AnonymisedAt time.Time `json:"anonymised_at"`
}

// recordErasure writes e, emptying the leads ids (e.Leads is set to how
// many), in tx and returns its id. When the store keeps an outbox and ids
// is not empty, the erasure's webhook delivery is written too, in the
// same transaction: it is sent if and only if the leads were emptied.
func (s *Store) recordErasure(ctx context.Context, tx *sql.Tx, e *listing.Erasure, ids []int64) (int64, error) {
	e.Leads = len(ids)
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO privacy_erasures (kind, email_hash, leads, at, by_ref, by_name)
VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		string(e.Kind), nullString(e.EmailHash), e.Leads, e.At, actorRef(e.By), nullString(e.By.Name)).Scan(&id)
	if err != nil || !s.outbox || len(ids) == 0 {
		return id, s.wrap(err)
	}
	payload, err := json.Marshal(ErasureEvent{Event: EventLeadAnonymised, ErasureID: id, Kind: string(e.Kind), LeadIDs: ids, AnonymisedAt: e.At})
	if err != nil {
		return 0, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO erasure_deliveries (erasure_id, payload, status, attempts, next_attempt_at, updated_at)
VALUES ($1, $2, 'pending', 0, $3, $3)`, id, string(payload), e.At)
	return id, s.wrap(err)
}

// scrub removes from the database's files the earlier versions of the rows
// an anonymisation just emptied: an UPDATE leaves them behind, in freed
// space, in the log, or as dead tuples, for anyone who reads the files.
// Backups, and PostgreSQL's own log until its segments are recycled, keep
// them until they expire (docs/api.md). A failure is
// listing.ErrUnavailable: the leads are anonymised, and the next
// anonymisation scrubs again.
func (s *Store) scrub(ctx context.Context) error {
	if err := s.d.scrub(ctx, s.write); err != nil {
		return errors.Join(listing.ErrUnavailable, fmt.Errorf("scrub the files after an anonymisation: %w", err))
	}
	return nil
}
