package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// ByIDsBatch is the most ids one read of list items takes.
const ByIDsBatch = byIDsBatch

// Exec runs a statement on the store's writer, for tests that must put the
// database in a state the API never makes.
func Exec(ctx context.Context, s *Store, query string, args ...any) error {
	_, err := s.write.ExecContext(ctx, query, args...)
	return err
}

// QueryRow runs a query on the store's reader, for tests that look at
// rows the API does not show.
func QueryRow(ctx context.Context, s *Store, query string, args ...any) *sql.Row {
	return s.read.QueryRowContext(ctx, query, args...)
}

// ListQueries are the count and page queries of Properties, with their
// arguments for a page of limit rows from offset.
func ListQueries(f PropertyFilter, limit, offset int) (count, list string, countArgs, listArgs []any) {
	count, list, countArgs, listArgs = propertiesQueries(f)
	return count, list, countArgs, append(listArgs, limit, offset)
}

// QueryPlan returns SQLite's plan of query, one step a line.
func QueryPlan(ctx context.Context, s *Store, query string, args ...any) (string, error) {
	rows, err := s.read.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var plan strings.Builder
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			return "", err
		}
		plan.WriteString(detail + "\n")
	}
	return plan.String(), rows.Err()
}

// RebuildDocuments runs Migrate's rebuild of the stored documents, reading
// properties batch at a time.
func RebuildDocuments(ctx context.Context, s *Store, batch int) error {
	return s.inTx(ctx, func(tx *sql.Tx) error { return s.rebuildDocuments(ctx, tx, batch) })
}

// SetDocumentKeys replaces how the store makes the keys of a slug's
// document, so that tests can make slugs share keys.
func SetDocumentKeys(s *Store, keys func(slug string) (first, second int64)) { s.keys = keys }

// DetailQuery is the prepared query of PropertyDocument.
const DetailQuery = detailQuery

// SlugKeys are the keys of slug's document.
func SlugKeys(slug string) (first, second int64) { return slugKeys(slug) }

// SetDocumentFormat makes s take format for the name of the documents it
// makes, as a build with another detaildoc.Version would.
func SetDocumentFormat(s *Store, format string) {
	s.format = format
	s.mediaKnown = true // the whole format is the pretended build's: Migrate must not take the stored media address into it
}

// StoredDocumentFormat is the format the stored documents were made in.
func StoredDocumentFormat(ctx context.Context, s *Store) (string, error) {
	var f string
	err := s.read.QueryRowContext(ctx, `SELECT document_format FROM catalog_version WHERE id = 1`).Scan(&f)
	return f, err
}

// StallProbes is how many times s has checked that PostgreSQL answers,
// after a connection was silent for the stall timeout.
func StallProbes(s *Store) int {
	s.live.mu.Lock()
	defer s.live.mu.Unlock()
	return s.live.probes
}

// EachSitemapEntryBatch is EachSitemapEntry reading batch properties a
// query.
func EachSitemapEntryBatch(ctx context.Context, s *Store, f SitemapFile, batch int, fn func(SitemapEntry) error) error {
	return s.eachSitemapEntry(ctx, f, batch, fn)
}

// SitemapEntriesQuery is the query of a batch of EachSitemapEntry: the
// first of a file (from its first id, included) or a later one.
func SitemapEntriesQuery(first bool) string {
	if first {
		return fmt.Sprintf(sitemapEntriesQuery, ">=")
	}
	return fmt.Sprintf(sitemapEntriesQuery, ">")
}
