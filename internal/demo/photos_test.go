package demo_test

import (
	"bytes"
	"context"
	"image/jpeg"
	"io"
	"slices"
	"testing"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// TestPhotosArePhotoLike: every demonstration photo is a JPEG of the
// documented size, described, distinct from the
// others, and as heavy as a photo of that size (not a flat drawing, which
// would flatter every page that shows it).
func TestPhotosArePhotoLike(t *testing.T) {
	seen := map[string]bool{}
	for n := range demo.PhotoCount() {
		data, alt, err := demo.Photo(n)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
		if err != nil || cfg.Width != demo.PhotoWidth || cfg.Height != demo.PhotoHeight {
			t.Fatalf("photo %d: %dx%d, %v", n, cfg.Width, cfg.Height, err)
		}
		if alt == "" || seen[alt] {
			t.Errorf("photo %d: description %q empty or repeated", n, alt)
		}
		seen[alt] = true
		if len(data) < 150<<10 || len(data) > 1500<<10 {
			t.Errorf("photo %d (%s): %d KB, not what a 1600×1200 photo weighs", n, alt, len(data)>>10)
		}
		t.Logf("photo %d (%s): %d KB", n, alt, len(data)>>10)
	}
}

type uploads struct {
	byProperty map[string][]string // alt texts
	files      map[string]bool
}

func (u *uploads) Upload(_ context.Context, id string, r io.Reader, alt string, _ listing.Actor) (listing.Photo, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return listing.Photo{}, err
	}
	u.byProperty[id] = append(u.byProperty[id], alt)
	u.files[string(data[len(data)-64:])] = true
	return listing.Photo{AltText: alt}, nil
}

// TestUploadPhotos: once the catalogue is loaded, every property but the
// one without photos gets its photos through the uploader, none twice.
func TestUploadPhotos(t *testing.T) {
	ctx := context.Background()
	s := storetest.Open(t, "sqlite", store.Options{})
	if _, err := demo.Load(ctx, s); err != nil {
		t.Fatal(err)
	}
	up := &uploads{byProperty: map[string][]string{}, files: map[string]bool{}}
	n, err := demo.UploadPhotos(ctx, s, up)
	if err != nil {
		t.Fatal(err)
	}
	page, err := s.Properties(ctx, store.PropertyFilter{IncludeInactive: true, Page: 1, PerPage: 50})
	if err != nil {
		t.Fatal(err)
	}
	total, without := 0, 0
	for _, p := range page.Items {
		alts := up.byProperty[p.ID]
		total += len(alts)
		if len(alts) == 0 {
			without++
		}
		sorted := slices.Clone(alts)
		slices.Sort(sorted)
		if len(slices.Compact(sorted)) != len(alts) {
			t.Errorf("%s shows a photo twice: %q", p.Code, alts)
		}
	}
	if n != total || n < 50 || without != 1 {
		t.Errorf("uploaded %d (counted %d), %d properties without photos; want every property but one with photos", n, total, without)
	}
	if len(up.files) != demo.PhotoCount() {
		t.Errorf("%d distinct files, want %d", len(up.files), demo.PhotoCount())
	}
}
