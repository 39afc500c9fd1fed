package backup

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/vitrine/vitrine/internal/media/blob"
)

// ErrNotEmpty is returned (wrapped) by Restore when a destination holds
// data and Force is not set.
var ErrNotEmpty = errors.New("not empty")

// ErrNoDatabase is returned (wrapped) when a database is to be restored
// from a snapshot that holds none (one taken on PostgreSQL).
var ErrNoDatabase = errors.New("the snapshot holds no database")

// Destination is where Restore puts a snapshot.
type Destination struct {
	// Database is the SQLite file to write; "" restores no database.
	Database string
	// Media is the media store to fill; nil restores no media.
	Media blob.Store
	// Force overwrites a database file that exists (its -wal and -shm
	// files are removed) and copies into a media store that holds
	// objects already.
	Force bool
	// Workers is how many media objects are copied at once (4 when 0).
	Workers int
}

// Restore puts snapshot id of target ("" for the latest) into dst, which
// must be empty unless dst.Force. Everything is checked on the way: the
// manifest, the database's checksum and PRAGMA integrity_check before
// the file takes its name, each media object's checksum as it is copied.
// A damaged snapshot is a *VerifyError; one whose database or manifest
// is damaged, or that lacks a media object or has one of another size,
// restores nothing; a media object whose content was altered is found
// as it is copied, the database in place. A snapshot without media
// (Manifest.Media nil) restores none.
func Restore(ctx context.Context, target blob.Store, id string, dst Destination) (Manifest, error) {
	m, err := openSnapshot(ctx, target, id)
	if err != nil {
		return m, err
	}
	if dst.Database != "" {
		if m.Database == nil {
			return m, fmt.Errorf("%w: snapshot %s was taken on %s; restore its database with that database's own tools", ErrNoDatabase, m.ID, m.Dialect)
		}
		if err := checkEmptyDatabase(dst.Database, dst.Force); err != nil {
			return m, err
		}
	}
	if m.Media == nil {
		dst.Media = nil // a snapshot taken before a migration: the database alone
	}
	if dst.Media != nil && !dst.Force {
		if err := checkEmptyMedia(ctx, dst.Media); err != nil {
			return m, err
		}
	}
	if dst.Media != nil {
		// Every media object is there with its size before anything
		// is written; their checksums are checked as they are copied.
		if err := statMedia(ctx, target, m); err != nil {
			return m, err
		}
	}
	if dst.Database != "" {
		if err := restoreDatabase(ctx, target, m, dst.Database); err != nil {
			return m, err
		}
	}
	if dst.Media != nil {
		if err := restoreMedia(ctx, target, m, dst); err != nil {
			return m, err
		}
	}
	return m, nil
}

// checkEmptyDatabase refuses a database file that exists and holds data
// (or a WAL), unless force.
func checkEmptyDatabase(path string, force bool) error {
	for _, p := range []string{path, path + "-wal"} {
		fi, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if fi.IsDir() {
			return fmt.Errorf("%s is a directory", p)
		}
		if fi.Size() > 0 && !force {
			return fmt.Errorf("the database %s: %w (it holds %d bytes)", p, ErrNotEmpty, fi.Size())
		}
	}
	return nil
}

