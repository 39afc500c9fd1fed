package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// Account links (account_links): single-use links by which staff choose
// their own password, an administrador's invitation or a forgotten
// password's reset. Each is found by the SHA-256 hash of its token. The
// raw token must reach the e-mail, which the outbox composes when it
// sends it, so the row keeps it until its e-mail is sent, given up or
// cancelled (forgetLinkToken), never longer than the link lives: the
// retention job deletes used and expired links (DeleteStaleLinks).

// Kinds of e-mail about an account link; the reference is the link's id.
const (
	MailInvitation    = "invitation"
	MailPasswordReset = "password_reset"
)

// How long a link lives.
const (
	InvitationTTL    = 72 * time.Hour
	PasswordResetTTL = time.Hour
)

// Prefixes of the links' tokens, so that a token says what it opens.
const (
	invitePrefix = "vi_"
	resetPrefix  = "vr_"
)

const (
	linkInvite = "invite"
	linkReset  = "reset"
)

// Invitation is a pending invitation, as the staff page lists it.
type Invitation struct {
	ID        int64
	Email     string
	Name      string
	Role      listing.Role
	InvitedBy string // the name of who invited, as it was then
	CreatedAt time.Time
	ExpiresAt time.Time
}

// AccountMail is what an invitation's or a reset's e-mail is composed
// from, read when it is sent.
type AccountMail struct {
	Kind      string // MailInvitation or MailPasswordReset
	Email     string // the recipient
	Name      string
	Role      listing.Role
	InvitedBy string
	// Token is the link's raw token; "" once the link was used, or its
	// e-mail sent or given up.
	Token     string
	ExpiresAt time.Time
	Agency    listing.Agency // the zero value while never set
}

// LinkInfo is what the page opened from a link shows before it is used.
type LinkInfo struct {
	Kind      string // "invite" or "reset"
	Email     string
	Name      string
	Role      listing.Role
	ExpiresAt time.Time
}

// newLinkToken returns a new token with prefix and its stored hash.
func newLinkToken(prefix string) (token, hash string) {
	secret := make([]byte, 32)
	rand.Read(secret) // never fails (crypto/rand)
	token = prefix + base64.RawURLEncoding.EncodeToString(secret)
	return token, hashToken(token)
}

const invitationFields = `id, email, name, role, invited_by, created_at, expires_at`

func scanInvitation(row interface{ Scan(...any) error }) (Invitation, error) {
	var inv Invitation
	var role string
	err := row.Scan(&inv.ID, &inv.Email, &inv.Name, &role, &inv.InvitedBy, &inv.CreatedAt, &inv.ExpiresAt)
	inv.Role, inv.CreatedAt, inv.ExpiresAt = listing.Role(role), inv.CreatedAt.UTC(), inv.ExpiresAt.UTC()
	return inv, err
}

// Invite records an invitation to join the staff as in says (its
// password is ignored) by the user by, and its e-mail in the outbox, in
// one transaction. An e-mail already a user's is a *listing.ConflictError
// on "email"; a pending invitation to the same e-mail is replaced (its
// link dies).
func (s *Store) Invite(ctx context.Context, in listing.UserInput, by listing.User) (inv Invitation, err error) {
	defer opError(&err, "invite")
	in.Normalize()
	if err := in.ValidateInvitation(); err != nil {
		return inv, err
	}
	err = s.staffTx(ctx, func(tx *sql.Tx) error {
		var taken int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE email = $1`, in.Email).Scan(&taken); err != nil {
			return s.wrap(err)
		}
		if taken > 0 {
			return &listing.ConflictError{Field: "email"}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_links WHERE kind = $1 AND email = $2`, linkInvite, in.Email); err != nil {
			return s.wrap(err)
		}
		inv, err = s.insertInvitation(ctx, tx, Invitation{Email: in.Email, Name: in.Name, Role: in.Role, InvitedBy: by.Name})
		return err
	})
	return inv, err
}

