// Package imaging turns an uploaded photo into the files Vitrine serves: it
// checks what the bytes really are and how large the image declares itself
// before any pixel is decoded (Inspect), then decodes it once, applies its
// EXIF orientation and writes resized copies in JPEG and WebP with no
// metadata at all (Process). It does no I/O of its own: no HTTP, no storage.
//
// Formats. The format is read from the content, never from a name or a
// declared type: JPEG, PNG and WebP are accepted; anything else (GIF, HEIC,
// AVIF, SVG, TIFF, BMP, PDF, text...) is an *UnsupportedError naming what was
// found, which matches ErrUnsupported.
//
// Limits. Inspect reads only the headers (image.DecodeConfig and its
// format's equivalents) and refuses an image of more than Limits.MaxPixels
// pixels (ErrTooManyPixels) or with a side longer than Limits.MaxSide
// (ErrSideTooLong), so a decompression bomb (a few hundred bytes declaring
// 30000×30000) costs nothing. A file that cannot be decoded, a truncated one
// included, is ErrCorrupt; a decoder panic is recovered and is ErrCorrupt too.
//
// Colour. Every variant is 8-bit RGB, taken as sRGB: an embedded ICC profile
// is not applied (no colour management is done), so a photo in another colour
// space (Adobe RGB, Display P3) comes out slightly less saturated than its
// original. Phones and most cameras write sRGB. A CMYK JPEG is converted with
// the naive formula of image/color. Transparent pixels are laid on white.
//
// Orientation. The Orientation tag (1–8) of a JPEG's Exif segment is read by
// a small bounded parser (orientation.go) and applied to every variant, so
// the variants need no tag. PNG and WebP are taken as stored.
//
// Variants. See DefaultWidths for the widths and why, VariantWidths for
// which an image gets, and Process for the names and the memory it needs.
//
// Encoders. JPEG is image/jpeg. WebP is the webp package beside this one:
// libwebp compiled to WebAssembly and run by wazero, no cgo and no shared
// library, so every build encodes alike. Its first encode in a process
// compiles the module (about half a second here); later encodes reuse it.
// WebP decoding is golang.org/x/image/webp.
package imaging

import (
	"bufio"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"unicode/utf8"

	"golang.org/x/image/webp"
)

// Format is an image format as read from a file's first bytes.
type Format string

// The formats Sniff tells apart. Only JPEG, PNG and WebP are processed.
const (
	JPEG    Format = "jpeg"
	PNG     Format = "png"
	WebP    Format = "webp"
	GIF     Format = "gif"
	HEIC    Format = "heic"
	AVIF    Format = "avif"
	SVG     Format = "svg"
	TIFF    Format = "tiff"
	BMP     Format = "bmp"
	PDF     Format = "pdf"
	Text    Format = "text"
	Unknown Format = "unknown"
)

// Supported reports whether Process accepts the format.
func (f Format) Supported() bool { return f == JPEG || f == PNG || f == WebP }

var (
	// ErrUnsupported is matched by every *UnsupportedError.
	ErrUnsupported = errors.New("imaging: unsupported image format")
	// ErrTooManyPixels is returned (wrapped) for an image whose declared
	// width × height is over Limits.MaxPixels.
	ErrTooManyPixels = errors.New("imaging: too many pixels")
	// ErrSideTooLong is returned (wrapped) for an image whose declared width
	// or height is over Limits.MaxSide.
	ErrSideTooLong = errors.New("imaging: image side too long")
	// ErrCorrupt is returned (wrapped) for a file of a supported format that
	// cannot be read: truncated, damaged, or with a zero dimension.
	ErrCorrupt = errors.New("imaging: corrupt image")
	// ErrTooManyScans is returned (wrapped) for a JPEG with more scans than
	// MaxScans: each scan is a pass of the decoder over the whole image.
	ErrTooManyScans = errors.New("imaging: too many JPEG scans")
	// ErrTooMuchMemory is returned (wrapped) for an image whose processing
	// would take more than Limits.MaxMemory, as estimated from its headers.
	ErrTooMuchMemory = errors.New("imaging: image needs too much memory")
)

