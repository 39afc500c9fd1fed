package search

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"

	"github.com/vitrine/vitrine/internal/listing"
)

// Source is where a Service reads the catalogue (*store.Store satisfies
// it). It speaks the listing domain: the service makes its documents from
// what it reads (DocOf), so that the storage knows nothing of the index.
type Source interface {
	// CatalogVersion returns a number that every catalogue write
	// increases.
	CatalogVersion(ctx context.Context) (int64, error)
	// ReadCatalog calls each with every active property and returns the
	// references and the catalogue version they are of, all from one
	// consistent read. A property holds at least the fields DocOf reads;
	// each does not keep it past its return.
	ReadCatalog(ctx context.Context, each func(*listing.Property) error) (version int64, refs listing.References, err error)
	// ReadCatalogChanges calls each with the active properties the writes
	// after version since created or changed, and returns the rest of what
	// they changed, from one consistent read, when they changed at most
	// limit properties and it can tell which (CatalogChanges.Complete);
	// when it cannot, each is not called.
	ReadCatalogChanges(ctx context.Context, since int64, limit int, each func(*listing.Property) error) (listing.CatalogChanges, error)
}

// Changes are what catalogue writes changed, as the search index sees
// them.
type Changes struct {
	// Complete reports whether the rest holds every change from the
	// version asked for to Version. When it is false (the writes changed
	// more properties than asked, the record of the writes no longer
	// reaches back so far, or a write was not recorded), only a whole
	// read of the catalogue (ReadDocs) tells what it holds.
	Complete bool
	Version  int64
	Changed  []Doc      // the documents of the active properties created or changed
	Removed  []string   // the ids of the properties deactivated or deleted
	Refs     References // every reference, as ReadDocs returns them
}

// docSource is a Source as the Service reads it: in documents. The
// service's tests give it catalogues of documents directly.
type docSource interface {
	CatalogVersion(ctx context.Context) (int64, error)
	SearchDocs(ctx context.Context) (version int64, docs []Doc, refs References, err error)
	SearchChanges(ctx context.Context, since int64, limit int) (Changes, error)
}

// sourceDocs reads a Source in documents.
type sourceDocs struct{ Source }

func (s sourceDocs) SearchDocs(ctx context.Context) (int64, []Doc, References, error) {
	return ReadDocs(ctx, s.Source)
}

func (s sourceDocs) SearchChanges(ctx context.Context, since int64, limit int) (Changes, error) {
	return ReadChanges(ctx, s.Source, since, limit)
}

// ReadDocs reads the whole catalogue of src as the index keeps it: the
// catalogue version, the document of every active property, and the
// references.
func ReadDocs(ctx context.Context, src Source) (version int64, docs []Doc, refs References, err error) {
	version, lrefs, err := src.ReadCatalog(ctx, func(p *listing.Property) error {
		docs = append(docs, DocOf(p))
		return nil
	})
	if err != nil {
		return 0, nil, References{}, err
	}
	return version, docs, ReferencesOf(lrefs), nil
}

// ReadChanges reads what the writes to src's catalogue after version
// since changed, as the index keeps it (Source.ReadCatalogChanges).
func ReadChanges(ctx context.Context, src Source, since int64, limit int) (Changes, error) {
	var changed []Doc
	lch, err := src.ReadCatalogChanges(ctx, since, limit, func(p *listing.Property) error {
		changed = append(changed, DocOf(p))
		return nil
	})
	if err != nil || !lch.Complete {
		return Changes{Version: lch.Version}, err
	}
	return Changes{Complete: true, Version: lch.Version, Changed: changed, Removed: lch.Removed, Refs: ReferencesOf(lch.Refs)}, nil
}

// Options tune a Service.
type Options struct {
	// Sized, when set, is called with the estimated size in bytes of each
	// index the service keeps (Index.Bytes), so that the process can make
	// room for it.
	Sized func(bytes int64)
	// Building, when set, is called with true before the service reads
	// the whole catalogue and builds its index from it, and with false
	// once it is done: that holds every document at once (some 1.5 KB a
	// property), which the process may make room for.
	Building func(on bool)
}

// Service keeps the index of the current catalogue. Every Index call reads
// the catalogue version (one row) and, when it changed, derives the index
// of the new version from the one it holds and the writes since
// (Source.ReadCatalogChanges, Index.Apply), or builds it again from the whole
// catalogue when that cannot be done, so that a search never answers
// from a catalogue older than the one its call saw: a write, this
// instance's or another's on the same database, shows in the next search.
// When the writes applied add up, the index is compacted (Index.Compact)
// on a goroutine of its own, and kept when no write came meanwhile.
type Service struct {
	src  docSource
	opts Options

	mu      sync.Mutex
	current *Index
	version int64

	builds     singleflight.Group
	compacting atomic.Bool
}

