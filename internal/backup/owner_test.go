package backup_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/vitrine/vitrine/internal/backup"
)

// TestBackupKeepsOwnerDocuments: the owner's documents live in the media
// storage under a private prefix (internal/ownerrecord); a snapshot copies
// them with the photos, and a restore puts them back under their key.
func TestBackupKeepsOwnerDocuments(t *testing.T) {
	ctx := context.Background()
	s := newSite(t, openDir(t, t.TempDir()))
	key := "private/owner/0123456789abcdef0123456789abcdef.pdf"
	s.put(t, key, "%PDF-1.4 escritura")
	target := openDir(t, t.TempDir())
	res := create(t, target, s.source(), backup.Options{Now: clock()})
	if res.Copied != 3 || len(res.Manifest.Media) != 3 {
		t.Fatalf("backup: copied %d, %d media; want the document with the two photo files", res.Copied, len(res.Manifest.Media))
	}
	media := openDir(t, t.TempDir())
	dest := backup.Destination{Database: filepath.Join(t.TempDir(), "vitrine.db"), Media: media}
	if _, err := backup.Restore(ctx, target, res.Manifest.ID, dest); err != nil {
		t.Fatalf("restore: %v", err)
	}
	if got := content(t, media, key); got != "%PDF-1.4 escritura" {
		t.Fatalf("restored document holds %q", got)
	}
}
