package store_test

import (
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/testclock"
)

// TestAgencyLogo: the agency's logo is an image of the photo pipeline.
// Before the agency is set there is none to give a logo to. Set, it is
// queued and the catalogue version moves (every page shows the logo);
// once its variants are made the version moves again and the agency
// shows it, ShownLogoURL its largest JPEG over an address typed before.
// A write of the record keeps it. An image the agency shows is in use,
// and a new logo or a cleared one leaves the old to the sweep.
func TestAgencyLogo(t *testing.T) {
	eachMedia(t, func(t *testing.T, s *store.Store, clock *testclock.Clock) {
		far := clock.Now().Add(1000 * time.Hour)
		notFound(t, "a logo before the agency is set", func() error { _, err := s.SetAgencyLogo(ctx, upload(1)); return err }())

		rec := listing.Agency{Name: "Imobiliária Ilha", CRECI: "CRECI/SC 12345-J", LogoURL: "https://img.example.com/logo.png"}
		if _, err := s.SetAgency(ctx, rec); err != nil {
			t.Fatal(err)
		}
		img := upload(1)
		v := catalogVersion(t, s)
		a, err := s.SetAgencyLogo(ctx, img)
		if err != nil {
			t.Fatalf("SetAgencyLogo: %v", err)
		}
		if a.Logo == nil || a.Logo.ID != img.ID || a.Logo.Status != listing.ImageProcessing || a.Name != rec.Name {
			t.Fatalf("agency after SetAgencyLogo: %+v logo %+v", a, a.Logo)
		}
		if a.ShownLogoURL() != rec.LogoURL {
			t.Errorf("shown while processing: %q, want the address typed before", a.ShownLogoURL())
		}
		if after := catalogVersion(t, s); after <= v {
			t.Errorf("catalogue version %d after the logo was set, was %d", after, v)
		}
		if job := claimImage(t, s, time.Minute); job.ID != img.ID {
			t.Fatalf("claimed %+v, want the logo", job)
		}

		v = catalogVersion(t, s)
		finishImage(t, s, img.ID, 700, 350, [2]int{480, 240}, [2]int{700, 350})
		if after := catalogVersion(t, s); after <= v {
			t.Errorf("catalogue version %d after the logo was made, was %d", after, v)
		}
		a, err = s.Agency(ctx)
		if err != nil || a.Logo == nil || a.Logo.Status != listing.ImageReady || len(a.Logo.Variants) != 4 {
			t.Fatalf("agency once the logo is ready: %+v (%v)", a.Logo, err)
		}
		if got, want := a.ShownLogoURL(), variant(img.ID, 700, "jpg"); got != want {
			t.Errorf("shown logo %q, want %q", got, want)
		}

		// A write of the record keeps the logo.
		rec.Phone = "+554833334444"
		if a, err := s.SetAgency(ctx, rec); err != nil || a.Logo == nil || a.Logo.ID != img.ID {
			t.Errorf("logo after a write of the record: %+v (%v)", a.Logo, err)
		}

		// In use: not orphaned, DeleteImage keeps it even if stamped.
		wantInUse(t, s, img.ID, clock.Now(), far)

		// A new logo: the old goes to the sweep.
		clock.Advance(time.Minute)
		next := upload(2)
		if a, err := s.SetAgencyLogo(ctx, next); err != nil || a.Logo.ID != next.ID {
			t.Fatalf("agency after a new logo: %+v (%v)", a.Logo, err)
		}
		if got := orphans(t, s, far); len(got) != 1 || got[0].ID != img.ID {
			t.Errorf("orphaned after a new logo: %+v, want the old one", got)
		}

		// Cleared: none, the address typed before is shown again, and the
		// image goes to the sweep.
		v = catalogVersion(t, s)
		a, err = s.SetAgencyLogo(ctx, nil)
		if err != nil || a.Logo != nil || a.ShownLogoURL() != rec.LogoURL {
			t.Errorf("agency after the logo was cleared: %+v (%v)", a, err)
		}
		if after := catalogVersion(t, s); after <= v {
			t.Errorf("catalogue version %d after the logo was cleared, was %d", after, v)
		}
		if got := orphans(t, s, far); len(got) != 2 {
			t.Errorf("orphaned after the logo was cleared: %+v, want both", got)
		}
	})
}