// insertInvitation writes, in tx, a new link for inv and its e-mail.
func (s *Store) insertInvitation(ctx context.Context, tx *sql.Tx, inv Invitation) (Invitation, error) {
	token, hash := newLinkToken(invitePrefix)
	now := utc(s.now())
	inv.CreatedAt, inv.ExpiresAt = now, now.Add(InvitationTTL)
	err := tx.QueryRowContext(ctx, `INSERT INTO account_links (kind, token_hash, token, email, name, role, invited_by, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
		linkInvite, hash, token, inv.Email, inv.Name, string(inv.Role), inv.InvitedBy, now, inv.ExpiresAt).Scan(&inv.ID)
	if err != nil {
		return Invitation{}, s.wrap(err)
	}
	return inv, s.enqueueMail(ctx, tx, MailInvitation, inv.ID)
}

// Invitations lists the invitations not used and not expired, newest
// first.
func (s *Store) Invitations(ctx context.Context) (_ []Invitation, err error) {
	defer opError(&err, "list invitations")
	rows, err := s.read.QueryContext(ctx, `SELECT `+invitationFields+` FROM account_links
WHERE kind = $1 AND used_at IS NULL AND expires_at > $2 ORDER BY created_at DESC, id DESC`, linkInvite, utc(s.now()))
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := []Invitation{}
	for rows.Next() {
		inv, err := scanInvitation(rows)
		if err != nil {
			return nil, s.wrap(err)
		}
		out = append(out, inv)
	}
	return out, s.wrap(rows.Err())
}

// ResendInvitation replaces the pending invitation id with a new one (a
// new link, valid InvitationTTL from now) and its e-mail: the old link
// dies, and its e-mail, when not yet sent, is cancelled. An expired
// invitation may be sent again; a used or unknown one is
// listing.ErrNotFound.
func (s *Store) ResendInvitation(ctx context.Context, id int64) (inv Invitation, err error) {
	defer opError(&err, "resend invitation")
	err = s.staffTx(ctx, func(tx *sql.Tx) error {
		old, err := scanInvitation(tx.QueryRowContext(ctx, `DELETE FROM account_links
WHERE id = $1 AND kind = $2 AND used_at IS NULL RETURNING `+invitationFields,
			id, linkInvite))
		if err != nil {
			return s.wrap(err)
		}
		inv, err = s.insertInvitation(ctx, tx, old)
		return err
	})
	return inv, err
}

// CancelInvitation deletes the pending invitation id: its link dies at
// once. An unknown or used one is listing.ErrNotFound.
func (s *Store) CancelInvitation(ctx context.Context, id int64) (err error) {
	defer opError(&err, "cancel invitation")
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM account_links WHERE id = $1 AND kind = $2 AND used_at IS NULL`, id, linkInvite)
		if err != nil {
			return s.wrap(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return listing.ErrNotFound
		}
		return nil
	})
}

