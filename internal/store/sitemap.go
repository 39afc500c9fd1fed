package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// SitemapFile is one file of the sitemap's property pages: Count active
// properties, in the order of their ids, the first of them the one whose
// id is First. LastMod is the latest of their updated_at (zero when the
// file holds no property).
type SitemapFile struct {
	First   string
	Count   int
	LastMod time.Time
}

// SitemapEntry is one active property as the sitemap lists it.
type SitemapEntry struct {
	Slug      string
	UpdatedAt time.Time
}

// sitemapFilesQuery numbers the active properties in the order of their
// ids from $2 (the slots of the first file that other pages take), cuts
// the numbers into files of $1 slots, and returns the first property of
// each file with the file's count and latest updated_at. It reads every
// active property once: what a file then costs to read does not grow with
// its number (see sitemapEntriesQuery).
const sitemapFilesQuery = `SELECT id, n, updated FROM (
    SELECT id, slot,
           COUNT(*) OVER (PARTITION BY slot / $1) AS n,
           MAX(updated_at) OVER (PARTITION BY slot / $1) AS updated
    FROM (SELECT id, updated_at, ROW_NUMBER() OVER (ORDER BY id) - 1 + $2 AS slot
          FROM properties WHERE is_active) AS numbered
) AS files
WHERE slot % $1 = 0 OR slot = $2
ORDER BY id`

// SitemapFiles cuts the active properties, in the order of their ids, into
// the files of a sitemap of perFile addresses a file, the first of which
// has reserved of its addresses taken by other pages (the home page). It
// returns no file when no property is active. perFile must be above
// reserved, and reserved 0 or more.
func (s *Store) SitemapFiles(ctx context.Context, perFile, reserved int) (_ []SitemapFile, err error) {
	defer opError(&err, "sitemap files")
	if reserved < 0 || perFile <= reserved {
		return nil, fmt.Errorf("%d addresses a file with %d reserved: want more addresses than reserved ones", perFile, reserved)
	}
	rows, err := s.read.QueryContext(ctx, sitemapFilesQuery, perFile, reserved)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	var files []SitemapFile
	for rows.Next() {
		var f SitemapFile
		var updated aggregateTime
		if err := rows.Scan(&f.First, &f.Count, &updated); err != nil {
			return nil, s.wrap(err)
		}
		f.LastMod = updated.t.UTC()
		files = append(files, f)
	}
	return files, s.wrap(rows.Err())
}

// sitemapBatch is how many properties one query of EachSitemapEntry reads.
const sitemapBatch = 1000

// sitemapEntriesQuery reads, in the order of their ids, at most $2 active
// properties from the id $1 (included, or excluded: see its use): a range
// of the primary key, walked from its start, whatever the file's number.
const sitemapEntriesQuery = `SELECT id, slug, updated_at FROM properties
WHERE is_active AND id %s $1 ORDER BY id LIMIT $2`

// EachSitemapEntry calls fn with each property of the file f, in the order
// of their ids. The properties are read sitemapBatch at a time, each batch
// whole before fn sees it, so that no query stays open while fn writes to
// a slow client. An error of fn stops the reading and is returned.
//
// The file is what SitemapFiles saw. Until it is asked again, a property
// deactivated since leaves its place to the next file's first one (listed
// twice), and one activated since, whose id falls inside the file, takes
// the place of the file's last one (listed by no file).
func (s *Store) EachSitemapEntry(ctx context.Context, f SitemapFile, fn func(SitemapEntry) error) (err error) {
	defer opError(&err, "sitemap entries")
	return s.eachSitemapEntry(ctx, f, sitemapBatch, fn)
}

func (s *Store) eachSitemapEntry(ctx context.Context, f SitemapFile, batch int, fn func(SitemapEntry) error) error {
	type row struct {
		id string
		SitemapEntry
	}
	buf := make([]row, 0, min(batch, f.Count))
	after, op := f.First, ">="
	for left := f.Count; left > 0; {
		rows, err := s.read.QueryContext(ctx, fmt.Sprintf(sitemapEntriesQuery, op), after, min(batch, left))
		if err != nil {
			return s.wrap(err)
		}
		buf = buf[:0]
		for rows.Next() {
			var r row
			if err := rows.Scan(&r.id, &r.Slug, &r.UpdatedAt); err != nil {
				rows.Close()
				return s.wrap(err)
			}
			r.UpdatedAt = r.UpdatedAt.UTC()
			buf = append(buf, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return s.wrap(err)
		}
		for _, r := range buf {
			if err := fn(r.SitemapEntry); err != nil {
				return err
			}
		}
		if len(buf) < min(batch, left) {
			return nil // the last file, some of whose properties were deactivated since
		}
		left -= len(buf)
		after, op = buf[len(buf)-1].id, ">"
	}
	return nil
}

// aggregateTime scans a time that an aggregate returns: a time.Time from
// PostgreSQL, the text SQLite keeps from SQLite (an aggregate's column
// has no declared type, so the driver does not read it as a time).
type aggregateTime struct{ t time.Time }

// sqliteTimeLayouts are the forms in which the SQLite driver writes a
// time (_time_format=sqlite) and, for older rows, may have written one.
var sqliteTimeLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999-07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
}

func (a *aggregateTime) Scan(v any) error {
	var text string
	switch v := v.(type) {
	case nil:
		a.t = time.Time{}
		return nil
	case time.Time:
		a.t = v
		return nil
	case string:
		text = v
	case []byte:
		text = string(v)
	default:
		return fmt.Errorf("aggregate time: unexpected %T", v)
	}
	for _, layout := range sqliteTimeLayouts {
		if t, err := time.Parse(layout, text); err == nil {
			a.t = t
			return nil
		}
	}
	return fmt.Errorf("aggregate time: unreadable %q", text)
}

var _ sql.Scanner = (*aggregateTime)(nil)
