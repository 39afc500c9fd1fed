package store

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// sessionPrefix marks session tokens, as tokenPrefix marks admin tokens:
// a credential says which table to look in.
const sessionPrefix = "vs_"

// IsSessionToken reports whether token has the form of a session token
// (and not of an admin API token).
func IsSessionToken(token string) bool { return strings.HasPrefix(token, sessionPrefix) }

// CreateUser stores a new user whose password has the hash passwordHash
// (see internal/password). in is normalised and validated; an e-mail in
// use, in any case, is a *listing.ConflictError on "email".
func (s *Store) CreateUser(ctx context.Context, in listing.UserInput, passwordHash string) (u listing.User, err error) {
	defer opError(&err, "create user")
	in.Normalize()
	if err := in.Validate(); err != nil {
		return u, err
	}
	if passwordHash == "" {
		return u, errors.New("no password hash")
	}
	now := utc(s.now())
	u = listing.User{Email: in.Email, Name: in.Name, Role: in.Role, CreatedAt: now}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		return s.wrap(tx.QueryRowContext(ctx, `INSERT INTO users (email, name, role, password_hash, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $5) RETURNING id`, u.Email, u.Name, string(u.Role), passwordHash, now).Scan(&u.ID))
	})
	if err != nil {
		return listing.User{}, err
	}
	return u, nil
}

// Users lists the users by e-mail, each with the last use of their
// stored sessions.
func (s *Store) Users(ctx context.Context) (_ []listing.User, err error) {
	defer opError(&err, "list users")
	// The session's own column, not max() itself: SQLite gives an
	// aggregate's time as text. Two sessions last used at the same
	// instant make two rows of the user: the second is skipped.
	rows, err := s.read.QueryContext(ctx, `SELECT `+userColumns+`, s.last_used_at
FROM users u `+userPhotoJoin+` LEFT JOIN sessions s ON s.user_id = u.id
    AND s.last_used_at = (SELECT max(last_used_at) FROM sessions WHERE user_id = u.id)
ORDER BY u.email`)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := []listing.User{}
	for rows.Next() {
		var seen sql.NullTime
		u, err := s.scanUser(rows, &seen)
		if err != nil {
			return nil, s.wrap(err)
		}
		if len(out) > 0 && out[len(out)-1].ID == u.ID {
			continue
		}
		if seen.Valid {
			u.LastSeenAt = seen.Time.UTC()
		}
		out = append(out, u)
	}
	return out, s.wrap(rows.Err())
}

// User returns the user with this id; listing.ErrNotFound when there is
// none.
func (s *Store) User(ctx context.Context, id int64) (u listing.User, err error) {
	defer opError(&err, "user")
	return s.user(ctx, s.read, id)
}

