package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"

	"github.com/vitrine/vitrine/internal/listing"
)

// copySuffix ends the title of a duplicated listing, and copySlug its
// page's address.
const (
	copySuffix = " (cópia)"
	copySlug   = "-copia"
)

// DuplicateProperty copies the property id into a new inactive draft, by
// by, and returns it: every field, its amenities and its photos, except
// what names the original alone: the title gains " (cópia)", the slug
// "-copia" (then "-copia-2"…, the first one free), and the code is left
// empty (an import and the portals tell units apart by it). The photos
// are new rows that show the same stored images, whose files are content
// addressed and so never copied: deleting either listing leaves them to
// the other (markOrphan spares an image a photo still shows). The owner's
// record, counters and leads stay with the original.
func (s *Store) DuplicateProperty(ctx context.Context, id string, by listing.Actor) (p listing.Property, err error) {
	defer opError(&err, "duplicate property")
	if id, err = canonicalID(id); err != nil {
		return p, err
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		src, err := s.loadProperty(ctx, tx, id)
		if err != nil {
			return s.wrap(err)
		}
		p = src
		if p.ID, err = s.newID(); err != nil {
			return err
		}
		if p.ID, err = canonicalID(p.ID); err != nil {
			return err
		}
		p.Title = copyTitle(src.Title)
		if p.Slug, err = s.freeSlug(ctx, tx, copyBase(src.Slug)); err != nil {
			return err
		}
		p.Code, p.IsActive = "", false
		p.CreatedAt = utc(s.now())
		p.UpdatedAt, p.CreatedBy, p.UpdatedBy = p.CreatedAt, by, by
		p.Photos = make([]listing.Photo, len(src.Photos))
		for i, ph := range src.Photos {
			ph.ID = "" // a new row of its own, showing the same image
			if ph.Image != nil {
				ph.URL = ""
			}
			p.Photos[i] = ph
		}
		if err := p.Validate(); err != nil {
			return err
		}
		return s.insertProperty(ctx, tx, &p, nil)
	})
	if err != nil {
		return listing.Property{}, err
	}
	return p, nil
}

// copyTitle is title with copySuffix, cut so that it stays within
// listing.MaxTitleLen characters.
func copyTitle(title string) string {
	r := []rune(title)
	if max := listing.MaxTitleLen - len([]rune(copySuffix)); len(r) > max {
		r = r[:max]
	}
	return string(r) + copySuffix
}

// copyBase is slug with copySlug, leaving room for "-NN" within
// listing.MaxSlugLen.
func copyBase(slug string) string {
	if max := listing.MaxSlugLen - len(copySlug) - 4; len(slug) > max {
		slug = slug[:max]
	}
	for len(slug) > 0 && slug[len(slug)-1] == '-' {
		slug = slug[:len(slug)-1]
	}
	return slug + copySlug
}

// freeSlug returns base, or base-2, base-3… : the first no property has
// (a deleted one's too, whose address still suggests similar listings).
func (s *Store) freeSlug(ctx context.Context, tx *sql.Tx, base string) (string, error) {
	for n := 1; n < 1000; n++ {
		slug := base
		if n > 1 {
			slug += "-" + strconv.Itoa(n)
		}
		var taken bool
		err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM properties WHERE slug = $1)
    OR EXISTS (SELECT 1 FROM removed_listings WHERE slug = $1)`, slug).Scan(&taken)
		if err != nil {
			return "", s.wrap(err)
		}
		if !taken {
			return slug, nil
		}
	}
	return "", errors.New("no free slug for the copy")
}
