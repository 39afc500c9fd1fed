package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Rate limits kept in the database (table rate_limits), so that every
// instance on it counts against one allowance: N instances behind a
// balancer must not allow N times a limit that protects an account. A
// bucket holds n events and gets them back evenly over per, as the
// server's in-memory limiters do. Its key is the limit's name and a keyed
// hash of the value it counts (an e-mail, say), so no personal data is
// stored; a bucket untouched for per has refilled and is pruned.

// rateRefill is a bucket's events after the time since it was last
// counted ($3 is now, in Unix milliseconds) has given some back ($4 a
// millisecond), at most $2. CASE rather than least/min, which the two
// databases spell differently.
const rateRefill = `CASE WHEN rate_limits.tokens + (CAST($3 AS BIGINT) - rate_limits.at_ms) * CAST($4 AS DOUBLE PRECISION) > CAST($2 AS DOUBLE PRECISION)
    THEN CAST($2 AS DOUBLE PRECISION)
    ELSE rate_limits.tokens + (CAST($3 AS BIGINT) - rate_limits.at_ms) * CAST($4 AS DOUBLE PRECISION) END`

// TakeRate takes one event for value from the shared limit named name,
// which allows n events at once, given back evenly over per. When the
// bucket is empty it returns false and how long until the next event.
// One statement takes the event, so instances taking at once each see
// the others' takes (the row is locked while it is updated).
func (s *Store) TakeRate(ctx context.Context, name, value string, n int, per time.Duration) (ok bool, wait time.Duration, err error) {
	defer opError(&err, "take rate")
	key := name + ":" + s.keyedHash("rate:"+name, value)
	nowMs := s.now().UnixMilli()
	perMs := float64(per.Milliseconds()) / float64(n) // milliseconds an event takes to come back
	var left float64
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM rate_limits WHERE key LIKE $1 AND at_ms < $2`,
			name+":%", nowMs-per.Milliseconds()); err != nil {
			return s.wrap(err)
		}
		err := tx.QueryRowContext(ctx, `INSERT INTO rate_limits (key, tokens, at_ms)
VALUES ($1, CAST($2 AS DOUBLE PRECISION) - 1, CAST($3 AS BIGINT))
ON CONFLICT (key) DO UPDATE SET tokens = `+rateRefill+` - 1, at_ms = CAST($3 AS BIGINT)
WHERE `+rateRefill+` >= 1
RETURNING tokens`, key, float64(n), nowMs, 1/perMs).Scan(&left)
		if !errors.Is(err, sql.ErrNoRows) {
			ok = err == nil
			return s.wrap(err)
		}
		// Refused: nothing was written; how long until one event is back.
		var tokens float64
		var at int64
		if err := tx.QueryRowContext(ctx, `SELECT tokens, at_ms FROM rate_limits WHERE key = $1`, key).Scan(&tokens, &at); err != nil {
			return s.wrap(err)
		}
		refilled := min(float64(n), tokens+float64(nowMs-at)/perMs)
		wait = time.Duration((1 - refilled) * perMs * float64(time.Millisecond))
		return nil
	})
	if err != nil {
		return false, 0, err
	}
	return ok, wait, nil
}

// RefundRate gives back an event that TakeRate took for value from the
// limit named name of n events.
func (s *Store) RefundRate(ctx context.Context, name, value string, n int) (err error) {
	defer opError(&err, "refund rate")
	key := name + ":" + s.keyedHash("rate:"+name, value)
	return s.inTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE rate_limits
SET tokens = CASE WHEN tokens + 1 > CAST($2 AS DOUBLE PRECISION) THEN CAST($2 AS DOUBLE PRECISION) ELSE tokens + 1 END
WHERE key = $1`, key, float64(n))
		return s.wrap(err)
	})
}