func (s *Store) user(ctx context.Context, q queryer, id int64) (listing.User, error) {
	u, err := s.scanUser(q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u `+userPhotoJoin+` WHERE u.id = $1`, id))
	if err != nil {
		return listing.User{}, s.wrap(err)
	}
	return u, nil
}

// userColumns are the columns scanUser reads, from users u and
// userPhotoJoin.
var userColumns = `u.id, u.email, u.name, u.role, u.deactivated_at, u.created_at, u.creci, u.phone, u.whatsapp, ` +
	imageColumns("ui.")

// userPhotoJoin is a user's photo (users u): none when they have none.
const userPhotoJoin = `LEFT JOIN images ui ON ui.id = u.photo_image_id`

// scanUser reads the columns of userColumns, then into more.
func (s *Store) scanUser(row interface{ Scan(...any) error }, more ...any) (u listing.User, err error) {
	var role string
	var off sql.NullTime
	var creci, phone, whatsapp sql.NullString
	var photo imageRow
	dest := append([]any{&u.ID, &u.Email, &u.Name, &role, &off, &u.CreatedAt, &creci, &phone, &whatsapp}, photo.dest()...)
	if err := row.Scan(append(dest, more...)...); err != nil {
		return listing.User{}, err
	}
	u.Photo = s.image(photo)
	u.Role, u.CreatedAt = listing.Role(role), u.CreatedAt.UTC()
	if off.Valid {
		u.DeactivatedAt = off.Time.UTC()
	}
	u.Profile = listing.BrokerProfile{CRECI: creci.String, Phone: phone.String, WhatsApp: whatsapp.String}
	return u, nil
}

// SetBrokerProfile replaces the broker profile of the user id with p,
// normalised and validated, and returns the user as stored. In the same
// transaction it makes again the public documents of the listings the
// user is responsible for, which show the profile. An unknown id is
// listing.ErrNotFound.
func (s *Store) SetBrokerProfile(ctx context.Context, id int64, p listing.BrokerProfile) (u listing.User, err error) {
	defer opError(&err, "set broker profile")
	p.Normalize()
	if err := p.Validate(); err != nil {
		return u, err
	}
	return s.changeBroker(ctx, id, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE users SET creci = $2, phone = $3, whatsapp = $4, updated_at = $5 WHERE id = $1`,
			id, nullString(p.CRECI), nullString(p.Phone), nullString(p.WhatsApp), utc(s.now()))
		if err != nil {
			return s.wrap(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return listing.ErrNotFound
		}
		return nil
	})
}

// changeBroker runs change, a write of what the public pages show of the
// user id, in a transaction that then makes again the documents of the
// listings the user is the broker of, and returns the user as stored.
func (s *Store) changeBroker(ctx context.Context, id int64, change func(tx *sql.Tx) error) (u listing.User, err error) {
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if err := change(tx); err != nil {
			return err
		}
		if err := s.refreshBrokered(ctx, tx, id); err != nil {
			return err
		}
		u, err = s.user(ctx, tx, id)
		return err
	})
	if err != nil {
		return listing.User{}, err
	}
	return u, nil
}

// refreshBrokered makes again, in tx, the documents of the properties
// whose broker is the user id, as they now read.
func (s *Store) refreshBrokered(ctx context.Context, tx *sql.Tx, id int64) error {
	return s.refreshWhere(ctx, tx, `WHERE p.broker_id = $1 ORDER BY p.id`, id)
}

// refreshWhere makes again, in tx, the documents of the properties that
// where selects (as loadProperties takes it), as they now read.
func (s *Store) refreshWhere(ctx context.Context, tx *sql.Tx, where string, args ...any) error {
	ps, err := s.loadProperties(ctx, tx, where, args...)
	if err != nil {
		return s.wrap(err)
	}
	for _, p := range ps {
		if err := s.refreshDocument(ctx, tx, p); err != nil {
			return err
		}
	}
	return nil
}

