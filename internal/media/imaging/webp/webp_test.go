package webp

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	xwebp "golang.org/x/image/webp"
)

func gradient(w, h int) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			m.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), 128, 255})
		}
	}
	return m
}

// TestEncodeLossless round-trips pixels through the module and the
// standard decoder: what the module wrote is a WebP of exactly them.
func TestEncodeLossless(t *testing.T) {
	src := gradient(37, 21) // odd sizes: no row padding hides a stride bug
	var b bytes.Buffer
	if err := Encode(&b, src, Options{Lossless: true}); err != nil {
		t.Fatal(err)
	}
	got, err := xwebp.Decode(&b)
	if err != nil {
		t.Fatalf("decode what Encode wrote: %v", err)
	}
	if got.Bounds() != src.Bounds() {
		t.Fatalf("bounds %v, want %v", got.Bounds(), src.Bounds())
	}
	for y := range 21 {
		for x := range 37 {
			r, g, bl, _ := got.At(x, y).RGBA()
			want := src.NRGBAAt(x, y)
			if uint8(r>>8) != want.R || uint8(g>>8) != want.G || uint8(bl>>8) != want.B {
				t.Fatalf("pixel (%d,%d) = %d,%d,%d, want %v", x, y, r>>8, g>>8, bl>>8, want)
			}
		}
	}
}

// TestEncodeLossyQuality checks the options reach libwebp: a lower quality
// makes a smaller file of the same picture, and a sub-image (a stride wider
// than its rows) is encoded as what it shows.
func TestEncodeLossyQuality(t *testing.T) {
	whole := image.NewRGBA(image.Rect(0, 0, 200, 100))
	for y := range 100 {
		for x := range 200 {
			whole.Set(x, y, color.RGBA{uint8(x*x + y), uint8(x ^ y), uint8(y * 2), 255})
		}
	}
	sub := whole.SubImage(image.Rect(50, 10, 150, 90))
	size := func(q int) int {
		var b bytes.Buffer
		if err := Encode(&b, sub, Options{Quality: q, Method: 4}); err != nil {
			t.Fatal(err)
		}
		cfg, err := xwebp.DecodeConfig(bytes.NewReader(b.Bytes()))
		if err != nil || cfg.Width != 100 || cfg.Height != 80 {
			t.Fatalf("quality %d: config %+v, %v; want 100×80", q, cfg, err)
		}
		return b.Len()
	}
	if lo, hi := size(20), size(95); lo >= hi {
		t.Errorf("quality 20 gave %d bytes, quality 95 %d: want fewer", lo, hi)
	}
}
