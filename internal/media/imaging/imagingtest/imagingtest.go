// Package imagingtest makes crafted image files for the tests of the
// photo pipeline: JPEGs of any size and layout, small because every block
// is flat (the memory and scan bombs of the penetration test among them),
// the metadata a phone writes in a photo, and PNG decompression bombs. It
// is imported by tests only (imaging's, media's, the HTTP API's, the
// server's) and by the generator of media's test files.
package imagingtest

import (
	"bytes"
	"encoding/binary"
)

// JPEG describes a JPEG made by Bytes: valid, fully decodable, and as
// small as a JPEG of its size can be, every block flat (its DC difference
// 0, its AC coefficients none), as an attacker makes a bomb.
type JPEG struct {
	W, H        int
	Comps       int  // 1, 3 (YCbCr) or 4 (CMYK, with an Adobe segment)
	Sampling    byte // the first component's factors (0x11, 0x22); the others' 0x11
	Progressive bool
	ACScans     int // progressive: scans of the first component's AC band after the DC scan
}

// The bombs of the penetration test: a progressive JPEG declaring 50 MP
// (8660×5773) in a few hundred KB, CMYK (whose decode took 1.20 GB) or
// YCbCr with no subsampling (766 MB); and a progressive 12 MP JPEG of
// some 600 scans, each a pass of the decoder over every block (about
// 20 s of a worker).
var (
	CMYKBomb  = JPEG{W: 8660, H: 5773, Comps: 4, Progressive: true}
	YCbCrBomb = JPEG{W: 8660, H: 5773, Comps: 3, Sampling: 0x11, Progressive: true}
	ScanBomb  = JPEG{W: 4000, H: 3000, Comps: 3, Sampling: 0x22, Progressive: true, ACScans: 599}
)

// bitWriter writes the entropy-coded data of a scan, stuffing a 0x00 after
// every 0xFF byte.
type bitWriter struct {
	b    []byte
	acc  uint32
	nacc int
}

func (w *bitWriter) put(v uint32, n int) {
	for i := n - 1; i >= 0; i-- {
		w.acc = w.acc<<1 | (v>>i)&1
		if w.nacc++; w.nacc == 8 {
			w.b = append(w.b, byte(w.acc))
			if byte(w.acc) == 0xFF {
				w.b = append(w.b, 0)
			}
			w.acc, w.nacc = 0, 0
		}
	}
}

// flush pads the last byte with 1 bits, as the standard says.
func (w *bitWriter) flush() []byte {
	for w.nacc != 0 {
		w.put(1, 1)
	}
	return w.b
}

// Bytes encodes the file c describes.
func (c JPEG) Bytes() []byte {
	seg := func(b []byte, marker byte, payload ...byte) []byte {
		b = append(b, 0xFF, marker)
		b = binary.BigEndian.AppendUint16(b, uint16(len(payload)+2))
		return append(b, payload...)
	}
	b := []byte{0xFF, 0xD8}
	switch c.Comps {
	case 3:
		b = seg(b, 0xE0, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0)
	case 4:
		b = seg(b, 0xEE, 'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, 0) // transform 0: CMYK
	}
	b = seg(b, 0xDB, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...)...)
	sof := []byte{8, byte(c.H >> 8), byte(c.H), byte(c.W >> 8), byte(c.W), byte(c.Comps)}
	h0, v0 := 1, 1
	for i := range c.Comps {
		s := byte(0x11)
		if i == 0 && c.Comps > 1 && c.Sampling != 0 {
			s = c.Sampling
			h0, v0 = int(s>>4), int(s&0x0F)
		}
		sof = append(sof, byte(i+1), s, 0)
	}
	marker := byte(0xC0)
	if c.Progressive {
		marker = 0xC2
	}
	b = seg(b, marker, sof...)
	// One code, "0": for DC the difference 0; for AC, the end of band
	// (baseline) or a run of 2^14 + 14 more bits of ends of band
	// (progressive).
	acSymbol := byte(0x00)
	if c.Progressive {
		acSymbol = 0xE0
	}
	table := func(class byte, symbol byte) []byte {
		t := []byte{class << 4, 1}
		t = append(t, make([]byte, 15)...)
		return append(t, symbol)
	}
	b = seg(b, 0xC4, append(table(0, 0), table(1, acSymbol)...)...)

	mxx, myy := (c.W+8*h0-1)/(8*h0), (c.H+8*v0-1)/(8*v0)
	perMCU := h0*v0 + c.Comps - 1
	scan := func(comps []byte, ss, se byte) []byte {
		p := []byte{byte(len(comps))}
		for _, id := range comps {
			p = append(p, id, 0x00)
		}
		return append(p, ss, se, 0)
	}
	all := make([]byte, c.Comps)
	for i := range all {
		all[i] = byte(i + 1)
	}
	var w bitWriter
	if !c.Progressive { // one interleaved scan: per block, DC "0" and end of band "0"
		b = seg(b, 0xDA, scan(all, 0, 63)...)
		for range mxx * myy * perMCU {
			w.put(0, 2)
		}
		b = append(b, w.flush()...)
		return append(b, 0xFF, 0xD9)
	}
	b = seg(b, 0xDA, scan(all, 0, 0)...) // the DC scan: "0" per block
	for range mxx * myy * perMCU {
		w.put(0, 1)
	}
	b = append(b, w.flush()...)
	blocks := ((c.W + 7) / 8) * ((c.H + 7) / 8) // the first component's, non-interleaved
	for range c.ACScans {
		b = seg(b, 0xDA, scan([]byte{1}, 1, 63)...)
		var w bitWriter
		for n := 0; n < blocks; n += 1<<15 - 1 {
			w.put(0, 1)        // the code of a run of 2^14 + r ends of band...
			w.put(1<<14-1, 14) // ...r = 2^14 - 1: 32767 blocks
		}
		b = append(b, w.flush()...)
	}
	return append(b, 0xFF, 0xD9)
}