// SetUserPhoto makes img, an original file just stored (see NewImage),
// the photo of the user id, or leaves them without one when img is nil,
// and returns the user as stored. The image is queued for its variants as
// a property photo's is (upsertImage: the same file stored again is the
// same image). In the same transaction it makes again the documents of
// the listings the user is the broker of: they show the photo once it is
// ready (FinishImage makes them again then), and none meanwhile. The
// image the user had before goes to the sweep when nothing else shows it.
// An unknown id is listing.ErrNotFound.
func (s *Store) SetUserPhoto(ctx context.Context, id int64, img *NewImage) (u listing.User, err error) {
	defer opError(&err, "set user photo")
	return s.changeBroker(ctx, id, func(tx *sql.Tx) error {
		// The row is written first, so that it is locked before its photo
		// is read: of two changes at once, the second waits, then reads the
		// image the first set and leaves it to the sweep, so that no image
		// is left that no user shows and the sweep never takes.
		now := utc(s.now())
		res, err := tx.ExecContext(ctx, `UPDATE users SET updated_at = $2 WHERE id = $1`, id, now)
		if err != nil {
			return s.wrap(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return listing.ErrNotFound
		}
		return s.replaceImage(ctx, tx, img, now, `SELECT photo_image_id FROM users WHERE id = $1`,
			`UPDATE users SET photo_image_id = $2 WHERE id = $1`, id)
	})
}

// UserCredentials returns the user with this e-mail (in any case) and the
// hash of their password; listing.ErrNotFound when there is none.
func (s *Store) UserCredentials(ctx context.Context, email string) (u listing.User, passwordHash string, err error) {
	defer opError(&err, "user credentials")
	u, err = s.scanUser(s.read.QueryRowContext(ctx, `SELECT `+userColumns+`, u.password_hash FROM users u `+userPhotoJoin+` WHERE u.email = $1`,
		listing.NormalizeEmail(email)), &passwordHash)
	if err != nil {
		return listing.User{}, "", s.wrap(err)
	}
	return u, passwordHash, nil
}

// DeleteUser removes the user with this e-mail and, with them, their
// sessions and the admin API tokens they own (see Token.OwnerID). The properties and leads they wrote keep their name (see
// listing.Actor).
func (s *Store) DeleteUser(ctx context.Context, email string) (err error) {
	defer opError(&err, "delete user")
	return s.deleteUser(ctx, `email = $1`, listing.NormalizeEmail(email))
}

// DeleteUserByID removes the user with this id, as DeleteUser does.
func (s *Store) DeleteUserByID(ctx context.Context, id int64) (err error) {
	defer opError(&err, "delete user")
	return s.deleteUser(ctx, `id = $1`, id)
}

// deleteUser removes the user that cond selects by its argument, their
// sessions and their tokens (the foreign keys cascade), unless they are
// the last active administrador (listing.ErrLastAdmin). The listings they
// were responsible for lose their broker (the foreign key sets it null)
// and their public documents are made again without. Their photo goes to
// the sweep when nothing else shows it.
func (s *Store) deleteUser(ctx context.Context, cond string, arg any) error {
	return s.staffTx(ctx, func(tx *sql.Tx) error {
		var id int64
		var photo sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT id, photo_image_id FROM users WHERE `+cond, arg).Scan(&id, &photo); err != nil {
			return s.wrap(err)
		}
		if err := s.keepAnAdmin(ctx, tx, id); err != nil {
			return err
		}
		ps, err := s.loadProperties(ctx, tx, `WHERE p.broker_id = $1 ORDER BY p.id`, id)
		if err != nil {
			return s.wrap(err)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM users WHERE id = $1`, id); err != nil {
			return s.wrap(err)
		}
		if photo.Valid {
			if err := markOrphan(ctx, tx, photo.String, utc(s.now())); err != nil {
				return s.wrap(err)
			}
		}
		if len(ps) > 0 && s.docs == nil {
			// The user tools run without a renderer: a format no renderer
			// has (the media address kept) makes the next start with one
			// make every document again (see rebuildDocuments).
			_, err := tx.ExecContext(ctx, `UPDATE catalog_version SET document_format = 'stale;' || document_format WHERE id = 1`)
			return s.wrap(err)
		}
		for _, p := range ps {
			p.Broker = nil
			if err := s.refreshDocument(ctx, tx, p); err != nil {
				return err
			}
		}
		return nil
	})
}

// SetPassword gives the user with this e-mail a new password hash,
// ends every session they have and deletes the admin API tokens they own
// (see Token.OwnerID), in one transaction: whoever knew the old password
// keeps no access.
func (s *Store) SetPassword(ctx context.Context, email, passwordHash string) (err error) {
	defer opError(&err, "set password")
	return s.setPassword(ctx, `email = $1`, listing.NormalizeEmail(email), passwordHash, 0)
}

