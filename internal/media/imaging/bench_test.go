package imaging

import (
	"context"
	"image"
	"math/rand/v2"
	"testing"
)

// photo12MP is a 4000×3000 JPEG (quality 90) of smooth gradients with
// noise, so it codes about as densely as a photograph.
func photo12MP(b *testing.B) []byte {
	m := image.NewRGBA(image.Rect(0, 0, 4000, 3000))
	rng := rand.New(rand.NewPCG(1, 2))
	for y := range 3000 {
		for x := range 4000 {
			i := m.PixOffset(x, y)
			n := rng.IntN(24)
			m.Pix[i] = uint8((x/16 + n) & 0xFF)
			m.Pix[i+1] = uint8((y/12 + n) & 0xFF)
			m.Pix[i+2] = uint8(((x+y)/28 + n) & 0xFF)
			m.Pix[i+3] = 0xFF
		}
	}
	return encodeJPEG(b, m)
}

// BenchmarkProcess12MP makes every default variant, JPEG and WebP, of a
// 12 MP JPEG. For comparison, libvips's vipsthumbnail (8.14) run once per
// width on the same file, as JPEG and as WebP, does the same work in
// separate processes.
func BenchmarkProcess12MP(b *testing.B) {
	src := photo12MP(b)
	// The WebP encoder compiles its WebAssembly module on first use.
	if _, err := Process(context.Background(), encodeJPEG(b, quadrants(64, 48)), Options{}); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Process(context.Background(), src, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
