package httpapi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

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
	// length and gzLength are slices of it, sent as they are.
	hdr                    [3]string
	etag, length, gzLength []string

	gzipOnce sync.Once
	gz       []byte // nil when compression does not pay
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

// docCache keeps encoded 200 answers of the public reads in memory,
// bounded in bytes. Reads that miss the same entry at the same time share
// one load.
//
// It stays correct by generations: a reader takes the generation before it
// asks the database, and its answer is kept only if no write emptied the
// cache in between. Writes on this instance empty it at once; writes on
// other instances are noticed through the catalogue version, read every
// poll interval.
//
// Its bound is cut in two shares, each filled and emptied on its own: the
// searches' answers (keys that start with searchKey) take searchShare of
// it, every other read the rest. Searches come in endless distinct
// forms, and a flood of them would otherwise push out the detail
// documents and pages, which are bounded by the catalogue; with a share
// of their own, they push out only each other.
type docCache struct {
	max  int64
	poll time.Duration
	// version is the catalogue version read when the server was made, the
	// one its first entries are of; -1 when it could not be read. The
	// watch empties the cache when the version moves from it, and only
	// then: a first check that came late must not drop good entries.
	version int64
	// seen is the version the watch read last (for tests that wait for it).
	seen atomic.Int64

	mu     sync.RWMutex
	gen    uint64
	shares [2]cacheShare // docShare, searchShare

	loads   singleflight.Group
	waitMu  sync.Mutex
	waiting map[string]*sharedLoad // by load key, while a reader waits for the load
}

// sharedLoad is the context of one shared load and the count of the
// readers waiting for it: the last one to leave ends the context.
type sharedLoad struct {
	ctx     context.Context
	cancel  context.CancelFunc
	readers int
}

// cacheShare is one share of the cache: its entries, bounded in bytes.
type cacheShare struct {
	max     int64
	size    int64 // the entryCost of every entry
	entries map[string]*docEntry
}

// The shares of the cache, and the key prefix of the searches' answers.
const (
	docShare = iota
	searchShare

	searchKey = "\x01"
)

// searchShareDiv is the searches' share of the cache: a quarter. The
// answers worth keeping are the popular searches, a few hundred results
// pages, while the details and the property pages, one of each per
// property, are the reads most visitors make.
const searchShareDiv = 4

func newDocCache(maxBytes int64) *docCache {
	c := &docCache{max: maxBytes, waiting: make(map[string]*sharedLoad)}
	c.shares[searchShare].max = maxBytes / searchShareDiv
	c.shares[docShare].max = maxBytes - c.shares[searchShare].max
	for i := range c.shares {
		c.shares[i].entries = make(map[string]*docEntry)
	}
	return c
}

// share returns the share that holds key. c.mu is held.
func (c *docCache) share(key string) *cacheShare {
	if strings.HasPrefix(key, searchKey) {
		return &c.shares[searchShare]
	}
	return &c.shares[docShare]
}

// fill returns the entry for key from the cache or, on a miss, from load,
// and keeps what load returns when it is a 200 answer. Only 200 answers
// are kept: a made-up slug's 404 is not asked again, and kept it would
// push real answers out.
//
// Reads that miss the same key in the same generation at the same time
// share one call of load: when the cache has just been emptied (any
// catalogue write does that), a popular page costs one database read, not
// one per waiting visitor. A read that starts after a write never shares a
// load that started before it. The shared load runs under a context that
// keeps the values of the request that started it and ends once every
// reader waiting for it has gone: a load nobody waits for any more is
// cancelled, one that somebody still waits for is not. With the cache
// disabled every read calls load under its own request's context.
func (c *docCache) fill(ctx context.Context, key string, load func(context.Context) (*docEntry, error)) (*docEntry, error) {
	e, gen := c.get(key)
	if e != nil {
		return e, nil
	}
	if !c.enabled() {
		return load(ctx)
	}
	lk := strconv.FormatUint(gen, 10) + ":" + key
	sl := c.join(ctx, lk)
	ch := c.loads.DoChan(lk, func() (v any, err error) {
		// The load runs on a goroutine of its own, where singleflight
		// would end the process on a panic: it is an error instead.
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("cache load of %q: panic: %v\n%s", key, p, debug.Stack())
			}
		}()
		e, err := load(sl.ctx)
		if err == nil && e.status == http.StatusOK {
			c.put(key, e, gen)
		}
		return e, err
	})
	select {
	case res := <-ch:
		c.leave(lk, sl)
		if res.Err != nil {
			return nil, res.Err
		}
		return res.Val.(*docEntry), nil
	case <-ctx.Done():
		c.leave(lk, sl)
		return nil, errors.Join(listing.ErrUnavailable, ctx.Err())
	}
}

