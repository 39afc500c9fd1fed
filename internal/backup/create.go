package backup

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	_ "modernc.org/sqlite" // the driver of the copies VACUUM INTO makes and checks

	"github.com/vitrine/vitrine/internal/media/blob"
)

// Source is what a backup copies.
type Source struct {
	// Dialect is the database's: "sqlite" or "postgres".
	Dialect string
	// Database is the SQLite file; empty on PostgreSQL.
	Database string
	// SchemaVersion is the database's latest migration, for PostgreSQL,
	// whose database the backup does not copy; on SQLite it is read from
	// the copy.
	SchemaVersion int
	// Media is where the media files are; nil leaves them out.
	Media blob.Store
}

// Options tune Create.
type Options struct {
	// Version is the program's version, written in the manifest.
	Version string
	// Keep, when above 0, prunes the target to its Keep latest snapshots
	// once the new one is complete.
	Keep int
	// Workers is how many media objects are copied at once (4 when 0):
	// on S3 each copy waits mostly for the network.
	Workers int
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// Result is what Create did.
type Result struct {
	Manifest Manifest
	// Copied media objects and their bytes; Reused were in the pool
	// already.
	Copied      int
	CopiedBytes int64
	Reused      int
	Duration    time.Duration
	Pruned      PruneResult
}

// Create takes a snapshot of src into target and returns its manifest.
// The database is copied first: the media listed afterwards hold every
// file it names (an upload stores its files before it commits their row,
// and the sweep leaves files a week after their last row went).
func Create(ctx context.Context, target blob.Store, src Source, opt Options) (res Result, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("backup to %s: %w", target, err)
		}
	}()
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	start := now().UTC()
	m := Manifest{Format: Format, ID: start.Format(idLayout), StartedAt: start, VitrineVersion: opt.Version,
		Dialect: src.Dialect, SchemaVersion: src.SchemaVersion}
	switch src.Dialect {
	case "sqlite":
		if src.Database == "" {
			return res, errors.New("a SQLite source without its database file")
		}
		f, version, err := copyDatabase(ctx, target, src.Database, snapshotKey(m.ID, databaseName))
		if err != nil {
			return res, err
		}
		m.Database, m.SchemaVersion = &f, version
	case "postgres":
	default:
		return res, fmt.Errorf("unknown dialect %q", src.Dialect)
	}
	if src.Media != nil {
		m.Media = []File{}
		if err := copyMedia(ctx, target, src.Media, opt.Workers, &m, &res); err != nil {
			return res, err
		}
	}
	m.FinishedAt = now().UTC()
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return res, err
	}
	raw = append(raw, '\n')
	if err := target.Put(ctx, snapshotKey(m.ID, manifestName), bytes.NewReader(raw), int64(len(raw)), "application/json"); err != nil {
		return res, err
	}
	res.Manifest, res.Duration = m, m.FinishedAt.Sub(start)
	if opt.Keep > 0 {
		if res.Pruned, err = Prune(ctx, target, opt.Keep); err != nil {
			return res, err
		}
	}
	return res, nil
}