// NewService returns a Service over src. It builds nothing until the
// first Index call.
func NewService(src Source, opts Options) *Service { return newService(sourceDocs{src}, opts) }

func newService(src docSource, opts Options) *Service { return &Service{src: src, opts: opts} }

// built is one index and the catalogue version it holds.
type built struct {
	index   *Index
	version int64
}

// Index returns the index of the catalogue as it is now: the one it holds
// when the catalogue version has not changed since it was made, otherwise
// a new one. Calls that find it stale at the same time share one update,
// which goes on when a caller gives up (its context ends) for those that
// still wait; an update is never answered to a call that saw a newer
// version than the update read.
func (s *Service) Index(ctx context.Context) (*Index, error) {
	v, err := s.src.CatalogVersion(ctx)
	if err != nil {
		return nil, err
	}
	for {
		s.mu.Lock()
		cur, cv := s.current, s.version
		s.mu.Unlock()
		if cur != nil && cv >= v {
			return cur, nil
		}
		ch := s.builds.DoChan("build", func() (res any, err error) {
			// A build runs on a goroutine of its own, where a panic would
			// end the process: it is an error instead.
			defer func() {
				if p := recover(); p != nil {
					err = fmt.Errorf("search: build index: panic: %v\n%s", p, debug.Stack())
				}
			}()
			return s.update(context.WithoutCancel(ctx))
		})
		select {
		case <-ctx.Done():
			return nil, errors.Join(listing.ErrUnavailable, ctx.Err())
		case r := <-ch:
			if r.Err != nil {
				return nil, r.Err
			}
			if b := r.Val.(built); b.version >= v {
				return b.index, nil
			}
			// An update that started before this call saw v: again.
		}
	}
}

// update makes the index of the catalogue as it is now, from the one it
// holds and the changes since when it can, and keeps it unless a newer
// one was kept meanwhile.
func (s *Service) update(ctx context.Context) (built, error) {
	s.mu.Lock()
	cur, cv := s.current, s.version
	s.mu.Unlock()
	if cur != nil {
		ch, err := s.src.SearchChanges(ctx, cv, maxChanges(cur))
		if err != nil {
			return built{}, err
		}
		if ch.Complete && ch.Version == cv {
			return built{cur, cv}, nil
		}
		if ch.Complete {
			if next, ok := cur.Apply(ch.Changed, ch.Removed, ch.Refs); ok {
				if overlay, dead := next.OverlayDocs(); overlay+dead > 2*compactAbove(next) {
					next = next.Compact() // writes came faster than compactions could keep up with
				}
				b := s.keep(next, ch.Version)
				s.compactLater(b)
				return b, nil
			}
		}
	}
	if s.opts.Building != nil {
		s.opts.Building(true)
		defer s.opts.Building(false)
	}
	v, docs, refs, err := s.src.SearchDocs(ctx)
	if err != nil {
		return built{}, err
	}
	return s.keep(Build(docs, refs), v), nil
}

// keep makes ix, of version v, the current index unless a newer one is,
// and returns it.
func (s *Service) keep(ix *Index, v int64) built {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current == nil || v >= s.version {
		s.current, s.version = ix, v
		if s.opts.Sized != nil {
			s.opts.Sized(ix.Bytes())
		}
	}
	return built{ix, v}
}

// compactLater compacts b's index on a goroutine of its own when its
// overlay and dead documents have grown past compactAbove, and makes the
// result current if b still is; one compaction at a time.
func (s *Service) compactLater(b built) {
	if overlay, dead := b.index.OverlayDocs(); overlay+dead <= compactAbove(b.index) || !s.compacting.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer s.compacting.Store(false)
		c := b.index.Compact()
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.current == b.index {
			s.current = c
			if s.opts.Sized != nil {
				s.opts.Sized(c.Bytes())
			}
		}
	}()
}

// maxChanges is the number of changed properties above which an update
// reads the whole catalogue rather than the changes: a tenth of it.
func maxChanges(x *Index) int { return max(1000, x.Len()/10) }

// compactAbove is the number of overlay and dead documents above which an
// index is compacted: what Apply copies and merges grows with them.
func compactAbove(x *Index) int { return max(1000, x.Len()/16) }
