package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// tokenPrefix marks Vitrine admin tokens, so that a leaked one is easy to
// recognise (and to search for in code and logs).
const tokenPrefix = "vt_"

// Token describes an admin token; the token itself is never stored.
type Token struct {
	Name      string
	CreatedAt time.Time
	// CreatedBy is who made it in the back office; unknown for a token
	// made by the command line.
	CreatedBy listing.Actor
	// OwnerID is the user the token acts for, whose removal or new
	// password revokes it: the user who made it, or the owner of the
	// token that made it; 0 for a machine token, made by the command
	// line (or by another machine token).
	OwnerID int64
	// Role is what the token may do: at most what its owner's role
	// allows (see AuthenticateToken).
	Role listing.Role
	// LastUsedAt is its last use, recorded at most once a minute; zero
	// when it has not been used since it was made (or since migration
	// 0006 began recording it).
	LastUsedAt time.Time
}

// CreateToken mints a new admin token named name, made by the server's
// own tools, and returns it (see CreateTokenBy): an administrador's, as
// scripts have always had.
func (s *Store) CreateToken(ctx context.Context, name string) (string, error) {
	token, _, err := s.CreateTokenBy(ctx, name, listing.Actor{})
	return token, err
}

// CreateTokenBy mints a token as CreateTokenAs does, with its maker's
// role.
func (s *Store) CreateTokenBy(ctx context.Context, name string, by listing.Actor) (string, Token, error) {
	return s.CreateTokenAs(ctx, name, by, "")
}

// CreateTokenAs mints a new admin token named name (trimmed, see
// listing.ValidateTokenName), made by by, with the role r ("" for the
// maker's own), and returns it with its record. A role the maker's does
// not cover is listing.ErrForbidden; the command line's may be any.
// Only its SHA-256 hash is stored: 256 random bits need no slow hash,
// since nobody can guess them. A name in use is a *listing.ConflictError
// on "name". Its owner is found in the same transaction (see
// Token.OwnerID): a maker removed or revoked meanwhile is
// listing.ErrUnauthorized, so no token outlives the credential that made
// it.
func (s *Store) CreateTokenAs(ctx context.Context, name string, by listing.Actor, r listing.Role) (_ string, t Token, err error) {
	defer opError(&err, "create token")
	name = strings.TrimSpace(name)
	if err := listing.ValidateTokenName(name); err != nil {
		return "", t, err
	}
	if r != "" {
		if _, err := listing.ParseRole("role", string(r)); err != nil {
			return "", t, err
		}
	}
	secret := make([]byte, 32)
	rand.Read(secret) // never fails (crypto/rand)
	token := tokenPrefix + base64.RawURLEncoding.EncodeToString(secret)
	t = Token{Name: name, CreatedAt: utc(s.now()), CreatedBy: by}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		owner, makerRole, err := s.tokenOwner(ctx, tx, by)
		if err != nil {
			return err
		}
		t.OwnerID, t.Role = owner, r
		if r == "" {
			t.Role = makerRole
		} else if !makerRole.Covers(r) {
			return listing.ErrForbidden
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO admin_tokens (name, token_hash, created_at, created_by, created_by_name, owner_id, role)
VALUES ($1, $2, $3, $4, $5, $6, $7)`, name, hashToken(token), t.CreatedAt, actorRef(by), nullString(by.Name), nullID(owner), string(t.Role))
		return s.wrap(err)
	})
	if err != nil {
		return "", Token{}, err
	}
	return token, t, nil
}

// tokenOwner is the owner of a token made by by (see Token.OwnerID),
// read in tx, and the maker's role: a user who still exists and is
// active, the owner of a token that still exists, or 0 for the command
// line (an administrador). A maker gone is listing.ErrUnauthorized.
func (s *Store) tokenOwner(ctx context.Context, tx *sql.Tx, by listing.Actor) (int64, listing.Role, error) {
	var owner sql.NullInt64
	var role string
	var err error
	switch by.Kind {
	case listing.ActorUser:
		id, perr := strconv.ParseInt(by.Ref, 10, 64)
		if perr != nil {
			return 0, "", listing.ErrUnauthorized
		}
		err = tx.QueryRowContext(ctx, `SELECT id, role FROM users WHERE id = $1 AND deactivated_at IS NULL`, id).Scan(&owner, &role)
	case listing.ActorToken:
		err = tx.QueryRowContext(ctx, `SELECT owner_id, role FROM admin_tokens WHERE name = $1`, by.Ref).Scan(&owner, &role)
	default:
		return 0, listing.RoleAdministrador, nil
	}
	if err = s.wrap(err); errors.Is(err, listing.ErrNotFound) {
		return 0, "", listing.ErrUnauthorized
	}
	return owner.Int64, listing.Role(role), err
}

// nullID is id, or NULL for 0.
func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// Tokens lists the admin tokens by name.
func (s *Store) Tokens(ctx context.Context) (_ []Token, err error) {
	defer opError(&err, "list tokens")
	rows, err := s.read.QueryContext(ctx, `SELECT name, created_at, created_by, created_by_name, last_used_at, owner_id, role
FROM admin_tokens ORDER BY name`)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := []Token{}
	for rows.Next() {
		var t Token
		var by, byName sql.NullString
		var used sql.NullTime
		var owner sql.NullInt64
		var role string
		if err := rows.Scan(&t.Name, &t.CreatedAt, &by, &byName, &used, &owner, &role); err != nil {
			return nil, s.wrap(err)
		}
		t.Role = listing.Role(role)
		t.CreatedAt = t.CreatedAt.UTC()
		t.CreatedBy = scanActor(by, byName)
		t.OwnerID = owner.Int64
		if used.Valid {
			t.LastUsedAt = used.Time.UTC()
		}
		out = append(out, t)
	}
	return out, s.wrap(rows.Err())
}

// RevokeToken deletes the token named name; the next request with it fails.
func (s *Store) RevokeToken(ctx context.Context, name string) (err error) {
	defer opError(&err, "revoke token")
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM admin_tokens WHERE name = $1`, strings.TrimSpace(name))
		if err != nil {
			return s.wrap(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return listing.ErrNotFound
		}
		return nil
	})
}

