package imaging

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Check is what an upload can afford before it stores a file, and what
// Process does before it decodes one: Inspect, then a walk of the file's
// structure (no decoding) to see that it runs to the end its format marks,
// so that a file cut short in transfer is refused at once (ErrCorrupt).
// Bytes after that end (a phone's trailer, such as a motion photo's
// video) are allowed. Damage inside the compressed data is found only by
// decoding, in Process. The walk also counts a JPEG's scans
// (ErrTooManyScans over MaxScans), and the memory that processing the
// image would take is estimated from its headers (ErrTooMuchMemory over
// Limits.MaxMemory; see needs).
func Check(src []byte, lim Limits) (Info, error) {
	return check(src, lim, nil)
}

// check is Check for an image to be made into variants of widths
// (DefaultWidths when empty), which the memory estimate depends on.
func check(src []byte, lim Limits, widths []int) (Info, error) {
	lim = lim.withDefaults()
	info, cfg, err := inspect(bytes.NewReader(src), lim)
	if err != nil {
		return Info{}, err
	}
	var layout jpegLayout
	whole := false
	if info.Format == JPEG {
		layout = walkJPEG(src)
		if layout.scans > MaxScans {
			return Info{}, fmt.Errorf("%w: over %d", ErrTooManyScans, MaxScans)
		}
		whole = layout.complete
	} else {
		whole = complete(info.Format, src)
	}
	if !whole {
		return Info{}, fmt.Errorf("%w: the %s file ends before its end marker", ErrCorrupt, info.Format)
	}
	if need := needs(info, cfg, layout, src, widths); need > lim.MaxMemory {
		return Info{}, fmt.Errorf("%w: about %d MiB, over %d MiB", ErrTooMuchMemory, need>>20, lim.MaxMemory>>20)
	}
	return info, nil
}

// complete reports whether b, of format f, holds its whole structure.
func complete(f Format, b []byte) bool {
	switch f {
	case JPEG:
		return walkJPEG(b).complete
	case PNG:
		return pngComplete(b)
	case WebP:
		return len(b) >= 12 && uint64(binary.LittleEndian.Uint32(b[4:8]))+8 <= uint64(len(b))
	}
	return false
}

// jpegLayout is what a walk of a JPEG's segments finds, without decoding.
type jpegLayout struct {
	complete    bool // the walk reached the end-of-image marker
	scans       int  // start-of-scan markers, up to MaxScans+1 (the walk stops there)
	frame       bool // a frame header was read
	progressive bool
	width       int
	height      int
	comps       []jpegComponent
	jfif        bool // an APP0 JFIF segment
	adobe       int  // the APP14 Adobe segment's transform, -1 without one
}

// jpegComponent is a component of a JPEG's frame header.
type jpegComponent struct {
	id   byte
	h, v int // sampling factors
}

// walkJPEG walks a JPEG's segments, and the entropy-coded data after each
// scan header, up to the end-of-image marker, reading the frame header
// and counting the scans on the way. It stops at the first scan over
// MaxScans: what follows is not read.
func walkJPEG(b []byte) jpegLayout {
	l := jpegLayout{adobe: -1}
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return l
	}
	i := 2
	for {
		// At a marker: 0xFF, possibly repeated (fill bytes), then its code.
		for i < len(b) && b[i] == 0xFF {
			i++
		}
		if i >= len(b) {
			return l
		}
		code := b[i]
		i++
		switch {
		case code == 0xD9: // end of image
			l.complete = true
			return l
		case code == 0x01 || code >= 0xD0 && code <= 0xD7: // no length
			continue
		}
		if i+2 > len(b) {
			return l
		}
		n := int(binary.BigEndian.Uint16(b[i:]))
		if n < 2 || i+n > len(b) {
			return l
		}
		l.segment(code, b[i+2:i+n])
		i += n
		if code != 0xDA { // a scan: entropy-coded data follows its header
			continue
		}
		if l.scans++; l.scans > MaxScans {
			return l
		}
		for {
			j := bytes.IndexByte(b[i:], 0xFF)
			if j < 0 || i+j+1 >= len(b) {
				return l
			}
			i += j
			if next := b[i+1]; next == 0x00 || next >= 0xD0 && next <= 0xD7 {
				i += 2 // a stuffed 0xFF, or a restart marker, inside the data
				continue
			}
			break // the next marker
		}
	}
}

// segment reads what the memory estimate needs from a marker segment's
// payload p: the first frame header, and the JFIF and Adobe segments
// that decide whether a 3-component image is decoded as YCbCr or RGB.
func (l *jpegLayout) segment(code byte, p []byte) {
	switch {
	case code >= 0xC0 && code <= 0xCF && code != 0xC4 && code != 0xC8 && code != 0xCC:
		if l.frame || len(p) < 6 {
			return
		}
		nc := int(p[5])
		if len(p) < 6+3*nc {
			return
		}
		l.frame = true
		l.progressive = code == 0xC2 || code == 0xC6 || code == 0xCA || code == 0xCE
		l.height = int(binary.BigEndian.Uint16(p[1:]))
		l.width = int(binary.BigEndian.Uint16(p[3:]))
		for k := range nc {
			c := p[6+3*k:]
			l.comps = append(l.comps, jpegComponent{id: c[0], h: int(c[1] >> 4), v: int(c[1] & 0x0F)})
		}
	case code == 0xE0 && len(p) >= 5 && string(p[:5]) == "JFIF\x00":
		l.jfif = true
	case code == 0xEE && len(p) >= 12 && string(p[:5]) == "Adobe":
		l.adobe = int(p[11])
	}
}

// pngComplete walks a PNG's chunks up to IEND.
func pngComplete(b []byte) bool {
	const sig = "\x89PNG\r\n\x1a\n"
	if !bytes.HasPrefix(b, []byte(sig)) {
		return false
	}
	for i := len(sig); i+12 <= len(b); {
		n := uint64(binary.BigEndian.Uint32(b[i:]))
		end := uint64(i) + 12 + n
		if end > uint64(len(b)) {
			return false
		}
		if string(b[i+4:i+8]) == "IEND" {
			return true
		}
		i = int(end)
	}
	return false
}
