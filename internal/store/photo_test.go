package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/detaildoc"
	"github.com/vitrine/vitrine/internal/docenc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// mediaURL is where the photo tests' stores serve media files.
const mediaURL = "https://imoveis.example.com/media/"

// eachMedia runs fn per dialect on a store that serves media files at
// mediaURL, with a clock the test moves.
func eachMedia(t *testing.T, fn func(t *testing.T, s *store.Store, clock *testclock.Clock)) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			clock := testclock.New(outboxEpoch)
			fn(t, storetest.Open(t, d, store.Options{Now: clock.Now, MediaURL: mediaURL}), clock)
		})
	}
}

// staff is who makes the photo tests' writes.
var staff = listing.Actor{Kind: listing.ActorUser, Ref: "7", Name: "Ana Souza"}

var hex32 = regexp.MustCompile(`^[0-9a-f]{32}$`)

// upload is an uploaded file whose id is made from n.
func upload(n int) *store.NewImage {
	id := fmt.Sprintf("%032x", n)
	return &store.NewImage{ID: id, Key: "originals/" + id + ".jpg", ContentType: "image/jpeg", Size: 2048}
}

// variant is the address of the variant of width w of the image id.
func variant(id string, w int, ext string) string { return mediaURL + store.VariantName(id, w, ext) }

func addPhoto(t *testing.T, s *store.Store, id string, ph listing.Photo, img *store.NewImage) listing.Photo {
	t.Helper()
	out, err := s.AddPhoto(ctx, id, ph, img, staff)
	if err != nil {
		t.Fatalf("AddPhoto: %v", err)
	}
	return out
}

func photosOf(t *testing.T, s *store.Store, id string) []listing.Photo {
	t.Helper()
	ps, err := s.PropertyPhotos(ctx, id)
	if err != nil {
		t.Fatalf("PropertyPhotos: %v", err)
	}
	return ps
}

func photoIDs(ps []listing.Photo) []string {
	ids := make([]string, len(ps))
	for i, ph := range ps {
		ids[i] = ph.ID
	}
	return ids
}

