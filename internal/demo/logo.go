package demo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// The demonstration logo's size: wide, as agencies' logos are, and large
// enough for the pipeline's smallest variant.
const (
	LogoWidth  = 800
	LogoHeight = 320
)

// Logo is the demonstration agency's logo as a PNG: a wave in a disc and
// the agency's name in the Go fonts (their licence lets them be drawn),
// on white, since the pipeline's JPEG variants keep no transparency.
func Logo() ([]byte, error) {
	navy, sea := rgb(14, 52, 96), rgb(17, 122, 173)
	c := newCanvas(LogoWidth, LogoHeight, 1)
	c.fill(c.img.Rect, rgb(255, 255, 255))
	// The mark: a sea-blue disc, a white wave across its lower half.
	const cx, cy, rad = 160, 160, 120
	for y := cy - rad; y < cy+rad; y++ {
		for x := cx - rad; x < cx+rad; x++ {
			if math.Hypot(float64(x-cx), float64(y-cy)) > rad {
				continue
			}
			wave := cy + 10 + int(28*math.Sin(float64(x-cx)/28))
			if y > wave && y < wave+22 {
				c.set(x, y, rgb(255, 255, 255))
			} else {
				c.set(x, y, sea)
			}
		}
	}
	name, err := face(gobold.TTF, 96)
	if err != nil {
		return nil, err
	}
	word, err := face(goregular.TTF, 44)
	if err != nil {
		return nil, err
	}
	write(c.img, name, navy, 320, 175, "Maré Alta")
	write(c.img, word, sea, 324, 245, "IMÓVEIS")
	var buf bytes.Buffer
	if err := png.Encode(&buf, c.img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// face is the font ttf at size points, at 72 dpi (a point a pixel).
func face(ttf []byte, size float64) (font.Face, error) {
	f, err := opentype.Parse(ttf)
	if err != nil {
		return nil, fmt.Errorf("demo logo font: %w", err)
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
}

// write draws text on img in face and col, its baseline starting at x, y.
func write(img *image.RGBA, face font.Face, col color.RGBA, x, y int, text string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(col), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(text)
}

// LogoUploader takes the agency's logo, as the media service does for the
// back office (media.Service.SetAgencyLogo).
type LogoUploader interface {
	SetAgencyLogo(ctx context.Context, r io.Reader) (listing.Agency, error)
}

// UploadLogo gives the demonstration agency (Agency, as LoadAgency set
// it) its logo, uploaded through up as the back office's upload goes,
// when it has none, uploaded or typed; an agency that is not the demo's
// is the user's, and is left as it is. It reports whether it uploaded.
func UploadLogo(ctx context.Context, s *store.Store, up LogoUploader) (bool, error) {
	a, err := s.Agency(ctx)
	if errors.Is(err, listing.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if a.Name != Agency().Name || a.Logo != nil || a.LogoURL != "" {
		return false, nil
	}
	data, err := Logo()
	if err != nil {
		return false, err
	}
	if _, err := up.SetAgencyLogo(ctx, bytes.NewReader(data)); err != nil {
		return false, fmt.Errorf("demo logo: %w", err)
	}
	return true, nil
}
