package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
)

// imageColumns are the columns of an image, in imageRow's order, each
// after alias (the images table's alias in the query, with its dot).
func imageColumns(alias string) string {
	return alias + "id, " + alias + "status, " + alias + "width, " + alias + "height, " + alias + "sizes, " + alias + "error"
}

// imageRow is an image as read, all null when the row has none (a LEFT
// JOIN that found none).
type imageRow struct {
	id, status, sizes, errText sql.NullString
	width, height              sql.NullInt64
}

func (r *imageRow) dest() []any {
	return []any{&r.id, &r.status, &r.width, &r.height, &r.sizes, &r.errText}
}

// image makes the image of a row, with the addresses of its variants
// under the store's media address once it is ready; nil when there is
// none.
func (s *Store) image(r imageRow) *listing.Image {
	if !r.id.Valid {
		return nil
	}
	im := &listing.Image{ID: r.id.String, Status: listing.ImageStatus(r.status.String),
		Width: int(r.width.Int64), Height: int(r.height.Int64), Error: r.errText.String}
	if im.Status == listing.ImageReady {
		for _, size := range parseSizes(r.sizes.String) {
			base := s.mediaURL + VariantName(im.ID, size[0], "")
			im.Variants = append(im.Variants,
				listing.Variant{URL: base + ".jpg", Width: size[0], Height: size[1], ContentType: "image/jpeg"},
				listing.Variant{URL: base + ".webp", Width: size[0], Height: size[1], ContentType: "image/webp"})
		}
	}
	return im
}

// photoColumns are the columns of a photo and of its image, in photoRow's
// order, from property_photos ph LEFT JOIN images i.
var photoColumns = `ph.id, ph.url, ph.alt_text, ph.display_order, ph.source_url, ` + imageColumns("i.")

// photoRow is a photo as read, before its addresses are made.
type photoRow struct {
	id, url, alt, source sql.NullString
	order                sql.NullInt64
	img                  imageRow
}

func (r *photoRow) dest() []any {
	return append([]any{&r.id, &r.url, &r.alt, &r.order, &r.source}, r.img.dest()...)
}

// photo makes the photo of a row: an uploaded one gets the addresses of
// its variants under the store's media address.
func (s *Store) photo(r photoRow) listing.Photo {
	ph := listing.Photo{ID: r.id.String, URL: r.url.String, AltText: r.alt.String, DisplayOrder: int(r.order.Int64),
		Source: r.source.String, Image: s.image(r.img)}
	if im := ph.Image; im != nil {
		if n := len(im.Variants); n > 0 {
			ph.URL = im.Variants[n-2].URL // the largest JPEG
		}
	}
	return ph
}

// VariantName is the media key of an image's variant of width w, with ext
// ("jpg", "webp") or without ("").
func VariantName(imageID string, w int, ext string) string {
	name := imageID + "-" + strconv.Itoa(w)
	if ext != "" {
		name += "." + ext
	}
	return name
}

// parseSizes reads "480x360,960x720" as pairs; what it cannot read is left
// out (the column is written by FinishImage only).
func parseSizes(s string) [][2]int {
	var out [][2]int
	for part := range strings.SplitSeq(s, ",") {
		w, h, ok := strings.Cut(part, "x")
		wi, err1 := strconv.Atoi(w)
		hi, err2 := strconv.Atoi(h)
		if ok && err1 == nil && err2 == nil {
			out = append(out, [2]int{wi, hi})
		}
	}
	return out
}

// eachPhoto calls fn with the property id and each photo that where (a
// condition on ph, with its arguments) selects, by property and order.
func (s *Store) eachPhoto(ctx context.Context, q queryer, where string, fn func(string, listing.Photo), args ...any) error {
	rows, err := q.QueryContext(ctx, `SELECT ph.property_id, `+photoColumns+`
FROM property_photos ph LEFT JOIN images i ON i.id = ph.image_id
WHERE `+where+` ORDER BY ph.property_id, ph.display_order`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var r photoRow
		if err := rows.Scan(append([]any{&id}, r.dest()...)...); err != nil {
			return err
		}
		fn(id, s.photo(r))
	}
	return rows.Close()
}

