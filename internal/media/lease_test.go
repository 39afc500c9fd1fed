package media_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/media"
	"github.com/vitrine/vitrine/internal/media/imaging"
)

// blockingProcessor is a decode that never ends by itself, as a decoder
// stuck in a crafted file: started receives once per call; release lets
// every call return.
type blockingProcessor struct {
	started chan struct{}
	release chan struct{}
}

func newBlockingProcessor(t *testing.T) *blockingProcessor {
	p := &blockingProcessor{started: make(chan struct{}, 16), release: make(chan struct{})}
	t.Cleanup(func() { close(p.release) })
	return p
}

func (p *blockingProcessor) process(ctx context.Context, src []byte, o imaging.Options) (*imaging.Result, error) {
	p.started <- struct{}{}
	<-p.release // deaf to ctx, as image/jpeg's decoder is
	return nil, errors.New("released")
}

func (p *blockingProcessor) wait(t *testing.T) {
	t.Helper()
	select {
	case <-p.started:
	case <-time.After(30 * time.Second):
		t.Fatal("processing never started")
	}
}

// TestStopDoesNotWaitForDecode: when the service stops (SIGTERM) while a
// decode runs, Run returns at once, without waiting for the decode, and
// the image, still processing, is given back: another instance (or this
// one, restarted) takes it and makes it.
func TestStopDoesNotWaitForDecode(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		src := testdata(t, "photo.webp")
		ph := e.upload(t, e.prop.ID, src, "Sala")

		stuck := newBlockingProcessor(t)
		dying := media.New(media.Config{Catalog: e.st, Files: e.files, Now: e.clock.Now})
		media.SetProcessor(dying, stuck.process)
		ctx, stop := context.WithCancel(e.ctx)
		ran := make(chan struct{})
		go func() {
			dying.Run(ctx)
			close(ran)
		}()
		stuck.wait(t)
		stopped := time.Now()
		stop()
		select {
		case <-ran:
		case <-time.After(10 * time.Second):
			t.Fatal("Run still waits for the decode 10 s after the stop")
		}
		t.Logf("Run returned %v after the stop", time.Since(stopped))
		if im := e.photo(t, e.prop.ID, ph.ID).Image; im.Status != listing.ImageProcessing {
			t.Fatalf("image after the stop = %+v, want processing", im)
		}
		e.clock.Advance(time.Second) // given back as of the stop
		e.processNext(t, e.svc, true)
		if im := e.photo(t, e.prop.ID, ph.ID).Image; im.Status != listing.ImageReady {
			t.Fatalf("image taken again = %+v, want ready", im)
		}
	})
}

// TestDecodeDeadline: a decode that runs past the deadline is abandoned,
// and its image fails with a message saying why, instead of holding the
// worker.
func TestDecodeDeadline(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		stuck := newBlockingProcessor(t)
		media.SetProcessor(e.svc, stuck.process)
		media.SetTiming(e.svc, 30*time.Second, 10*time.Second, 10*time.Second, 100*time.Millisecond)
		ph := e.upload(t, e.prop.ID, testdata(t, "photo.png"), "Planta")
		e.processNext(t, e.svc, true)
		im := e.photo(t, e.prop.ID, ph.ID).Image
		if im.Status != listing.ImageFailed ||
			im.Error != "A foto levou tempo demais para ser processada. Salve-a de novo como JPEG comum, com menos megapixels, e envie outra vez." {
			t.Fatalf("image = %+v, want failed for its time", im)
		}
	})
}

// watchedCatalog reports every lease renewal, and can stop the renewals
// from reaching the database, as when the instance is killed.
type watchedCatalog struct {
	media.Catalog
	beats chan error
	dead  atomic.Bool
}

func (c *watchedCatalog) RenewImage(ctx context.Context, id string, attempt int, lease time.Duration) error {
	err := errors.New("the instance is dead")
	if !c.dead.Load() {
		err = c.Catalog.RenewImage(ctx, id, attempt, lease)
	}
	c.beats <- err
	return err
}

// freshBeat returns the result of a renewal that started after the call
// (and so read the clock as it is now): buffered ones are dropped, and of
// the next two, the first may have been in flight.
func (c *watchedCatalog) freshBeat(t *testing.T) error {
	t.Helper()
	for len(c.beats) > 0 {
		<-c.beats
	}
	c.beat(t)
	return c.beat(t)
}

func (c *watchedCatalog) beat(t *testing.T) error {
	t.Helper()
	select {
	case err := <-c.beats:
		return err
	case <-time.After(30 * time.Second):
		t.Fatal("no lease renewal")
		return nil
	}
}

// TestLeaseHeartbeat: a worker renews its 30 s lease while it works, so
// that no other worker takes its image however long it takes; when its
// renewals stop (the instance was killed), another worker takes the image
// once the lease has run out, and the first, should it come back, leaves
// the image to it.
func TestLeaseHeartbeat(t *testing.T) {
	forEachDialect(t, func(t *testing.T, dialect string) {
		e := newEnv(t, dialect, nil)
		src := testdata(t, "photo.webp")
		ph := e.upload(t, e.prop.ID, src, "Varanda")

		cat := &watchedCatalog{Catalog: e.st, beats: make(chan error, 64)}
		stuck := newBlockingProcessor(t)
		first := media.New(media.Config{Catalog: cat, Files: e.files, Now: e.clock.Now})
		media.SetProcessor(first, stuck.process)
		media.SetTiming(first, 30*time.Second, 20*time.Millisecond, time.Hour, time.Hour)
		type result struct {
			worked bool
			err    error
		}
		done := make(chan result, 1)
		go func() {
			worked, err := first.ProcessNext(e.ctx)
			done <- result{worked, err}
		}()
		stuck.wait(t)

		// Three renewals, 20 s of the clock apart: a minute, twice the
		// lease, and the image is still the first worker's.
		for range 3 {
			if err := cat.freshBeat(t); err != nil {
				t.Fatalf("renewal: %v", err)
			}
			e.clock.Advance(20 * time.Second)
			e.processNext(t, e.svc, false)
		}

		// Killed: its renewals no longer come. Past the lease, another
		// worker takes the image and makes it.
		cat.dead.Store(true)
		cat.freshBeat(t)
		e.clock.Advance(30*time.Second + time.Second)
		e.processNext(t, e.svc, true)
		if im := e.photo(t, e.prop.ID, ph.ID).Image; im.Status != listing.ImageReady {
			t.Fatalf("image taken over = %+v, want ready", im)
		}

		// The first worker comes back: its claim is gone, so it stops,
		// leaving the image as the second worker made it.
		cat.dead.Store(false)
		for {
			if err := cat.beat(t); errors.Is(err, listing.ErrNotFound) {
				break
			}
		}
		select {
		case r := <-done:
			if !r.worked || r.err != nil {
				t.Errorf("the first worker's ProcessNext = %v, %v; want true, nil", r.worked, r.err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the first worker still works on an image taken over")
		}
		if im := e.photo(t, e.prop.ID, ph.ID).Image; im.Status != listing.ImageReady {
			t.Errorf("image after the first worker stopped = %+v, want ready", im)
		}
	})
}