// statMedia checks that the pool holds every media object of m with its
// size.
func statMedia(ctx context.Context, target blob.Store, m Manifest) error {
	var p problems
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(8)
	for _, f := range m.Media {
		g.Go(func() error {
			key := mediaPrefix + f.Key
			info, err := target.Stat(gctx, key)
			switch {
			case errors.Is(err, blob.ErrNotFound):
				p.add(key, "present", "missing")
			case err != nil:
				return err
			case info.Size != f.Size:
				p.add(key, "size", "%d bytes, the manifest says %d (cut short or grown)", info.Size, f.Size)
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return fmt.Errorf("check the media: %w", err)
	}
	return p.err(m.ID)
}

// errSeen stops a listing at its first object.
var errSeen = errors.New("an object")

func checkEmptyMedia(ctx context.Context, media blob.Store) error {
	var first string
	err := media.List(ctx, "", func(i blob.Info) error {
		first = i.Key
		return errSeen
	})
	if errors.Is(err, errSeen) {
		return fmt.Errorf("the media storage %s: %w (it holds %s, among others)", media, ErrNotEmpty, first)
	}
	return err
}

// restoreDatabase writes the snapshot's database beside path, checks it,
// and renames it over path, removing the WAL and shared memory files of
// the database it replaces (a WAL left beside the restored file would be
// replayed into it).
func restoreDatabase(ctx context.Context, target blob.Store, m Manifest, path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("restore the database: %w", err)
	}
	tmpDir, err := os.MkdirTemp(filepath.Dir(path), "."+filepath.Base(path)+".restore-")
	if err != nil {
		return fmt.Errorf("restore the database: %w", err)
	}
	defer os.RemoveAll(tmpDir)
	tmp := filepath.Join(tmpDir, databaseName)
	var p problems
	if err := fetchDatabase(ctx, target, m, tmp, &p); err != nil {
		return fmt.Errorf("restore the database: %w", err)
	}
	if err := p.err(m.ID); err != nil {
		return err
	}
	f, err := os.Open(tmp)
	if err == nil {
		err = f.Sync()
		f.Close()
	}
	if err != nil {
		return fmt.Errorf("restore the database: %w", err)
	}
	for _, ext := range []string{"-wal", "-shm"} {
		if err := os.Remove(path + ext); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("restore the database: %w", err)
		}
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("restore the database: %w", err)
	}
	d, err := os.Open(filepath.Dir(path))
	if err == nil {
		err = d.Sync()
		d.Close()
	}
	if err != nil {
		return fmt.Errorf("restore the database: %w", err)
	}
	return nil
}

// restoreMedia copies every media object of the snapshot into dst.Media,
// checking each one's checksum as it goes; an object that does not match
// is deleted again and named in the error.
func restoreMedia(ctx context.Context, target blob.Store, m Manifest, dst Destination) error {
	workers := dst.Workers
	if workers <= 0 {
		workers = 4
	}
	var p problems
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for _, f := range m.Media {
		g.Go(func() error {
			key := mediaPrefix + f.Key
			r, info, err := openChecked(gctx, target, key, f, &p)
			if err != nil || r == nil {
				return err
			}
			defer r.Close()
			h := newHashingReader(r)
			if err := dst.Media.Put(gctx, f.Key, h, f.Size, info.ContentType); err != nil {
				return fmt.Errorf("restore %s: %w", f.Key, err)
			}
			if !h.matches(key, f.SHA256, &p) {
				return dst.Media.Delete(gctx, f.Key) // not restored
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return fmt.Errorf("restore the media: %w", err)
	}
	return p.err(m.ID)
}

// PruneResult is what Prune removed.
type PruneResult struct {
	Snapshots []string // their ids
	Media     int
	Bytes     int64 // of the media removed
}

// Prune keeps the keep latest complete snapshots of target and removes
// the others, the files of incomplete snapshots older than the latest
// complete one (a backup that failed), and the media no kept snapshot
// names.
func Prune(ctx context.Context, target blob.Store, keep int) (res PruneResult, err error) {
	if keep < 1 {
		return res, fmt.Errorf("prune: keep %d snapshots (at least 1)", keep)
	}
	ids, err := Snapshots(ctx, target)
	if err != nil || len(ids) == 0 {
		return res, err
	}
	kept := ids[max(0, len(ids)-keep):]
	complete := map[string]bool{}
	for _, id := range ids {
		complete[id] = true
	}
	var stale []string
	err = target.List(ctx, snapshotsPrefix, func(i blob.Info) error {
		id, _, _ := strings.Cut(i.Key[len(snapshotsPrefix):], "/")
		if id < kept[0] || !complete[id] && id < ids[len(ids)-1] {
			stale = append(stale, i.Key)
		}
		return nil
	})
	if err != nil {
		return res, fmt.Errorf("prune: %w", err)
	}
	res.Snapshots = ids[:len(ids)-len(kept)]
	// The files first, the manifests last: a snapshot interrupted halfway
	// through its removal is then incomplete, never complete and damaged.
	for _, last := range []bool{false, true} {
		for _, k := range stale {
			if (filepath.Base(k) == manifestName) != last {
				continue
			}
			if err := target.Delete(ctx, k); err != nil {
				return res, fmt.Errorf("prune: %w", err)
			}
		}
	}
	named := map[string]bool{}
	for _, id := range kept {
		m, err := readManifest(ctx, target, id)
		if err != nil {
			// What it names is not known: no media is removed.
			return res, fmt.Errorf("prune the media: %w", err)
		}
		for _, f := range m.Media {
			named[f.Key] = true
		}
	}
	var unnamed []blob.Info
	err = target.List(ctx, mediaPrefix, func(i blob.Info) error {
		if !named[i.Key[len(mediaPrefix):]] {
			unnamed = append(unnamed, i)
		}
		return nil
	})
	if err != nil {
		return res, fmt.Errorf("prune the media: %w", err)
	}
	for _, i := range unnamed {
		if err := target.Delete(ctx, i.Key); err != nil {
			return res, fmt.Errorf("prune the media: %w", err)
		}
		res.Media++
		res.Bytes += i.Size
	}
	return res, nil
}
