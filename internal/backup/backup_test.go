package backup_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "modernc.org/sqlite"

	"github.com/vitrine/vitrine/internal/backup"
	"github.com/vitrine/vitrine/internal/media/blob"
	"github.com/vitrine/vitrine/internal/media/blob/s3test"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// site is a Vitrine's data as a backup finds it: a migrated SQLite
// database with a property, and a media store with files in it.
type site struct {
	db    string
	media blob.Store
	slug  string
}

func newSite(t *testing.T, media blob.Store) *site {
	t.Helper()
	dsn := storetest.MigratedDSN(t, "sqlite")
	st := storetest.OpenAt(t, dsn, store.Options{})
	p, err := st.CreateProperty(context.Background(), storetest.Apartment("Apartamento no Centro"))
	if err != nil {
		t.Fatal(err)
	}
	s := &site{db: dsn, media: media, slug: p.Slug}
	s.put(t, "originals/0123456789abcdef0123456789abcdef.jpg", "original")
	s.put(t, "0123456789abcdef0123456789abcdef-640.webp", "variant")
	return s
}

func (s *site) put(t *testing.T, key, content string) {
	t.Helper()
	if err := s.media.Put(context.Background(), key, strings.NewReader(content), int64(len(content)), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
}

func (s *site) source() backup.Source {
	return backup.Source{Dialect: "sqlite", Database: s.db, Media: s.media}
}

func openDir(t *testing.T, dir string) *blob.Dir {
	t.Helper()
	d, err := blob.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// clock returns times a second apart, so that snapshots get distinct ids.
func clock() func() time.Time {
	t := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	return func() time.Time {
		t = t.Add(time.Second)
		return t
	}
}

func create(t *testing.T, target blob.Store, src backup.Source, opt backup.Options) backup.Result {
	t.Helper()
	res, err := backup.Create(context.Background(), target, src, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// slugs reads the slugs of the properties of the SQLite file at path.
func slugs(t *testing.T, path string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT slug FROM properties ORDER BY slug`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	return out
}

func content(t *testing.T, s blob.Store, key string) string {
	t.Helper()
	r, _, err := s.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("open %s: %v", key, err)
	}
	defer r.Close()
	b, _ := io.ReadAll(r)
	return string(b)
}

func TestCreateVerifyRestoreDir(t *testing.T) {
	ctx := context.Background()
	s := newSite(t, openDir(t, t.TempDir()))
	target := openDir(t, t.TempDir())
	now := clock()

	first := create(t, target, s.source(), backup.Options{Now: now, Version: "v1.2.3"})
	m := first.Manifest
	if first.Copied != 2 || first.Reused != 0 || len(m.Media) != 2 || m.Database == nil || m.SchemaVersion == 0 || m.VitrineVersion != "v1.2.3" {
		t.Fatalf("first backup: copied %d, reused %d, manifest %+v", first.Copied, first.Reused, m)
	}
	if _, err := backup.Verify(ctx, target, ""); err != nil {
		t.Fatalf("verify: %v", err)
	}

	// The second snapshot copies only the object the pool lacks.
	s.put(t, "originals/fedcba9876543210fedcba9876543210.png", "another original")
	second := create(t, target, s.source(), backup.Options{Now: now})
	if second.Copied != 1 || second.Reused != 2 || len(second.Manifest.Media) != 3 {
		t.Fatalf("second backup: copied %d, reused %d, %d media", second.Copied, second.Reused, len(second.Manifest.Media))
	}
	ids, err := backup.Snapshots(ctx, target)
	if err != nil || len(ids) != 2 || ids[0] != m.ID || ids[1] != second.Manifest.ID {
		t.Fatalf("snapshots %v (%v), want %s and %s", ids, err, m.ID, second.Manifest.ID)
	}

	// Restored into an empty place, the first snapshot is the site as it
	// was then: its property, its two media objects and not the third.
	dbPath := filepath.Join(t.TempDir(), "restaurado", "vitrine.db")
	media := openDir(t, t.TempDir())
	if _, err := backup.Restore(ctx, target, m.ID, backup.Destination{Database: dbPath, Media: media}); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if got := slugs(t, dbPath); len(got) != 1 || got[0] != s.slug {
		t.Fatalf("restored properties %v, want [%s]", got, s.slug)
	}
	if got := content(t, media, "originals/0123456789abcdef0123456789abcdef.jpg"); got != "original" {
		t.Fatalf("restored original holds %q", got)
	}
	if _, err := media.Stat(ctx, "originals/fedcba9876543210fedcba9876543210.png"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("the later object was restored from the earlier snapshot (%v)", err)
	}
	if fi, err := os.Stat(dbPath); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("restored database mode %v (%v), want 0600", fi.Mode(), err)
	}

	// Nothing is overwritten without Force, and the refusal says what is
	// in the way.
	_, err = backup.Restore(ctx, target, "", backup.Destination{Database: dbPath})
	if !errors.Is(err, backup.ErrNotEmpty) || !strings.Contains(err.Error(), dbPath) {
		t.Fatalf("restore over a database: %v, want ErrNotEmpty naming %s", err, dbPath)
	}
	_, err = backup.Restore(ctx, target, "", backup.Destination{Media: media})
	if !errors.Is(err, backup.ErrNotEmpty) {
		t.Fatalf("restore into media that holds objects: %v, want ErrNotEmpty", err)
	}
	// With Force, the latest snapshot replaces them; a WAL left beside
	// the old file is removed, not replayed into the new one.
	if err := os.WriteFile(dbPath+"-wal", []byte("not a WAL of this file"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := backup.Restore(ctx, target, "", backup.Destination{Database: dbPath, Media: media, Force: true}); err != nil {
		t.Fatalf("forced restore: %v", err)
	}
	if _, err := os.Stat(dbPath + "-wal"); !os.IsNotExist(err) {
		t.Fatalf("the old WAL is still there (%v)", err)
	}
	if got := content(t, media, "originals/fedcba9876543210fedcba9876543210.png"); got != "another original" {
		t.Fatalf("forced restore: the later object holds %q", got)
	}
	if _, err := backup.Verify(ctx, target, "20991231t000000.000z"); !errors.Is(err, backup.ErrNoSnapshot) {
		t.Fatalf("verify of a snapshot that does not exist: %v", err)
	}
}

func TestPrune(t *testing.T) {
	ctx := context.Background()
	s := newSite(t, openDir(t, t.TempDir()))
	target := openDir(t, t.TempDir())
	now := clock()
	first := create(t, target, s.source(), backup.Options{Now: now})
	// The first snapshot's original goes from the site; a new one comes.
	if err := s.media.Delete(ctx, "originals/0123456789abcdef0123456789abcdef.jpg"); err != nil {
		t.Fatal(err)
	}
	s.put(t, "originals/fedcba9876543210fedcba9876543210.png", "another original")
	create(t, target, s.source(), backup.Options{Now: now})
	third := create(t, target, s.source(), backup.Options{Now: now, Keep: 2})

	if len(third.Pruned.Snapshots) != 1 || third.Pruned.Snapshots[0] != first.Manifest.ID || third.Pruned.Media != 1 {
		t.Fatalf("pruned %+v, want the first snapshot and its one object no other names", third.Pruned)
	}
	ids, _ := backup.Snapshots(ctx, target)
	if len(ids) != 2 {
		t.Fatalf("%d snapshots left, want 2", len(ids))
	}
	if _, err := target.Stat(ctx, "media/originals/0123456789abcdef0123456789abcdef.jpg"); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("the object only the pruned snapshot named is still in the pool (%v)", err)
	}
	var left []string
	target.List(ctx, "snapshots/"+first.Manifest.ID+"/", func(i blob.Info) error {
		left = append(left, i.Key)
		return nil
	})
	if len(left) != 0 {
		t.Fatalf("files of the pruned snapshot remain: %v", left)
	}
	for _, id := range ids {
		if _, err := backup.Verify(ctx, target, id); err != nil {
			t.Fatalf("a kept snapshot no longer verifies: %v", err)
		}
	}
}

// damage alters a file of the target in place.
func damage(t *testing.T, root, key string, change func([]byte) []byte) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(key))
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, change(b), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyNamesWhatIsWrong(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		damage func(t *testing.T, root string, m backup.Manifest)
		file   string // the key the problem names, "" for the database
		check  string
	}{
		{"database cut short", func(t *testing.T, root string, m backup.Manifest) {
			damage(t, root, "snapshots/"+m.ID+"/vitrine.db", func(b []byte) []byte { return b[:len(b)/2] })
		}, "", "size"},
		{"database altered", func(t *testing.T, root string, m backup.Manifest) {
			damage(t, root, "snapshots/"+m.ID+"/vitrine.db", func(b []byte) []byte {
				b[len(b)-100] ^= 0xff
				return b
			})
		}, "", "sha256"},
		{"media altered", func(t *testing.T, root string, m backup.Manifest) {
			damage(t, root, "media/originals/0123456789abcdef0123456789abcdef.jpg", func(b []byte) []byte {
				return bytes.ToUpper(b)
			})
		}, "media/originals/0123456789abcdef0123456789abcdef.jpg", "sha256"},
		{"media missing", func(t *testing.T, root string, m backup.Manifest) {
			os.Remove(filepath.Join(root, "media", "0123456789abcdef0123456789abcdef-640.webp"))
		}, "media/0123456789abcdef0123456789abcdef-640.webp", "present"},
		{"manifest cut short", func(t *testing.T, root string, m backup.Manifest) {
			damage(t, root, "snapshots/"+m.ID+"/manifest.json", func(b []byte) []byte { return b[:len(b)-10] })
		}, "manifest.json", "manifest"},
		{"manifest with a bad checksum", func(t *testing.T, root string, m backup.Manifest) {
			damage(t, root, "snapshots/"+m.ID+"/manifest.json", func(b []byte) []byte {
				return bytes.Replace(b, []byte(`"sha256": "`), []byte(`"sha256": "zz`), 1)
			})
		}, "manifest.json", "manifest"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newSite(t, openDir(t, t.TempDir()))
			root := t.TempDir()
			target := openDir(t, root)
			m := create(t, target, s.source(), backup.Options{}).Manifest
			c.damage(t, root, m)
			_, err := backup.Verify(ctx, target, m.ID)
			var ve *backup.VerifyError
			if !errors.As(err, &ve) || len(ve.Problems) != 1 {
				t.Fatalf("verify: %v, want one problem", err)
			}
			p := ve.Problems[0]
			file := c.file
			if file == "" {
				file = "snapshots/" + m.ID + "/vitrine.db"
			}
			if !strings.HasSuffix(p.File, file) || p.Check != c.check || !strings.Contains(err.Error(), file) {
				t.Fatalf("problem %+v, want %s failing %s; message:\n%v", p, file, c.check, err)
			}
			// Restore refuses it too; only an altered media object,
			// found as it is copied, comes after the database.
			dbPath := filepath.Join(t.TempDir(), "vitrine.db")
			if _, err := backup.Restore(ctx, target, m.ID, backup.Destination{Database: dbPath, Media: openDir(t, t.TempDir())}); !errors.As(err, &ve) {
				t.Fatalf("restore of a damaged snapshot: %v", err)
			}
			if _, err := os.Stat(dbPath); c.name != "media altered" && !os.IsNotExist(err) {
				t.Fatalf("a restore refused for %s wrote the database (%v)", c.name, err)
			}
		})
	}
}

// TestIntegrityCheckRuns: a database whose checksum matches the manifest
// but whose pages are inconsistent fails PRAGMA integrity_check, named as
// such.
func TestIntegrityCheckRuns(t *testing.T) {
	ctx := context.Background()
	s := newSite(t, openDir(t, t.TempDir()))
	root := t.TempDir()
	target := openDir(t, root)
	m := create(t, target, s.source(), backup.Options{}).Manifest

	// Zero a page of the copy's tables, then write a manifest whose
	// checksum is the damaged file's, as a faulty program would.
	path := filepath.Join(root, "snapshots", m.ID, "vitrine.db")
	damage(t, root, "snapshots/"+m.ID+"/vitrine.db", func(b []byte) []byte {
		clear(b[4*4096 : 5*4096])
		return b
	})
	raw, _ := os.ReadFile(path)
	sum, size := sha(raw), len(raw)
	damage(t, root, "snapshots/"+m.ID+"/manifest.json", func(b []byte) []byte {
		b = bytes.Replace(b, []byte(m.Database.SHA256), []byte(sum), 1)
		return bytes.Replace(b, fmt.Appendf(nil, `"size": %d`, m.Database.Size), fmt.Appendf(nil, `"size": %d`, size), 1)
	})
	_, err := backup.Verify(ctx, target, m.ID)
	var ve *backup.VerifyError
	if !errors.As(err, &ve) || ve.Problems[0].Check != "integrity_check" {
		t.Fatalf("verify: %v, want an integrity_check problem", err)
	}
}

// TestS3 backs a site whose media are in S3 up to a bucket of a real
// S3-compatible server (versitygw), and restores it into another bucket.
func TestS3(t *testing.T) {
	ctx := context.Background()
	gw := s3test.Start(t)
	for _, b := range []string{"fotos", "copias", "restauradas"} {
		gw.CreateBucket(t, b)
	}
	bucket := func(name, prefix string) blob.Store {
		c, err := blob.ParseS3URL(gw.URL(name, prefix), s3test.Env)
		if err != nil {
			t.Fatal(err)
		}
		s, err := blob.NewS3(c)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := newSite(t, bucket("fotos", ""))
	target := bucket("copias", "vitrine")
	now := clock()
	first := create(t, target, s.source(), backup.Options{Now: now})
	second := create(t, target, s.source(), backup.Options{Now: now, Keep: 1})
	if second.Copied != 0 || second.Reused != 2 || len(second.Pruned.Snapshots) != 1 || second.Pruned.Snapshots[0] != first.Manifest.ID {
		t.Fatalf("second backup: copied %d, reused %d, pruned %v", second.Copied, second.Reused, second.Pruned)
	}
	if _, err := backup.Verify(ctx, target, ""); err != nil {
		t.Fatalf("verify: %v", err)
	}
	dbPath := filepath.Join(t.TempDir(), "vitrine.db")
	media := bucket("restauradas", "")
	if _, err := backup.Restore(ctx, target, "", backup.Destination{Database: dbPath, Media: media}); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if got := slugs(t, dbPath); len(got) != 1 || got[0] != s.slug {
		t.Fatalf("restored properties %v", got)
	}
	if got := content(t, media, "0123456789abcdef0123456789abcdef-640.webp"); got != "variant" {
		t.Fatalf("restored variant holds %q", got)
	}
	if _, err := backup.Restore(ctx, target, "", backup.Destination{Media: media}); !errors.Is(err, backup.ErrNotEmpty) {
		t.Fatalf("restore into a bucket that holds objects: %v", err)
	}
}
