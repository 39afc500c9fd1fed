package httpapi

import (
	"errors"
	"net/http"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
)

// spillFile is the cache's second tier: the bodies of its entries, written
// once to a file and read back with pread, so that a catalogue larger than
// the cache's memory bound is still answered without a database query. The
// file is unlinked as soon as it is created, so nothing is left behind
// after a crash, and the kernel keeps as much of it in its page cache as
// the machine's memory allows, outside the process's own memory.
//
// Each generation of the cache has a file of its own: emptying the cache
// closes it, and a read of an entry of an older generation fails and goes
// to the database instead.
type spillFile struct {
	f    *os.File
	max  int64
	next atomic.Int64 // offset of the next write
}

var errSpillFull = errors.New("cache file full")

// newSpillFile creates an unlinked file in dir (the system's temporary
// directory when empty) that holds at most max bytes.
func newSpillFile(dir string, max int64) (*spillFile, error) {
	f, err := os.CreateTemp(dir, "vitrine-cache-*")
	if err != nil {
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return &spillFile{f: f, max: max}, nil
}

// write stores e's body and compressed body one after the other, and
// records where in e. Writes of different entries run concurrently: each
// reserves its own range of the file first.
func (s *spillFile) write(e *docEntry) error {
	gz := e.gzipped()
	n := int64(len(e.body) + len(gz))
	off := s.next.Add(n) - n
	if off+n > s.max {
		return errSpillFull
	}
	if _, err := s.f.WriteAt(e.body, off); err != nil {
		return err
	}
	if _, err := s.f.WriteAt(gz, off+int64(len(e.body))); err != nil {
		return err
	}
	e.spill, e.off, e.n, e.gzn = s, off, len(e.body), len(gz)
	return nil
}

// size returns the bytes written so far.
func (s *spillFile) size() int64 { return min(s.next.Load(), s.max) }

func (s *spillFile) close() { s.f.Close() }

// spillBufs hold the bodies read back from spill files while they are sent.
var spillBufs = sync.Pool{New: func() any { return new([]byte) }}

// onDisk reports whether e's bodies are in a spill file only.
func (e *docEntry) onDisk() bool { return e.body == nil && e.spill != nil }

// diskKey finds an entry in the cache's disk index: two 64-bit hashes of
// its key with seeds of this process, so that the index holds no pointer
// for the garbage collector to follow. That two keys of a catalogue of a
// million collide has a chance of about 1 in 10^27.
type diskKey [2]uint64

// diskRef is what the disk index keeps of an entry: where its bodies are
// in the spill file, and its ETag. It holds no pointers.
type diskRef struct {
	off     int64
	n, gzn  int32
	etagLen uint8
	etag    [23]byte // docenc's ETags take at most 17
}

// diskRefCost is what a diskRef holds: its slot in the disk index, up to
// 131 bytes right after the map doubles, and the slot its entry leaves in
// the map of entries, which does not shrink (measured: see
// TestCacheCostCoversTheHeap).
const diskRefCost = 160

// diskRefOf returns the diskRef of e, whose bodies are in a spill file.
func diskRefOf(e *docEntry) (diskRef, bool) {
	r := diskRef{off: e.off, n: int32(e.n), gzn: int32(e.gzn), etagLen: uint8(len(e.etag[0]))}
	if len(e.etag[0]) > len(r.etag) || int(r.n) != e.n || int(r.gzn) != e.gzn {
		return diskRef{}, false
	}
	copy(r.etag[:], e.etag[0])
	return r, true
}

// entry returns an entry that sends r's bodies from sf: its header values
// share one allocation.
func (r diskRef) entry(sf *spillFile) *docEntry {
	var b [64]byte
	v := append(b[:0], r.etag[:r.etagLen]...)
	v = strconv.AppendInt(v, int64(r.n), 10)
	i := len(v)
	v = strconv.AppendInt(v, int64(r.gzn), 10)
	vals := string(v)
	e := &docEntry{status: http.StatusOK, spill: sf, off: r.off, n: int(r.n), gzn: int(r.gzn)}
	e.setHeaders(vals[:r.etagLen], vals[r.etagLen:i])
	if r.gzn > 0 {
		e.hdr[2] = vals[i:]
		e.gzLength = e.hdr[2:3:3]
	}
	return e
}

// readBody reads the body of an entry that is on disk, the compressed one
// when gz (and the entry has one), into *buf. It fails when the entry's
// file was closed since: the cache was emptied meanwhile.
func (e *docEntry) readBody(gz bool, buf *[]byte) ([]byte, error) {
	off, n := e.off, e.n
	if gz {
		off, n = e.off+int64(e.n), e.gzn
	}
	if cap(*buf) < n {
		*buf = make([]byte, max(n, 8<<10))
	}
	b := (*buf)[:n]
	if _, err := e.spill.f.ReadAt(b, off); err != nil {
		return nil, err
	}
	return b, nil
}
