package httpapi

import (
	"context"
	"errors"
	"hash/maphash"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vitrine/vitrine/internal/docenc"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/store"
)

// docEntry is one encoded response, ready to send again: its body, its
// compressed body (made on first demand), their Content-Length values and
// their validator. Everything a cached answer sends is made once.
type docEntry struct {
	status int
	body   []byte

	// The header values: hdr holds the ETag (W/"<hash of body>", the same
	// for both encodings) and the Content-Length of body and of gz; etag,
	// length and gzLength are slices of it, sent as they are. One
	// allocation fewer per value, which the collector walks less often.
	hdr                    [3]string
	etag, length, gzLength []string

	gzipOnce sync.Once
	gz       []byte // nil when compression does not pay

	// Where the bodies also lie in the cache's spill file, when they were
	// written there: n bytes of body at off, then gzn compressed. An entry
	// made from the cache's disk index has no bodies in memory (onDisk).
	spill  *spillFile
	off    int64
	n, gzn int
}

// newDocEntry prepares body for sending; its compressed form is made on
// first demand.
func newDocEntry(status int, body []byte) *docEntry {
	e := &docEntry{status: status, body: body}
	e.setHeaders(docenc.ETag(body), strconv.Itoa(len(body)))
	return e
}

// storedEntry is a 200 answer whose compressed form and ETag were made
// when it was stored (gz nil: compression does not pay).
func storedEntry(body, gz []byte, etag string) *docEntry {
	e := &docEntry{status: http.StatusOK, body: body}
	e.setHeaders(etag, strconv.Itoa(len(body)))
	e.gzipOnce.Do(func() { e.setGzip(gz) })
	return e
}

func (e *docEntry) setHeaders(etag, length string) {
	e.hdr[0], e.hdr[1] = etag, length
	e.etag, e.length = e.hdr[0:1:1], e.hdr[1:2:2]
}

func (e *docEntry) setGzip(gz []byte) {
	if gz != nil {
		e.gz, e.hdr[2] = gz, strconv.Itoa(len(gz))
		e.gzLength = e.hdr[2:3:3]
	}
}

// gzipped returns the compressed body, compressing it on first call.
func (e *docEntry) gzipped() []byte {
	e.gzipOnce.Do(func() { e.setGzip(docenc.Gzip(e.body)) })
	return e.gz
}

// matches reports whether an If-None-Match header names this entry.
func (e *docEntry) matches(inm string) bool {
	if inm == "" {
		return false
	}
	if strings.TrimSpace(inm) == "*" {
		return true
	}
	tag := e.etag[0][2:] // the quoted hash; W/ prefixes compare weakly
	return strings.Contains(inm, tag)
}

// docCache keeps encoded responses of the public reads, bounded in bytes.
// With a spill file (diskMax > 0), every 200 answer it keeps is also
// written there, and once memory runs short entries leave their bodies
// there: the disk index keeps only where they are and their ETag, in a map
// without pointers that costs the collector nothing to scan. A catalogue
// larger than the memory bound is then answered from the kernel's page
// cache rather than from the database.
//
// It stays correct by generations: a reader takes the generation before it
// asks the database, and its answer is kept only if no write emptied the
// cache in between. Writes on this instance empty it at once; writes on
// other instances are noticed through the catalogue version, read every
// poll interval.
type docCache struct {
	max     int64
	diskMax int64  // bound of each generation's spill file; 0: no spill file
	dir     string // where spill files are made; "" is the system's temporary directory
	poll    time.Duration
	log     *slog.Logger

	mu      sync.RWMutex
	gen     uint64
	size    int64                // of every entry
	bodies  int64                // of the entries that hold their bodies
	entries map[string]*docEntry // with their bodies
	disk    map[diskKey]diskRef  // bodies in spill only
	seeds   [2]maphash.Seed      // of diskKey
	spill   *spillFile           // this generation's, made on its first write; nil without one
	noSpill bool                 // making this generation's spill file failed

	flightMu sync.Mutex
	flights  map[flightKey]*flight
}

// flightKey names one load: the same key in another generation is another
// load, so that a read that starts after a write never receives what a
// read that started before it found.
type flightKey struct {
	key string
	gen uint64
}

// flight is one load of an entry, which the reads that miss the same entry
// at the same time wait for.
type flight struct {
	done chan struct{}
	e    *docEntry
	err  error
}