// ChangePassword gives the user userID a new password hash, as
// SetPassword does, but keeps the session keep (the one they changed it
// from; 0 for none): their other sessions and their tokens end.
func (s *Store) ChangePassword(ctx context.Context, userID int64, passwordHash string, keep int64) (err error) {
	defer opError(&err, "change password")
	return s.setPassword(ctx, `id = $1`, userID, passwordHash, keep)
}

// setPassword sets the password of the user cond selects by arg and ends
// their sessions but keep, and their tokens, in one transaction.
func (s *Store) setPassword(ctx context.Context, cond string, arg any, passwordHash string, keep int64) error {
	if passwordHash == "" {
		return errors.New("no password hash")
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `UPDATE users SET password_hash = $2, updated_at = $3 WHERE `+cond+` RETURNING id`,
			arg, passwordHash, utc(s.now())).Scan(&id)
		if err != nil {
			return s.wrap(err)
		}
		return s.endAccess(ctx, tx, id, keep)
	})
}

// endAccess deletes, in tx, the sessions of the user id but keep (0 for
// none) and the admin API tokens they own (see Token.OwnerID).
func (s *Store) endAccess(ctx context.Context, tx *sql.Tx, id, keep int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND id <> $2`, id, keep); err != nil {
		return s.wrap(err)
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM admin_tokens WHERE owner_id = $1`, id)
	return s.wrap(err)
}

// SessionLimits are how long a session lasts: Idle without use, Max in
// all. Both must be positive.
type SessionLimits struct {
	Idle time.Duration
	Max  time.Duration
}

// touchEvery is how stale a session's last use may be before a request
// writes it again: an admin request writes at most once a minute, and an
// idle expiry is exact to within a minute.
const touchEvery = time.Minute

// CreateSession starts a session of the user userID and returns its token,
// shown once: only its SHA-256 hash is stored, as for admin tokens. The
// user's sessions that have ended are deleted meanwhile.
func (s *Store) CreateSession(ctx context.Context, userID int64, userAgent string, lim SessionLimits) (token string, ses listing.Session, err error) {
	defer opError(&err, "create session")
	secret := make([]byte, 32)
	rand.Read(secret) // never fails (crypto/rand)
	token = sessionPrefix + base64.RawURLEncoding.EncodeToString(secret)
	now := utc(s.now())
	ses = listing.Session{UserID: userID, UserAgent: truncate(strings.ToValidUTF8(userAgent, ""), listing.MaxSessionUserAgent),
		CreatedAt: now, LastUsedAt: now, ExpiresAt: now.Add(lim.Max)}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND (expires_at <= $2 OR last_used_at <= $3)`,
			userID, now, now.Add(-lim.Idle)); err != nil {
			return s.wrap(err)
		}
		return s.wrap(tx.QueryRowContext(ctx, `INSERT INTO sessions (user_id, token_hash, user_agent, created_at, last_used_at, expires_at)
VALUES ($1, $2, $3, $4, $4, $5) RETURNING id`, userID, hashToken(token), ses.UserAgent, now, ses.ExpiresAt).Scan(&ses.ID))
	})
	if err != nil {
		return "", listing.Session{}, err
	}
	return token, ses, nil
}

// truncate cuts s to at most n bytes, on a character boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}

// AuthenticateSession returns the session of token and its user, or
// listing.ErrUnauthorized when there is none, or it has been unused for
// idle, or it is past its absolute expiry. A use more than touchEvery
// after the last one recorded is recorded.
func (s *Store) AuthenticateSession(ctx context.Context, token string, idle time.Duration) (ses listing.Session, u listing.User, err error) {
	defer opError(&err, "authenticate session")
	if !wellFormed(token, sessionPrefix) {
		return ses, u, listing.ErrUnauthorized
	}
	h := hashToken(token)
	var stored string
	u, err = s.scanUser(s.read.QueryRowContext(ctx, `SELECT `+userColumns+`,
       s.id, s.user_agent, s.created_at, s.last_used_at, s.expires_at, s.token_hash
FROM sessions s JOIN users u ON u.id = s.user_id `+userPhotoJoin+` WHERE s.token_hash = $1`, h),
		&ses.ID, &ses.UserAgent, &ses.CreatedAt, &ses.LastUsedAt, &ses.ExpiresAt, &stored)
	if err != nil {
		if err = s.wrap(err); errors.Is(err, listing.ErrNotFound) {
			err = listing.ErrUnauthorized
		}
		return listing.Session{}, listing.User{}, err
	}
	ses.UserID = u.ID
	utcSession(&ses)
	now := s.now()
	// A deactivated account's sessions were deleted with the change; the
	// check stands in case one is made in a race with it.
	if subtle.ConstantTimeCompare([]byte(stored), []byte(h)) != 1 || !ses.Live(now, idle) || !u.Active() {
		return listing.Session{}, listing.User{}, listing.ErrUnauthorized
	}
	if now.Sub(ses.LastUsedAt) >= touchEvery {
		ses.LastUsedAt = utc(now)
		err = s.inTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE sessions SET last_used_at = $2 WHERE id = $1`, ses.ID, ses.LastUsedAt)
			return s.wrap(err)
		})
		if err != nil {
			return listing.Session{}, listing.User{}, err
		}
	}
	return ses, u, nil
}

