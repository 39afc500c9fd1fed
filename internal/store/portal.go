package store

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// FeedSecret is the secret in the address of the portals' feed, or of
// the address they post leads to (PortalLeadSecret). The portals send no
// credential of ours, so the address is the credential: rotating it makes
// a new one and the old address stops answering at once.
type FeedSecret struct {
	Secret string
	// Generation counts the secrets made: 1 for the first, one more at
	// each rotation. It is part of the feed's validator.
	Generation int64
	RotatedAt  time.Time
	RotatedBy  listing.Actor // who made it; unknown for the first
}

// feedSecretBytes is the size of a secret: 160 random bits, which nobody
// guesses, written as 40 hex digits (an address needs no escaping).
const feedSecretBytes = 20

func newFeedSecret() string {
	b := make([]byte, feedSecretBytes)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// PortalFeedSecret returns the feed's secret, making the first one when
// there is none yet (the back office's first read of the address).
func (s *Store) PortalFeedSecret(ctx context.Context) (f FeedSecret, err error) {
	defer opError(&err, "portal feed secret")
	return s.urlSecret(ctx, feedSecrets)
}

// RotateFeedSecret replaces the feed's secret with a new random one, made
// by by, and returns it: from then on the old address is unknown.
func (s *Store) RotateFeedSecret(ctx context.Context, by listing.Actor) (f FeedSecret, err error) {
	defer opError(&err, "rotate portal feed secret")
	return s.rotateURLSecret(ctx, feedSecrets, by)
}

// CheckFeedSecret reports whether secret is the feed's secret, and its
// generation. The comparison takes the same time whatever the secret
// given; no secret is made here, so the feed answers nothing until the
// back office has read its address.
func (s *Store) CheckFeedSecret(ctx context.Context, secret string) (generation int64, ok bool, err error) {
	defer opError(&err, "check portal feed secret")
	return s.checkURLSecret(ctx, feedSecrets, secret)
}

// secretTable is a table of one row (id 1) holding the secret of an
// address that is its own credential: the feed's, the portal leads'.
type secretTable string

const (
	feedSecrets secretTable = "portal_feed"
	leadSecrets secretTable = "portal_lead_secret"
)

// urlSecret returns t's secret, making the first one when there is none.
func (s *Store) urlSecret(ctx context.Context, t secretTable) (FeedSecret, error) {
	f, err := s.readURLSecret(ctx, s.read, t)
	if !errors.Is(err, sql.ErrNoRows) {
		return f, s.wrap(err)
	}
	// Two first reads at once: the second insert does nothing, and both
	// read the one row.
	if _, err := s.write.ExecContext(ctx, `INSERT INTO `+string(t)+` (id, secret, generation, rotated_at)
VALUES (1, $1, 1, $2) ON CONFLICT (id) DO NOTHING`, newFeedSecret(), utc(s.now())); err != nil {
		return f, s.wrap(err)
	}
	f, err = s.readURLSecret(ctx, s.write, t)
	return f, s.wrap(err)
}

// rotateURLSecret replaces t's secret with a new random one, made by by.
func (s *Store) rotateURLSecret(ctx context.Context, t secretTable, by listing.Actor) (f FeedSecret, err error) {
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO `+string(t)+` (id, secret, generation, rotated_at, rotated_by, rotated_by_name)
VALUES (1, $1, 1, $2, $3, $4)
ON CONFLICT (id) DO UPDATE SET secret = excluded.secret, generation = `+string(t)+`.generation + 1,
    rotated_at = excluded.rotated_at, rotated_by = excluded.rotated_by, rotated_by_name = excluded.rotated_by_name`,
			newFeedSecret(), utc(s.now()), actorRef(by), nullString(by.Name))
		if err != nil {
			return s.wrap(err)
		}
		f, err = s.readURLSecret(ctx, tx, t)
		return s.wrap(err)
	})
	return f, err
}

// checkURLSecret reports whether secret is t's, in the same time whatever
// the secret given, and its generation; never making one.
func (s *Store) checkURLSecret(ctx context.Context, t secretTable, secret string) (generation int64, ok bool, err error) {
	f, err := s.readURLSecret(ctx, s.read, t)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, false, nil
	case err != nil:
		return 0, false, s.wrap(err)
	}
	if subtle.ConstantTimeCompare([]byte(secret), []byte(f.Secret)) != 1 {
		return 0, false, nil
	}
	return f.Generation, true, nil
}

func (s *Store) readURLSecret(ctx context.Context, q queryer, t secretTable) (f FeedSecret, err error) {
	var by, byName sql.NullString
	err = q.QueryRowContext(ctx, `SELECT secret, generation, rotated_at, rotated_by, rotated_by_name
FROM `+string(t)+` WHERE id = 1`).Scan(&f.Secret, &f.Generation, &f.RotatedAt, &by, &byName)
	if err != nil {
		return FeedSecret{}, err
	}
	f.RotatedAt = f.RotatedAt.UTC()
	f.RotatedBy = scanActor(by, byName)
	return f, nil
}

// portalBatch is how many properties one read of EachPortalProperty
// takes: with their photos and amenities, a few hundred kilobytes.
const portalBatch = 200

// EachPortalProperty calls fn with each active property marked to go to
// the portals, in the order of their ids, with its photos (uploaded ones
// with the addresses of their JPEG variants, the cover first) and
// amenities. The properties are read portalBatch at a time by keyset on
// the id (three queries a batch, see loadProperties), each batch whole
// before fn sees it, so that no query stays open while fn writes to a
// slow client, and the memory held is one batch's whatever the
// catalogue's size. An error of fn stops the reading and is returned.
//
// Whether a property meets the portals' rules is not decided here: fn
// sees every candidate (feed.Check decides).
func (s *Store) EachPortalProperty(ctx context.Context, fn func(listing.Property) error) (err error) {
	defer opError(&err, "portal properties")
	return s.eachPortalProperty(ctx, portalBatch, fn)
}

func (s *Store) eachPortalProperty(ctx context.Context, batch int, fn func(listing.Property) error) error {
	after := "00000000-0000-0000-0000-000000000000" // below every id, as text and as uuid
	for {
		ps, err := s.loadProperties(ctx, s.read,
			`WHERE p.is_active = TRUE AND p.publish_to_portals = TRUE AND p.id > $1 ORDER BY p.id LIMIT $2`, after, batch)
		if err != nil {
			return s.wrap(err)
		}
		for _, p := range ps {
			if err := fn(p); err != nil {
				return err
			}
		}
		if len(ps) < batch {
			return nil
		}
		after = ps[len(ps)-1].ID
	}
}

// RecordCrawlerRead keeps at as the last time crawler read the feed,
// unless a later read is already kept (two instances may answer reads
// out of order).
func (s *Store) RecordCrawlerRead(ctx context.Context, crawler string, at time.Time) (err error) {
	defer opError(&err, "record crawler read")
	_, err = s.write.ExecContext(ctx, `INSERT INTO portal_crawler_reads (crawler, last_read_at) VALUES ($1, $2)
ON CONFLICT (crawler) DO UPDATE SET last_read_at = excluded.last_read_at
WHERE portal_crawler_reads.last_read_at < excluded.last_read_at`, crawler, utc(at))
	return s.wrap(err)
}

// CrawlerReads returns when each crawler that ever read the feed last
// read it, by crawler name.
func (s *Store) CrawlerReads(ctx context.Context) (_ map[string]time.Time, err error) {
	defer opError(&err, "crawler reads")
	rows, err := s.read.QueryContext(ctx, `SELECT crawler, last_read_at FROM portal_crawler_reads`)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	out := map[string]time.Time{}
	for rows.Next() {
		var name string
		var at time.Time
		if err := rows.Scan(&name, &at); err != nil {
			return nil, s.wrap(err)
		}
		out[name] = at.UTC()
	}
	return out, s.wrap(rows.Err())
}

// PortalLeadSecret returns the secret of the address the portals post
// leads to, making the first one when there is none yet.
func (s *Store) PortalLeadSecret(ctx context.Context) (f FeedSecret, err error) {
	defer opError(&err, "portal lead secret")
	return s.urlSecret(ctx, leadSecrets)
}

// RotatePortalLeadSecret replaces the portal leads' secret with a new
// random one, made by by: from then on the old address is unknown.
func (s *Store) RotatePortalLeadSecret(ctx context.Context, by listing.Actor) (f FeedSecret, err error) {
	defer opError(&err, "rotate portal lead secret")
	return s.rotateURLSecret(ctx, leadSecrets, by)
}

// CheckPortalLeadSecret reports whether secret is the portal leads'
// secret, as CheckFeedSecret does the feed's.
func (s *Store) CheckPortalLeadSecret(ctx context.Context, secret string) (ok bool, err error) {
	defer opError(&err, "check portal lead secret")
	_, ok, err = s.checkURLSecret(ctx, leadSecrets, secret)
	return ok, err
}