// Authenticate returns the name of the admin token, as
// AuthenticateToken does.
func (s *Store) Authenticate(ctx context.Context, token string) (string, error) {
	t, err := s.AuthenticateToken(ctx, token)
	return t.Name, err
}

// AuthenticateToken returns the admin token's record (its name, owner
// and role), or listing.ErrUnauthorized. Its Role is the one it was made
// with, lowered to its owner's when the owner has since been given a
// role that does not cover it. The stored hash is looked up by the hash
// of the token and compared in constant time. A use more than touchEvery
// after the last one recorded is recorded.
func (s *Store) AuthenticateToken(ctx context.Context, token string) (t Token, err error) {
	defer opError(&err, "authenticate")
	if !wellFormed(token, tokenPrefix) {
		return t, listing.ErrUnauthorized
	}
	h := hashToken(token)
	var stored, role string
	var ownerRole sql.NullString
	var owner sql.NullInt64
	var used sql.NullTime
	err = s.read.QueryRowContext(ctx, `SELECT t.name, t.token_hash, t.last_used_at, t.role, t.owner_id, u.role
FROM admin_tokens t LEFT JOIN users u ON u.id = t.owner_id WHERE t.token_hash = $1`, h).Scan(&t.Name, &stored, &used, &role, &owner, &ownerRole)
	if err != nil {
		if err = s.wrap(err); errors.Is(err, listing.ErrNotFound) {
			return Token{}, listing.ErrUnauthorized
		}
		return Token{}, err
	}
	if subtle.ConstantTimeCompare([]byte(stored), []byte(h)) != 1 {
		return Token{}, listing.ErrUnauthorized
	}
	t.Role, t.OwnerID = listing.Role(role), owner.Int64
	if ownerRole.Valid && !listing.Role(ownerRole.String).Covers(t.Role) {
		t.Role = listing.Role(ownerRole.String)
	}
	if now := s.now(); !used.Valid || now.Sub(used.Time) >= touchEvery {
		err = s.inTx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE admin_tokens SET last_used_at = $2 WHERE token_hash = $1`, h, utc(now))
			return s.wrap(err)
		})
		if err != nil {
			return Token{}, err
		}
	}
	return t, nil
}

// wellFormed reports whether token is prefix and then base64url text no
// longer than a token is ever made (256 bits are 43 characters): anything
// else fails without a read, so garbage costs no query.
func wellFormed(token, prefix string) bool {
	secret, ok := strings.CutPrefix(token, prefix)
	if !ok || secret == "" || len(secret) > 64 {
		return false
	}
	for _, c := range []byte(secret) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
