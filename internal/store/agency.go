package store

import (
	"context"
	"database/sql"

	"github.com/vitrine/vitrine/internal/listing"
)

// Agency returns the agency's record, or listing.ErrNotFound while it has
// never been set.
func (s *Store) Agency(ctx context.Context) (a listing.Agency, err error) {
	defer opError(&err, "agency")
	var phone, whatsapp, email, privacy, addr, logo, by, byName sql.NullString
	err = s.read.QueryRowContext(ctx, `SELECT name, creci, phone, whatsapp, email, privacy_email, address, logo_url, updated_at,
    updated_by, updated_by_name, notice_copy, daily_summary
FROM agency WHERE id = 1`).Scan(&a.Name, &a.CRECI, &phone, &whatsapp, &email, &privacy, &addr, &logo, &a.UpdatedAt, &by, &byName,
		&a.NoticeCopy, &a.DailySummary)
	if err != nil {
		return listing.Agency{}, s.wrap(err)
	}
	a.Phone, a.WhatsApp, a.Email, a.Address, a.LogoURL = phone.String, whatsapp.String, email.String, addr.String, logo.String
	a.PrivacyEmail = privacy.String
	a.UpdatedAt = a.UpdatedAt.UTC()
	a.UpdatedBy = scanActor(by, byName)
	return a, nil
}

// SetAgency replaces the agency's record with a, normalised and validated
// (listing.Agency.Validate), as set by a.UpdatedBy, and returns it as
// stored. It bumps the
// catalogue version, since every page shows the agency.
func (s *Store) SetAgency(ctx context.Context, a listing.Agency) (_ listing.Agency, err error) {
	defer opError(&err, "set agency")
	a.Normalize()
	if err := a.Validate(); err != nil {
		return listing.Agency{}, err
	}
	a.UpdatedAt = utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO agency (id, name, creci, phone, whatsapp, email, address, logo_url,
    updated_at, updated_by, updated_by_name, privacy_email, notice_copy, daily_summary)
VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
ON CONFLICT (id) DO UPDATE SET name = excluded.name, creci = excluded.creci, phone = excluded.phone,
    whatsapp = excluded.whatsapp, email = excluded.email, address = excluded.address,
    logo_url = excluded.logo_url, updated_at = excluded.updated_at,
    updated_by = excluded.updated_by, updated_by_name = excluded.updated_by_name,
    privacy_email = excluded.privacy_email, notice_copy = excluded.notice_copy,
    daily_summary = excluded.daily_summary`,
			a.Name, a.CRECI, nullString(a.Phone), nullString(a.WhatsApp), nullString(a.Email), nullString(a.Address),
			nullString(a.LogoURL), a.UpdatedAt, actorRef(a.UpdatedBy), nullString(a.UpdatedBy.Name), nullString(a.PrivacyEmail),
			a.NoticeCopy, a.DailySummary)
		if err != nil {
			return s.wrap(err)
		}
		return s.wrap(recordChange(ctx, tx))
	})
	if err != nil {
		return listing.Agency{}, err
	}
	return a, nil
}
