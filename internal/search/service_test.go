package search

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
)

// fakeSource is a catalogue whose version a test sets, counting the
// reads of its documents.
type fakeSource struct {
	version atomic.Int64
	reads   atomic.Int32
	gate    chan struct{} // when set, SearchDocs waits for it
	fail    error
	mu      sync.Mutex
	docs    []Doc
}

func (f *fakeSource) CatalogVersion(context.Context) (int64, error) { return f.version.Load(), nil }

func (f *fakeSource) SearchDocs(context.Context) (int64, []Doc, References, error) {
	f.mu.Lock()
	v, docs := f.version.Load(), f.docs // one snapshot
	f.mu.Unlock()
	f.reads.Add(1)
	if f.gate != nil {
		<-f.gate
	}
	if f.fail != nil {
		return 0, nil, References{}, f.fail
	}
	return v, docs, fixtureRefs(), nil
}

// SearchChanges never tells: the fake's updates are whole reads.
func (f *fakeSource) SearchChanges(context.Context, int64, int) (Changes, error) {
	return Changes{}, f.fail
}

func TestServiceRebuildsOnChange(t *testing.T) {
	t.Parallel()
	src := &fakeSource{docs: fixtureDocs()}
	s := newService(src, Options{})
	ctx := context.Background()
	a, err := s.Index(ctx)
	if err != nil || a.Len() != 5 {
		t.Fatalf("%v %v", a, err)
	}
	if b, _ := s.Index(ctx); b != a || src.reads.Load() != 1 {
		t.Errorf("an unchanged catalogue was read again (%d reads)", src.reads.Load())
	}
	src.mu.Lock()
	src.docs = src.docs[:4]
	src.version.Add(1)
	src.mu.Unlock()
	if b, _ := s.Index(ctx); b == a || b.Len() != 4 || src.reads.Load() != 2 {
		t.Errorf("after a change: %d properties, %d reads", b.Len(), src.reads.Load())
	}
}

// The tests of the service's concurrency run in a synctest bubble:
// synctest.Wait returns once every caller is blocked (in the build, or
// waiting for it), so no test waits for time to let them get there.

func TestServiceSharesOneBuild(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		src := &fakeSource{docs: fixtureDocs(), gate: make(chan struct{})}
		s := newService(src, Options{})
		var wg sync.WaitGroup
		got := make([]*Index, 8)
		for i := range got {
			wg.Go(func() {
				ix, err := s.Index(context.Background())
				if err != nil {
					t.Error(err)
				}
				got[i] = ix
			})
		}
		synctest.Wait() // one caller reads the catalogue, the others wait for its build
		close(src.gate)
		wg.Wait()
		if n := src.reads.Load(); n != 1 {
			t.Errorf("%d builds for 8 callers", n)
		}
		for _, ix := range got {
			if ix != got[0] {
				t.Error("callers got different indexes")
			}
		}
	})
}

// TestServiceNeverAnswersOlder: a caller that sees a version newer than
// the build in progress read does not take that build.
func TestServiceNeverAnswersOlder(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		src := &fakeSource{docs: fixtureDocs(), gate: make(chan struct{})}
		s := newService(src, Options{})
		first := make(chan *Index)
		go func() {
			ix, _ := s.Index(context.Background())
			first <- ix
		}()
		synctest.Wait() // the first build reads version 0
		// A write lands while the first build reads version 0.
		src.mu.Lock()
		src.docs = src.docs[:3]
		src.version.Add(1)
		src.mu.Unlock()
		second := make(chan *Index)
		go func() {
			ix, _ := s.Index(context.Background())
			second <- ix
		}()
		synctest.Wait()        // the second caller, having seen version 1, waits for the first build
		src.gate <- struct{}{} // the first build ends, with version 0
		if ix := <-first; ix.Len() != 5 {
			t.Errorf("first caller: %d", ix.Len())
		}
		src.gate <- struct{}{} // the second caller's own build
		if ix := <-second; ix.Len() != 3 {
			t.Errorf("the caller that saw version 1 got an index of %d properties, want 3", ix.Len())
		}
	})
}

