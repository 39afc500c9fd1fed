package store

import (
	"context"
	"database/sql"

	"github.com/vitrine/vitrine/internal/listing"
)

// staffTx runs fn in a transaction that holds the staff lock (see
// dialect.lockStaff): two administradores demoting, deactivating or
// removing each other at once are taken one after the other, so the
// second sees the first's change and keepAnAdmin refuses it.
func (s *Store) staffTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	return s.inTx(ctx, func(tx *sql.Tx) error {
		if err := s.d.lockStaff(ctx, tx); err != nil {
			return s.wrap(err)
		}
		return fn(tx)
	})
}

// keepAnAdmin returns listing.ErrLastAdmin when the user id is an
// active administrador and no other is: the change about to be made to
// them in tx would leave the back office without one.
func (s *Store) keepAnAdmin(ctx context.Context, tx *sql.Tx, id int64) error {
	var others int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE role = $2 AND deactivated_at IS NULL AND id <> $1`,
		id, string(listing.RoleAdministrador)).Scan(&others)
	if err != nil {
		return s.wrap(err)
	}
	var role string
	var off sql.NullTime
	if err := tx.QueryRowContext(ctx, `SELECT role, deactivated_at FROM users WHERE id = $1`, id).Scan(&role, &off); err != nil {
		return s.wrap(err)
	}
	if others == 0 && listing.Role(role) == listing.RoleAdministrador && !off.Valid {
		return listing.ErrLastAdmin
	}
	return nil
}

// SetUserRole gives the user id the role r, unless that demotes the last
// active administrador (listing.ErrLastAdmin). Their tokens keep their
// own roles but act, from now on, with no more than r allows (see
// Store.AuthenticateToken); their sessions read the new role on their
// next request.
func (s *Store) SetUserRole(ctx context.Context, id int64, r listing.Role) (u listing.User, err error) {
	defer opError(&err, "set user role")
	if _, err := listing.ParseRole("role", string(r)); err != nil {
		return u, err
	}
	err = s.staffTx(ctx, func(tx *sql.Tx) error {
		if r != listing.RoleAdministrador {
			if err := s.keepAnAdmin(ctx, tx, id); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `UPDATE users SET role = $2, updated_at = $3 WHERE id = $1`, id, string(r), utc(s.now()))
		if err != nil {
			return s.wrap(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return listing.ErrNotFound
		}
		return nil
	})
	if err != nil {
		return listing.User{}, err
	}
	return s.User(ctx, id)
}

// SetUserActive deactivates the user id (active false), ending their
// sessions and deleting their tokens in the same transaction, or
// reactivates them. The last active administrador cannot be deactivated
// (listing.ErrLastAdmin). Deactivating a deactivated user changes
// nothing, nor does reactivating an active one.
func (s *Store) SetUserActive(ctx context.Context, id int64, active bool) (u listing.User, err error) {
	defer opError(&err, "set user active")
	err = s.staffTx(ctx, func(tx *sql.Tx) error {
		if _, err := s.user(ctx, tx, id); err != nil {
			return err
		}
		if active {
			_, err := tx.ExecContext(ctx, `UPDATE users SET deactivated_at = NULL, updated_at = $2 WHERE id = $1`, id, utc(s.now()))
			return s.wrap(err)
		}
		if err := s.keepAnAdmin(ctx, tx, id); err != nil {
			return err
		}
		now := utc(s.now())
		if _, err := tx.ExecContext(ctx, `UPDATE users SET deactivated_at = COALESCE(deactivated_at, $2), updated_at = $2 WHERE id = $1`,
			id, now); err != nil {
			return s.wrap(err)
		}
		return s.endAccess(ctx, tx, id, 0)
	})
	if err != nil {
		return listing.User{}, err
	}
	return s.User(ctx, id)
}