// photoString shows photos with their images, to compare them.
func photoString(ps []listing.Photo) string {
	var b strings.Builder
	for _, ph := range ps {
		im := ph.Image
		ph.Image = nil
		fmt.Fprintf(&b, "%+v", ph)
		if im != nil {
			fmt.Fprintf(&b, " image %+v", *im)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// checkOrders checks that ps are numbered 0, 1, … in their order.
func checkOrders(t *testing.T, what string, ps []listing.Photo) {
	t.Helper()
	for i, ph := range ps {
		if ph.DisplayOrder != i {
			t.Errorf("%s: photo %d has display order %d", what, i, ph.DisplayOrder)
		}
	}
}

// publicDocument returns the stored public detail document of the
// property with this id, after checking that it is the encoding of the
// property as stored.
func publicDocument(t *testing.T, s *store.Store, id string) map[string]any {
	t.Helper()
	p, err := s.Property(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if want, err := detaildoc.Encode(p); err != nil {
		t.Fatal(err)
	} else if d, err := s.PropertyDocument(ctx, p.Slug); err != nil || !bytes.Equal(d.JSON, want) {
		t.Errorf("stored document of %s\n%s\nis not the encoding of the stored property\n%s (%v)", p.Slug, d.JSON, want, err)
	}
	return document(t, s, p.Slug)
}

// publicPhotos returns the photos of the stored public detail document of
// the property with this id (see publicDocument).
func publicPhotos(t *testing.T, s *store.Store, id string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, ph := range publicDocument(t, s, id)["photos"].([]any) {
		out = append(out, ph.(map[string]any))
	}
	return out
}

// publicURLs are the addresses of the photos of a document, in order,
// after checking that they are numbered from 0.
func publicURLs(t *testing.T, photos []map[string]any) []string {
	t.Helper()
	urls := make([]string, len(photos))
	for i, ph := range photos {
		if ph["display_order"] != float64(i) {
			t.Errorf("public photo %d has display_order %v", i, ph["display_order"])
		}
		urls[i], _ = ph["url"].(string)
	}
	return urls
}

// invalidOn checks that err is a validation error on field, and on no
// other.
func invalidOn(t *testing.T, what string, err error, field string) {
	t.Helper()
	var ve *listing.ValidationError
	if !errors.As(err, &ve) || len(ve.Fields[field]) == 0 || len(ve.Fields) != 1 {
		t.Errorf("%s: %v; want a validation error on %q alone", what, err, field)
	}
}

func notFound(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, listing.ErrNotFound) {
		t.Errorf("%s: %v; want ErrNotFound", what, err)
	}
}

func catalogVersion(t *testing.T, s *store.Store) int64 {
	t.Helper()
	v, err := s.CatalogVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func claimImage(t *testing.T, s *store.Store, lease time.Duration) store.ImageJob {
	t.Helper()
	job, err := s.ClaimImage(ctx, lease)
	if err != nil {
		t.Fatalf("ClaimImage: %v", err)
	}
	return job
}

func finishImage(t *testing.T, s *store.Store, id string, width, height int, sizes ...[2]int) {
	t.Helper()
	if err := s.FinishImage(ctx, id, width, height, sizes); err != nil {
		t.Fatalf("FinishImage: %v", err)
	}
}

func orphans(t *testing.T, s *store.Store, before time.Time) []store.StoredImage {
	t.Helper()
	out, err := s.OrphanedImages(ctx, before, 10)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func imageRows(t *testing.T, s *store.Store) int {
	t.Helper()
	var n int
	if err := store.QueryRow(ctx, s, `SELECT count(*) FROM images`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestAddPhoto appends an uploaded file and an external address to a
// property: each gets an id of its own and the next place, the property is
// stamped as written by staff, the catalogue version moves, and the
// public detail shows the external photo but not the file still
// processing, numbering what it shows from 0.
func TestAddPhoto(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa com Fotos"))
		v0 := catalogVersion(t, s)

		clock.Advance(time.Hour)
		img := upload(1)
		// What the caller sets of the id, the order and the address of an
		// upload is not its to choose.
		up := addPhoto(t, s, p.ID, listing.Photo{ID: "forjado", DisplayOrder: 9, URL: "https://img.example.com/x.jpg", AltText: "Fachada"}, img)
		if !hex32.MatchString(up.ID) || up.DisplayOrder != 2 || up.URL != "" || up.AltText != "Fachada" ||
			up.Image == nil || up.Image.ID != img.ID || up.Image.Status != listing.ImageProcessing || len(up.Image.Variants) != 0 {
			t.Errorf("added upload: %+v (image %+v)", up, up.Image)
		}
		v1 := catalogVersion(t, s)
		if v1 <= v0 {
			t.Errorf("catalogue version %d after adding a photo, was %d", v1, v0)
		}
		if known, err := s.ImageKnown(ctx, img.ID); err != nil || !known {
			t.Errorf("ImageKnown of an added upload: %v, %v", known, err)
		}

		clock.Advance(time.Minute)
		ext := addPhoto(t, s, p.ID, listing.Photo{URL: "https://img.example.com/ap42/quarto.jpg", AltText: "Quarto"}, nil)
		if !hex32.MatchString(ext.ID) || ext.DisplayOrder != 3 || ext.URL != "https://img.example.com/ap42/quarto.jpg" || ext.AltText != "Quarto" || ext.Image != nil {
			t.Errorf("added external photo: %+v", ext)
		}
		if v2 := catalogVersion(t, s); v2 <= v1 {
			t.Errorf("catalogue version %d after adding a second photo, was %d", v2, v1)
		}

		got := photosOf(t, s, p.ID)
		want := []string{p.Photos[0].ID, p.Photos[1].ID, up.ID, ext.ID}
		if !slices.Equal(photoIDs(got), want) {
			t.Fatalf("photos after two additions: %v, want %v", photoIDs(got), want)
		}
		checkOrders(t, "after two additions", got)
		seen := map[string]bool{}
		for _, ph := range got {
			if !hex32.MatchString(ph.ID) || seen[ph.ID] {
				t.Errorf("photo id %q: not 32 hex digits, or not unique", ph.ID)
			}
			seen[ph.ID] = true
		}
		if got[2].Image == nil || got[2].Image.ID != img.ID || got[2].Image.Status != listing.ImageProcessing || got[2].AltText != "Fachada" {
			t.Errorf("stored upload: %+v", got[2])
		}
		stored, err := s.Property(ctx, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !stored.UpdatedAt.Equal(clock.Now()) || stored.UpdatedBy != staff || !stored.CreatedAt.Equal(p.CreatedAt) {
			t.Errorf("property after adding photos: updated %v by %+v, created %v; want updated %v by %+v",
				stored.UpdatedAt, stored.UpdatedBy, stored.CreatedAt, clock.Now(), staff)
		}

		pub := publicPhotos(t, s, p.ID)
		wantURLs := []string{p.Photos[0].URL, p.Photos[1].URL, ext.URL}
		if urls := publicURLs(t, pub); !slices.Equal(urls, wantURLs) {
			t.Errorf("public photos %v, want %v (the upload still processing left out)", urls, wantURLs)
		}
		for _, ph := range pub {
			if ph["width"] != nil || ph["height"] != nil || ph["srcset"] != nil {
				t.Errorf("external public photo with a size or srcset: %v", ph)
			}
		}
	})
}

// TestAddPhotoRefused: a photo that breaks a rule, or one photo too many,
// or one for a property that does not exist, is refused and changes
// nothing.
func TestAddPhotoRefused(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Cheia"))
		_, err := s.AddPhoto(ctx, p.ID, listing.Photo{URL: "img.example.com/sem-esquema.jpg"}, nil, staff)
		invalidOn(t, "relative address", err, "url")
		_, err = s.AddPhoto(ctx, p.ID, listing.Photo{AltText: strings.Repeat("a", listing.MaxAltTextLen+1)}, upload(1), staff)
		invalidOn(t, "301-character description", err, "alt_text")
		_, err = s.AddPhoto(ctx, "0190f0a0-1234-7abc-8def-0123456789ab", listing.Photo{URL: "https://img.example.com/x.jpg"}, nil, staff)
		notFound(t, "photo of an unknown property", err)
		_, err = s.AddPhoto(ctx, "not-an-id", listing.Photo{}, upload(1), staff)
		notFound(t, "photo of a malformed property id", err)
		if known, err := s.ImageKnown(ctx, upload(1).ID); err != nil || known {
			t.Errorf("a refused upload has an image row: %v, %v", known, err)
		}

		full := make([]listing.Photo, listing.MaxPhotos)
		for i := range full {
			full[i] = listing.Photo{URL: fmt.Sprintf("https://img.example.com/%d.jpg", i)}
		}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Photos: &full}); err != nil {
			t.Fatal(err)
		}
		v := catalogVersion(t, s)
		_, err = s.AddPhoto(ctx, p.ID, listing.Photo{}, upload(2), staff)
		invalidOn(t, "101st photo, uploaded", err, "file")
		_, err = s.AddPhoto(ctx, p.ID, listing.Photo{URL: "https://img.example.com/101.jpg"}, nil, staff)
		invalidOn(t, "101st photo, an address", err, "url")
		if got := photosOf(t, s, p.ID); len(got) != listing.MaxPhotos || got[listing.MaxPhotos-1].URL != "https://img.example.com/99.jpg" {
			t.Errorf("after refusing the 101st photo the property has %d photos", len(got))
		}
		if known, err := s.ImageKnown(ctx, upload(2).ID); err != nil || known {
			t.Errorf("the refused 101st upload has an image row: %v, %v", known, err)
		}
		if after := catalogVersion(t, s); after != v {
			t.Errorf("catalogue version moved from %d to %d with refused writes", v, after)
		}
	})
}

// TestSameImageTwoProperties: the same file added to two properties is one
// image row, which both photos show.
func TestSameImageTwoProperties(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Um"))
		q := create(t, s, storetest.Apartment("Casa Dois"))
		img := upload(7)
		a := addPhoto(t, s, p.ID, listing.Photo{}, img)
		again := *img
		again.Key = "originals/outra-chave.jpg"
		b := addPhoto(t, s, q.ID, listing.Photo{AltText: "Outra"}, &again)
		if a.ID == b.ID || a.Image.ID != img.ID || b.Image.ID != img.ID {
			t.Errorf("photos of the same file: %+v %+v", a, b)
		}
		if n := imageRows(t, s); n != 1 {
			t.Errorf("%d image rows for one file added twice, want 1", n)
		}
		// The same file twice in one property is two photos of one image.
		c := addPhoto(t, s, p.ID, listing.Photo{}, img)
		if c.ID == a.ID || c.Image.ID != img.ID || imageRows(t, s) != 1 {
			t.Errorf("the same file twice in one property: %+v, %d image rows", c, imageRows(t, s))
		}
		if job := claimImage(t, s, time.Minute); job.ID != img.ID || job.Key != img.Key {
			t.Errorf("claimed %+v, want the first upload's key %s", job, img.Key)
		}
		for _, id := range []string{p.ID, q.ID} {
			for _, ph := range photosOf(t, s, id) {
				if ph.Image != nil && ph.Image.ID != img.ID {
					t.Errorf("property %s shows image %s", id, ph.Image.ID)
				}
			}
		}
	})
}

