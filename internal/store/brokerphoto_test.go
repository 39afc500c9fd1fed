package store_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
	"github.com/vitrine/vitrine/internal/testclock"
)

// publicBroker returns the broker of the stored public document of the
// property with this id (see publicDocument), nil when it shows none.
func publicBroker(t *testing.T, s *store.Store, id string) map[string]any {
	t.Helper()
	b, _ := publicDocument(t, s, id)["broker"].(map[string]any)
	return b
}

// wantInUse checks that the image id, which something shows, is not
// orphaned, and that DeleteImage keeps it even when stamped at stamp (as
// a sweep racing a new use would find it).
func wantInUse(t *testing.T, s *store.Store, id string, stamp, far time.Time) {
	t.Helper()
	if got := orphans(t, s, far); len(got) != 0 {
		t.Errorf("orphaned while in use: %+v", got)
	}
	if err := store.Exec(ctx, s, `UPDATE images SET orphaned_at = $2 WHERE id = $1`, id, stamp); err != nil {
		t.Fatal(err)
	}
	if deleted, err := s.DeleteImage(ctx, id, far); err != nil || deleted {
		t.Errorf("DeleteImage of an image in use: %v, %v", deleted, err)
	}
	if err := store.Exec(ctx, s, `UPDATE images SET orphaned_at = NULL WHERE id = $1`, id); err != nil {
		t.Fatal(err)
	}
}

func setUserPhoto(t *testing.T, s *store.Store, id int64, img *store.NewImage) listing.User {
	t.Helper()
	u, err := s.SetUserPhoto(ctx, id, img)
	if err != nil {
		t.Fatalf("SetUserPhoto: %v", err)
	}
	return u
}