func newDocCache(maxBytes int64) *docCache {
	return &docCache{max: maxBytes, entries: make(map[string]*docEntry), disk: make(map[diskKey]diskRef),
		seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}, flights: make(map[flightKey]*flight),
		log: slog.New(slog.DiscardHandler)}
}

// fill returns the entry for key from the cache or, on a miss, from load,
// and keeps what load returns. Reads that miss the same key in the same
// generation at the same time share one call of load: when the cache has
// just been emptied (any catalogue write does that), a popular page costs
// one database read, not one per waiting visitor. load runs without the
// request's cancellation, since other requests may be waiting on it. With
// the cache disabled every read calls load, also without cancellation, as
// a miss does: the database path is then the one misses take. (A query
// under a cancellable context costs two goroutines more, database/sql's
// and the SQLite driver's, which watch it for the milliseconds it runs.)
func (c *docCache) fill(ctx context.Context, key string, load func(context.Context) (*docEntry, error)) (*docEntry, error) {
	e, gen := c.get(key)
	if e != nil {
		return e, nil
	}
	if !c.enabled() {
		return load(context.WithoutCancel(ctx))
	}
	fk := flightKey{key, gen}
	c.flightMu.Lock()
	if f, ok := c.flights[fk]; ok {
		c.flightMu.Unlock()
		select {
		case <-f.done:
			return f.e, f.err
		case <-ctx.Done():
			return nil, errors.Join(listing.ErrUnavailable, ctx.Err())
		}
	}
	f := &flight{done: make(chan struct{})}
	c.flights[fk] = f
	c.flightMu.Unlock()

	f.e, f.err = load(context.WithoutCancel(ctx))
	if f.err == nil {
		c.put(key, f.e, gen)
	}
	c.flightMu.Lock()
	delete(c.flights, fk)
	c.flightMu.Unlock()
	close(f.done)
	return f.e, f.err
}

func (c *docCache) enabled() bool { return c.max > 0 }

// get returns the entry for key (nil when absent) and the generation to
// pass to put.
func (c *docCache) get(key string) (*docEntry, uint64) {
	c.mu.RLock()
	e, gen := c.entries[key], c.gen
	if e != nil || len(c.disk) == 0 {
		c.mu.RUnlock()
		return e, gen
	}
	r, ok := c.disk[c.diskKey(key)]
	sf := c.spill
	c.mu.RUnlock()
	if ok {
		e = r.entry(sf)
	}
	return e, gen
}

// entryOverhead is what an entry holds besides its key and bodies: the
// docEntry, its Content-Length and ETag values, the map's slot, and the
// rounding of allocations to size classes (measured: about 300 bytes).
const entryOverhead = 320

// entryCost is what an entry holds in memory, its compressed form (about a
// third of a JSON document) counted in advance, so that the cache stays
// within its bound whichever encodings clients ask for.
func entryCost(key string, e *docEntry) int64 {
	return int64(len(key) + len(e.body) + len(e.body)/3 + entryOverhead)
}