// TestImageQueue walks the processing queue: claims take the oldest
// waiting image, a leased image waits for its lease to run out, a finished
// image appears in the public detail of every property that shows it, a
// failed one stays out of it with its error readable, and a retry puts a
// claim off.
func TestImageQueue(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		if _, err := s.ClaimImage(ctx, time.Minute); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("claim of an empty queue: %v, want ErrNotFound", err)
		}
		p := create(t, s, storetest.Apartment("Casa Um"))
		q := create(t, s, storetest.Apartment("Casa Dois"))
		// The oldest has the greater id: the order is by time first.
		older, newer := upload(0xff), upload(0x01)
		older.ContentType = "image/png"
		pa := addPhoto(t, s, p.ID, listing.Photo{AltText: "Sala"}, older)
		clock.Advance(time.Second)
		qa := addPhoto(t, s, q.ID, listing.Photo{AltText: "Sala da casa dois"}, older)
		clock.Advance(time.Second)
		pn := addPhoto(t, s, p.ID, listing.Photo{}, newer)

		job := claimImage(t, s, time.Minute)
		if job != (store.ImageJob{ID: older.ID, Key: older.Key, ContentType: "image/png", Attempts: 1}) {
			t.Errorf("first claim %+v, want the oldest upload, first attempt", job)
		}
		if job = claimImage(t, s, time.Minute); job.ID != newer.ID || job.Attempts != 1 {
			t.Errorf("second claim %+v, want the newer upload, first attempt", job)
		}
		if _, err := s.ClaimImage(ctx, time.Minute); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("claim while both are leased: %v, want ErrNotFound", err)
		}
		clock.Advance(time.Minute)
		if _, err := s.ClaimImage(ctx, time.Minute); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("claim at the end of the leases: %v, want ErrNotFound", err)
		}
		clock.Advance(time.Second)
		if job = claimImage(t, s, time.Minute); job.ID != older.ID || job.Attempts != 2 {
			t.Errorf("claim after the leases ran out: %+v, want the oldest upload, second attempt", job)
		}

		v := catalogVersion(t, s)
		finishImage(t, s, older.ID, 4000, 3000, [2]int{480, 360}, [2]int{960, 720}, [2]int{1440, 1080}, [2]int{1920, 1440})
		if after := catalogVersion(t, s); after <= v {
			t.Errorf("catalogue version %d after an image was finished, was %d", after, v)
		}
		largest := variant(older.ID, 1920, "jpg")
		srcset := func(ext string) string {
			var c []string
			for _, w := range []int{480, 960, 1440, 1920} {
				c = append(c, fmt.Sprintf("%s %dw", variant(older.ID, w, ext), w))
			}
			return strings.Join(c, ", ")
		}
		for _, c := range []struct {
			id, alt string
			base    listing.Property
		}{{p.ID, "Sala", p}, {q.ID, "Sala da casa dois", q}} {
			pub := publicPhotos(t, s, c.id)
			want := []string{c.base.Photos[0].URL, c.base.Photos[1].URL, largest}
			if urls := publicURLs(t, pub); !slices.Equal(urls, want) {
				t.Errorf("public photos of %s: %v, want %v", c.base.Slug, urls, want)
				continue
			}
			ph := pub[2]
			set, _ := ph["srcset"].(map[string]any)
			if ph["alt_text"] != c.alt || ph["width"] != 1920.0 || ph["height"] != 1440.0 ||
				set["jpeg"] != srcset("jpg") || set["webp"] != srcset("webp") {
				t.Errorf("public form of the finished upload in %s: %v\nwant srcset %s\nand %s", c.base.Slug, ph, srcset("jpg"), srcset("webp"))
			}
		}
		got := photosOf(t, s, p.ID)
		if ph := got[2]; ph.ID != pa.ID || ph.URL != largest || ph.Image.Status != listing.ImageReady ||
			ph.Image.Width != 4000 || ph.Image.Height != 3000 || len(ph.Image.Variants) != 8 {
			t.Errorf("finished photo as stored: %+v (image %+v)", ph, ph.Image)
		} else if v := ph.Image.Variants[0]; v != (listing.Variant{URL: variant(older.ID, 480, "jpg"), Width: 480, Height: 360, ContentType: "image/jpeg"}) {
			t.Errorf("first variant %+v", v)
		}
		if ph := photosOf(t, s, q.ID)[2]; ph.ID != qa.ID || ph.URL != largest {
			t.Errorf("the other property's photo of the finished image: %+v", ph)
		}

		// The same file added once ready is ready at once.
		r := create(t, s, storetest.Apartment("Casa Três"))
		if ra := addPhoto(t, s, r.ID, listing.Photo{}, older); ra.URL != largest || ra.Image.Status != listing.ImageReady || len(ra.Image.Variants) != 8 {
			t.Errorf("a ready file added again: %+v (image %+v)", ra, ra.Image)
		}

		if job = claimImage(t, s, time.Minute); job.ID != newer.ID || job.Attempts != 2 {
			t.Errorf("claim of the remaining upload: %+v", job)
		}
		if err := s.FailImage(ctx, newer.ID, "O arquivo está corrompido."); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Hour)
		if _, err := s.ClaimImage(ctx, time.Minute); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("claim with a ready and a failed image: %v, want ErrNotFound", err)
		}
		got = photosOf(t, s, p.ID)
		if ph := got[3]; ph.ID != pn.ID || ph.URL != "" || ph.Image == nil || ph.Image.Status != listing.ImageFailed || ph.Image.Error != "O arquivo está corrompido." {
			t.Errorf("failed photo as stored: %+v (image %+v)", ph, ph.Image)
		}
		if urls := publicURLs(t, publicPhotos(t, s, p.ID)); len(urls) != 3 || urls[2] != largest {
			t.Errorf("public photos with a failed upload: %v", urls)
		}

		if err := s.FinishImage(ctx, upload(0x99).ID, 10, 10, [][2]int{{10, 10}}); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("FinishImage of an unknown image: %v, want ErrNotFound", err)
		}
	})
}

// TestRetryImageAt: an image given back until a later time is not claimed
// before it, even once its lease has run out, and is claimed after.
func TestRetryImageAt(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Adiada"))
		img := upload(3)
		addPhoto(t, s, p.ID, listing.Photo{}, img)
		job := claimImage(t, s, time.Minute)
		if err := s.RetryImageAt(ctx, img.ID, job.Attempts, clock.Now().Add(10*time.Minute)); err != nil {
			t.Fatal(err)
		}
		clock.Advance(2 * time.Minute)
		if job, err := s.ClaimImage(ctx, time.Minute); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("claim before the retry time: %+v, %v; want ErrNotFound", job, err)
		}
		clock.Advance(8*time.Minute + time.Second)
		if job := claimImage(t, s, time.Minute); job.ID != img.ID || job.Attempts != 2 {
			t.Errorf("claim after the retry time: %+v, want the image, second attempt", job)
		}
	})
}

