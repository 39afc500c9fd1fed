package store_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestSQLiteFilesPrivate: a new database file, its WAL and its shared
// memory file are readable by their owner alone, and so are the folders
// the store makes for them.
func TestSQLiteFilesPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "dados", "vitrine")
	path := filepath.Join(dir, "vitrine.db")
	s := storetest.OpenAt(t, path, store.Options{})
	create(t, s, storetest.Apartment("Casa Privada"))
	for name, want := range map[string]os.FileMode{
		path: 0o600, path + "-wal": 0o600, path + "-shm": 0o600,
		dir: 0o700 | os.ModeDir, filepath.Dir(dir): 0o700 | os.ModeDir,
	} {
		fi, err := os.Stat(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := fi.Mode() & (os.ModePerm | os.ModeDir); got != want {
			t.Errorf("%s: mode %v, want %v", filepath.Base(name), got, want)
		}
	}
}
