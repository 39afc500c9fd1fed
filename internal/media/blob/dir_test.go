package blob_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/media/blob"
)

func openDir(t *testing.T, dir string) *blob.Dir {
	t.Helper()
	d, err := blob.OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func TestDir(t *testing.T) {
	testStore(t, func(t *testing.T) blob.Store {
		return openDir(t, filepath.Join(t.TempDir(), "media"))
	})
}

func TestDirModes(t *testing.T) {
	root := filepath.Join(t.TempDir(), "data", "media")
	d := openDir(t, root)
	put(t, d, "photos/p1/a.jpg", []byte("x"), "image/jpeg")
	for _, p := range []string{root, filepath.Join(root, "photos"), filepath.Join(root, "photos", "p1")} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o700 {
			t.Errorf("%s: %v, mode %v, want 0700", p, err, fi.Mode().Perm())
		}
	}
	if fi, err := os.Stat(filepath.Join(root, "photos", "p1", "a.jpg")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("file: %v, mode %v, want 0600", err, fi.Mode().Perm())
	}
}

func TestDirTempFiles(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	d := openDir(t, root)
	put(t, d, "p/a.jpg", []byte("a"), "image/jpeg")
	// What a crash in the middle of a Put leaves: a temporary file beside
	// the final name, an old one and a fresh one.
	old := filepath.Join(root, "p", blob.TempPrefix+"0123456789abcdef")
	fresh := filepath.Join(root, "p", blob.TempPrefix+"fedcba9876543210")
	for _, p := range []string{old, fresh} {
		if err := os.WriteFile(p, []byte("half a photo"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	past := time.Now().Add(-2 * time.Hour)
	if err := os.Chtimes(old, past, past); err != nil {
		t.Fatal(err)
	}
	if keys := listAll(t, d); !slices.Equal(keys, []string{"p/a.jpg"}) {
		t.Fatalf("List shows temporary files: %q", keys)
	}
	n, err := d.RemoveStaleTemp(ctx, time.Hour)
	if err != nil || n != 1 {
		t.Fatalf("RemoveStaleTemp = %d, %v; want 1 removed", n, err)
	}
	if _, err := os.Stat(old); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the stale temporary file is still there: %v", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("the fresh temporary file went: %v", err)
	}
	if got := readAll(t, d, "p/a.jpg"); string(got) != "a" {
		t.Fatalf("the object reads %q", got)
	}

	// A failed Put leaves no temporary file behind.
	if err := d.Put(ctx, "q/b.jpg", strings.NewReader("short"), 100, "image/jpeg"); !errors.Is(err, blob.ErrSize) {
		t.Fatalf("short Put: %v", err)
	}
	entries, err := os.ReadDir(filepath.Join(root, "q"))
	if err != nil || len(entries) != 0 {
		t.Fatalf("after a failed Put the directory holds %v (%v)", entries, err)
	}
}

// Nothing inside the root, not even a symbolic link, leads out of it.
func TestDirSymlinkStaysInside(t *testing.T) {
	ctx := context.Background()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.jpg"), []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(root, "link")); err != nil {
		t.Fatal(err)
	}
	d := openDir(t, root)
	if _, _, err := d.Open(ctx, "link/secret.jpg"); err == nil {
		t.Fatal("Open through a symbolic link out of the root succeeded")
	}
	if err := d.Put(ctx, "link/new.jpg", strings.NewReader("x"), 1, "image/jpeg"); err == nil {
		t.Fatal("Put through a symbolic link out of the root succeeded")
	}
	if _, err := os.Stat(filepath.Join(outside, "new.jpg")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a file was written outside the root: %v", err)
	}
}