// UnsupportedError is the error for content of a format Process does not
// take; Format says what the content is (Unknown when nothing was
// recognised), so a caller can tell the user what to do.
type UnsupportedError struct {
	Format Format
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("imaging: unsupported image format %q", string(e.Format))
}

// Unwrap makes errors.Is(err, ErrUnsupported) true.
func (e *UnsupportedError) Unwrap() error { return ErrUnsupported }

// Default limits.
const (
	DefaultMaxPixels = 50_000_000
	DefaultMaxSide   = 20_000
	// DefaultMaxMemory leaves, of the 256 MiB a media worker is given
	// (vitrine serve's photoMemory), 64 MiB to what needs does not count:
	// the WebP encoder's WebAssembly memory and the collector's slack.
	DefaultMaxMemory = 192 << 20
)

// MaxScans is the most scans a JPEG may have. Each scan is a pass of the
// decoder over the blocks of the components it holds, so scans multiply
// a decode's time. libjpeg's progressive script writes 10 scans for a
// colour photo and 18 for a CMYK one, mozjpeg about 10 to 12, and a
// baseline file has one per component at most; 64 leaves room for hand-made
// scan scripts while bounding a decode to a few times a usual progressive
// one.
const MaxScans = 64

// Limits bound the images accepted; a zero field takes its default.
type Limits struct {
	// MaxPixels is the most width × height accepted (DefaultMaxPixels).
	MaxPixels int64
	// MaxSide is the longest width or height accepted (DefaultMaxSide).
	MaxSide int
	// MaxMemory is the most memory processing an image may take, as
	// estimated from its headers before decoding (DefaultMaxMemory).
	MaxMemory int64
}

func (l Limits) withDefaults() Limits {
	if l.MaxPixels <= 0 {
		l.MaxPixels = DefaultMaxPixels
	}
	if l.MaxSide <= 0 {
		l.MaxSide = DefaultMaxSide
	}
	if l.MaxMemory <= 0 {
		l.MaxMemory = DefaultMaxMemory
	}
	return l
}

// check refuses dimensions outside the limits.
func (l Limits) check(w, h int) error {
	l = l.withDefaults()
	if w <= 0 || h <= 0 {
		return fmt.Errorf("%w: %d×%d pixels", ErrCorrupt, w, h)
	}
	if int64(w)*int64(h) > l.MaxPixels {
		return fmt.Errorf("%w: %d×%d is %d pixels, over %d", ErrTooManyPixels, w, h, int64(w)*int64(h), l.MaxPixels)
	}
	if w > l.MaxSide || h > l.MaxSide {
		return fmt.Errorf("%w: %d×%d, a side over %d pixels", ErrSideTooLong, w, h, l.MaxSide)
	}
	return nil
}

// Info is what Inspect reads from an image's headers: its format and its
// dimensions as stored (before any EXIF orientation).
type Info struct {
	Format        Format
	Width, Height int
}

// SniffLen is how many leading bytes Sniff looks at.
const SniffLen = 64

// Sniff tells the format of content from its first bytes (SniffLen are
// enough; fewer are read as far as they go).
func Sniff(head []byte) Format {
	b := head
	switch {
	case len(b) >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF:
		return JPEG
	case hasPrefix(b, "\x89PNG\r\n\x1a\n"):
		return PNG
	case len(b) >= 12 && hasPrefix(b, "RIFF") && string(b[8:12]) == "WEBP":
		return WebP
	case hasPrefix(b, "GIF87a") || hasPrefix(b, "GIF89a"):
		return GIF
	case len(b) >= 12 && string(b[4:8]) == "ftyp":
		return sniffISOBMFF(b)
	case hasPrefix(b, "II*\x00") || hasPrefix(b, "MM\x00*"):
		return TIFF
	case hasPrefix(b, "BM"):
		return BMP
	case hasPrefix(b, "%PDF-"):
		return PDF
	}
	// Text, SVG included: valid UTF-8 (possibly cut mid-character at the
	// end of head) with no control character but whitespace.
	t := b
	if len(t) >= 3 && t[0] == 0xEF && t[1] == 0xBB && t[2] == 0xBF {
		t = t[3:]
	}
	if len(t) == 0 {
		return Unknown
	}
	for i := 0; i < len(t); {
		r, n := utf8.DecodeRune(t[i:])
		if r == utf8.RuneError && n <= 1 {
			if len(t)-i < utf8.UTFMax && !utf8.FullRune(t[i:]) {
				break // cut at the end of head
			}
			return Unknown
		}
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f' || r == 0x7F {
			return Unknown
		}
		i += n
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			continue
		}
		if hasPrefix(t[i:], "<svg") || hasPrefix(t[i:], "<?xml") || hasPrefix(t[i:], "<!DOCTYPE svg") {
			return SVG
		}
		break
	}
	return Text
}

