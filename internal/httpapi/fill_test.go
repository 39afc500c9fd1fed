package httpapi

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"

	"github.com/vitrine/vitrine/internal/listing"
)

// blockingLoad is a load that counts its calls and returns entry once
// release is closed.
func blockingLoad(calls *atomic.Int32, release chan struct{}, entry *docEntry) func(context.Context) (*docEntry, error) {
	return func(context.Context) (*docEntry, error) {
		calls.Add(1)
		<-release
		return entry, nil
	}
}

// TestFillSharesOneLoad: reads that miss the same entry at the same time
// wait for one load and all get its entry, which the cache then keeps.
func TestFillSharesOneLoad(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := newDocCache(1 << 20)
		var calls atomic.Int32
		release := make(chan struct{})
		want := newDocEntry(http.StatusOK, []byte(`{"slug":"casa"}`))
		got := make([]*docEntry, 16)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() {
				e, err := c.fill(context.Background(), "casa", blockingLoad(&calls, release, want))
				if err != nil {
					t.Error(err)
				}
				got[i] = e
			})
		}
		synctest.Wait() // every reader is blocked: one in load, the rest waiting for it
		if n := calls.Load(); n != 1 {
			t.Fatalf("%d loads for 16 concurrent misses, want 1", n)
		}
		close(release)
		wg.Wait()
		for i, e := range got {
			if e != want {
				t.Errorf("reader %d got %p, want the shared entry %p", i, e, want)
			}
		}
		if e, _ := c.get("casa"); e != want {
			t.Error("the loaded entry was not kept")
		}
	})
}

// TestFillAfterWriteLoadsAgain: a read that misses after a write (a new
// generation) does not wait for a load that started before it, which may
// have read the catalogue before the write; and what that older load finds
// is not kept.
func TestFillAfterWriteLoadsAgain(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := newDocCache(1 << 20)
		var calls atomic.Int32
		before, after := make(chan struct{}), make(chan struct{})
		stale := newDocEntry(http.StatusOK, []byte(`{"price":"1.00"}`))
		fresh := newDocEntry(http.StatusOK, []byte(`{"price":"2.00"}`))
		var old *docEntry
		var wg sync.WaitGroup
		wg.Go(func() { old, _ = c.fill(context.Background(), "casa", blockingLoad(&calls, before, stale)) })
		synctest.Wait()
		c.invalidate() // an administrator's write
		var cur *docEntry
		wg.Go(func() { cur, _ = c.fill(context.Background(), "casa", blockingLoad(&calls, after, fresh)) })
		synctest.Wait()
		if n := calls.Load(); n != 2 {
			t.Fatalf("%d loads, want 2: the read after the write joined the load from before it", n)
		}
		close(after)
		close(before)
		wg.Wait()
		if old != stale || cur != fresh {
			t.Errorf("reads got %p and %p, want %p and %p", old, cur, stale, fresh)
		}
		if e, _ := c.get("casa"); e != fresh {
			t.Error("the cache kept the entry loaded before the write")
		}
	})
}

// TestFillWaiterGivesUp: a reader whose request ends stops waiting, while
// the load goes on for the others, the one that started it included; a
// failed load is shared and not kept.
func TestFillWaiterGivesUp(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := newDocCache(1 << 20)
		release := make(chan struct{})
		failure := errors.Join(listing.ErrUnavailable, errors.New("database away"))
		load := func(ctx context.Context) (*docEntry, error) {
			<-release
			if ctx.Err() != nil {
				t.Error("the load was cancelled while a reader still waited for it")
			}
			return nil, failure
		}
		leaderCtx, cancelLeader := context.WithCancel(context.Background())
		waiterCtx, cancelWaiter := context.WithCancel(context.Background())
		var leaderErr, waiterErr error
		var wg sync.WaitGroup
		wg.Go(func() { _, leaderErr = c.fill(leaderCtx, "casa", load) })
		synctest.Wait()
		wg.Go(func() { _, waiterErr = c.fill(waiterCtx, "casa", load) })
		synctest.Wait()
		cancelLeader() // the reader that started the load goes away
		synctest.Wait()
		if !errors.Is(leaderErr, listing.ErrUnavailable) || !errors.Is(leaderErr, context.Canceled) {
			t.Errorf("reader whose request ended: %v", leaderErr)
		}
		close(release)
		wg.Wait()
		cancelWaiter()
		if waiterErr != failure {
			t.Errorf("waiter got %v, want the load's error", waiterErr)
		}
		if e, _ := c.get("casa"); e != nil {
			t.Error("a failed load left an entry")
		}
	})
}

// TestFillCancelledWhenEveryReaderLeaves: a shared load runs until the last
// reader waiting for it has gone, then its context ends; a read that comes
// after starts a load of its own rather than join the cancelled one.
func TestFillCancelledWhenEveryReaderLeaves(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		c := newDocCache(1 << 20)
		release := make(chan struct{}) // ends a load that nothing cancels, so that the test cannot hang
		defer close(release)
		var loads, cancelled atomic.Int32
		load := func(ctx context.Context) (*docEntry, error) {
			loads.Add(1)
			select {
			case <-ctx.Done():
				cancelled.Add(1)
				return nil, errors.Join(listing.ErrUnavailable, ctx.Err())
			case <-release:
				return newDocEntry(http.StatusOK, []byte(`{"slug":"casa"}`)), nil
			}
		}
		var cancels []context.CancelFunc
		var wg sync.WaitGroup
		for range 3 {
			ctx, cancel := context.WithCancel(context.Background())
			cancels = append(cancels, cancel)
			wg.Go(func() { c.fill(ctx, "casa", load) })
			synctest.Wait()
		}
		for i, cancel := range cancels {
			cancel()
			synctest.Wait()
			last := i == len(cancels)-1
			if got := cancelled.Load() == 1; got != last {
				t.Fatalf("%d of %d readers gone: load cancelled %v, want %v", i+1, len(cancels), got, last)
			}
		}
		wg.Wait()

		var e *docEntry
		var err error
		wg.Go(func() { e, err = c.fill(context.Background(), "casa", load) })
		synctest.Wait()
		if n := loads.Load(); n != 2 {
			t.Fatalf("%d loads, want a new one for the read after the cancelled load", n)
		}
		release <- struct{}{}
		wg.Wait()
		if err != nil || e == nil || e.status != http.StatusOK {
			t.Fatalf("read after the cancelled load: %v, %v", e, err)
		}
	})
}

// TestFillLoadsUnderTheRequest: with the cache off a read's load runs under
// the request's own context; with it on, under one that keeps the values
// of the request that started it.
func TestFillLoadsUnderTheRequest(t *testing.T) {
	t.Parallel()
	type key struct{}
	for _, max := range []int64{0, 1 << 20} {
		c := newDocCache(max)
		ctx, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "pedido"))
		var done <-chan struct{}
		var value any
		_, err := c.fill(ctx, "casa", func(ctx context.Context) (*docEntry, error) {
			done, value = ctx.Done(), ctx.Value(key{})
			return notFoundEntry, nil
		})
		cancel()
		if err != nil || done == nil || value != "pedido" {
			t.Errorf("cache of %d bytes: the load's context cannot be cancelled (%v) or lost the request's values (%v); err %v", max, done == nil, value, err)
		}
	}
}