// newPhotoID returns 32 random hex digits.
func newPhotoID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// writePhotos inserts the photos of property id (whose rows were deleted
// before), giving an id to those that have none, and marks their images
// referenced again.
func writePhotos(ctx context.Context, tx *sql.Tx, id string, photos []listing.Photo) error {
	rows := make([][]any, 0, len(photos))
	for i := range photos {
		ph := &photos[i]
		if ph.ID == "" {
			var err error
			if ph.ID, err = newPhotoID(); err != nil {
				return err
			}
		}
		url, image := ph.URL, any(nil)
		if ph.Image != nil {
			url, image = "", ph.Image.ID
			if _, err := tx.ExecContext(ctx, `UPDATE images SET orphaned_at = NULL WHERE id = $1 AND orphaned_at IS NOT NULL`, ph.Image.ID); err != nil {
				return err
			}
		}
		rows = append(rows, []any{id, ph.DisplayOrder, url, ph.AltText, ph.ID, image, nullString(ph.Source)})
	}
	return insertRows(ctx, tx, `INSERT INTO property_photos (property_id, display_order, url, alt_text, id, image_id, source_url) VALUES `, rows)
}

// markOrphans stamps the images of before that nothing shows any more
// with now (see markOrphan).
func markOrphans(ctx context.Context, tx *sql.Tx, before []listing.Photo, now time.Time) error {
	for _, ph := range before {
		if ph.Image == nil {
			continue
		}
		if err := markOrphan(ctx, tx, ph.Image.ID, now); err != nil {
			return err
		}
	}
	return nil
}

// markOrphan stamps the image id with now unless it is in use (a
// property's photo or a user's shows it): the collector removes its files
// a grace period later.
func markOrphan(ctx context.Context, tx *sql.Tx, id string, now time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE images SET orphaned_at = $2 WHERE id = $1 AND orphaned_at IS NULL AND `+imageUnused, id, now)
	return err
}

// replaceImage makes img (nil: none) the image of one row, whose id is key:
// read reads the image it shows ($1 the key), write sets the new one ($1
// the key, $2 the image's id or null). img is queued for its variants as
// an upload is (upsertImage); the image the row showed before goes to the
// sweep when nothing else shows it (markOrphan, which spares the image
// just set).
func (s *Store) replaceImage(ctx context.Context, tx *sql.Tx, img *NewImage, now time.Time, read, write string, key any) error {
	var old sql.NullString
	if err := tx.QueryRowContext(ctx, read, key).Scan(&old); err != nil {
		return s.wrap(err)
	}
	var id any
	if img != nil {
		if _, err := s.upsertImage(ctx, tx, *img); err != nil {
			return s.wrap(err)
		}
		id = img.ID
	}
	if _, err := tx.ExecContext(ctx, write, key, id); err != nil {
		return s.wrap(err)
	}
	if old.Valid {
		return s.wrap(markOrphan(ctx, tx, old.String, now))
	}
	return nil
}

// imageUnused is the condition on a row of images that no property photo,
// no user and not the agency (its logo) shows it.
const imageUnused = `NOT EXISTS (SELECT 1 FROM property_photos ph WHERE ph.image_id = images.id)
AND NOT EXISTS (SELECT 1 FROM users u WHERE u.photo_image_id = images.id)
AND NOT EXISTS (SELECT 1 FROM agency a WHERE a.logo_image_id = images.id)`

// replacePhotos rewrites the photos of p (numbered in their order), and
// marks the images of old that none of them shows any more.
func replacePhotos(ctx context.Context, tx *sql.Tx, p *listing.Property, old []listing.Photo, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM property_photos WHERE property_id = $1`, p.ID); err != nil {
		return err
	}
	for i := range p.Photos {
		p.Photos[i].DisplayOrder = i
	}
	if err := writePhotos(ctx, tx, p.ID, p.Photos); err != nil {
		return err
	}
	return markOrphans(ctx, tx, old, now)
}

