package imaging

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	gwebp "github.com/gen2brain/webp"
)

var (
	red   = color.RGBA{0xFF, 0, 0, 0xFF}
	green = color.RGBA{0, 0xFF, 0, 0xFF}
	blue  = color.RGBA{0, 0, 0xFF, 0xFF}
	white = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
)

// quadrants is a w×h image whose top-left quarter is red, top-right green,
// bottom-left blue and bottom-right white, so where a corner lands after a
// rotation is plain to see, even after lossy coding and resizing.
func quadrants(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := red
			switch {
			case x >= w/2 && y < h/2:
				c = green
			case x < w/2 && y >= h/2:
				c = blue
			case x >= w/2 && y >= h/2:
				c = white
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

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

// exifTIFF is a big-endian TIFF structure as in a camera's Exif segment:
// IFD0 with Orientation and pointers to an Exif IFD (BodySerialNumber) and a
// GPS IFD (latitude 23°33'12.34" S).
func exifTIFF(orientation int) []byte {
	be := binary.BigEndian
	var b []byte
	u16 := func(v int) { b = be.AppendUint16(b, uint16(v)) }
	u32 := func(v int) { b = be.AppendUint32(b, uint32(v)) }
	ent := func(tag, typ, count int, value []byte) {
		u16(tag)
		u16(typ)
		u32(count)
		v := make([]byte, 4)
		copy(v, value)
		b = append(b, v...)
	}
	off := func(v int) []byte { return be.AppendUint32(nil, uint32(v)) }
	const ifd0, exifIFD, gpsIFD, latData, serialData = 8, 50, 68, 98, 122
	b = append(b, "MM\x00*"...)
	u32(ifd0)
	u16(3)
	ent(0x0112, 3, 1, be.AppendUint16(nil, uint16(orientation)))
	ent(0x8769, 4, 1, off(exifIFD))
	ent(0x8825, 4, 1, off(gpsIFD))
	u32(0)
	u16(1)
	ent(0xA431, 2, len(testSerial)+1, off(serialData))
	u32(0)
	u16(2)
	ent(0x0001, 2, 2, []byte("S\x00"))
	ent(0x0002, 5, 3, off(latData))
	u32(0)
	for _, r := range [][2]int{{23, 1}, {33, 1}, {1234, 100}} {
		u32(r[0])
		u32(r[1])
	}
	b = append(b, testSerial+"\x00"...)
	return b
}

// withMetadata returns a JPEG with an Exif APP1 segment (orientation, GPS,
// serial number) and an ICC APP2 segment inserted after its SOI marker.
func withMetadata(jpg []byte, orientation int) []byte {
	seg := func(marker byte, payload []byte) []byte {
		s := []byte{0xFF, marker}
		s = binary.BigEndian.AppendUint16(s, uint16(len(payload)+2))
		return append(s, payload...)
	}
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg(0xE1, append([]byte("Exif\x00\x00"), exifTIFF(orientation)...))...)
	out = append(out, seg(0xE2, append([]byte("ICC_PROFILE\x00\x01\x01"), testICC...))...)
	return append(out, jpg[2:]...)
}

// pngHeader is a PNG with only a signature and an IHDR chunk declaring
// w×h RGBA pixels: what a decompression bomb shows before its data.
func pngHeader(w, h int) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	ihdr = append(ihdr, 8, 6, 0, 0, 0)
	b = binary.BigEndian.AppendUint32(b, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b = append(b, chunk...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(chunk))
}

func encodeLosslessWebP(t testing.TB, m image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := gwebp.Encode(&b, m, gwebp.Options{Lossless: true}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