// join counts a reader of the load lk, and returns the load's context,
// made for the first reader.
func (c *docCache) join(ctx context.Context, lk string) *sharedLoad {
	c.waitMu.Lock()
	defer c.waitMu.Unlock()
	sl := c.waiting[lk]
	if sl == nil {
		lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		sl = &sharedLoad{ctx: lctx, cancel: cancel}
		c.waiting[lk] = sl
	}
	sl.readers++
	return sl
}

// leave uncounts a reader of the load lk. The last one ends the load's
// context, and makes singleflight forget the load: a read that comes
// after starts a load of its own rather than wait for a cancelled one.
func (c *docCache) leave(lk string, sl *sharedLoad) {
	c.waitMu.Lock()
	defer c.waitMu.Unlock()
	if sl.readers--; sl.readers == 0 {
		delete(c.waiting, lk)
		c.loads.Forget(lk)
		sl.cancel()
	}
}

func (c *docCache) enabled() bool { return c.max > 0 }

// get returns the entry for key (nil when absent) and the generation to
// pass to put.
func (c *docCache) get(key string) (*docEntry, uint64) {
	c.mu.RLock()
	e, gen := c.share(key).entries[key], c.gen
	c.mu.RUnlock()
	return e, gen
}

// entryOverhead is what an entry holds besides its key and bodies: the
// docEntry, its Content-Length and ETag values, the map's slot, and the
// rounding of allocations to size classes (TestCacheCostCoversTheHeap
// checks it against the heap).
const entryOverhead = 320

// entryCost is what an entry holds in memory, its compressed form (about a
// third of a JSON document) counted in advance, so that the cache stays
// within its bound whichever encodings clients ask for.
func entryCost(key string, e *docEntry) int64 {
	return int64(len(key) + len(e.body) + len(e.body)/3 + entryOverhead)
}

// put keeps e under key, unless the cache was emptied since gen was read.
// An entry larger than an eighth of its share is not kept.
func (c *docCache) put(key string, e *docEntry, gen uint64) {
	if !c.enabled() {
		return
	}
	cost := entryCost(key, e)
	c.mu.Lock()
	defer c.mu.Unlock()
	sh := c.share(key)
	if c.gen != gen || cost > sh.max/8 {
		return
	}
	if old, ok := sh.entries[key]; ok {
		sh.size -= entryCost(key, old)
	}
	sh.entries[key] = e
	sh.size += cost
	if sh.size > sh.max {
		sh.shrink()
	}
}

// shrink drops entries, in arbitrary order (Go's map order is random),
// until the share is down to 90% of its bound. The cache's lock is held.
func (sh *cacheShare) shrink() {
	low := sh.max * 9 / 10
	for k, e := range sh.entries {
		if sh.size <= low {
			return
		}
		delete(sh.entries, k)
		sh.size -= entryCost(k, e)
	}
}

// invalidate empties the cache and starts a new generation.
func (c *docCache) invalidate() {
	c.mu.Lock()
	c.gen++
	for i := range c.shares {
		clear(c.shares[i].entries)
		c.shares[i].size = 0
	}
	c.mu.Unlock()
}

// len returns the number of entries and their cost in bytes.
func (c *docCache) len() (n int, size int64) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	for _, sh := range c.shares {
		n, size = n+len(sh.entries), size+sh.size
	}
	return n, size
}

// watch empties the cache whenever the catalogue version changes, until
// ctx ends.
func (c *docCache) watch(ctx context.Context, st *store.Store, log *slog.Logger) {
	if !c.enabled() {
		return
	}
	t := time.NewTicker(c.poll)
	defer t.Stop()
	last := c.version
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
		if err == nil {
			c.seen.Store(v)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
