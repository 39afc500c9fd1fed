package imaging

import (
	"encoding/binary"
	"image"
)

// jpegOrientation returns the EXIF Orientation (1–8) of a JPEG, 1 when it
// has none or it cannot be read. It walks the marker segments before the
// first scan, looks into the first APP1 segment starting "Exif\0\0" and reads
// tag 0x0112 in IFD0 only: bounded by the segment (at most 64 KiB) and by
// IFD0's entry count, with every offset checked against the segment.
func jpegOrientation(b []byte) int {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return 1
	}
	i := 2
	for i+4 <= len(b) {
		if b[i] != 0xFF {
			return 1
		}
		m := b[i+1]
		if m == 0xFF { // fill byte
			i++
			continue
		}
		if m == 0xD8 || m == 0x01 || (m >= 0xD0 && m <= 0xD7) { // no length
			i += 2
			continue
		}
		if m == 0xDA || m == 0xD9 { // start of scan, end of image
			return 1
		}
		n := int(binary.BigEndian.Uint16(b[i+2:]))
		if n < 2 || i+2+n > len(b) {
			return 1
		}
		seg := b[i+4 : i+2+n]
		if m == 0xE1 && len(seg) >= 6 && string(seg[:6]) == "Exif\x00\x00" {
			return tiffOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads the Orientation tag of IFD0 in a TIFF structure.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		bo = binary.LittleEndian
	case "MM\x00*":
		bo = binary.BigEndian
	default:
		return 1
	}
	off := int64(bo.Uint32(t[4:]))
	if off < 8 || off+2 > int64(len(t)) {
		return 1
	}
	count := int64(bo.Uint16(t[off:]))
	for k := int64(0); k < count; k++ {
		e := off + 2 + 12*k
		if e+12 > int64(len(t)) {
			return 1
		}
		if bo.Uint16(t[e:]) != 0x0112 {
			continue
		}
		// SHORT, count 1: the value sits in the first two bytes of the
		// value field.
		if bo.Uint16(t[e+2:]) != 3 || bo.Uint32(t[e+4:]) != 1 {
			return 1
		}
		if v := int(bo.Uint16(t[e+8:])); v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

// transposes reports whether an orientation swaps width and height.
func transposes(o int) bool { return o >= 5 && o <= 8 }

// orient returns src turned as EXIF orientation o says the stored image
// must be for display (2 mirror, 3 rotate 180°, 4 flip, 5 transpose, 6
// rotate 90° clockwise, 7 transverse, 8 rotate 90° counter-clockwise). For 1
// it returns src itself.
func orient(src *image.RGBA, o int) *image.RGBA {
	if o < 2 || o > 8 {
		return src
	}
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	dw, dh := sw, sh
	if transposes(o) {
		dw, dh = sh, sw
	}
	dst := image.NewRGBA(image.Rect(0, 0, dw, dh))
	for dy := range dh {
		row := dst.Pix[dy*dst.Stride : dy*dst.Stride+4*dw]
		for dx := range dw {
			var sx, sy int
			switch o {
			case 2:
				sx, sy = sw-1-dx, dy
			case 3:
				sx, sy = sw-1-dx, sh-1-dy
			case 4:
				sx, sy = dx, sh-1-dy
			case 5:
				sx, sy = dy, dx
			case 6:
				sx, sy = dy, sh-1-dx
			case 7:
				sx, sy = sw-1-dy, sh-1-dx
			case 8:
				sx, sy = sw-1-dy, dx
			}
			p := sy*src.Stride + 4*sx
			copy(row[4*dx:4*dx+4], src.Pix[p:p+4])
		}
	}
	return dst
}
