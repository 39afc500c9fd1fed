package httpapi

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/testwait"
)

// parkedInGate counts the goroutines blocked in a gate's enter: in its
// semaphore's queue, not just counted as waiting (which a goroutine is
// just before it blocks).
func parkedInGate() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	count := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "[select") && strings.Contains(g, "semaphore.(*Weighted).Acquire") && strings.Contains(g, "httpapi.(*gate).enter") {
			count++
		}
	}
	return count
}

// TestGateOrder: the callers that wait enter in the order they came, and
// one whose context ends leaves the line with ErrUnavailable. It is not
// parallel: it counts the goroutines of the process blocked in a gate.
func TestGateOrder(t *testing.T) {
	g := newGate(1)
	ctx := context.Background()
	if err := g.enter(ctx); err != nil {
		t.Fatal(err)
	}
	entered := make(chan int, 3)
	for i := range 3 {
		go func() {
			if err := g.enter(ctx); err != nil {
				t.Error(err)
				return
			}
			entered <- i
		}()
		testwait.Until(t, "waiter in line", func() bool { return g.queued() == i+1 && parkedInGate() == i+1 })
	}
	gone, cancel := context.WithCancel(ctx)
	failed := make(chan error)
	go func() { failed <- g.enter(gone) }()
	testwait.Until(t, "fourth waiter in line", func() bool { return g.queued() == 4 && parkedInGate() == 4 })
	cancel()
	if err := <-failed; !errors.Is(err, listing.ErrUnavailable) || !errors.Is(err, context.Canceled) {
		t.Errorf("a waiter whose context ended: %v, want ErrUnavailable and Canceled", err)
	}
	for want := range 3 {
		g.leave()
		if got := <-entered; got != want {
			t.Fatalf("entered %d, want %d (the order they came in)", got, want)
		}
	}
	if g.running() != 1 || g.queued() != 0 {
		t.Errorf("running %d, waiting %d; want 1 and 0", g.running(), g.queued())
	}
}

// TestSearchesWaitTheirTurn: a search that the cache does not answer (the
// API's, a results page, the place suggestions) waits while the places
// are taken, shows in the metrics, and answers once one is free; a
// client that leaves while it waits gets a 503 and leaves the line.
func TestSearchesWaitTheirTurn(t *testing.T) {
	t.Parallel()
	s := Harness{Config: Config{SearchConcurrency: 1, Pages: resultsClient}}.Start(t)
	searchCatalogue(t, s)
	places := s.Server.searches
	for _, path := range []string{
		"/api/v1/search?city=florianopolis-sc",
		"/imoveis/venda/florianopolis-sc",
		"/api/v1/search/places?q=flor",
	} {
		if err := places.enter(context.Background()); err != nil {
			t.Fatal(err)
		}
		answer := make(chan *httptest.ResponseRecorder)
		go func() { answer <- s.Call("GET", path, nil) }()
		testwait.Until(t, path+" waiting", func() bool {
			select {
			case w := <-answer:
				t.Fatalf("%s answered %d while every place was taken", path, w.Code)
			default:
			}
			return places.queued() == 1
		})
		if v := gauge(t, s.Server, "vitrine_searches_waiting"); v != 1 {
			t.Errorf("%s: vitrine_searches_waiting %v, want 1", path, v)
		}
		if v := gauge(t, s.Server, "vitrine_searches_running"); v != 1 {
			t.Errorf("%s: vitrine_searches_running %v, want 1", path, v)
		}
		places.leave()
		if w := <-answer; w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "Florianópolis") {
			t.Errorf("%s once its turn came: %d %.200s", path, w.Code, w.Body)
		}
	}

	if err := places.enter(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	answer := make(chan *httptest.ResponseRecorder)
	go func() {
		w := httptest.NewRecorder()
		s.Handler.ServeHTTP(w, httptest.NewRequest("GET", "/api/v1/search?q=casa", nil).WithContext(ctx))
		answer <- w
	}()
	testwait.Until(t, "search waiting", func() bool { return places.queued() == 1 })
	cancel()
	if w := <-answer; w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), `"error"`) {
		t.Errorf("a client gone while waiting: %d %s, want a 503 JSON error", w.Code, w.Body)
	}
	places.leave()
	if places.queued() != 0 || places.running() != 0 {
		t.Errorf("after: running %d, waiting %d", places.running(), places.queued())
	}
}

// gauge reads a gauge of srv's metrics.
func gauge(t *testing.T, srv *Server, name string) float64 {
	t.Helper()
	fams, err := srv.registry.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fams {
		if f.GetName() == name && len(f.GetMetric()) == 1 {
			return f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	t.Fatalf("no gauge %s", name)
	return 0
}
