package search

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
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
	s := NewService(src, Options{})
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

func TestServiceSharesOneBuild(t *testing.T) {
	t.Parallel()
	src := &fakeSource{docs: fixtureDocs(), gate: make(chan struct{})}
	s := NewService(src, Options{})
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
	for src.reads.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // the others join the build
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
}

// TestServiceNeverAnswersOlder: a caller that sees a version newer than
// the build in progress read does not take that build.
func TestServiceNeverAnswersOlder(t *testing.T) {
	t.Parallel()
	src := &fakeSource{docs: fixtureDocs(), gate: make(chan struct{})}
	s := NewService(src, Options{})
	first := make(chan *Index)
	go func() {
		ix, _ := s.Index(context.Background())
		first <- ix
	}()
	for src.reads.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
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
	time.Sleep(20 * time.Millisecond)
	src.gate <- struct{}{} // the first build ends, with version 0
	if ix := <-first; ix.Len() != 5 {
		t.Errorf("first caller: %d", ix.Len())
	}
	src.gate <- struct{}{} // the second caller's own build
	if ix := <-second; ix.Len() != 3 {
		t.Errorf("the caller that saw version 1 got an index of %d properties, want 3", ix.Len())
	}
}

func TestServiceErrorsAndCancel(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	s := NewService(&fakeSource{fail: boom}, Options{})
	if _, err := s.Index(context.Background()); !errors.Is(err, boom) {
		t.Errorf("error %v", err)
	}
	src := &fakeSource{docs: fixtureDocs(), gate: make(chan struct{})}
	s = NewService(src, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { _, err := s.Index(ctx); done <- err }()
	for src.reads.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled caller: %v", err)
	}
	close(src.gate) // the build goes on, and serves the next caller
	if ix, err := s.Index(context.Background()); err != nil || ix.Len() != 5 {
		t.Errorf("%v %v", ix, err)
	}
	if n := src.reads.Load(); n > 2 {
		t.Errorf("%d reads", n)
	}
}
