package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/vitrine/vitrine/internal/media/blob"
)

// Problem is one thing wrong with a snapshot: the file (its key in the
// target), the check it failed and what was found.
type Problem struct {
	File   string
	Check  string // manifest, present, size, sha256, integrity_check, schema_version
	Detail string
}

func (p Problem) String() string { return p.File + ": " + p.Check + ": " + p.Detail }

// VerifyError lists what is wrong with a snapshot.
type VerifyError struct {
	Snapshot string
	Problems []Problem
}

func (e *VerifyError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "snapshot %s is damaged (%d problem", e.Snapshot, len(e.Problems))
	if len(e.Problems) != 1 {
		b.WriteString("s")
	}
	b.WriteString(")")
	for i, p := range e.Problems {
		if i == 20 {
			fmt.Fprintf(&b, "\n  … and %d more", len(e.Problems)-i)
			break
		}
		b.WriteString("\n  " + p.String())
	}
	return b.String()
}

// problems collects the Problems of a check, from several goroutines.
type problems struct {
	mu   sync.Mutex
	list []Problem
}

func (p *problems) add(file, check, format string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.list = append(p.list, Problem{File: file, Check: check, Detail: fmt.Sprintf(format, args...)})
}

func (p *problems) err(id string) error {
	if len(p.list) == 0 {
		return nil
	}
	return &VerifyError{Snapshot: id, Problems: p.list}
}

// Verify checks snapshot id of target ("" for the latest): its manifest
// is well-formed, every file it names is there with its size and
// checksum, and the database opens and passes PRAGMA integrity_check. A
// damaged snapshot is a *VerifyError naming each file and check that
// failed.
func Verify(ctx context.Context, target blob.Store, id string) (Manifest, error) {
	m, err := openSnapshot(ctx, target, id)
	if err != nil {
		return m, err
	}
	tmpDir, err := os.MkdirTemp("", "vitrine-verify-")
	if err != nil {
		return m, err
	}
	defer os.RemoveAll(tmpDir)
	var p problems
	if m.Database != nil {
		if err := fetchDatabase(ctx, target, m, filepath.Join(tmpDir, databaseName), &p); err != nil {
			return m, err
		}
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(4)
	for _, f := range m.Media {
		g.Go(func() error { return checkObject(gctx, target, mediaPrefix+f.Key, f, &p) })
	}
	if err := g.Wait(); err != nil {
		return m, err
	}
	return m, p.err(m.ID)
}

// ReadManifest reads the manifest of snapshot id ("" for the latest)
// without checking the files it names; a manifest that is missing or not
// well-formed is a *VerifyError.
func ReadManifest(ctx context.Context, target blob.Store, id string) (Manifest, error) {
	return openSnapshot(ctx, target, id)
}

// openSnapshot reads the manifest of snapshot id ("" for the latest); a
// manifest that is missing or not well-formed is a *VerifyError.
func openSnapshot(ctx context.Context, target blob.Store, id string) (Manifest, error) {
	id, err := resolve(ctx, target, id)
	if err != nil {
		return Manifest{}, err
	}
	m, err := readManifest(ctx, target, id)
	if err != nil {
		return Manifest{}, &VerifyError{Snapshot: id, Problems: []Problem{{File: snapshotKey(id, manifestName), Check: "manifest", Detail: err.Error()}}}
	}
	return m, nil
}

// fetchDatabase copies the snapshot's database to path, checking its size
// and checksum, then opens it and runs PRAGMA integrity_check. What is
// wrong goes to p; the error is a failure to check at all.
func fetchDatabase(ctx context.Context, target blob.Store, m Manifest, path string, p *problems) error {
	key := snapshotKey(m.ID, databaseName)
	r, _, err := openChecked(ctx, target, key, *m.Database, p)
	if err != nil || r == nil {
		return err
	}
	defer r.Close()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	h := newHashingReader(r)
	_, err = io.Copy(f, h)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("read %s: %w", key, err)
	}
	if !h.matches(key, m.Database.SHA256, p) {
		return nil
	}
	if err := integrityCheck(ctx, path); err != nil {
		p.add(key, "integrity_check", "%v", err)
		return nil
	}
	if v, err := schemaVersion(ctx, path); err != nil || v != m.SchemaVersion {
		p.add(key, "schema_version", "%d (%v), the manifest says %d", v, err, m.SchemaVersion)
	}
	return nil
}

// openChecked opens key, which should hold f, when it is there with f's
// size; otherwise it adds the problem to p and returns a nil reader.
func openChecked(ctx context.Context, target blob.Store, key string, f File, p *problems) (io.ReadCloser, blob.Info, error) {
	r, info, err := target.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		p.add(key, "present", "missing")
		return nil, info, nil
	}
	if err != nil {
		return nil, info, err
	}
	if info.Size != f.Size {
		r.Close()
		p.add(key, "size", "%d bytes, the manifest says %d (cut short or grown)", info.Size, f.Size)
		return nil, info, nil
	}
	return r, info, nil
}

// matches reports whether what was read through h has the checksum
// want, adding the problem to p when not.
func (h *hashingReader) matches(key, want string, p *problems) bool {
	if sum := h.sum(); sum != want {
		p.add(key, "sha256", "%s, the manifest says %s (the file was altered)", sum, want)
		return false
	}
	return true
}

// integrityCheck opens the SQLite file at path read-only and runs PRAGMA
// integrity_check, returning what it reports unless "ok".
func integrityCheck(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", sqliteName(path, url.Values{"mode": {"ro"}}))
	if err != nil {
		return err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return fmt.Errorf("does not open: %w", err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		found = append(found, s)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("does not open: %w", err)
	}
	if len(found) == 1 && found[0] == "ok" {
		return nil
	}
	if len(found) > 5 {
		found = append(found[:5], "…")
	}
	return errors.New(strings.Join(found, "; "))
}

// checkObject checks that key holds f: present, with its size and
// checksum. What is wrong goes to p.
func checkObject(ctx context.Context, target blob.Store, key string, f File, p *problems) error {
	r, _, err := openChecked(ctx, target, key, f, p)
	if err != nil || r == nil {
		return err
	}
	defer r.Close()
	h := newHashingReader(r)
	if _, err := io.Copy(io.Discard, h); err != nil {
		return fmt.Errorf("read %s: %w", key, err)
	}
	h.matches(key, f.SHA256, p)
	return nil
}