// put keeps e under key, unless the cache was emptied since gen was read.
// put takes e over: nobody else may be reading it yet.
func (c *docCache) put(key string, e *docEntry, gen uint64) {
	if !c.enabled() {
		return
	}
	cost := entryCost(key, e) // the same after the write below, which only records where
	if cost > c.max/8 {
		return
	}
	if e.status == http.StatusOK {
		if sf := c.spillFile(gen); sf != nil {
			// A full file, or one that a write closed meanwhile, leaves e
			// in memory only. Any other failure (a full disk) ends the
			// file's use until the next generation: one warning, not one
			// per read.
			if err := sf.write(e); err != nil && !errors.Is(err, errSpillFull) && !errors.Is(err, os.ErrClosed) {
				c.mu.Lock()
				if c.gen == gen && c.spill == sf && !c.noSpill {
					c.noSpill = true
					c.log.Warn("cache file write failed: the cache keeps to memory until the next catalogue change", "err", err)
				}
				c.mu.Unlock()
			}
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if old, ok := c.entries[key]; ok {
		oldCost := entryCost(key, old)
		c.size -= oldCost
		c.bodies -= oldCost
	} else if len(c.disk) > 0 {
		dk := c.diskKey(key)
		if _, ok := c.disk[dk]; ok {
			delete(c.disk, dk) // two reads missed it one after the other
			c.size -= diskRefCost
		}
	}
	c.entries[key] = e
	c.size += cost
	c.bodies += cost
	if c.size > c.max || c.bodies > c.maxBodies() {
		c.shrink()
	}
}

// maxBodies is the memory that entries holding their bodies may take. With
// a spill file it is a quarter of the bound: a body read from memory saves
// one pread (about 1.5 µs), while every body in the heap keeps it nearer
// the soft memory limit, where the collector runs more often (at 100,000
// properties, 4 µs of collection per request with the whole bound in
// bodies). c.mu is held.
func (c *docCache) maxBodies() int64 {
	if c.spill == nil {
		return c.max
	}
	return c.max / 4
}

// shrink brings the cache down to 90% of its bound, and its bodies to 90%
// of theirs: first by moving entries whose bodies are in the spill file to
// the disk index, then by dropping whatever is left, in arbitrary order
// (Go's map order is random). c.mu is held.
func (c *docCache) shrink() {
	low, bodiesLow := c.max*9/10, c.maxBodies()*9/10
	for k, e := range c.entries {
		if c.size <= low && c.bodies <= bodiesLow {
			return
		}
		c.toDiskIndex(k, e)
	}
	for k := range c.disk {
		if c.size <= low {
			return
		}
		delete(c.disk, k)
		c.size -= diskRefCost
	}
}

// toDiskIndex takes entry k, e out of memory: to the disk index when its
// bodies are in this generation's spill file, out of the cache otherwise.
// c.mu is held.
func (c *docCache) toDiskIndex(k string, e *docEntry) {
	delete(c.entries, k)
	cost := entryCost(k, e)
	c.size -= cost
	c.bodies -= cost
	if e.spill == nil || e.spill != c.spill {
		return
	}
	if r, ok := diskRefOf(e); ok {
		c.disk[c.diskKey(k)] = r
		c.size += diskRefCost
	}
}

// diskKey returns the disk index's key for key.
func (c *docCache) diskKey(key string) diskKey {
	return diskKey{maphash.String(c.seeds[0], key), maphash.String(c.seeds[1], key)}
}

// spillFile returns the spill file of generation gen, making it on first
// use, or nil when there is none (no spill file, or gen is over).
func (c *docCache) spillFile(gen uint64) *spillFile {
	if c.diskMax <= 0 {
		return nil
	}
	c.mu.RLock()
	sf, cur, failed := c.spill, c.gen, c.noSpill
	c.mu.RUnlock()
	switch {
	case cur != gen || failed:
		return nil
	case sf != nil:
		return sf
	}
	// The first write of the generation makes its file.
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen || c.noSpill {
		return nil
	}
	if c.spill == nil {
		sf, err := newSpillFile(c.dir, c.diskMax)
		if err != nil {
			c.noSpill = true
			c.log.Warn("cache file not made: the cache keeps to memory until the next catalogue change", "err", err)
			return nil
		}
		c.spill = sf
	}
	return c.spill
}

// invalidate empties the cache and starts a new generation.
func (c *docCache) invalidate() {
	c.mu.Lock()
	c.gen++
	clear(c.entries)
	clear(c.disk)
	c.size, c.bodies = 0, 0
	if c.spill != nil {
		c.spill.close() // reads of its entries still under way fail, and go to the database
		c.spill = nil
	}
	c.noSpill = false
	c.mu.Unlock()
}

// diskSize returns the bytes held by this generation's spill file.
func (c *docCache) diskSize() int64 {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.spill == nil {
		return 0
	}
	return c.spill.size()
}

// len returns the number of entries and their cost in bytes.
func (c *docCache) len() (int, int64) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries) + len(c.disk), c.size
}

// watch empties the cache whenever the catalogue version changes, until
// ctx ends.
func (c *docCache) watch(ctx context.Context, st *store.Store, log *slog.Logger) {
	if !c.enabled() {
		return
	}
	t := time.NewTicker(c.poll)
	defer t.Stop()
	var last int64 = -1
	for {
		v, err := st.CatalogVersion(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			log.Debug("catalogue version check failed", "err", err)
		case err == nil && v != last:
			if last != -1 {
				log.Debug("catalogue changed; cache emptied", "version", v)
			}
			c.invalidate()
			last = v
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
