package imagingtest

import (
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
)

// Quadrants is a w×h image whose top-left quarter is red, top-right green,
// bottom-left blue and bottom-right white, so where a corner lands after a
// rotation is plain to see, even after lossy coding and resizing.
func Quadrants(w, h int) *image.RGBA {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{0xFF, 0, 0, 0xFF}
			switch {
			case x >= w/2 && y < h/2:
				c = color.RGBA{0, 0xFF, 0, 0xFF}
			case x < w/2 && y >= h/2:
				c = color.RGBA{0, 0, 0xFF, 0xFF}
			case x >= w/2 && y >= h/2:
				c = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

// Exif is the metadata a phone writes in a photo's Exif block, which must
// not survive processing.
type Exif struct {
	Orientation int
	Serial      string    // the camera's BodySerialNumber
	Latitude    [3]uint32 // south: degrees, minutes, and seconds in hundredths
}

// TIFF is the big-endian TIFF structure of the Exif segment as a camera
// writes it: IFD0 with Orientation and pointers to an Exif IFD
// (BodySerialNumber) and a GPS IFD (GPSLatitudeRef and GPSLatitude).
func (e Exif) TIFF() []byte {
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
	ent(0x0112, 3, 1, be.AppendUint16(nil, uint16(e.Orientation)))
	ent(0x8769, 4, 1, off(exifIFD))
	ent(0x8825, 4, 1, off(gpsIFD))
	u32(0)
	u16(1)
	ent(0xA431, 2, len(e.Serial)+1, off(serialData))
	u32(0)
	u16(2)
	ent(0x0001, 2, 2, []byte("S\x00"))
	ent(0x0002, 5, 3, off(latData))
	u32(0)
	for i, v := range e.Latitude {
		u32(int(v))
		u32([]int{1, 1, 100}[i])
	}
	b = append(b, e.Serial+"\x00"...)
	return b
}

// Segment is the APP1 segment that holds e in a JPEG.
func (e Exif) Segment() []byte {
	return Segment(0xE1, append([]byte("Exif\x00\x00"), e.TIFF()...))
}

// ICCSegment is an APP2 segment holding profile as an ICC profile.
func ICCSegment(profile string) []byte {
	return Segment(0xE2, append([]byte("ICC_PROFILE\x00\x01\x01"), profile...))
}

// Segment is a JPEG marker segment: the marker, its length and payload.
func Segment(marker byte, payload []byte) []byte {
	s := []byte{0xFF, marker}
	s = binary.BigEndian.AppendUint16(s, uint16(len(payload)+2))
	return append(s, payload...)
}

// WithSegments returns a copy of jpg with segs inserted after its SOI
// marker, where a camera writes its metadata.
func WithSegments(jpg []byte, segs ...[]byte) []byte {
	out := append([]byte{}, jpg[:2]...)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, jpg[2:]...)
}

// PNGHeader is a PNG with only its signature and an IHDR chunk declaring
// w×h RGBA pixels: what a decompression bomb shows before its data.
func PNGHeader(w, h int) []byte {
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	return PNGChunk([]byte("\x89PNG\r\n\x1a\n"), "IHDR", append(ihdr, 8, 6, 0, 0, 0))
}

// PNGBomb is a complete PNG structure declaring w×h RGBA pixels whose
// image data is a few bytes only.
func PNGBomb(w, h int) []byte {
	b := PNGChunk(PNGHeader(w, h), "IDAT", []byte{0x78, 0x9C, 0x63, 0x00, 0x00}) // the start of a zlib stream of zeros
	return PNGChunk(b, "IEND", nil)
}

// PNGChunk appends to b a PNG chunk of the type with data, and its CRC.
func PNGChunk(b []byte, typ string, data []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
	c := append([]byte(typ), data...)
	b = append(b, c...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(c))
}