// TestImageLeaseHeartbeat: a worker that renews its claim's short lease
// keeps its image however long it works; once it stops renewing (it was
// killed), another worker claims the image as soon as the lease runs out,
// and the first claim can then neither renew nor give the image back.
func TestImageLeaseHeartbeat(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		const lease, beat = 30 * time.Second, 10 * time.Second
		p := create(t, s, storetest.Apartment("Casa do Batimento"))
		img := upload(4)
		addPhoto(t, s, p.ID, listing.Photo{}, img)
		first := claimImage(t, s, lease)

		// Renewed every beat for five minutes, far past the lease.
		for range 30 {
			clock.Advance(beat)
			if err := s.RenewImage(ctx, img.ID, first.Attempts, lease); err != nil {
				t.Fatalf("renewal of a held claim: %v", err)
			}
			if job, err := s.ClaimImage(ctx, lease); !errors.Is(err, listing.ErrNotFound) {
				t.Fatalf("claim while the first worker renews: %+v, %v; want ErrNotFound", job, err)
			}
		}

		// The first worker dies: its last renewal holds for the lease, no
		// longer.
		clock.Advance(lease)
		if job, err := s.ClaimImage(ctx, lease); !errors.Is(err, listing.ErrNotFound) {
			t.Fatalf("claim at the end of the lease: %+v, %v; want ErrNotFound", job, err)
		}
		clock.Advance(time.Second)
		second := claimImage(t, s, lease)
		if second.ID != img.ID || second.Attempts != first.Attempts+1 {
			t.Fatalf("claim after the lease ran out: %+v, want the image, attempt %d", second, first.Attempts+1)
		}
		// A worker that was only stalled, not dead, finds its claim gone.
		if err := s.RenewImage(ctx, img.ID, first.Attempts, lease); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("renewal of a claim taken over: %v, want ErrNotFound", err)
		}
		if err := s.RetryImageAt(ctx, img.ID, first.Attempts, clock.Now()); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("give-back of a claim taken over: %v, want ErrNotFound", err)
		}
		clock.Advance(lease / 2)
		if err := s.RenewImage(ctx, img.ID, second.Attempts, lease); err != nil {
			t.Fatalf("renewal of the second claim: %v", err)
		}
		clock.Advance(lease / 2)
		if job, err := s.ClaimImage(ctx, lease); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("claim while the second worker renews: %+v, %v; want ErrNotFound (the first worker's give-back changed nothing)", job, err)
		}
		finishImage(t, s, img.ID, 10, 10, [2]int{10, 10})
		if err := s.RenewImage(ctx, img.ID, second.Attempts, lease); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("renewal of a finished image: %v, want ErrNotFound", err)
		}
	})
}

// TestSetPhotoAlt describes a photo: the text is trimmed and stored, and
// shows in the public detail; too long a text, an unknown photo and
// another property's photo are refused.
func TestSetPhotoAlt(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Descrita"))
		q := create(t, s, storetest.Apartment("Casa Vizinha"))
		clock.Advance(time.Hour)
		ph, err := s.SetPhotoAlt(ctx, p.ID, p.Photos[1].ID, "  Varanda com churrasqueira \n", staff)
		if err != nil {
			t.Fatal(err)
		}
		if ph.ID != p.Photos[1].ID || ph.AltText != "Varanda com churrasqueira" || ph.URL != p.Photos[1].URL || ph.DisplayOrder != 1 {
			t.Errorf("described photo: %+v", ph)
		}
		if got := photosOf(t, s, p.ID); got[1].AltText != "Varanda com churrasqueira" || got[0].AltText != "Sala de estar" {
			t.Errorf("stored descriptions: %q, %q", got[0].AltText, got[1].AltText)
		}
		if pub := publicPhotos(t, s, p.ID); pub[1]["alt_text"] != "Varanda com churrasqueira" {
			t.Errorf("public description: %v", pub[1]["alt_text"])
		}
		if stored, err := s.Property(ctx, p.ID); err != nil || !stored.UpdatedAt.Equal(clock.Now()) || stored.UpdatedBy != staff {
			t.Errorf("property after a description: updated %v by %+v (%v)", stored.UpdatedAt, stored.UpdatedBy, err)
		}

		_, err = s.SetPhotoAlt(ctx, p.ID, p.Photos[0].ID, strings.Repeat("é", listing.MaxAltTextLen+1), staff)
		invalidOn(t, "301-character description", err, "alt_text")
		if _, err := s.SetPhotoAlt(ctx, p.ID, p.Photos[0].ID, strings.Repeat("é", listing.MaxAltTextLen), staff); err != nil {
			t.Errorf("300-character description: %v", err)
		}
		_, err = s.SetPhotoAlt(ctx, p.ID, strings.Repeat("0", 32), "Sala", staff)
		notFound(t, "unknown photo", err)
		_, err = s.SetPhotoAlt(ctx, p.ID, q.Photos[0].ID, "Sala", staff)
		notFound(t, "another property's photo", err)
		if got := photosOf(t, s, q.ID); got[0].AltText != "Sala de estar" {
			t.Errorf("the other property's photo was described: %q", got[0].AltText)
		}
	})
}

// TestReorderPhotos puts the photos in a new order, the first becoming the
// cover; a list that is not each photo once is refused.
func TestReorderPhotos(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Ordenada"))
		up := addPhoto(t, s, p.ID, listing.Photo{}, upload(4))
		ext := addPhoto(t, s, p.ID, listing.Photo{URL: "https://img.example.com/quarto.jpg"}, nil)
		a, b := p.Photos[0], p.Photos[1]
		order := []string{ext.ID, up.ID, b.ID, a.ID}
		got, err := s.ReorderPhotos(ctx, p.ID, order, staff)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(photoIDs(got), order) {
			t.Errorf("reordered %v, want %v", photoIDs(got), order)
		}
		checkOrders(t, "reordered", got)
		if got[1].Image == nil || got[1].Image.ID != upload(4).ID {
			t.Errorf("the upload lost its image in the new order: %+v", got[1])
		}
		if stored := photosOf(t, s, p.ID); !slices.Equal(photoIDs(stored), order) {
			t.Errorf("stored order %v, want %v", photoIDs(stored), order)
		}
		if urls := publicURLs(t, publicPhotos(t, s, p.ID)); !slices.Equal(urls, []string{ext.URL, b.URL, a.URL}) {
			t.Errorf("public order %v", urls)
		}

		for what, ids := range map[string][]string{
			"one missing": {ext.ID, up.ID, b.ID},
			"duplicate":   {ext.ID, up.ID, b.ID, b.ID},
			"unknown":     {ext.ID, up.ID, b.ID, strings.Repeat("f", 32)},
			"one extra":   {ext.ID, up.ID, b.ID, a.ID, strings.Repeat("f", 32)},
			"one twice":   {ext.ID, up.ID, b.ID, a.ID, a.ID},
			"none":        nil,
		} {
			_, err := s.ReorderPhotos(ctx, p.ID, ids, staff)
			invalidOn(t, what, err, "ids")
		}
		if stored := photosOf(t, s, p.ID); !slices.Equal(photoIDs(stored), order) {
			t.Errorf("order after refused reorders %v, want %v", photoIDs(stored), order)
		}
		_, err = s.ReorderPhotos(ctx, "0190f0a0-1234-7abc-8def-0123456789ab", order, staff)
		notFound(t, "reorder of an unknown property", err)
	})
}