// keepPhotos resolves the photos of an update against the property's
// current ones: an item naming an existing photo by its id, or an uploaded
// photo by the address of one of its variants, is that photo (with the
// item's description, and its address when it is an external one that the
// item gives one for); any other item is an external address. An id that
// is not one of the property's photos is invalid, and so is an item that
// names a photo an earlier item named (a photo is in one place).
func keepPhotos(current []listing.Photo, items []listing.Photo) error {
	byID := map[string]listing.Photo{}
	byURL := map[string]listing.Photo{}
	for _, ph := range current {
		byID[ph.ID] = ph
		if ph.Image != nil {
			for _, v := range ph.Image.Variants {
				byURL[v.URL] = ph
			}
		}
	}
	v := &listing.ValidationError{}
	named := map[string]bool{}
	for i := range items {
		it := &items[i]
		at := "photos[" + strconv.Itoa(i) + "]."
		ph, ok := byID[it.ID]
		if it.ID != "" && !ok {
			v.Add(at+"id", "Foto não encontrada neste imóvel.")
			continue
		}
		field := "id"
		if !ok {
			if ph, ok = byURL[strings.TrimSpace(it.URL)]; !ok {
				continue
			}
			field = "url"
		}
		if named[ph.ID] {
			v.Add(at+field, "Esta foto já está na lista.")
			continue
		}
		named[ph.ID] = true
		it.ID, it.Image, it.Source = ph.ID, ph.Image, ph.Source
		if ph.Image != nil || strings.TrimSpace(it.URL) == "" {
			it.URL = ph.URL
		}
	}
	return v.Err()
}

// unseenUploads are the uploads of current that the public does not see
// yet (processing, or failed) and items does not name: a client that sends
// back the photos it read never saw them, so replacing the list keeps them,
// last. DELETE removes one.
func unseenUploads(current, items []listing.Photo) []listing.Photo {
	var out []listing.Photo
	for _, ph := range current {
		if !ph.Visible() && !slices.ContainsFunc(items, func(it listing.Photo) bool { return it.ID == ph.ID }) {
			out = append(out, ph)
		}
	}
	return out
}

// PropertyPhotos returns every photo of the property with this id, in
// order, those still processing or failed included.
func (s *Store) PropertyPhotos(ctx context.Context, id string) (photos []listing.Photo, err error) {
	defer opError(&err, "property photos")
	p, err := s.Property(ctx, id)
	return p.Photos, err
}

// NewImage is an uploaded original file, already stored in the media
// store under Key.
type NewImage struct {
	ID          string // listing.Image.ID: of the original's content
	Key         string
	ContentType string
	Size        int64
}

// AddPhoto appends a photo to the property with this id: an external
// address (img nil) or the uploaded file img, and returns it as stored.
// The same file uploaded again is the same image, made once; an image that
// failed is queued again, since its failure tells people to send the photo
// again (its original may have been lost, or its processing given up).
func (s *Store) AddPhoto(ctx context.Context, id string, ph listing.Photo, img *NewImage, by listing.Actor) (out listing.Photo, err error) {
	defer opError(&err, "add photo")
	ph.ID, ph.DisplayOrder = "", 0
	ph.URL, ph.AltText = strings.TrimSpace(ph.URL), strings.TrimSpace(ph.AltText) // as the property's update does
	ph.Image = nil
	if img != nil {
		ph.URL = ""
		ph.Image = &listing.Image{ID: img.ID, Status: listing.ImageProcessing}
	}
	if err := ph.Validate(); err != nil {
		return out, err
	}
	err = s.editPhotos(ctx, id, by, func(tx *sql.Tx, p *listing.Property) error {
		if len(p.Photos) >= listing.MaxPhotos {
			field := "url"
			if img != nil {
				field = "file"
			}
			return listing.Invalid(field, "Este imóvel já tem 100 fotos, o máximo. Remova uma para enviar outra.")
		}
		if img != nil {
			stored, err := s.upsertImage(ctx, tx, *img)
			if err != nil {
				return err
			}
			ph.Image, ph.URL = stored.Image, stored.URL
		}
		p.Photos = append(p.Photos, ph)
		return nil
	}, func(p listing.Property) { out = p.Photos[len(p.Photos)-1] })
	return out, err
}

