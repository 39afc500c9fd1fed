package imaging

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"slices"
	"strconv"

	"github.com/vitrine/vitrine/internal/media/imaging/webp"
	xdraw "golang.org/x/image/draw"
)

// DefaultWidths are the variant widths, in pixels:
//
//   - 480: a result card or thumbnail (~160–240 CSS px at 2–3×), and a
//     phone at 1× on a slow connection;
//   - 960: a phone's full-width photo (360–414 CSS px at 2–2.5×) and the
//     desktop carousel (~960 CSS px) at 1×;
//   - 1440: a phone at 3× (414 × 3 ≈ 1242) and a laptop's carousel at 1.5×;
//   - 1920: the desktop carousel at 2× and a full-HD screen; also the Open
//     Graph image and what portals fetch.
//
// Each step is about 1.5–2× the previous one, so a browser choosing from
// srcset never downloads much more than it shows.
var DefaultWidths = []int{480, 960, 1440, 1920}

// Default encoder qualities.
const (
	DefaultJPEGQuality = 80
	DefaultWebPQuality = 75
)

// webpMethod is libwebp's effort (0–6). Below the default (4) because
// methods 3 and up add the slow rate-distortion passes, which cost far
// more time than the few bytes they save (docs/benchmarks.md).
const webpMethod = 2

// Options configure Process; a zero field takes its default.
type Options struct {
	Limits Limits
	// Widths of the variants (DefaultWidths); see VariantWidths.
	Widths []int
	// JPEGQuality (DefaultJPEGQuality) and WebPQuality (DefaultWebPQuality),
	// 1–100.
	JPEGQuality int
	WebPQuality int
}

// Result is a processed photo.
type Result struct {
	// ID is the first 32 hex digits of the SHA-256 of the original file's
	// bytes: every variant name starts with it.
	ID string
	// Format is the original's format.
	Format Format
	// Width and Height are the original's, as displayed (orientation
	// applied).
	Width, Height int
	// Orientation is the EXIF orientation applied (1 for none).
	Orientation int
	// Variants in ascending width, a JPEG then a WebP for each width.
	Variants []Variant
}

// Variant is one encoded, resized copy of a photo, with no metadata.
type Variant struct {
	// Name is ID + "-" + width + ".jpg" or ".webp", e.g.
	// "3f2a…9c-960.webp": a valid blob key, different as soon as one byte of
	// the original differs.
	Name          string
	Format        Format // JPEG or WebP
	ContentType   string // image/jpeg or image/webp
	Width, Height int
	Data          []byte
}

// ContentID is the ID of a file's content, as in Result.ID.
func ContentID(src []byte) string {
	sum := sha256.Sum256(src)
	return hex.EncodeToString(sum[:16])
}

