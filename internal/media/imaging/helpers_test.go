package imaging

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	gwebp "github.com/vitrine/vitrine/internal/media/imaging/webp"

	"github.com/vitrine/vitrine/internal/media/imaging/imagingtest"
)

var (
	red   = color.RGBA{0xFF, 0, 0, 0xFF}
	green = color.RGBA{0, 0xFF, 0, 0xFF}
	blue  = color.RGBA{0, 0, 0xFF, 0xFF}
	white = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
)

// quadrants: see imagingtest.Quadrants.
var quadrants = imagingtest.Quadrants

func encodeJPEG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, m, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodePNG(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodeWebP(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := gwebp.Encode(&b, m, gwebp.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The metadata a phone writes, which must not survive processing.
const (
	testSerial = "VTR-SERIAL-0042731"
	testICC    = "FAKE-ICC-PROFILE-DISPLAY-P3"
)

// withMetadata returns a JPEG with an Exif APP1 segment (orientation, GPS,
// serial number) and an ICC APP2 segment inserted after its SOI marker.
func withMetadata(jpg []byte, orientation int) []byte {
	exif := imagingtest.Exif{Orientation: orientation, Serial: testSerial, Latitude: [3]uint32{23, 33, 1234}}
	return imagingtest.WithSegments(jpg, exif.Segment(), imagingtest.ICCSegment(testICC))
}

func encodeLosslessWebP(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := gwebp.Encode(&b, m, gwebp.Options{Lossless: true}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
