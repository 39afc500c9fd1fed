package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// "Enviar minha lista por e-mail" (favorite_mails): a visitor asks for
// their favourites, kept in their browser, to be e-mailed to them. The
// request is a row with its consent evidence, and its e-mail a row of the
// outbox composed when it is sent (FavoriteMail). Rows go 30 days after
// the request (FavoriteMailKeep), or with an anonymisation.

// MailFavorites sends a visitor their favourites; its reference is the
// favorite_mails row's id.
const MailFavorites = "favorites_list"

// Bounds of the favourites' e-mails.
const (
	// MaxFavoriteMails bounds the requests one e-mail address gets in a
	// day: more store and send nothing (and the answer does not say so).
	MaxFavoriteMails = 3
	// FavoriteMailKeep is how long a request is kept.
	FavoriteMailKeep = 30 * 24 * time.Hour
)

// CreateFavoriteMail stores in, the favourites of a visitor, with its
// e-mail in the outbox, in one transaction, and reports whether it did:
// past MaxFavoriteMails for the address in a day it stores nothing.
func (s *Store) CreateFavoriteMail(ctx context.Context, in listing.FavoriteMailInput) (created bool, err error) {
	defer opError(&err, "create favorite mail")
	in.Normalize()
	if err := in.Validate(); err != nil {
		return false, err
	}
	clientHash, err := s.consentEvidence(ctx, in.NoticeVersion, in.ClientAddr)
	if err != nil {
		return false, err
	}
	key, now := listing.EmailKey(in.Email), utc(s.now())
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var sent int
		err := tx.QueryRowContext(ctx, `SELECT count(*) FROM favorite_mails WHERE email_key = $1 AND created_at > $2`,
			key, now.Add(-24*time.Hour)).Scan(&sent)
		if err != nil || sent >= MaxFavoriteMails {
			return s.wrap(err)
		}
		var id int64
		err = tx.QueryRowContext(ctx, `INSERT INTO favorite_mails (email, email_key, properties, notice_version, client_hash, created_at)
VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, in.Email, key, strings.Join(in.PropertyIDs, ","), in.NoticeVersion, clientHash, now).Scan(&id)
		if err != nil {
			return s.wrap(err)
		}
		created = true
		return s.enqueueMail(ctx, tx, MailFavorites, id)
	})
	return created, err
}

// FavoriteMail is what a favourites' e-mail is composed from.
type FavoriteMail struct {
	Request listing.FavoriteMailRequest
	// Properties are the favourites still active, as list items, in the
	// order the visitor keeps them.
	Properties []listing.Property
	Agency     listing.Agency // the zero value while never set
}

const favoriteMailFields = `id, email, properties, notice_version, client_hash, created_at FROM favorite_mails`

func scanFavoriteMail(row interface{ Scan(...any) error }) (listing.FavoriteMailRequest, error) {
	var r listing.FavoriteMailRequest
	var ids string
	var client sql.NullString
	err := row.Scan(&r.ID, &r.Email, &ids, &r.NoticeVersion, &client, &r.CreatedAt)
	r.PropertyIDs, r.ClientHash, r.CreatedAt = strings.Split(ids, ","), client.String, r.CreatedAt.UTC()
	return r, err
}

// FavoriteMail returns what the favourites' e-mail id is composed from;
// listing.ErrNotFound once its request is gone.
func (s *Store) FavoriteMail(ctx context.Context, id int64) (f FavoriteMail, err error) {
	defer opError(&err, "favorite mail")
	f.Request, err = scanFavoriteMail(s.read.QueryRowContext(ctx, `SELECT `+favoriteMailFields+` WHERE id = $1`, id))
	if err != nil {
		return f, s.wrap(err)
	}
	if f.Properties, err = s.PropertiesByIDs(ctx, f.Request.PropertyIDs); err != nil {
		return f, err
	}
	if f.Agency, err = s.Agency(ctx); errors.Is(err, listing.ErrNotFound) {
		err = nil
	}
	return f, err
}

// SubjectFavoriteMails returns the favourites' e-mails asked for this
// e-mail (in any case), oldest first, with their consent evidence.
func (s *Store) SubjectFavoriteMails(ctx context.Context, email string) (_ []listing.FavoriteMailRequest, err error) {
	defer opError(&err, "subject favorite mails")
	out := []listing.FavoriteMailRequest{}
	err = eachRow(ctx, s.read, `SELECT `+favoriteMailFields+` WHERE email_key = $1 ORDER BY created_at, id`, func(rows *sql.Rows) error {
		r, err := scanFavoriteMail(rows)
		out = append(out, r)
		return err
	}, listing.EmailKey(strings.TrimSpace(email)))
	return out, s.wrap(err)
}

// deleteFavoriteMails deletes, in tx, the requests that cond selects
// ($1 its argument).
func (s *Store) deleteFavoriteMails(ctx context.Context, tx *sql.Tx, cond string, arg any) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM favorite_mails WHERE `+cond, arg)
	return s.wrap(err)
}

// consentEvidence checks, for a visitor's request, that the notice
// version was recorded (a *listing.ValidationError on notice_version when
// not), and returns the keyed hash of the client's address to keep with
// it (null without an address): the contact form's evidence.
func (s *Store) consentEvidence(ctx context.Context, version, clientAddr string) (sql.NullString, error) {
	if err := s.knownNotice(ctx, version); err != nil {
		return sql.NullString{}, err
	}
	if clientAddr == "" {
		return sql.NullString{}, nil
	}
	return sql.NullString{String: s.keyedHash(hashClient, clientAddr), Valid: true}, nil
}