// VariantWidths returns the widths of the variants of an image w pixels wide
// (as displayed), in ascending order: the widths of ws narrower than w, plus
// w itself when some width of ws is at least w. An image is never upscaled,
// and one narrower than every width yields its own width only.
func VariantWidths(w int, ws []int) []int {
	if len(ws) == 0 {
		ws = DefaultWidths
	}
	var out []int
	own := false
	for _, x := range ws {
		if x <= 0 {
			continue
		}
		if x < w {
			out = append(out, x)
		} else {
			own = true
		}
	}
	if own {
		out = append(out, w)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Process checks src (the whole original file) as Check does, decodes it,
// applies its EXIF orientation and returns its variants (see VariantWidths)
// in JPEG and WebP, resized from the decoded pixels, carrying no metadata:
// no Exif, GPS, XMP or ICC block survives re-encoding. ctx is checked
// between steps; a decode, which cannot be interrupted, is not (the
// caller that must stop sooner runs Process where it can abandon it).
//
// Resizing is done in two steps, as vips does: a box filter averages whole
// blocks of k×k pixels (k the integer part of the ratio) straight from the
// decoded image, then Catmull-Rom (golang.org/x/image/draw) scales by the
// remaining ratio, below 2.
//
// Memory: one image is decoded at a time, and an image whose processing
// would take more than Limits.MaxMemory is refused before it is decoded
// (ErrTooMuchMemory), the estimate (see needs) read from its headers. The
// peak is about the decoded image (1.5 bytes a pixel for a usual 4:2:0
// JPEG or a lossy WebP, 4 for an 8-bit PNG or a lossless WebP, 8 for a
// 16-bit PNG; grey, CMYK, 16-bit and semi-transparent lossy images also
// get a 4-byte RGBA copy of the whole image; decoding a progressive JPEG
// holds its DCT coefficients too, 4 bytes a sample: 6 bytes a pixel at
// 4:2:0, 16 for a CMYK file), or the box-filtered copy (under 4 × 4 bytes
// per pixel of the largest variant) plus Catmull-Rom's buffer (32 bytes
// per pixel of the variant's width by the filtered copy's height: about
// 90 MB for a 1920-pixel variant of a 4:3 photo) plus the variant itself
// before and after orientation (2 × 4 bytes a pixel), plus the WebP
// encoder's working memory (its WebAssembly instance). So a 50 MP
// baseline JPEG fits, and so does a progressive one of about 24 MP at
// 4:2:0; larger progressive or CMYK files are refused. Measured peaks are
// in docs/benchmarks.md. The caller bounds how many Process calls run at
// once.
func Process(ctx context.Context, src []byte, opts Options) (*Result, error) {
	info, err := check(src, opts.Limits, opts.Widths)
	if err != nil {
		return nil, err
	}
	o := 1
	if info.Format == JPEG {
		o = jpegOrientation(src)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	img, err := decode(info.Format, bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	if b := img.Bounds(); b.Dx() != info.Width || b.Dy() != info.Height {
		return nil, fmt.Errorf("%w: decoded %d×%d, header says %d×%d", ErrCorrupt, b.Dx(), b.Dy(), info.Width, info.Height)
	}
	res := &Result{ID: ContentID(src), Format: info.Format, Width: info.Width, Height: info.Height, Orientation: o}
	if transposes(o) {
		res.Width, res.Height = res.Height, res.Width
	}
	widths := VariantWidths(res.Width, opts.Widths)
	jq := opts.JPEGQuality
	if jq <= 0 || jq > 100 {
		jq = DefaultJPEGQuality
	}
	wq := opts.WebPQuality
	if wq <= 0 || wq > 100 {
		wq = DefaultWebPQuality
	}

	// base: the decoded image as opaque RGBA, box-filtered as far as the
	// largest variant allows.
	largest := widths[len(widths)-1]
	base := boxShrink(img, boxFactor(res.Width, largest))
	img = nil // let the decoded image go before the variants are made

	for i := len(widths) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		w := widths[i]
		h := max(1, (res.Height*w+res.Width/2)/res.Width)
		sw, sh := w, h // size before orientation
		if transposes(o) {
			sw, sh = h, w
		}
		v := orient(resize(base, sw, sh), o)
		var jb bytes.Buffer
		if err := jpeg.Encode(&jb, v, &jpeg.Options{Quality: jq}); err != nil {
			return nil, fmt.Errorf("imaging: encode jpeg: %w", err)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var wb bytes.Buffer
		if err := webp.Encode(&wb, v, webp.Options{Quality: wq, Method: webpMethod}); err != nil {
			return nil, fmt.Errorf("imaging: encode webp: %w", err)
		}
		name := res.ID + "-" + strconv.Itoa(w)
		res.Variants = append(res.Variants,
			Variant{Name: name + ".webp", Format: WebP, ContentType: "image/webp", Width: w, Height: h, Data: wb.Bytes()},
			Variant{Name: name + ".jpg", Format: JPEG, ContentType: "image/jpeg", Width: w, Height: h, Data: jb.Bytes()},
		)
	}
	slices.Reverse(res.Variants)
	return res, nil
}

// boxFactor is the box filter's factor for scaling width w down to target.
func boxFactor(w, target int) int {
	return max(1, w/target)
}

// resize scales src to w×h: a box filter by the integer part of the ratio,
// then Catmull-Rom for the rest. A same-size request returns src.
func resize(src *image.RGBA, w, h int) *image.RGBA {
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	if sw == w && sh == h {
		return src
	}
	if k := min(sw/w, sh/h); k >= 2 {
		src = boxRGBA(src, k)
		sw, sh = src.Rect.Dx(), src.Rect.Dy()
		if sw == w && sh == h {
			return src
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Rect, src, src.Rect, xdraw.Src, nil)
	return dst
}

// boxShrink returns src as opaque RGBA (transparency laid on white), each
// output pixel the average of a k×k block (the last row and column of
// blocks may be partial: the output is ceil(w/k)×ceil(h/k)). YCbCr and RGBA
// are read directly; other models go through a full-size RGBA copy first.
func boxShrink(src image.Image, k int) *image.RGBA {
	switch s := src.(type) {
	case *image.YCbCr:
		return boxYCbCr(s, k)
	case *image.RGBA:
		if k == 1 && s.Rect.Min == (image.Point{}) && s.Opaque() {
			return s
		}
		if s.Opaque() {
			return boxRGBA(s, k)
		}
	case *image.NRGBA:
		return boxNRGBA(s, k)
	}
	b := src.Bounds()
	flat := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	if o, ok := src.(interface{ Opaque() bool }); ok && o.Opaque() {
		draw.Draw(flat, flat.Rect, src, b.Min, draw.Src)
	} else {
		draw.Draw(flat, flat.Rect, image.NewUniform(color.White), image.Point{}, draw.Src)
		draw.Draw(flat, flat.Rect, src, b.Min, draw.Over)
	}
	if k == 1 {
		return flat
	}
	return boxRGBA(flat, k)
}

// boxRGBA averages k×k blocks of an opaque RGBA image.
func boxRGBA(s *image.RGBA, k int) *image.RGBA {
	return box(s.Rect.Dx(), s.Rect.Dy(), k, func(y int, sums []uint32) {
		row := s.Pix[y*s.Stride:]
		for x := range s.Rect.Dx() {
			p := row[4*x : 4*x+3 : 4*x+3]
			j := 3 * (x / k)
			sums[j] += uint32(p[0])
			sums[j+1] += uint32(p[1])
			sums[j+2] += uint32(p[2])
		}
	}, func(r, g, b uint8) (uint8, uint8, uint8) { return r, g, b })
}

// boxNRGBA averages k×k blocks of an NRGBA image (a PNG with an alpha
// channel, a lossless WebP), each pixel laid on white first.
func boxNRGBA(s *image.NRGBA, k int) *image.RGBA {
	return box(s.Rect.Dx(), s.Rect.Dy(), k, func(y int, sums []uint32) {
		row := s.Pix[y*s.Stride:]
		for x := range s.Rect.Dx() {
			p := row[4*x : 4*x+4 : 4*x+4]
			a := uint32(p[3])
			j := 3 * (x / k)
			sums[j] += (uint32(p[0])*a + 0xFF*(0xFF-a) + 0x7F) / 0xFF
			sums[j+1] += (uint32(p[1])*a + 0xFF*(0xFF-a) + 0x7F) / 0xFF
			sums[j+2] += (uint32(p[2])*a + 0xFF*(0xFF-a) + 0x7F) / 0xFF
		}
	}, func(r, g, b uint8) (uint8, uint8, uint8) { return r, g, b })
}

// boxYCbCr averages k×k blocks of Y, Cb and Cr (a linear transform away from
// RGB, so averaging before converting is averaging RGB) and converts each
// average to RGB.
func boxYCbCr(s *image.YCbCr, k int) *image.RGBA {
	r := s.Rect
	return box(r.Dx(), r.Dy(), k, func(y int, sums []uint32) {
		yrow := s.Y[y*s.YStride:]
		for x := range r.Dx() {
			j := 3 * (x / k)
			ci := s.COffset(x+r.Min.X, y+r.Min.Y)
			sums[j] += uint32(yrow[x])
			sums[j+1] += uint32(s.Cb[ci])
			sums[j+2] += uint32(s.Cr[ci])
		}
	}, color.YCbCrToRGB)
}

// box makes the ceil(sw/k)×ceil(sh/k) opaque RGBA image of the averages of
// k×k blocks of an sw×sh image: add adds the three channels of source row y
// into sums (3 per output pixel), conv turns an average into RGB.
func box(sw, sh, k int, add func(y int, sums []uint32), conv func(a, b, c uint8) (uint8, uint8, uint8)) *image.RGBA {
	dw, dh := (sw+k-1)/k, (sh+k-1)/k
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	sums := make([]uint32, 3*dw)
	for by := range dh {
		clear(sums)
		y0, y1 := by*k, min(by*k+k, sh)
		for y := y0; y < y1; y++ {
			add(y, sums)
		}
		out := dst.Pix[by*dst.Stride:]
		for bx := range dw {
			n := uint32((y1 - y0) * (min(bx*k+k, sw) - bx*k))
			j := 3 * bx
			out[4*bx], out[4*bx+1], out[4*bx+2] = conv(uint8((sums[j]+n/2)/n), uint8((sums[j+1]+n/2)/n), uint8((sums[j+2]+n/2)/n))
			out[4*bx+3] = 0xFF
		}
	}
	return dst
}