// upsertImage writes the row of an original file just stored, and
// returns a photo of it. The same file stored again is the same image,
// made once; an image that failed is queued again, since its failure
// tells people to send the photo again (its original may have been lost,
// or its processing given up).
func (s *Store) upsertImage(ctx context.Context, tx *sql.Tx, img NewImage) (listing.Photo, error) {
	r := photoRow{img: imageRow{id: sql.NullString{String: img.ID, Valid: true}}}
	err := tx.QueryRowContext(ctx, `INSERT INTO images (id, original_key, content_type, size_bytes, created_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (id) DO UPDATE SET orphaned_at = NULL,
    status = CASE WHEN images.status = 'failed' THEN 'processing' ELSE images.status END,
    error = CASE WHEN images.status = 'failed' THEN NULL ELSE images.error END,
    attempts = CASE WHEN images.status = 'failed' THEN 0 ELSE images.attempts END,
    lease_until = CASE WHEN images.status = 'failed' THEN NULL ELSE images.lease_until END
RETURNING status, width, height, sizes, error`, img.ID, img.Key, img.ContentType, img.Size, utc(s.now())).
		Scan(&r.img.status, &r.img.width, &r.img.height, &r.img.sizes, &r.img.errText)
	if err != nil {
		return listing.Photo{}, err
	}
	return s.photo(r), nil
}

// SetPhotoAlt changes the description of one photo of a property.
func (s *Store) SetPhotoAlt(ctx context.Context, id, photoID, alt string, by listing.Actor) (out listing.Photo, err error) {
	defer opError(&err, "set photo description")
	alt = strings.TrimSpace(alt)
	var at int
	err = s.editPhotos(ctx, id, by, func(_ *sql.Tx, p *listing.Property) error {
		if at = photoIndex(p.Photos, photoID); at < 0 {
			return ErrPhotoNotFound
		}
		p.Photos[at].AltText = alt
		if err := p.Photos[at].Validate(); err != nil {
			return err
		}
		return nil
	}, func(p listing.Property) { out = p.Photos[at] })
	return out, err
}

// ReorderPhotos puts the photos of a property in the order of ids, which
// must name each of them once; the first is the cover.
func (s *Store) ReorderPhotos(ctx context.Context, id string, ids []string, by listing.Actor) (photos []listing.Photo, err error) {
	defer opError(&err, "reorder photos")
	err = s.editPhotos(ctx, id, by, func(_ *sql.Tx, p *listing.Property) error {
		ordered := make([]listing.Photo, 0, len(ids))
		for _, pid := range ids {
			i := photoIndex(p.Photos, pid)
			if i < 0 || slices.ContainsFunc(ordered, func(ph listing.Photo) bool { return ph.ID == pid }) {
				break
			}
			ordered = append(ordered, p.Photos[i])
		}
		if len(ordered) != len(ids) || len(ids) != len(p.Photos) {
			return listing.Invalid("ids", "Informe cada foto do imóvel uma vez, na nova ordem.")
		}
		p.Photos = ordered
		return nil
	}, func(p listing.Property) { photos = p.Photos })
	return photos, err
}

// DeletePhoto removes one photo of a property. Its files stay while other
// photos show the same image, and a grace period after (see
// OrphanedImages).
func (s *Store) DeletePhoto(ctx context.Context, id, photoID string, by listing.Actor) (err error) {
	defer opError(&err, "delete photo")
	return s.editPhotos(ctx, id, by, func(_ *sql.Tx, p *listing.Property) error {
		i := photoIndex(p.Photos, photoID)
		if i < 0 {
			return ErrPhotoNotFound
		}
		p.Photos = slices.Delete(p.Photos, i, i+1)
		return nil
	}, nil)
}

// ErrPhotoNotFound is a photo id that the property does not have; it
// matches listing.ErrNotFound.
var ErrPhotoNotFound = fmt.Errorf("photo: %w", listing.ErrNotFound)

func photoIndex(photos []listing.Photo, id string) int {
	return slices.IndexFunc(photos, func(ph listing.Photo) bool { return ph.ID == id })
}

