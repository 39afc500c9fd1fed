package search

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"golang.org/x/sync/singleflight"

	"github.com/vitrine/vitrine/internal/listing"
)

// Source is where a Service reads the catalogue: *store.Store.
type Source interface {
	// CatalogVersion returns a number that every catalogue write
	// increases.
	CatalogVersion(ctx context.Context) (int64, error)
	// SearchDocs returns the active properties and the references, with
	// the catalogue version they are of, from one consistent read.
	SearchDocs(ctx context.Context) (version int64, docs []Doc, refs References, err error)
}

// Service keeps the index of the current catalogue. Every Index call reads
// the catalogue version (one row) and builds the index again when it
// changed, so that a search never answers from a catalogue older than the
// one its call saw: a write, this instance's or another's on the same
// database, shows in the next search.
type Service struct {
	src Source

	mu      sync.Mutex
	current *Index
	version int64

	builds singleflight.Group
}

// NewService returns a Service over src. It builds nothing until the
// first Index call.
func NewService(src Source) *Service { return &Service{src: src} }

// built is one index and the catalogue version it holds.
type built struct {
	index   *Index
	version int64
}

// Index returns the index of the catalogue as it is now: the one it holds
// when the catalogue version has not changed since it was built,
// otherwise a new one. Calls that find it stale at the same time share
// one build, which goes on when a caller gives up (its context ends) for
// those that still wait; a build is never answered to a call that saw a
// newer version than the build read.
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
			return s.build(context.WithoutCancel(ctx))
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
			// A build that started before this call saw v: build again.
		}
	}
}

// build reads the catalogue and makes its index, and keeps it unless a
// newer one was kept meanwhile.
func (s *Service) build(ctx context.Context) (built, error) {
	v, docs, refs, err := s.src.SearchDocs(ctx)
	if err != nil {
		return built{}, err
	}
	b := built{Build(docs, refs), v}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.current == nil || v >= s.version {
		s.current, s.version = b.index, v
	}
	return b, nil
}
