package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
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
	length []string // Content-Length of body
	etag   []string // W/"<hash of body>", shared by both encodings

	gzipOnce sync.Once
	gz       []byte   // nil when compression does not pay
	gzLength []string // Content-Length of gz
}

// newDocEntry prepares body for sending; its compressed form is made on
// first demand.
func newDocEntry(status int, body []byte) *docEntry {
	return &docEntry{status: status, body: body, length: []string{strconv.Itoa(len(body))},
		etag: []string{docenc.ETag(body)}}
}

// storedEntry is a 200 answer whose compressed form and ETag were made
// when it was stored (gz nil: compression does not pay).
func storedEntry(body, gz []byte, etag string) *docEntry {
	e := &docEntry{status: http.StatusOK, body: body, length: []string{strconv.Itoa(len(body))}, etag: []string{etag}}
	e.gzipOnce.Do(func() { e.setGzip(gz) })
	return e
}

func (e *docEntry) setGzip(gz []byte) {
	if gz != nil {
		e.gz, e.gzLength = gz, []string{strconv.Itoa(len(gz))}
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
//
// It stays correct by generations: a reader takes the generation before it
// asks the database, and its answer is kept only if no write emptied the
// cache in between. Writes on this instance empty it at once; writes on
// other instances are noticed through the catalogue version, read every
// poll interval.
type docCache struct {
	max  int64
	poll time.Duration

	mu      sync.RWMutex
	gen     uint64
	size    int64
	entries map[string]*docEntry

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
	return &docCache{max: maxBytes, entries: make(map[string]*docEntry), flights: make(map[flightKey]*flight)}
}

// fill returns the entry for key from the cache or, on a miss, from load,
// and keeps what load returns. Reads that miss the same key in the same
// generation at the same time share one call of load: when the cache has
// just been emptied (any catalogue write does that), a popular page costs
// one database read, not one per waiting visitor. load runs without the
// request's cancellation, since other requests may be waiting on it. With
// the cache disabled every read calls load.
func (c *docCache) fill(ctx context.Context, key string, load func(context.Context) (*docEntry, error)) (*docEntry, error) {
	e, gen := c.get(key)
	if e != nil {
		return e, nil
	}
	if !c.enabled() {
		return load(ctx)
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
	c.mu.RUnlock()
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
func (c *docCache) put(key string, e *docEntry, gen uint64) {
	if !c.enabled() {
		return
	}
	cost := entryCost(key, e)
	if cost > c.max/8 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if old, ok := c.entries[key]; ok {
		c.size -= entryCost(key, old)
	}
	c.entries[key] = e
	c.size += cost
	if c.size > c.max {
		// Evict arbitrary entries (Go's map order is random) down to 90%.
		for k, old := range c.entries {
			if c.size <= c.max*9/10 {
				break
			}
			delete(c.entries, k)
			c.size -= entryCost(k, old)
		}
	}
}

// invalidate empties the cache and starts a new generation.
func (c *docCache) invalidate() {
	c.mu.Lock()
	c.gen++
	clear(c.entries)
	c.size = 0
	c.mu.Unlock()
}

// len returns the number of entries and their cost in bytes.
func (c *docCache) len() (int, int64) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries), c.size
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
