// Package backup takes, checks and restores backups of a Vitrine: the
// SQLite database and the media files (photos and their variants).
//
// A backup target is a blob.Store (a directory or an S3 bucket) laid out
// as
//
//	snapshots/<id>/manifest.json   what the snapshot holds, with checksums
//	snapshots/<id>/vitrine.db      the SQLite database (absent on PostgreSQL)
//	media/<key>                    the media pool, shared by every snapshot
//
// where <id> is the snapshot's start time in UTC (20261128t031500.000z), so
// that ids sort in time order. Media keys are content-addressed (a key
// always holds the same bytes, see internal/media), so a snapshot copies
// only the objects the pool lacks, and the pool holds each object once
// whatever the number of snapshots. The manifest is written last: a
// snapshot without one is incomplete and is never restored.
//
// The database is copied with VACUUM INTO on a read-only connection of its
// own: one read transaction, so the copy is the database as it was at one
// instant, while the server goes on writing (WAL). The backup API of
// SQLite restarts whenever another connection writes, so under a steady
// flow of leads it may never end; VACUUM INTO does not, and its copy is
// compact. The copy is made in a temporary file beside the database (the
// same file system holds room for it), hashed while it is stored in the
// target, and removed.
//
// One process writes to a target at a time (a scheduled backup is claimed
// by one instance, see store.ClaimBackup): Prune deletes media that no
// complete snapshot names, which a concurrent writer may have just copied.
package backup

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/media/blob"
)

// Format is the version of the manifest this package writes and reads.
const Format = 1

// Keys of the layout.
const (
	snapshotsPrefix = "snapshots/"
	mediaPrefix     = "media/"
	manifestName    = "manifest.json"
	databaseName    = "vitrine.db"
)

// idLayout is the time layout of a snapshot's id: lowercase, as blob keys
// are, and sorting in time order.
const idLayout = "20060102t150405.000z"

var idPattern = regexp.MustCompile(`^[0-9]{8}t[0-9]{6}\.[0-9]{3}z$`)

// Manifest describes one snapshot.
type Manifest struct {
	Format int    `json:"format"`
	ID     string `json:"id"`
	// StartedAt is when the snapshot began: the database is as it was
	// then. FinishedAt is when its last file was stored.
	StartedAt  time.Time `json:"started_at"`
	FinishedAt time.Time `json:"finished_at"`
	// VitrineVersion is the version of the program that took it, when
	// the build knows it.
	VitrineVersion string `json:"vitrine_version,omitempty"`
	// SchemaVersion is the database's latest migration.
	SchemaVersion int `json:"schema_version"`
	// Dialect is the database it was taken from: "sqlite" or "postgres".
	Dialect string `json:"dialect"`
	// Database is the SQLite file; nil on PostgreSQL, whose database is
	// backed up with its own tools (pg_dump, PITR).
	Database *File `json:"database"`
	// Media are the media objects, keyed as in the media store; nil when
	// the snapshot leaves them out (the snapshot before a migration).
	Media []File `json:"media"`
}