// sniffISOBMFF tells HEIC from AVIF by the ftyp box's brands (major brand
// first, then compatible ones); other ISO media files (MP4...) are Unknown.
func sniffISOBMFF(b []byte) Format {
	size := int(b[0])<<24 | int(b[1])<<16 | int(b[2])<<8 | int(b[3])
	end := min(size, len(b))
	var heic bool
	for i := 8; i+4 <= end; i += 4 {
		if i == 12 {
			continue // minor version
		}
		switch string(b[i : i+4]) {
		case "avif", "avis":
			return AVIF
		case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1":
			heic = true
		}
	}
	if heic {
		return HEIC
	}
	return Unknown
}

func hasPrefix(b []byte, p string) bool {
	return len(b) >= len(p) && string(b[:len(p)]) == p
}

// Inspect reads the format and dimensions of the image in r from its headers
// only, without decoding any pixel, and checks them against lim. It reads
// from r no further than the headers need (for a JPEG, up to its frame
// header, past any metadata segments). The content decides the format:
// unsupported content is an *UnsupportedError; a supported format whose
// headers cannot be read is ErrCorrupt; dimensions over the limits are
// ErrTooManyPixels or ErrSideTooLong.
func Inspect(r io.Reader, lim Limits) (Info, error) {
	info, _, err := inspect(r, lim)
	return info, err
}

// inspect is Inspect, also returning the header's image.Config.
func inspect(r io.Reader, lim Limits) (Info, image.Config, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(SniffLen)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return Info{}, image.Config{}, fmt.Errorf("imaging: read: %w", err)
	}
	f := Sniff(head)
	if !f.Supported() {
		return Info{}, image.Config{}, &UnsupportedError{Format: f}
	}
	cfg, err := decodeConfig(f, br)
	if err != nil {
		return Info{}, image.Config{}, err
	}
	if err := lim.check(cfg.Width, cfg.Height); err != nil {
		return Info{}, image.Config{}, err
	}
	return Info{Format: f, Width: cfg.Width, Height: cfg.Height}, cfg, nil
}

func decodeConfig(f Format, r io.Reader) (image.Config, error) {
	return guard(f, "header", func() (image.Config, error) {
		switch f {
		case JPEG:
			return jpeg.DecodeConfig(r)
		case PNG:
			return png.DecodeConfig(r)
		default:
			return webp.DecodeConfig(r)
		}
	})
}

// decode decodes a whole image of a supported format.
func decode(f Format, r io.Reader) (image.Image, error) {
	return guard(f, "data", func() (image.Image, error) {
		switch f {
		case JPEG:
			return jpeg.Decode(r)
		case PNG:
			return png.Decode(r)
		default:
			return webp.Decode(r)
		}
	})
}

// guard runs a decoder of format f (JPEG, PNG or WebP): any failure, a
// recovered panic included, is ErrCorrupt.
func guard[T any](f Format, what string, fn func() (T, error)) (v T, err error) {
	if !f.Supported() {
		return v, &UnsupportedError{Format: f}
	}
	defer func() {
		if p := recover(); p != nil {
			var zero T
			v, err = zero, fmt.Errorf("%w: %s %s: %v", ErrCorrupt, f, what, p)
		}
	}()
	v, err = fn()
	if err != nil {
		return v, fmt.Errorf("%w: %s %s: %v", ErrCorrupt, f, what, err)
	}
	return v, nil
}