// editPhotos is the one transaction of every change to a property's photos:
// it reads the property, lets edit change its photos, rewrites them, marks
// the images no photo shows any more, stamps the property as written by
// by, makes its document again, and gives the stored property to done.
func (s *Store) editPhotos(ctx context.Context, id string, by listing.Actor, edit func(*sql.Tx, *listing.Property) error, done func(listing.Property)) error {
	id, err := canonicalID(id)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		p, err := s.loadProperty(ctx, tx, id)
		if err != nil {
			return s.wrap(err)
		}
		old := slices.Clone(p.Photos)
		if err := edit(tx, &p); err != nil {
			return s.wrap(err)
		}
		now := utc(s.now())
		if err := replacePhotos(ctx, tx, &p, old, now); err != nil {
			return s.wrap(err)
		}
		p.UpdatedAt, p.UpdatedBy = now, by
		if _, err := tx.ExecContext(ctx, `UPDATE properties SET updated_at = $2, updated_by = $3, updated_by_name = $4 WHERE id = $1`,
			p.ID, now, actorRef(by), nullString(by.Name)); err != nil {
			return s.wrap(err)
		}
		if err := s.refreshDocument(ctx, tx, p); err != nil {
			return err
		}
		if done != nil {
			done(p)
		}
		return nil
	})
}

// ImageJob is an image to process, leased to one worker.
type ImageJob struct {
	ID          string
	Key         string // of the original
	ContentType string
	Attempts    int // this one included
}

// ClaimImage leases the oldest image waiting for its variants (never
// leased, or whose lease ran out) for lease, or returns
// listing.ErrNotFound when none waits.
func (s *Store) ClaimImage(ctx context.Context, lease time.Duration) (job ImageJob, err error) {
	defer opError(&err, "claim image")
	now := utc(s.now())
	for range 5 { // another instance may take the same row first
		err := s.write.QueryRowContext(ctx, `SELECT id, original_key, content_type, attempts FROM images
WHERE status = 'processing' AND (lease_until IS NULL OR lease_until < $1) ORDER BY created_at, id LIMIT 1`, now).
			Scan(&job.ID, &job.Key, &job.ContentType, &job.Attempts)
		if errors.Is(err, sql.ErrNoRows) {
			return job, listing.ErrNotFound
		}
		if err != nil {
			return job, s.wrap(err)
		}
		res, err := s.write.ExecContext(ctx, `UPDATE images SET lease_until = $2, attempts = attempts + 1
WHERE id = $1 AND status = 'processing' AND (lease_until IS NULL OR lease_until < $3)`, job.ID, now.Add(lease), now)
		if err != nil {
			return job, s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return job, s.wrap(err)
		} else if n == 1 {
			job.Attempts++
			return job, nil
		}
	}
	return job, listing.ErrNotFound
}

// FinishImage records the variants of an image (their sizes, by ascending
// width) and its size as displayed, and makes the documents of the
// properties that show it again: its photos become public, and so does
// the photo of a broker whose it is (SetUserPhoto).
func (s *Store) FinishImage(ctx context.Context, id string, width, height int, sizes [][2]int) (err error) {
	defer opError(&err, "finish image")
	parts := make([]string, len(sizes))
	for i, sz := range sizes {
		parts[i] = strconv.Itoa(sz[0]) + "x" + strconv.Itoa(sz[1])
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE images SET status = 'ready', width = $2, height = $3, sizes = $4,
error = NULL, lease_until = NULL WHERE id = $1`, id, width, height, strings.Join(parts, ","))
		if err != nil {
			return s.wrap(err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return cmpErr(s.wrap(err), listing.ErrNotFound)
		}
		if err := s.logoReady(ctx, tx, id); err != nil {
			return err
		}
		return s.refreshShowing(ctx, tx, id)
	})
}

// logoReady moves the catalogue version when the image id is the agency's
// logo: every page shows the logo, and the pages cached by the version
// must be made again to show it. No document carries it.
func (s *Store) logoReady(ctx context.Context, tx *sql.Tx, id string) error {
	var logo bool
	err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM agency WHERE logo_image_id = $1)`, id).Scan(&logo)
	if err != nil || !logo {
		return s.wrap(err)
	}
	return s.wrap(recordChange(ctx, tx))
}

// FailImage records that an image cannot be processed, with why (for
// people); its photos stay out of the public pages.
func (s *Store) FailImage(ctx context.Context, id, why string) (err error) {
	defer opError(&err, "fail image")
	_, err = s.write.ExecContext(ctx, `UPDATE images SET status = 'failed', error = $2, lease_until = NULL WHERE id = $1`, id, why)
	return s.wrap(err)
}

