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
	var phone, whatsapp, email, privacy, addr, logo, color, state, by, byName sql.NullString
	var rate sql.NullInt64
	var img imageRow
	err = s.read.QueryRowContext(ctx, `SELECT a.name, a.creci, a.phone, a.whatsapp, a.email, a.privacy_email, a.address, a.logo_url,
    a.updated_at, a.updated_by, a.updated_by_name, a.notice_copy, a.daily_summary, a.brand_color, a.state, a.financing_rate_bp, `+imageColumns("li.")+`
FROM agency a LEFT JOIN images li ON li.id = a.logo_image_id WHERE a.id = 1`).Scan(append([]any{&a.Name, &a.CRECI, &phone,
		&whatsapp, &email, &privacy, &addr, &logo, &a.UpdatedAt, &by, &byName, &a.NoticeCopy, &a.DailySummary, &color, &state, &rate},
		img.dest()...)...)
	if err != nil {
		return listing.Agency{}, s.wrap(err)
	}
	a.Logo = s.image(img)
	a.Phone, a.WhatsApp, a.Email, a.Address, a.LogoURL = phone.String, whatsapp.String, email.String, addr.String, logo.String
	a.PrivacyEmail, a.BrandColor, a.State = privacy.String, color.String, state.String
	a.FinancingRateBP = int(rate.Int64)
	a.UpdatedAt = a.UpdatedAt.UTC()
	a.UpdatedBy = scanActor(by, byName)
	return a, nil
}

// SetAgency replaces the agency's record with a, normalised and validated
// (listing.Agency.Validate), as set by a.UpdatedBy, and returns it as
// stored. It bumps the
// catalogue version, since every page shows the agency. The uploaded logo
// is not part of the record (SetAgencyLogo): it stays as it is.
func (s *Store) SetAgency(ctx context.Context, a listing.Agency) (_ listing.Agency, err error) {
	defer opError(&err, "set agency")
	a.Normalize()
	if err := a.Validate(); err != nil {
		return listing.Agency{}, err
	}
	a.UpdatedAt = utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO agency (id, name, creci, phone, whatsapp, email, address, logo_url,
    updated_at, updated_by, updated_by_name, privacy_email, notice_copy, daily_summary, brand_color, state, financing_rate_bp)
VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
ON CONFLICT (id) DO UPDATE SET name = excluded.name, creci = excluded.creci, phone = excluded.phone,
    whatsapp = excluded.whatsapp, email = excluded.email, address = excluded.address,
    logo_url = excluded.logo_url, updated_at = excluded.updated_at,
    updated_by = excluded.updated_by, updated_by_name = excluded.updated_by_name,
    privacy_email = excluded.privacy_email, notice_copy = excluded.notice_copy,
    daily_summary = excluded.daily_summary, brand_color = excluded.brand_color, state = excluded.state,
    financing_rate_bp = excluded.financing_rate_bp`,
			a.Name, a.CRECI, nullString(a.Phone), nullString(a.WhatsApp), nullString(a.Email), nullString(a.Address),
			nullString(a.LogoURL), a.UpdatedAt, actorRef(a.UpdatedBy), nullString(a.UpdatedBy.Name), nullString(a.PrivacyEmail),
			a.NoticeCopy, a.DailySummary, nullString(a.BrandColor), nullString(a.State), nullRate(a.FinancingRateBP))
		if err != nil {
			return s.wrap(err)
		}
		return s.wrap(recordChange(ctx, tx))
	})
	if err != nil {
		return listing.Agency{}, err
	}
	return s.Agency(ctx)
}

// SetAgencyLogo makes img, an original file just stored (see NewImage),
// the agency's logo, or leaves it without one when img is nil, and
// returns the agency as stored. The image is queued for its variants as a
// property photo's is (upsertImage); the pages show it once it is ready
// (FinishImage then moves the catalogue version, which empties the cached
// pages). The logo it had before goes to the sweep when nothing else
// shows it. Before the agency's record is set, it is listing.ErrNotFound:
// a logo belongs to a named agency.
func (s *Store) SetAgencyLogo(ctx context.Context, img *NewImage) (_ listing.Agency, err error) {
	defer opError(&err, "set agency logo")
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		// The row is written first, so that it is locked before its logo
		// is read: of two changes at once, the second reads the image the
		// first set and leaves it to the sweep (as SetUserPhoto does).
		now := utc(s.now())
		res, err := tx.ExecContext(ctx, `UPDATE agency SET updated_at = $1 WHERE id = 1`, now)
		if err != nil {
			return s.wrap(err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return listing.ErrNotFound
		}
		err = s.replaceImage(ctx, tx, img, now, `SELECT logo_image_id FROM agency WHERE id = $1`,
			`UPDATE agency SET logo_image_id = $2 WHERE id = $1`, 1)
		if err != nil {
			return err
		}
		return s.wrap(recordChange(ctx, tx))
	})
	if err != nil {
		return listing.Agency{}, err
	}
	return s.Agency(ctx)
}

// nullRate stores the agency's financing rate, null for the default.
func nullRate(bp int) sql.NullInt64 {
	return sql.NullInt64{Int64: int64(bp), Valid: bp != 0}
}
