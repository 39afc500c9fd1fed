package demo_test

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"testing"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// logoUploads records the logos sent.
type logoUploads struct{ sent [][]byte }

func (u *logoUploads) SetAgencyLogo(_ context.Context, r io.Reader) (listing.Agency, error) {
	b, err := io.ReadAll(r)
	u.sent = append(u.sent, b)
	return listing.Agency{}, err
}

// TestUploadLogo: the demo agency gets its logo, a PNG of the documented
// size; nothing is sent before an agency is set, to an agency that is
// not the demo's, nor to one that shows a logo already.
func TestUploadLogo(t *testing.T) {
	ctx := context.Background()
	s := storetest.Open(t, "sqlite", store.Options{})
	up := &logoUploads{}
	if sent, err := demo.UploadLogo(ctx, s, up); sent || err != nil || len(up.sent) != 0 {
		t.Fatalf("before an agency is set: %v, %v", sent, err)
	}
	if _, err := demo.LoadAgency(ctx, s); err != nil {
		t.Fatal(err)
	}
	if sent, err := demo.UploadLogo(ctx, s, up); !sent || err != nil || len(up.sent) != 1 {
		t.Fatalf("the demo agency: %v, %v", sent, err)
	}
	img, err := png.Decode(bytes.NewReader(up.sent[0]))
	if err != nil {
		t.Fatalf("the logo is not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() != demo.LogoWidth || b.Dy() != demo.LogoHeight {
		t.Errorf("logo of %v, want %d×%d", b, demo.LogoWidth, demo.LogoHeight)
	}

	typed := demo.Agency()
	typed.LogoURL = "https://img.example.com/logo.png"
	own := demo.Agency()
	own.Name = "Imobiliária Própria"
	for what, a := range map[string]listing.Agency{"a logo typed": typed, "the user's agency": own} {
		if _, err := s.SetAgency(ctx, a); err != nil {
			t.Fatal(err)
		}
		if sent, err := demo.UploadLogo(ctx, s, up); sent || err != nil || len(up.sent) != 1 {
			t.Errorf("%s: %v, %v", what, sent, err)
		}
	}
}