// RenewImage extends to lease from now the lease of an image that a
// worker claimed as attempt (its ImageJob.Attempts: every claim counts
// one, so it tells this claim from a later one), as that worker's
// heartbeat. It returns listing.ErrNotFound when the claim no longer holds
// the image: another worker claimed it after the lease ran out, or it is
// no longer processing.
func (s *Store) RenewImage(ctx context.Context, id string, attempt int, lease time.Duration) (err error) {
	defer opError(&err, "renew image")
	return s.leaseUntil(ctx, id, attempt, utc(s.now()).Add(lease))
}

// RetryImageAt gives back the lease of an image claimed as attempt (see
// RenewImage), to be claimed again from at (a failure that may pass, such
// as the media store being unreachable, or the process stopping). It
// returns listing.ErrNotFound when the claim no longer holds the image.
func (s *Store) RetryImageAt(ctx context.Context, id string, attempt int, at time.Time) (err error) {
	defer opError(&err, "retry image")
	return s.leaseUntil(ctx, id, attempt, utc(at))
}

// leaseUntil sets the lease of an image claimed as attempt,
// listing.ErrNotFound when that claim no longer holds it.
func (s *Store) leaseUntil(ctx context.Context, id string, attempt int, until time.Time) error {
	res, err := s.write.ExecContext(ctx, `UPDATE images SET lease_until = $3 WHERE id = $1 AND attempts = $2 AND status = 'processing'`,
		id, attempt, until)
	if err != nil {
		return s.wrap(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return cmpErr(s.wrap(err), listing.ErrNotFound)
	}
	return nil
}

// refreshShowing makes again the documents of the properties that show
// image id: as one of their photos, or as their broker's.
func (s *Store) refreshShowing(ctx context.Context, tx *sql.Tx, imageID string) error {
	return s.refreshWhere(ctx, tx, `WHERE p.id IN (SELECT property_id FROM property_photos WHERE image_id = $1)
OR p.broker_id IN (SELECT id FROM users WHERE photo_image_id = $1) ORDER BY p.id`, imageID)
}

// StoredImage is an image's files: its original and its variants.
type StoredImage struct {
	ID     string
	Key    string // of the original
	Widths []int  // of its variants
}

// OrphanedImages returns up to limit images that nothing (a property's
// photo, a user's) has shown since before: their files may go
// (DeleteImage).
func (s *Store) OrphanedImages(ctx context.Context, before time.Time, limit int) (out []StoredImage, err error) {
	defer opError(&err, "orphaned images")
	rows, err := s.read.QueryContext(ctx, `SELECT id, original_key, sizes FROM images
WHERE orphaned_at < $1 ORDER BY orphaned_at LIMIT $2`, utc(before), limit)
	if err != nil {
		return nil, s.wrap(err)
	}
	defer rows.Close()
	for rows.Next() {
		var im StoredImage
		var sizes string
		if err := rows.Scan(&im.ID, &im.Key, &sizes); err != nil {
			return nil, s.wrap(err)
		}
		for _, sz := range parseSizes(sizes) {
			im.Widths = append(im.Widths, sz[0])
		}
		out = append(out, im)
	}
	return out, s.wrap(rows.Close())
}

// DeleteImage removes the row of an image that nothing has shown since
// before, and reports whether it did: false when a photo or a user took
// it again meanwhile. Its files are the caller's to remove after.
func (s *Store) DeleteImage(ctx context.Context, id string, before time.Time) (deleted bool, err error) {
	defer opError(&err, "delete image")
	res, err := s.write.ExecContext(ctx, `DELETE FROM images WHERE id = $1 AND orphaned_at < $2 AND `+imageUnused, id, utc(before))
	if err != nil {
		return false, s.wrap(err)
	}
	n, err := res.RowsAffected()
	return n == 1, s.wrap(err)
}

// ImageKnown reports whether an image with this id has a row: a file of
// the media store whose image has none is left from an upload that did not
// finish.
func (s *Store) ImageKnown(ctx context.Context, id string) (known bool, err error) {
	defer opError(&err, "image known")
	err = s.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM images WHERE id = $1)`, id).Scan(&known)
	return known, s.wrap(err)
}

// cmpErr returns err, or alt when err is nil.
func cmpErr(err, alt error) error {
	if err != nil {
		return err
	}
	return alt
}