// copyDatabase copies the SQLite database at path, as it is at one
// instant, into target under key, and returns its File and schema
// version.
func copyDatabase(ctx context.Context, target blob.Store, path, key string) (File, int, error) {
	tmpDir, err := os.MkdirTemp(filepath.Dir(path), "."+filepath.Base(path)+".backup-")
	if err != nil {
		return File{}, 0, fmt.Errorf("copy database: %w", err)
	}
	defer os.RemoveAll(tmpDir)
	tmp := filepath.Join(tmpDir, databaseName)
	if err := vacuumInto(ctx, path, tmp); err != nil {
		return File{}, 0, err
	}
	version, err := schemaVersion(ctx, tmp)
	if err != nil {
		return File{}, 0, err
	}
	f, err := os.Open(tmp)
	if err != nil {
		return File{}, 0, fmt.Errorf("copy database: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return File{}, 0, fmt.Errorf("copy database: %w", err)
	}
	h := newHashingReader(f)
	if err := target.Put(ctx, key, h, fi.Size(), "application/vnd.sqlite3"); err != nil {
		return File{}, 0, fmt.Errorf("copy database: %w", err)
	}
	return File{Key: databaseName, Size: h.n, SHA256: h.sum()}, version, nil
}

// sqliteName is the driver's name of the file at path, with query
// parameters q.
func sqliteName(path string, q url.Values) string {
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// vacuumInto writes a copy of the database at src into the new file dst,
// through a read-only connection (VACUUM INTO reads in one transaction).
func vacuumInto(ctx context.Context, src, dst string) error {
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("copy database: %w", err)
	}
	db, err := sql.Open("sqlite", sqliteName(src, url.Values{"mode": {"ro"}, "_pragma": {"busy_timeout(10000)"}}))
	if err != nil {
		return fmt.Errorf("copy database: %w", err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO $1`, dst); err != nil {
		return fmt.Errorf("copy database %s: VACUUM INTO: %w", src, err)
	}
	return nil
}

// schemaVersion reads the latest migration of the SQLite file at path.
func schemaVersion(ctx context.Context, path string) (int, error) {
	db, err := sql.Open("sqlite", sqliteName(path, url.Values{"mode": {"ro"}}))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var v sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT max(version) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("read the schema version: %w", err)
	}
	if !v.Valid {
		return 0, errors.New("read the schema version: no migration applied")
	}
	return int(v.Int64), nil
}

// copyMedia copies into the target's pool the media objects it lacks,
// and lists every object in m.Media. An object the pool holds with the
// size an earlier manifest gives it is that manifest's (keys are
// content-addressed); any other is copied again.
func copyMedia(ctx context.Context, target, media blob.Store, workers int, m *Manifest, res *Result) error {
	known, err := poolIndex(ctx, target)
	if err != nil {
		return err
	}
	if workers <= 0 {
		workers = 4
	}
	var mu sync.Mutex
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	err = media.List(ctx, "", func(i blob.Info) error {
		if f, ok := known[i.Key]; ok && f.Size == i.Size {
			mu.Lock()
			m.Media = append(m.Media, f)
			res.Reused++
			mu.Unlock()
			return nil
		}
		if gctx.Err() != nil {
			return gctx.Err()
		}
		g.Go(func() error {
			f, err := copyObject(gctx, media, target, i.Key, mediaPrefix+i.Key)
			if errors.Is(err, blob.ErrNotFound) {
				return nil // swept since it was listed: nothing names it
			}
			if err != nil {
				return err
			}
			mu.Lock()
			m.Media = append(m.Media, f)
			res.Copied++
			res.CopiedBytes += f.Size
			mu.Unlock()
			return nil
		})
		return nil
	})
	if gerr := g.Wait(); err == nil {
		err = gerr
	}
	if err != nil {
		return fmt.Errorf("copy media: %w", err)
	}
	slices.SortFunc(m.Media, func(a, b File) int { return cmpString(a.Key, b.Key) })
	return nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// copyObject copies the object key of from into to under toKey and
// returns its File (named key), hashed on the way.
func copyObject(ctx context.Context, from, to blob.Store, key, toKey string) (File, error) {
	r, info, err := from.Open(ctx, key)
	if err != nil {
		return File{}, err
	}
	defer r.Close()
	h := newHashingReader(r)
	if err := to.Put(ctx, toKey, h, info.Size, info.ContentType); err != nil {
		return File{}, err
	}
	return File{Key: key, Size: h.n, SHA256: h.sum()}, nil
}

// poolIndex returns the media objects the target's pool holds that a
// complete snapshot's manifest describes, with the pool's size.
func poolIndex(ctx context.Context, target blob.Store) (map[string]File, error) {
	sizes := map[string]int64{}
	err := target.List(ctx, mediaPrefix, func(i blob.Info) error {
		sizes[i.Key[len(mediaPrefix):]] = i.Size
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list the media pool: %w", err)
	}
	ids, err := Snapshots(ctx, target)
	if err != nil {
		return nil, err
	}
	known := map[string]File{}
	for _, id := range ids {
		m, err := readManifest(ctx, target, id)
		if err != nil {
			// A damaged manifest describes nothing: its objects are
			// copied again.
			continue
		}
		for _, f := range m.Media {
			if size, ok := sizes[f.Key]; ok && size == f.Size {
				known[f.Key] = f
			}
		}
	}
	return known, nil
}