// TestBrokerPhoto: a user's photo is an image of the photo pipeline. Set,
// it is queued as a property photo's upload is, and the documents of the
// user's listings are made again (the catalogue version moves) with no
// photo until its variants are made; once they are, the documents show it
// (the smallest JPEG, its size, every variant). An image a user shows is
// in use: a property photo of the same file going does not orphan it, and
// DeleteImage keeps it. A new photo, a cleared one and the user's removal
// each leave the image they showed to the sweep, and the public documents
// without it.
func TestBrokerPhoto(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		ana := addUser(t, s, "ana@imobiliaria.com.br", "Ana Souza")
		p := create(t, s, withBroker("Casa da Ana", ana.ID))
		q := create(t, s, storetest.Apartment("Casa Sem Corretor"))
		far := clock.Now().Add(1000 * time.Hour)
		if b := publicBroker(t, s, p.ID); b == nil || b["photo"] != nil {
			t.Fatalf("broker before any photo: %v", b)
		}

		// Set: processing, queued, and not public yet.
		img := upload(1)
		v := catalogVersion(t, s)
		u := setUserPhoto(t, s, ana.ID, img)
		if u.Photo == nil || u.Photo.ID != img.ID || u.Photo.Status != listing.ImageProcessing || u.Name != "Ana Souza" {
			t.Fatalf("user after SetUserPhoto: %+v photo %+v", u, u.Photo)
		}
		if after := catalogVersion(t, s); after <= v {
			t.Errorf("catalogue version %d after the photo was set, was %d", after, v)
		}
		if b := publicBroker(t, s, p.ID); b["photo"] != nil {
			t.Errorf("public broker while the photo is processing: %v", b)
		}
		if got, err := s.Property(ctx, p.ID); err != nil || got.Broker.Photo == nil || got.Broker.Photo.Status != listing.ImageProcessing {
			t.Errorf("the listing's broker while processing: %+v (%v)", got.Broker, err)
		}
		if job := claimImage(t, s, time.Minute); job.ID != img.ID || job.Key != img.Key {
			t.Fatalf("claimed %+v, want the user's photo", job)
		}

		// Ready: the documents of the user's listings show it.
		v = catalogVersion(t, s)
		finishImage(t, s, img.ID, 700, 1000, [2]int{480, 686}, [2]int{700, 1000})
		if after := catalogVersion(t, s); after <= v {
			t.Errorf("catalogue version %d after the photo was made, was %d", after, v)
		}
		want := map[string]any{"url": variant(img.ID, 480, "jpg"), "width": float64(480), "height": float64(686),
			"srcset": map[string]any{
				"jpeg": variant(img.ID, 480, "jpg") + " 480w, " + variant(img.ID, 700, "jpg") + " 700w",
				"webp": variant(img.ID, 480, "webp") + " 480w, " + variant(img.ID, 700, "webp") + " 700w"}}
		if got := publicBroker(t, s, p.ID)["photo"]; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("public broker photo %v, want %v", got, want)
		}
		if b := document(t, s, q.Slug)["broker"]; b != nil {
			t.Errorf("a listing without broker shows %v", b)
		}
		if u, err := s.User(ctx, ana.ID); err != nil || u.Photo == nil || u.Photo.Status != listing.ImageReady || len(u.Photo.Variants) != 4 {
			t.Errorf("user once the photo is ready: %+v (%v)", u.Photo, err)
		}
		if users, err := s.Users(ctx); err != nil || len(users) != 1 || users[0].Photo == nil || users[0].Photo.ID != img.ID {
			t.Errorf("the staff list: %+v (%v)", users, err)
		}
		// A listing given the broker now shows the photo from its creation.
		r := create(t, s, withBroker("Outra Casa da Ana", ana.ID))
		if got := publicBroker(t, s, r.ID)["photo"]; fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("a new listing's broker photo %v, want %v", got, want)
		}

		// In use: the same file as a property photo comes and goes, and the
		// image is not orphaned; DeleteImage keeps it even if stamped.
		ph := addPhoto(t, s, q.ID, listing.Photo{}, img)
		if ph.Image.Status != listing.ImageReady {
			t.Errorf("the user's photo added to a property: %+v", ph.Image)
		}
		if err := s.DeletePhoto(ctx, q.ID, ph.ID, staff); err != nil {
			t.Fatal(err)
		}
		wantInUse(t, s, img.ID, clock.Now(), far)

		// A new photo: the old image goes to the sweep, and the public sees
		// none until the new one is made.
		clock.Advance(time.Minute)
		stamp := clock.Now()
		next := upload(2)
		if u := setUserPhoto(t, s, ana.ID, next); u.Photo.ID != next.ID {
			t.Errorf("user after a new photo: %+v", u.Photo)
		}
		if got := orphans(t, s, far); len(got) != 1 || got[0].ID != img.ID || len(got[0].Widths) != 2 {
			t.Errorf("orphaned after a new photo: %+v, want the old image", got)
		}
		if got := orphans(t, s, stamp); len(got) != 0 {
			t.Errorf("orphaned before the stamp: %+v", got)
		}
		if b := publicBroker(t, s, p.ID); b["photo"] != nil {
			t.Errorf("public broker while the new photo is processing: %v", b)
		}
		if deleted, err := s.DeleteImage(ctx, img.ID, far); err != nil || !deleted {
			t.Errorf("DeleteImage of the old photo: %v, %v", deleted, err)
		}

		// Cleared: none, and the image goes to the sweep.
		if u := setUserPhoto(t, s, ana.ID, nil); u.Photo != nil {
			t.Errorf("user after the photo was cleared: %+v", u.Photo)
		}
		if got := orphans(t, s, far); len(got) != 1 || got[0].ID != next.ID {
			t.Errorf("orphaned after the photo was cleared: %+v", got)
		}
		if deleted, err := s.DeleteImage(ctx, next.ID, far); err != nil || !deleted {
			t.Errorf("DeleteImage of the cleared photo: %v, %v", deleted, err)
		}

		// Removed with a ready photo: the listings show no broker, and the
		// image goes to the sweep.
		third := upload(3)
		setUserPhoto(t, s, ana.ID, third)
		claimImage(t, s, time.Minute)
		finishImage(t, s, third.ID, 480, 480, [2]int{480, 480})
		if b := publicBroker(t, s, p.ID); b["photo"] == nil {
			t.Fatalf("public broker with the third photo: %v", b)
		}
		if err := s.DeleteUserByID(ctx, ana.ID); err != nil {
			t.Fatal(err)
		}
		if b := publicBroker(t, s, p.ID); b != nil {
			t.Errorf("public broker after the user was removed: %v", b)
		}
		if got := orphans(t, s, far); len(got) != 1 || got[0].ID != third.ID {
			t.Errorf("orphaned after the user was removed: %+v", got)
		}

		notFound(t, "an unknown user's photo", func() error { _, err := s.SetUserPhoto(ctx, ana.ID, upload(4)); return err }())
		if known, err := s.ImageKnown(ctx, upload(4).ID); err != nil || known {
			t.Errorf("an unknown user's photo left an image row: %v, %v", known, err)
		}
	})
}