// TestDeletePhoto removes one photo; the others close up.
func TestDeletePhoto(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Podada"))
		q := create(t, s, storetest.Apartment("Casa Vizinha"))
		ext := addPhoto(t, s, p.ID, listing.Photo{URL: "https://img.example.com/quarto.jpg"}, nil)
		clock.Advance(time.Hour)
		v := catalogVersion(t, s)
		if err := s.DeletePhoto(ctx, p.ID, p.Photos[0].ID, staff); err != nil {
			t.Fatal(err)
		}
		got := photosOf(t, s, p.ID)
		if want := []string{p.Photos[1].ID, ext.ID}; !slices.Equal(photoIDs(got), want) {
			t.Errorf("photos after a deletion %v, want %v", photoIDs(got), want)
		}
		checkOrders(t, "after a deletion", got)
		if urls := publicURLs(t, publicPhotos(t, s, p.ID)); !slices.Equal(urls, []string{p.Photos[1].URL, ext.URL}) {
			t.Errorf("public photos after a deletion: %v", urls)
		}
		if after := catalogVersion(t, s); after <= v {
			t.Errorf("catalogue version %d after a deletion, was %d", after, v)
		}
		if stored, err := s.Property(ctx, p.ID); err != nil || !stored.UpdatedAt.Equal(clock.Now()) || stored.UpdatedBy != staff {
			t.Errorf("property after a deletion: updated %v by %+v (%v)", stored.UpdatedAt, stored.UpdatedBy, err)
		}
		notFound(t, "deleting it again", s.DeletePhoto(ctx, p.ID, p.Photos[0].ID, staff))
		notFound(t, "deleting another property's photo", s.DeletePhoto(ctx, p.ID, q.Photos[0].ID, staff))
		if n := len(photosOf(t, s, q.ID)); n != 2 {
			t.Errorf("the other property has %d photos, want 2", n)
		}
	})
}

// TestOrphanedImages follows an image's files: an image is stamped
// orphaned when the last photo that shows it goes (deleted alone, left out
// of an update, or with its property), is listed once the grace period
// has passed the stamp, and its row goes with DeleteImage unless a photo
// took it again meanwhile.
func TestOrphanedImages(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Um"))
		q := create(t, s, storetest.Apartment("Casa Dois"))
		r := create(t, s, storetest.Apartment("Casa Três"))
		img, other := upload(5), upload(6)
		pa := addPhoto(t, s, p.ID, listing.Photo{}, img)
		pb := addPhoto(t, s, p.ID, listing.Photo{}, img)
		qa := addPhoto(t, s, q.ID, listing.Photo{}, img)
		addPhoto(t, s, r.ID, listing.Photo{}, other)
		finishImage(t, s, img.ID, 1000, 750, [2]int{480, 360}, [2]int{960, 720})
		far := clock.Now().Add(1000 * time.Hour)
		none := func(step string) {
			t.Helper()
			if got := orphans(t, s, far); len(got) != 0 {
				t.Errorf("%s: orphaned images %+v, want none", step, got)
			}
		}

		// Writes that keep every photo orphan nothing.
		if _, err := s.ReorderPhotos(ctx, p.ID, []string{pb.ID, pa.ID, p.Photos[0].ID, p.Photos[1].ID}, staff); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetPhotoAlt(ctx, p.ID, pa.ID, "Sala", staff); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Title: storetest.Ptr("Casa Um Reformada")}); err != nil {
			t.Fatal(err)
		}
		none("after writes that keep the photos")

		clock.Advance(time.Minute)
		if err := s.DeletePhoto(ctx, p.ID, pa.ID, staff); err != nil {
			t.Fatal(err)
		}
		none("a photo deleted while another of the same property shows its image")
		if err := s.DeletePhoto(ctx, p.ID, pb.ID, staff); err != nil {
			t.Fatal(err)
		}
		none("a photo deleted while another property shows its image")

		clock.Advance(time.Minute)
		stamp := clock.Now()
		keep := []listing.Photo{{ID: q.Photos[0].ID, URL: q.Photos[0].URL}, {ID: q.Photos[1].ID, URL: q.Photos[1].URL}}
		if _, err := s.UpdateProperty(ctx, q.ID, listing.PropertyUpdate{Photos: &keep}); err != nil {
			t.Fatal(err)
		}
		if ids := photoIDs(photosOf(t, s, q.ID)); slices.Contains(ids, qa.ID) || len(ids) != 2 {
			t.Errorf("photos after an update that leaves one out: %v", ids)
		}
		if got := orphans(t, s, stamp); len(got) != 0 {
			t.Errorf("orphaned before the stamp: %+v, want none", got)
		}
		want := []store.StoredImage{{ID: img.ID, Key: img.Key, Widths: []int{480, 960}}}
		if got := orphans(t, s, stamp.Add(time.Millisecond)); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("orphaned once the last photo left an update: %+v, want %+v", got, want)
		}
		if deleted, err := s.DeleteImage(ctx, img.ID, stamp); err != nil || deleted {
			t.Errorf("DeleteImage before the grace period passed the stamp: %v, %v", deleted, err)
		}

		// Listed for deletion, then taken again before the collector got
		// to it: the row stays.
		again := addPhoto(t, s, q.ID, listing.Photo{}, img)
		if again.Image.Status != listing.ImageReady || again.URL != variant(img.ID, 960, "jpg") {
			t.Errorf("an orphaned ready image added again: %+v", again)
		}
		none("the image taken again")
		if deleted, err := s.DeleteImage(ctx, img.ID, far); err != nil || deleted {
			t.Errorf("DeleteImage of an image taken again: %v, %v", deleted, err)
		}
		if known, err := s.ImageKnown(ctx, img.ID); err != nil || !known {
			t.Errorf("ImageKnown of an image taken again: %v, %v", known, err)
		}
		if _, err := s.UpdateProperty(ctx, q.ID, listing.PropertyUpdate{Title: storetest.Ptr("Casa Dois Reformada")}); err != nil {
			t.Fatal(err)
		}
		none("an update without photos")

		clock.Advance(time.Minute)
		if err := s.DeletePhoto(ctx, q.ID, again.ID, staff); err != nil {
			t.Fatal(err)
		}
		if got := orphans(t, s, far); len(got) != 1 || got[0].ID != img.ID {
			t.Errorf("orphaned after the photo taken again went: %+v", got)
		}
		if deleted, err := s.DeleteImage(ctx, img.ID, far); err != nil || !deleted {
			t.Errorf("DeleteImage of an orphan past its grace period: %v, %v", deleted, err)
		}
		if known, err := s.ImageKnown(ctx, img.ID); err != nil || known {
			t.Errorf("ImageKnown after DeleteImage: %v, %v", known, err)
		}
		none("after DeleteImage")

		clock.Advance(time.Minute)
		if err := s.DeleteProperty(ctx, r.ID); err != nil {
			t.Fatal(err)
		}
		want = []store.StoredImage{{ID: other.ID, Key: other.Key}}
		if got := orphans(t, s, far); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("orphaned after its property was deleted: %+v, want %+v", got, want)
		}
		if known, err := s.ImageKnown(ctx, strings.Repeat("e", 32)); err != nil || known {
			t.Errorf("ImageKnown of an unknown id: %v, %v", known, err)
		}
	})
}