func utcSession(ses *listing.Session) {
	ses.CreatedAt, ses.LastUsedAt, ses.ExpiresAt = ses.CreatedAt.UTC(), ses.LastUsedAt.UTC(), ses.ExpiresAt.UTC()
}

// Sessions lists the sessions still live after idle without use, newest
// first: those of the user userID, or everyone's when userID is 0.
func (s *Store) Sessions(ctx context.Context, userID int64, idle time.Duration) (_ []listing.Session, err error) {
	defer opError(&err, "list sessions")
	now := utc(s.now())
	rows, err := s.read.QueryContext(ctx, `SELECT id, user_id, user_agent, created_at, last_used_at, expires_at FROM sessions
WHERE ($1 = 0 OR user_id = $1) AND expires_at > $2 AND last_used_at > $3 ORDER BY id DESC`, userID, now, now.Add(-idle))
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := []listing.Session{}
	for rows.Next() {
		var ses listing.Session
		if err := rows.Scan(&ses.ID, &ses.UserID, &ses.UserAgent, &ses.CreatedAt, &ses.LastUsedAt, &ses.ExpiresAt); err != nil {
			return nil, s.wrap(err)
		}
		utcSession(&ses)
		out = append(out, ses)
	}
	return out, s.wrap(rows.Err())
}

// RevokeSession ends the session id at once: one of the user userID's,
// or anyone's when userID is 0. Another user's session, or none, is
// listing.ErrNotFound.
func (s *Store) RevokeSession(ctx context.Context, id, userID int64) (err error) {
	defer opError(&err, "revoke session")
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1 AND ($2 = 0 OR user_id = $2)`, id, userID)
		if err != nil {
			return s.wrap(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return listing.ErrNotFound
		}
		return nil
	})
}

// actorRef is how a property's row names who wrote it: "user:<id>" or
// "token:<name>", or NULL when it is not known.
func actorRef(a listing.Actor) any {
	if !a.Known() {
		return nil
	}
	return string(a.Kind) + ":" + a.Ref
}

// scanActor reads what actorRef wrote, and the name beside it.
func scanActor(ref, name sql.NullString) listing.Actor {
	kind, r, ok := strings.Cut(ref.String, ":")
	if !ref.Valid || !ok {
		return listing.Actor{}
	}
	return listing.Actor{Kind: listing.ActorKind(kind), Ref: r, Name: name.String}
}

// UserActor is the actor of a user's writes.
func UserActor(u listing.User) listing.Actor {
	return listing.Actor{Kind: listing.ActorUser, Ref: strconv.FormatInt(u.ID, 10), Name: u.Name}
}
