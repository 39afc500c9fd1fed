package store

import (
	"context"
	"strings"

	"github.com/vitrine/vitrine/internal/listing"
)

// PostgresPlan returns PostgreSQL's plan of query with sequential scans,
// bitmap scans and sorts priced out, so that the plan shows whether an
// index can serve the query at all, whatever the size of the table.
func PostgresPlan(ctx context.Context, s *Store, query string, args ...any) (string, error) {
	tx, err := s.read.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	for _, set := range []string{"enable_seqscan", "enable_bitmapscan", "enable_sort"} {
		if _, err := tx.ExecContext(ctx, "SET LOCAL "+set+" = off"); err != nil {
			return "", err
		}
	}
	rows, err := tx.QueryContext(ctx, "EXPLAIN "+query, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var plan strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return "", err
		}
		plan.WriteString(line + "\n")
	}
	return plan.String(), rows.Err()
}

// EachPortalPropertyBatch is EachPortalProperty with batches of batch
// properties, so that a test crosses batch boundaries with few rows.
func EachPortalPropertyBatch(ctx context.Context, s *Store, batch int, fn func(listing.Property) error) error {
	return s.eachPortalProperty(ctx, batch, fn)
}