// TestUpdatePropertyPhotos: a property's photos list names the photos to
// keep by their id, or an uploaded one by the address of a variant;
// anything else is an external address. An id the property has no photo
// of is refused, and a new property has none to name.
func TestUpdatePropertyPhotos(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Casa Editada"))
		q := create(t, s, storetest.Apartment("Casa Vizinha"))
		ready, waiting := upload(8), upload(9)
		u := addPhoto(t, s, p.ID, listing.Photo{AltText: "Cozinha"}, ready)
		finishImage(t, s, ready.ID, 1200, 900, [2]int{480, 360}, [2]int{960, 720})
		w := addPhoto(t, s, p.ID, listing.Photo{}, waiting)
		e0, e1 := p.Photos[0], p.Photos[1]

		items := []listing.Photo{
			{URL: " " + variant(ready.ID, 480, "webp") + " ", AltText: "Cozinha planejada"},
			{ID: w.ID},
			{ID: e1.ID, URL: e1.URL, AltText: "Varanda"},
			{URL: "https://img.example.com/nova.jpg", AltText: "Nova"},
		}
		got, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Photos: &items, By: staff})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Photos) != 4 {
			t.Fatalf("photos after the update: %+v", got.Photos)
		}
		ids := photoIDs(got.Photos)
		if !slices.Equal(ids[:3], []string{u.ID, w.ID, e1.ID}) || !hex32.MatchString(ids[3]) || slices.Contains([]string{u.ID, w.ID, e0.ID, e1.ID}, ids[3]) {
			t.Errorf("photo ids after the update %v, want %v then a new one", ids, []string{u.ID, w.ID, e1.ID})
		}
		checkOrders(t, "after the update", got.Photos)
		if ph := got.Photos[0]; ph.Image == nil || ph.Image.ID != ready.ID || ph.Image.Status != listing.ImageReady ||
			ph.URL != variant(ready.ID, 960, "jpg") || ph.AltText != "Cozinha planejada" {
			t.Errorf("the upload named by a variant's address: %+v (image %+v)", ph, ph.Image)
		}
		if ph := got.Photos[1]; ph.Image == nil || ph.Image.ID != waiting.ID || ph.Image.Status != listing.ImageProcessing || ph.URL != "" {
			t.Errorf("the upload named by its id: %+v (image %+v)", ph, ph.Image)
		}
		if ph := got.Photos[2]; ph.Image != nil || ph.URL != e1.URL || ph.AltText != "Varanda" {
			t.Errorf("the external photo named by its id: %+v", ph)
		}
		stored := photosOf(t, s, p.ID)
		if photoString(stored) != photoString(got.Photos) {
			t.Errorf("stored photos\n%s\ndiffer from those returned\n%s", photoString(stored), photoString(got.Photos))
		}
		if urls := publicURLs(t, publicPhotos(t, s, p.ID)); !slices.Equal(urls, []string{variant(ready.ID, 960, "jpg"), e1.URL, "https://img.example.com/nova.jpg"}) {
			t.Errorf("public photos after the update: %v", urls)
		}
		if o := orphans(t, s, clock.Now().Add(time.Hour)); len(o) != 0 {
			t.Errorf("an update that kept both uploads orphaned %+v", o)
		}

		// An external photo named by its id alone keeps its address; the
		// upload still processing, not named, stays last (see
		// TestUpdateKeepsUnseenUploads).
		alone := []listing.Photo{{ID: e1.ID}, {ID: u.ID}}
		if got, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Photos: &alone}); err != nil {
			t.Errorf("photos named by their ids alone: %v", err)
		} else if len(got.Photos) != 3 || got.Photos[0].URL != e1.URL || got.Photos[1].URL != variant(ready.ID, 960, "jpg") || got.Photos[2].ID != w.ID {
			t.Errorf("photos named by their ids alone: %+v", got.Photos)
		}
		before := photosOf(t, s, p.ID)

		for what, c := range map[string]struct {
			items []listing.Photo
			field string
		}{
			"an unknown id":              {[]listing.Photo{{ID: strings.Repeat("a", 32), URL: "https://img.example.com/a.jpg"}}, "photos[0].id"},
			"another property's photo":   {[]listing.Photo{{ID: e1.ID}, {ID: q.Photos[0].ID, URL: q.Photos[0].URL}}, "photos[1].id"},
			"the same photo twice":       {[]listing.Photo{{ID: e1.ID}, {ID: e1.ID}}, "photos[1].id"},
			"the same upload twice":      {[]listing.Photo{{ID: u.ID}, {URL: variant(ready.ID, 480, "jpg")}}, "photos[1].url"},
			"a deleted photo's id":       {[]listing.Photo{{ID: e0.ID, URL: e0.URL}}, "photos[0].id"},
			"an address that is no site": {[]listing.Photo{{URL: "nova.jpg"}}, "photos[0].url"},
		} {
			_, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Photos: &c.items})
			invalidOn(t, what, err, c.field)
		}
		if after := photosOf(t, s, p.ID); photoString(after) != photoString(before) {
			t.Errorf("refused updates changed the photos:\n%s\nwas\n%s", photoString(after), photoString(before))
		}

		n := storetest.Apartment("Casa Nova")
		n.Photos = &[]listing.Photo{{ID: u.ID, URL: variant(ready.ID, 960, "jpg")}}
		_, err = s.CreateProperty(ctx, n)
		invalidOn(t, "a new property naming a photo id", err, "photos[0].id")
		if _, err := s.PropertyDocument(ctx, "casa-nova"); !errors.Is(err, listing.ErrNotFound) {
			t.Errorf("the refused property was stored: %v", err)
		}
	})
}