// RequestPasswordReset makes a reset link for the active user with this
// e-mail, and its e-mail in the outbox, replacing their earlier reset
// links. An unknown or deactivated e-mail makes nothing, through the same
// statements in the same kind of transaction (each selects no row), so
// that the caller's answer and its time do not tell which it was.
func (s *Store) RequestPasswordReset(ctx context.Context, email string) (err error) {
	defer opError(&err, "request password reset")
	email = listing.NormalizeEmail(email)
	token, hash := newLinkToken(resetPrefix)
	now := utc(s.now())
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_links WHERE kind = $1
    AND user_id IN (SELECT id FROM users WHERE email = $2)`, linkReset, email); err != nil {
			return s.wrap(err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO account_links (kind, token_hash, token, email, name, role, user_id, created_at, expires_at)
SELECT $1, $2, $3, email, name, role, id, $4, $5 FROM users WHERE email = $6 AND deactivated_at IS NULL`,
			linkReset, hash, token, now, now.Add(PasswordResetTTL), email); err != nil {
			return s.wrap(err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO mail_outbox (kind, ref, status, attempts, next_attempt_at, created_at, updated_at)
SELECT $1, id, 'pending', 0, $2, $2, $2 FROM account_links WHERE token_hash = $3`, MailPasswordReset, now, hash)
		return s.wrap(err)
	})
}

// linkKind is the kind of link a token's prefix says, "" for none.
func linkKind(token string) string {
	switch {
	case wellFormed(token, invitePrefix):
		return linkInvite
	case wellFormed(token, resetPrefix):
		return linkReset
	}
	return ""
}

// AccountLink returns what the page of a link shows: who it is for, and
// until when it can be used. A token that opens nothing (unknown, used,
// replaced, expired, or a deactivated user's reset) is
// listing.ErrLinkInvalid.
func (s *Store) AccountLink(ctx context.Context, token string) (li LinkInfo, err error) {
	defer opError(&err, "account link")
	kind := linkKind(token)
	if kind == "" {
		return li, listing.ErrLinkInvalid
	}
	var role string
	err = s.read.QueryRowContext(ctx, `SELECT l.kind, l.email, l.name, l.role, l.expires_at FROM account_links l
LEFT JOIN users u ON u.id = l.user_id
WHERE l.token_hash = $1 AND l.kind = $2 AND l.used_at IS NULL AND l.expires_at > $3
    AND (l.kind = 'invite' OR u.deactivated_at IS NULL)`, hashToken(token), kind, utc(s.now())).
		Scan(&li.Kind, &li.Email, &li.Name, &role, &li.ExpiresAt)
	if errors.Is(err, sql.ErrNoRows) {
		return li, listing.ErrLinkInvalid
	}
	li.Role, li.ExpiresAt = listing.Role(role), li.ExpiresAt.UTC()
	return li, s.wrap(err)
}

// useLink marks, in tx, the live link of kind with token used and
// returns its row's email, name, role and user (0 for an invitation).
// Of concurrent uses of one link, one succeeds: the update's condition is
// checked again on the locked row (PostgreSQL), or under the one writer
// (SQLite). Anything else is listing.ErrLinkInvalid.
func (s *Store) useLink(ctx context.Context, tx *sql.Tx, kind, token string) (email, name string, role listing.Role, userID int64, err error) {
	if linkKind(token) != kind {
		return "", "", "", 0, listing.ErrLinkInvalid
	}
	now := utc(s.now())
	var r string
	var uid sql.NullInt64
	err = tx.QueryRowContext(ctx, `UPDATE account_links SET used_at = $3, token = NULL
WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
RETURNING email, name, role, user_id`, hashToken(token), kind, now).Scan(&email, &name, &r, &uid)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", "", 0, listing.ErrLinkInvalid
	}
	return email, name, listing.Role(r), uid.Int64, s.wrap(err)
}

// AcceptInvitation uses the invitation of token: the user it names is
// made, with passwordHash, in the same transaction. A token that opens no
// invitation is listing.ErrLinkInvalid; an e-mail that became a user's
// meanwhile a *listing.ConflictError on "email".
func (s *Store) AcceptInvitation(ctx context.Context, token, passwordHash string) (u listing.User, err error) {
	defer opError(&err, "accept invitation")
	if passwordHash == "" {
		return u, errors.New("no password hash")
	}
	err = s.staffTx(ctx, func(tx *sql.Tx) error {
		email, name, role, _, err := s.useLink(ctx, tx, linkInvite, token)
		if err != nil {
			return err
		}
		now := utc(s.now())
		u = listing.User{Email: email, Name: name, Role: role, CreatedAt: now}
		return s.wrap(tx.QueryRowContext(ctx, `INSERT INTO users (email, name, role, password_hash, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`, email, name, string(role), passwordHash, now).Scan(&u.ID))
	})
	if err != nil {
		return listing.User{}, err
	}
	return u, nil
}

// ResetPassword uses the reset link of token: its user's password becomes
// passwordHash and, in the same transaction, their sessions end, the API
// tokens they own are deleted (as SetPassword does) and their other reset
// links die. A token that opens no reset, or a deactivated user's, is
// listing.ErrLinkInvalid.
func (s *Store) ResetPassword(ctx context.Context, token, passwordHash string) (u listing.User, err error) {
	defer opError(&err, "reset password")
	if passwordHash == "" {
		return u, errors.New("no password hash")
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		_, _, _, id, err := s.useLink(ctx, tx, linkReset, token)
		if err != nil {
			return err
		}
		if u, err = s.user(ctx, tx, id); err != nil {
			return err
		}
		if !u.Active() {
			return listing.ErrLinkInvalid
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM account_links WHERE kind = $1 AND user_id = $2 AND used_at IS NULL`,
			linkReset, id); err != nil {
			return s.wrap(err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1`,
			id, passwordHash, utc(s.now())); err != nil {
			return s.wrap(err)
		}
		return s.endAccess(ctx, tx, id, 0)
	})
	if err != nil {
		return listing.User{}, err
	}
	return u, nil
}

// AccountMail returns what the e-mail of the link id is composed from;
// listing.ErrNotFound when the link is gone (used and swept, replaced,
// cancelled, or its user removed).
func (s *Store) AccountMail(ctx context.Context, kind string, id int64) (m AccountMail, err error) {
	defer opError(&err, "account mail")
	var token sql.NullString
	var role string
	err = s.read.QueryRowContext(ctx, `SELECT email, name, role, invited_by, token, expires_at FROM account_links WHERE id = $1`, id).
		Scan(&m.Email, &m.Name, &role, &m.InvitedBy, &token, &m.ExpiresAt)
	if err != nil {
		return m, s.wrap(err)
	}
	m.Kind, m.Role, m.Token, m.ExpiresAt = kind, listing.Role(role), token.String, m.ExpiresAt.UTC()
	a, err := s.Agency(ctx)
	switch {
	case err == nil:
		m.Agency = a
	case !errors.Is(err, listing.ErrNotFound):
		return m, err
	}
	return m, nil
}

// isLinkMail reports whether an e-mail of kind carries a link's token.
func isLinkMail(kind string) bool { return kind == MailInvitation || kind == MailPasswordReset }

// forgetLinkToken blanks the raw token of the link an e-mail m was about,
// once that e-mail is settled (sent, given up or cancelled). A failure
// leaves it until the link is swept; it is not the e-mail's outcome.
func (s *Store) forgetLinkToken(ctx context.Context, m Mail) {
	if !isLinkMail(m.Kind) {
		return
	}
	_ = s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE account_links SET token = NULL WHERE id = $1`, m.Ref)
		return err
	})
}

// DeleteStaleLinks deletes the links used, or expired before now, and
// returns how many: the retention of invitations and reset links.
func (s *Store) DeleteStaleLinks(ctx context.Context) (_ int, err error) {
	defer opError(&err, "delete stale links")
	var n int64
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM account_links WHERE used_at IS NOT NULL OR expires_at <= $1`, utc(s.now()))
		if err != nil {
			return s.wrap(err)
		}
		n, err = res.RowsAffected()
		return s.wrap(err)
	})
	return int(n), err
}
