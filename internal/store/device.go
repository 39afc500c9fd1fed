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

// devicePrefix marks a known device's token, as sessionPrefix marks a
// session's.
const devicePrefix = "vd_"

// RememberDevice records a device the user userID has just signed in
// from and returns its token, shown once (the client keeps it in a
// cookie); only its SHA-256 hash is stored. The user's devices unused for
// maxAge are deleted meanwhile.
func (s *Store) RememberDevice(ctx context.Context, userID int64, maxAge time.Duration) (token string, err error) {
	defer opError(&err, "remember device")
	secret := make([]byte, 32)
	rand.Read(secret) // never fails (crypto/rand)
	token = devicePrefix + base64.RawURLEncoding.EncodeToString(secret)
	now := utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM known_devices WHERE user_id = $1 AND last_used_at <= $2`,
			userID, now.Add(-maxAge)); err != nil {
			return s.wrap(err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO known_devices (token_hash, user_id, created_at, last_used_at) VALUES ($1, $2, $3, $3)`,
			hashToken(token), userID, now)
		return s.wrap(err)
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// KnownDevice reports whether token is a device the user userID signed in
// from, used within maxAge. Anything else (no such device, another
// user's, a malformed token) is false, with no error.
func (s *Store) KnownDevice(ctx context.Context, token string, userID int64, maxAge time.Duration) (ok bool, err error) {
	defer opError(&err, "known device")
	if !wellFormed(token, devicePrefix) || userID == 0 {
		return false, nil
	}
	var used time.Time
	err = s.read.QueryRowContext(ctx, `SELECT last_used_at FROM known_devices WHERE token_hash = $1 AND user_id = $2`,
		hashToken(token), userID).Scan(&used)
	if err = s.wrap(err); errors.Is(err, listing.ErrNotFound) {
		return false, nil
	}
	return err == nil && s.now().Sub(used) < maxAge, err
}

// TouchDevice records a sign-in from the device of token now, so that a
// device in use stays known.
func (s *Store) TouchDevice(ctx context.Context, token string) (err error) {
	defer opError(&err, "touch device")
	return s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE known_devices SET last_used_at = $2 WHERE token_hash = $1`, hashToken(token), utc(s.now()))
		return s.wrap(err)
	})
}