// TestPhotoFilesMigration makes a database as the release before uploads
// left it (migrations 0001 to 0008, with photos and a stored document of
// that release), then migrates it: each photo gets an id of its own and
// keeps its address, description and order, with no image; the documents
// are made again in the new format, whose photos have no size or srcset.
func TestPhotoFilesMigration(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			old, dsn, exec := releaseDB(t, d, 8)
			at := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
			exec(`INSERT INTO subtypes (id, name, slug) VALUES (1, 'Casa', 'casa')`)
			exec(`INSERT INTO cities (id, name, slug, state) VALUES (1, 'Florianópolis', 'florianopolis', 'SC')`)
			exec(`INSERT INTO neighborhoods (id, city_id, name, slug) VALUES (1, 1, 'Centro', 'centro')`)
			ids := []string{"0190f5a8-1c2d-7e3f-8a4b-5c6d7e8f9a01", "0190f5a8-1c2d-7e3f-8a4b-5c6d7e8f9a02"}
			for i, slug := range []string{"casa-antiga", "sobrado-antigo"} {
				exec(`INSERT INTO properties (id, title, slug, price_cents, type, subtype_id, city_id, neighborhood_id, created_at, updated_at)
VALUES ($1, $2, $3, 45000000, 'venda', 1, 1, 1, $4, $4)`, ids[i], "Imóvel "+slug, slug, at)
			}
			type oldPhoto struct {
				url, alt string
			}
			photos := []oldPhoto{
				{"https://img.example.com/antiga/sala.jpg", "Sala"},
				{"https://img.example.com/antiga/varanda.jpg", ""},
				{"https://img.example.com/antiga/quarto.jpg", "Quarto de casal"},
			}
			for i, ph := range photos {
				exec(`INSERT INTO property_photos (property_id, display_order, url, alt_text) VALUES ($1, $2, $3, $4)`, ids[0], i, ph.url, ph.alt)
			}
			exec(`INSERT INTO property_photos (property_id, display_order, url, alt_text) VALUES ($1, 0, 'https://img.example.com/sobrado.jpg', '')`, ids[1])
			first, _ := store.SlugKeys("casa-antiga")
			exec(`INSERT INTO property_documents (slug_key, property_id, slug, doc, doc_gzip, etag)
VALUES ($1, $2, 'casa-antiga', '{"photos":[{"url":"https://img.example.com/antiga/sala.jpg","alt_text":"Sala","display_order":0}]}', NULL, 'W/"old"')`, first, ids[0])
			exec(`UPDATE catalog_version SET document_format = $1`, "detaildoc-2;"+docenc.Format)
			if err := old.Close(); err != nil {
				t.Fatal(err)
			}

			s := storetest.OpenAt(t, dsn, store.Options{MediaURL: mediaURL})
			got := photosOf(t, s, ids[0])
			if len(got) != len(photos) {
				t.Fatalf("photos after the migration: %+v", got)
			}
			seen := map[string]bool{}
			for i, ph := range got {
				if !hex32.MatchString(ph.ID) || seen[ph.ID] {
					t.Errorf("migrated photo id %q: not 32 hex digits, or not unique", ph.ID)
				}
				seen[ph.ID] = true
				if ph.URL != photos[i].url || ph.AltText != photos[i].alt || ph.DisplayOrder != i || ph.Image != nil {
					t.Errorf("migrated photo %d: %+v, want %+v", i, ph, photos[i])
				}
			}
			if other := photosOf(t, s, ids[1]); len(other) != 1 || !hex32.MatchString(other[0].ID) || seen[other[0].ID] {
				t.Errorf("the other property's migrated photo: %+v", other)
			}
			var withImage int
			if err := store.QueryRow(ctx, s, `SELECT count(*) FROM property_photos WHERE image_id IS NOT NULL OR id IS NULL`).Scan(&withImage); err != nil || withImage != 0 {
				t.Errorf("%d migrated photos have an image or no id (%v)", withImage, err)
			}

			pub := publicPhotos(t, s, ids[0])
			if urls := publicURLs(t, pub); !slices.Equal(urls, []string{photos[0].url, photos[1].url, photos[2].url}) {
				t.Errorf("public photos after the migration: %v", urls)
			}
			for _, ph := range pub {
				for _, key := range []string{"width", "height", "srcset"} {
					if v, ok := ph[key]; !ok || v != nil {
						t.Errorf("migrated public photo %v: %s is %v (present %v), want null", ph["url"], key, v, ok)
					}
				}
			}
			publicPhotos(t, s, ids[1])
			if f, err := store.StoredDocumentFormat(ctx, s); err != nil || !strings.HasPrefix(f, detaildoc.Version+";") || !strings.Contains(f, mediaURL) {
				t.Errorf("stored document format after the migration: %q, %v", f, err)
			}

			// The ids work.
			if _, err := s.SetPhotoAlt(ctx, ids[0], got[1].ID, "Varanda", staff); err != nil {
				t.Errorf("describing a migrated photo: %v", err)
			}
			if _, err := s.ReorderPhotos(ctx, ids[0], []string{got[2].ID, got[0].ID, got[1].ID}, staff); err != nil {
				t.Errorf("reordering migrated photos: %v", err)
			}
		})
	}
}