// File is one stored file with its checksum.
type File struct {
	Key    string `json:"key"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Bytes is the size of everything the snapshot names.
func (m Manifest) Bytes() int64 {
	var n int64
	if m.Database != nil {
		n += m.Database.Size
	}
	for _, f := range m.Media {
		n += f.Size
	}
	return n
}

func snapshotKey(id, name string) string { return snapshotsPrefix + id + "/" + name }

var sha256Pattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// check reports what makes a manifest unusable, naming the field.
func (m Manifest) check() error {
	switch {
	case m.Format != Format:
		return fmt.Errorf("format %d (this program reads format %d)", m.Format, Format)
	case !idPattern.MatchString(m.ID):
		return fmt.Errorf("id %q is not a snapshot id", m.ID)
	case m.StartedAt.IsZero() || m.FinishedAt.Before(m.StartedAt):
		return errors.New("started_at and finished_at are missing or out of order")
	case m.SchemaVersion <= 0:
		return errors.New("schema_version is missing")
	case m.Dialect != "sqlite" && m.Dialect != "postgres":
		return fmt.Errorf("dialect %q is neither sqlite nor postgres", m.Dialect)
	case m.Dialect == "sqlite" && m.Database == nil:
		return errors.New("a SQLite snapshot without its database")
	}
	files := m.Media
	if m.Database != nil {
		if m.Database.Key != databaseName {
			return fmt.Errorf("database key %q (want %q)", m.Database.Key, databaseName)
		}
		files = append([]File{*m.Database}, files...)
	}
	seen := make(map[string]bool, len(files))
	for _, f := range files {
		if err := blob.CheckKey(f.Key); err != nil {
			return fmt.Errorf("file %q: %w", f.Key, err)
		}
		if seen[f.Key] {
			return fmt.Errorf("file %q is listed twice", f.Key)
		}
		seen[f.Key] = true
		if f.Size < 0 || !sha256Pattern.MatchString(f.SHA256) {
			return fmt.Errorf("file %q: size or sha256 is not valid", f.Key)
		}
	}
	return nil
}

// readManifest reads and checks the manifest of snapshot id.
func readManifest(ctx context.Context, target blob.Store, id string) (Manifest, error) {
	key := snapshotKey(id, manifestName)
	r, _, err := target.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return Manifest{}, fmt.Errorf("%s: missing (an incomplete snapshot, or no snapshot %s)", key, id)
	}
	if err != nil {
		return Manifest{}, err
	}
	defer r.Close()
	raw, err := io.ReadAll(io.LimitReader(r, 256<<20))
	if err != nil {
		return Manifest{}, fmt.Errorf("%s: %w", key, err)
	}
	var m Manifest
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return Manifest{}, fmt.Errorf("%s is not a well-formed manifest: %w", key, err)
	}
	if dec.More() {
		return Manifest{}, fmt.Errorf("%s is not a well-formed manifest: data after its end", key)
	}
	if err := m.check(); err != nil {
		return Manifest{}, fmt.Errorf("%s is not a well-formed manifest: %w", key, err)
	}
	if m.ID != id {
		return Manifest{}, fmt.Errorf("%s names the snapshot %s", key, m.ID)
	}
	return m, nil
}

// Snapshots returns the ids of the complete snapshots of target (those
// with a manifest), oldest first.
func Snapshots(ctx context.Context, target blob.Store) ([]string, error) {
	var ids []string
	err := target.List(ctx, snapshotsPrefix, func(i blob.Info) error {
		id, name, ok := strings.Cut(strings.TrimPrefix(i.Key, snapshotsPrefix), "/")
		if ok && name == manifestName && idPattern.MatchString(id) {
			ids = append(ids, id)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list snapshots: %w", err)
	}
	slices.Sort(ids)
	return ids, nil
}

// ErrNoSnapshot is returned (wrapped) when a target holds no complete
// snapshot, or not the one asked for.
var ErrNoSnapshot = errors.New("no such snapshot")

// resolve returns id, or the latest snapshot's when id is "".
func resolve(ctx context.Context, target blob.Store, id string) (string, error) {
	ids, err := Snapshots(ctx, target)
	if err != nil {
		return "", err
	}
	if id == "" {
		if len(ids) == 0 {
			return "", fmt.Errorf("%w: %s holds no complete snapshot", ErrNoSnapshot, target)
		}
		return ids[len(ids)-1], nil
	}
	if !slices.Contains(ids, id) {
		return "", fmt.Errorf("%w: %s has no complete snapshot %q (it has %s)", ErrNoSnapshot, target, id, listIDs(ids))
	}
	return id, nil
}

func listIDs(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// hashingReader hashes and counts what is read through it.
type hashingReader struct {
	r io.Reader
	h hashState
	n int64
}

type hashState interface {
	io.Writer
	Sum([]byte) []byte
}

func newHashingReader(r io.Reader) *hashingReader { return &hashingReader{r: r, h: sha256.New()} }

func (h *hashingReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	h.h.Write(p[:n])
	h.n += int64(n)
	return n, err
}

func (h *hashingReader) sum() string { return hex.EncodeToString(h.h.Sum(nil)) }