func TestServiceErrorsAndCancel(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	s := newService(&fakeSource{fail: boom}, Options{})
	if _, err := s.Index(context.Background()); !errors.Is(err, boom) {
		t.Errorf("error %v", err)
	}
	synctest.Test(t, func(t *testing.T) {
		src := &fakeSource{docs: fixtureDocs(), gate: make(chan struct{})}
		s := newService(src, Options{})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error)
		go func() { _, err := s.Index(ctx); done <- err }()
		synctest.Wait() // the build reads the catalogue
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled caller: %v", err)
		}
		close(src.gate) // the build goes on, and serves the next caller
		if ix, err := s.Index(context.Background()); err != nil || ix.Len() != 5 {
			t.Errorf("%v %v", ix, err)
		}
		if n := src.reads.Load(); n != 1 {
			t.Errorf("%d reads, want the one build the cancelled caller started", n)
		}
	})
}

// logSource is a catalogue that records which documents each write
// changed, as the store's record of changes does.
type logSource struct {
	mu      sync.Mutex
	version int64
	docs    []Doc
	refs    References
	changed map[int64][]string // by version: the ids it changed
	whole   atomic.Int32
}

func (l *logSource) CatalogVersion(context.Context) (int64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.version, nil
}

func (l *logSource) SearchDocs(context.Context) (int64, []Doc, References, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.whole.Add(1)
	return l.version, slices.Clone(l.docs), l.refs, nil
}

func (l *logSource) SearchChanges(_ context.Context, since int64, limit int) (Changes, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ch := Changes{Complete: true, Version: l.version, Refs: l.refs}
	ids := map[string]bool{}
	for v := since + 1; v <= l.version; v++ {
		for _, id := range l.changed[v] {
			ids[id] = true
		}
	}
	if len(ids) > limit {
		return Changes{Version: l.version}, nil
	}
	for _, d := range l.docs {
		if ids[d.ID] {
			ch.Changed = append(ch.Changed, d)
			delete(ids, d.ID)
		}
	}
	for id := range ids {
		ch.Removed = append(ch.Removed, id)
	}
	return ch, nil
}

// write changes the price of document i, or removes it, as one version.
func (l *logSource) write(i int, remove bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.version++
	l.changed[l.version] = []string{l.docs[i].ID}
	if remove {
		l.docs = slices.Delete(l.docs, i, i+1)
		return
	}
	l.docs[i].PriceCents += 100
}

// TestServiceFollowsChanges: after the first build, the service follows
// writes from their changes alone, each search seeing the last; once the
// changes add up, the index is compacted, and still answers as a build
// of the same documents.
func TestServiceFollowsChanges(t *testing.T) {
	t.Parallel()
	// In a bubble, so that synctest.Wait can wait for a compaction.
	synctest.Test(t, serviceFollowsChanges)
}

func serviceFollowsChanges(t *testing.T) {
	docs, refs := generate(300)
	src := &logSource{docs: docs, refs: refs, changed: map[int64][]string{}}
	var sizes atomic.Int32
	s := newService(src, Options{Sized: func(int64) { sizes.Add(1) }})
	ctx := context.Background()
	if _, err := s.Index(ctx); err != nil {
		t.Fatal(err)
	}
	for i := range 1100 {
		src.write(i%250, i%100 == 99)
		ix, err := s.Index(ctx)
		if err != nil {
			t.Fatal(err)
		}
		src.mu.Lock()
		want := len(src.docs)
		src.mu.Unlock()
		if ix.Len() != want {
			t.Fatalf("write %d: %d properties, want %d", i, ix.Len(), want)
		}
	}
	if n := src.whole.Load(); n != 1 {
		t.Errorf("%d whole reads of the catalogue, want the first alone", n)
	}
	// A compaction started once the overlay passed 1,000 documents: the
	// overlay holds fewer than the writes since the build.
	synctest.Wait() // the compaction's goroutine is done
	ix, err := s.Index(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if overlay, _ := ix.OverlayDocs(); overlay >= 1000 {
		t.Fatalf("no compaction: %d documents in the overlay", overlay)
	}
	_, all, _, _ := src.SearchDocs(ctx)
	sameAnswers(t, "after the writes", ix, Build(all, refs), randomQueries(rand.New(rand.NewPCG(3, 4)), refs, 60))
	if sizes.Load() < 1100 {
		t.Errorf("Sized called %d times", sizes.Load())
	}
}
