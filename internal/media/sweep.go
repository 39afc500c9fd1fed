package media

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/media/blob"
)

// Sweep removes the files that nothing needs any more:
//   - the files of images that nothing (a property's photo, a user's)
//     has shown for the grace period (Config.Grace, a week by default),
//     their rows first, so that a photo that takes the same image again
//     meanwhile keeps it;
//   - files whose image has no row, older than an hour: what an upload
//     interrupted between storing its original and committing its row
//     (a crash, a refused property) left;
//   - for a directory, the temporary files of writes a crash cut short.
//
// Run sweeps an minute after the start and every six hours.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.cfg.Now()
	before := now.Add(-s.cfg.Grace)
	for {
		images, err := s.cfg.Catalog.OrphanedImages(ctx, before, 100)
		if err != nil {
			return err
		}
		for _, im := range images {
			deleted, err := s.cfg.Catalog.DeleteImage(ctx, im.ID, before)
			if err != nil {
				return err
			}
			if !deleted {
				continue
			}
			if err := s.deleteFiles(ctx, im.Key, im.ID, im.Widths); err != nil {
				return err
			}
		}
		if len(images) < 100 {
			break
		}
	}

	// Files with no row. The listing is gathered first and checked after,
	// so that no database call runs inside a listing.
	type file struct {
		key, id string
	}
	var stale []file
	err := s.cfg.Files.List(ctx, "", func(info blob.Info) error {
		if id, ok := imageOf(info.Key); ok && now.Sub(info.ModTime) > uploadGrace {
			stale = append(stale, file{info.Key, id})
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("media: sweep: list: %w", err)
	}
	known := map[string]bool{}
	for _, f := range stale {
		k, seen := known[f.id]
		if !seen {
			if k, err = s.cfg.Catalog.ImageKnown(ctx, f.id); err != nil {
				return err
			}
			known[f.id] = k
		}
		if !k {
			if err := s.cfg.Files.Delete(ctx, f.key); err != nil {
				return fmt.Errorf("media: sweep: %w", err)
			}
		}
	}
	if d, ok := s.cfg.Files.(interface {
		RemoveStaleTemp(context.Context, time.Duration) (int, error)
	}); ok {
		if _, err := d.RemoveStaleTemp(ctx, uploadGrace); err != nil {
			return fmt.Errorf("media: sweep: %w", err)
		}
	}
	return nil
}

// deleteFiles removes an image's original and variants.
func (s *Service) deleteFiles(ctx context.Context, original, id string, widths []int) error {
	keys := []string{original}
	for _, w := range widths {
		base := id + "-" + strconv.Itoa(w)
		keys = append(keys, base+".jpg", base+".webp")
	}
	var errs []error
	for _, k := range keys {
		if err := s.cfg.Files.Delete(ctx, k); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("media: sweep: %w", err)
	}
	return nil
}

// imageOf returns the image a key belongs to: originals/<id>.<ext> or
// <id>-<width>.<ext>.
func imageOf(key string) (string, bool) {
	name := strings.TrimPrefix(key, "originals/")
	if len(name) < 33 {
		return "", false
	}
	id := name[:32]
	for _, c := range id {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return "", false
		}
	}
	if sep := name[32]; sep != '.' && sep != '-' || sep == '.' && name == key || sep == '-' && name != key {
		return "", false
	}
	return id, true
}