// TestMediaURLChange: a store opened with another media address on the
// same database makes the documents again at Migrate, with the new
// addresses; one opened with none keeps them.
func TestMediaURLChange(t *testing.T) {
	for _, d := range storetest.Dialects {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			const before, after = "https://antes.example.com/media/", "https://depois.example.com/media/"
			dsn := storetest.DSN(t, d)
			s1, err := store.Open(ctx, dsn, store.Options{MediaURL: before, Documents: detaildoc.Renderer{}})
			if err != nil {
				t.Fatal(err)
			}
			closed := false
			t.Cleanup(func() {
				if !closed {
					s1.Close()
				}
			})
			if err := s1.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			p := create(t, s1, storetest.Apartment("Casa Mudada"))
			img := upload(10)
			addPhoto(t, s1, p.ID, listing.Photo{}, img)
			finishImage(t, s1, img.ID, 960, 720, [2]int{480, 360}, [2]int{960, 720})
			if urls := publicURLs(t, publicPhotos(t, s1, p.ID)); len(urls) != 3 || urls[2] != before+img.ID+"-960.jpg" {
				t.Fatalf("public photos under the first address: %v", urls)
			}
			v := catalogVersion(t, s1)
			closed = true
			if err := s1.Close(); err != nil {
				t.Fatal(err)
			}

			s2 := storetest.OpenAt(t, dsn, store.Options{MediaURL: after})
			pub := publicPhotos(t, s2, p.ID)
			if urls := publicURLs(t, pub); len(urls) != 3 || urls[2] != after+img.ID+"-960.jpg" {
				t.Errorf("public photos under the new address: %v", urls)
			}
			if set, _ := pub[2]["srcset"].(map[string]any); set["webp"] != after+img.ID+"-480.webp 480w, "+after+img.ID+"-960.webp 960w" {
				t.Errorf("srcset under the new address: %v", pub[2]["srcset"])
			}
			if doc, err := s2.PropertyDocument(ctx, p.Slug); err != nil || bytes.Contains(doc.JSON, []byte("antes.example.com")) {
				t.Errorf("the document still names the old address (%v):\n%s", err, doc.JSON)
			}
			if ph := photosOf(t, s2, p.ID)[2]; ph.URL != after+img.ID+"-960.jpg" {
				t.Errorf("stored photo under the new address: %+v", ph)
			}
			if now := catalogVersion(t, s2); now <= v {
				t.Errorf("catalogue version %d after the rebuild, was %d", now, v)
			}
			v = catalogVersion(t, s2)

			// A store opened without an address (vitrine migrate, token,
			// user) keeps the documents as they were made.
			s3 := storetest.OpenAt(t, dsn, store.Options{})
			if doc, err := s3.PropertyDocument(ctx, p.Slug); err != nil || !bytes.Contains(doc.JSON, []byte(after+img.ID+"-960.jpg")) {
				t.Errorf("a store opened without a media address changed the document (%v):\n%s", err, doc.JSON)
			}
			if ph := photosOf(t, s3, p.ID)[2]; ph.URL != after+img.ID+"-960.jpg" {
				t.Errorf("a store opened without a media address names the photo %q", ph.URL)
			}
			if now := catalogVersion(t, s3); now != v {
				t.Errorf("catalogue version %d after opening without a media address, was %d: the documents were made again", now, v)
			}
		})
	}
}

// TestListCoverIsFirstVisible: a list item's cover is the first photo the
// public sees; an upload still processing, or failed, at the front is
// passed over, and the cover of a ready upload carries its variants.
func TestListCoverIsFirstVisible(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		in := storetest.Apartment("Capa Visível")
		in.Photos = &[]listing.Photo{}
		p := create(t, s, in)
		failed, pending, ready := upload(31), upload(32), upload(33)
		addPhoto(t, s, p.ID, listing.Photo{}, failed)
		addPhoto(t, s, p.ID, listing.Photo{}, pending)
		addPhoto(t, s, p.ID, listing.Photo{AltText: "Sala"}, ready)
		claimImage(t, s, time.Minute) // the oldest: failed
		if err := s.FailImage(ctx, failed.ID, "Arquivo corrompido."); err != nil {
			t.Fatal(err)
		}
		claimImage(t, s, time.Minute) // pending stays claimed, unfinished
		claimImage(t, s, time.Minute)
		finishImage(t, s, ready.ID, 800, 600, [2]int{480, 360}, [2]int{800, 600})
		cover := func() []listing.Photo {
			t.Helper()
			page, err := s.Properties(ctx, store.PropertyFilter{Page: 1, PerPage: 10})
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range page.Items {
				if it.ID == p.ID {
					return it.Photos
				}
			}
			t.Fatalf("property not listed")
			return nil
		}
		if c := cover(); len(c) != 1 || c[0].URL != variant(ready.ID, 800, "jpg") || c[0].AltText != "Sala" || len(c[0].Image.Variants) != 4 {
			t.Errorf("cover = %s", photoString(c))
		}
		if _, err := s.ReorderPhotos(ctx, p.ID, []string{photosOf(t, s, p.ID)[2].ID, photosOf(t, s, p.ID)[0].ID, photosOf(t, s, p.ID)[1].ID}, staff); err != nil {
			t.Fatal(err)
		}
		if c := cover(); len(c) != 1 || c[0].URL != variant(ready.ID, 800, "jpg") {
			t.Errorf("cover after reorder = %s", photoString(c))
		}
		if err := s.DeletePhoto(ctx, p.ID, photosOf(t, s, p.ID)[0].ID, staff); err != nil {
			t.Fatal(err)
		}
		if c := cover(); len(c) != 0 {
			t.Errorf("no photo is public, yet the cover = %s", photoString(c))
		}
	})
}

// TestFailedImageUploadedAgain: the same file uploaded again after its
// image failed is queued again, from its first attempt.
func TestFailedImageUploadedAgain(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		p := create(t, s, storetest.Apartment("Tentar de Novo"))
		img := upload(41)
		addPhoto(t, s, p.ID, listing.Photo{}, img)
		claimImage(t, s, time.Minute)
		if err := s.FailImage(ctx, img.ID, "O armazenamento não respondeu."); err != nil {
			t.Fatal(err)
		}
		again := addPhoto(t, s, p.ID, listing.Photo{}, img)
		if again.Image.Status != listing.ImageProcessing || again.Image.Error != "" {
			t.Errorf("uploaded again: %+v", again.Image)
		}
		if job := claimImage(t, s, time.Minute); job.ID != img.ID || job.Attempts != 1 {
			t.Errorf("claimed %+v, want %s at its first attempt", job, img.ID)
		}
	})
}

// TestUpdateKeepsUnseenUploads: a list of photos sent back as read (the
// public ones) keeps the uploads still processing or failed that the
// reader never saw, last; naming them moves them.
func TestUpdateKeepsUnseenUploads(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		in := storetest.Apartment("Envio em Andamento")
		in.Photos = &[]listing.Photo{{URL: "https://img.example.com/a.jpg"}}
		p := create(t, s, in)
		pending := addPhoto(t, s, p.ID, listing.Photo{AltText: "Ainda processando"}, upload(51))
		items := []listing.Photo{{URL: "https://img.example.com/b.jpg"}, {URL: "https://img.example.com/a.jpg"}}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Photos: &items, By: staff}); err != nil {
			t.Fatal(err)
		}
		got := photosOf(t, s, p.ID)
		if len(got) != 3 || got[0].URL != "https://img.example.com/b.jpg" || got[2].ID != pending.ID ||
			got[2].Image == nil || got[2].AltText != "Ainda processando" {
			t.Fatalf("photos = %s", photoString(got))
		}
		first := []listing.Photo{{ID: pending.ID}}
		if _, err := s.UpdateProperty(ctx, p.ID, listing.PropertyUpdate{Photos: &first, By: staff}); err != nil {
			t.Fatal(err)
		}
		if got := photosOf(t, s, p.ID); len(got) != 1 || got[0].ID != pending.ID {
			t.Errorf("naming the upload alone: photos = %s", photoString(got))
		}
	})
}
