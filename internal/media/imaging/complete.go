package imaging

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Check is what an upload can afford before it stores a file: Inspect,
// then a walk of the file's structure (no decoding) to see that it runs
// to the end its format marks, so that a file cut short in transfer is
// refused at once. Bytes after that end (a phone's trailer, such as a
// motion photo's video) are allowed. Damage inside the compressed data is
// found only by decoding, in Process.
func Check(src []byte, lim Limits) (Info, error) {
	info, err := Inspect(bytes.NewReader(src), lim)
	if err != nil {
		return Info{}, err
	}
	if !complete(info.Format, src) {
		return Info{}, fmt.Errorf("%w: the %s file ends before its end marker", ErrCorrupt, info.Format)
	}
	return info, nil
}

// complete reports whether b, of format f, holds its whole structure.
func complete(f Format, b []byte) bool {
	switch f {
	case JPEG:
		return jpegComplete(b)
	case PNG:
		return pngComplete(b)
	case WebP:
		return len(b) >= 12 && uint64(binary.LittleEndian.Uint32(b[4:8]))+8 <= uint64(len(b))
	}
	return false
}

// jpegComplete walks a JPEG's segments, and the entropy-coded data after
// each scan header, up to the end-of-image marker.
func jpegComplete(b []byte) bool {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return false
	}
	i := 2
	for {
		// At a marker: 0xFF, possibly repeated (fill bytes), then its code.
		for i < len(b) && b[i] == 0xFF {
			i++
		}
		if i >= len(b) {
			return false
		}
		code := b[i]
		i++
		switch {
		case code == 0xD9: // end of image
			return true
		case code == 0x01 || code >= 0xD0 && code <= 0xD7: // no length
			continue
		}
		if i+2 > len(b) {
			return false
		}
		i += int(binary.BigEndian.Uint16(b[i:]))
		if i > len(b) {
			return false
		}
		if code != 0xDA { // a scan: entropy-coded data follows its header
			continue
		}
		for {
			j := bytes.IndexByte(b[i:], 0xFF)
			if j < 0 || i+j+1 >= len(b) {
				return false
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
