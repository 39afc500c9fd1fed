// Package docenc makes the forms in which a document is sent over HTTP: its
// compressed body and its validator (ETag). They are made for each
// property's public document when the property is written
// (detaildoc.Renderer, which the store calls), so that reads never
// compress; the HTTP layer makes them for everything else it caches.
package docenc

import (
	"bytes"
	"compress/gzip"
	"hash/crc32"
	"strconv"
)

// Format names what Gzip and ETag make; change it with them, so that forms
// stored by an older version are made again (see store.Migrate).
const Format = "gzip-default-min1024;etag-crc32c-crc32"

// MinGzip is the size below which a body is sent as it is.
const MinGzip = 1024

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ETag returns the weak validator of body: a 64-bit hash, the same on every
// instance, made of two CRC-32s with different polynomials (Castagnoli and
// IEEE): the CPU has instructions for both, so hashing every document
// on write costs next to nothing (docs/benchmarks.md).
func ETag(body []byte) string {
	sum := uint64(crc32.Checksum(body, castagnoli))<<32 | uint64(crc32.ChecksumIEEE(body))
	return `W/"` + strconv.FormatUint(sum, 36) + `"`
}

// Gzip returns body compressed, or nil when compression does not pay
// (bodies under MinGzip, or no smaller once compressed). The default level
// compresses detail documents as small as the best level does, in less
// time. The result has its exact size.
func Gzip(body []byte) []byte {
	if len(body) < MinGzip {
		return nil
	}
	g := gzippers.get()
	defer gzippers.put(g)
	g.buf.Reset()
	g.zw.Reset(&g.buf)
	g.zw.Write(body)
	g.zw.Close()
	g.zw.Reset(nil)
	if g.buf.Len() >= len(body) {
		return nil
	}
	return bytes.Clone(g.buf.Bytes())
}

// gzipper is a reusable compressor and its output buffer: a new
// gzip.Writer allocates some 800 KB of state, more than the compression of
// a document costs.
type gzipper struct {
	zw  *gzip.Writer
	buf bytes.Buffer
}

// gzippers is a free list of compressors, kept across garbage collections
// (a sync.Pool is emptied by them): with the heap at its memory limit,
// collections come often, and a pool would hand out a new 800 KB writer
// for nearly every compression.
var gzippers = freeList{items: make(chan *gzipper, 4)}

type freeList struct{ items chan *gzipper }

func (f freeList) get() *gzipper {
	select {
	case g := <-f.items:
		return g
	default:
		zw, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
		return &gzipper{zw: zw}
	}
}

func (f freeList) put(g *gzipper) {
	if g.buf.Cap() > 64<<10 {
		return // a rare large body: let its buffer go
	}
	select {
	case f.items <- g:
	default: // full: let it go
	}
}
