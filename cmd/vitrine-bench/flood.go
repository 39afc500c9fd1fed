package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
)

// The search flood (BENCH_ONLY=flood) measures what one client sending
// distinct searches as fast as it can does to everybody else's detail
// reads: each server's detail reads alone, then beside the flood, in
// slices that take turns across the servers, so that a burst of other
// work on the machine falls on all of them alike. The servers are the
// working tree's, with its search limit off (the cache's share for
// searches alone) and on (its default), and with BENCH_COMPARE the
// build of that revision, before either.

// floodConnections and detailConnections are the wrk connections of the
// flooding client and of the visitors reading details: one wrk thread
// each, so that the two fit beside the server on a small machine.
const (
	floodConnections  = 16
	detailConnections = 8
)

// floodSearches is the size of the flood's request file: distinct
// searches enough that, picked at random, few repeat in a run.
const floodSearches = 100_000

// floodServer is one server of the flood scenario and what it measured.
type floodServer struct {
	name     string
	bd       build
	p        *proc.Process
	alone    result // detail reads alone
	beside   result // detail reads during the flood
	flood    result // the flood itself, during the detail reads
	warmedUp result // the flood before the measure, which fills the cache
}

// floodRequests writes the flood's request file: searches on random
// filters, each with a price ceiling of its own.
func (b *bench) floodRequests() (string, error) {
	r := rand.New(rand.NewPCG(benchSeed, 3))
	reqs := make([]request, floodSearches)
	for i := range reqs {
		v := filterValues(r)
		v.Set("price_max", strconv.Itoa(100_000+i))
		reqs[i] = request{method: "GET", path: searchPath(v)}
	}
	path := filepath.Join(b.dir, "flood.req")
	return path, writeRequests(path, reqs)
}

// floodScenario runs the search flood and prints its table.
func (b *bench) floodScenario(ctx context.Context, w io.Writer) error {
	var servers []*floodServer
	if b.cfg.compare != "" {
		ref, err := buildRevision(ctx, b.dir, b.cfg.compare)
		if err != nil {
			return err
		}
		b.compareLabel = ref.label
		servers = append(servers, &floodServer{name: ref.label, bd: build{bin: ref.bin}})
	}
	servers = append(servers,
		&floodServer{name: "this tree, --search-limit off", bd: build{bin: b.bin}},
		&floodServer{name: "this tree, --search-limit 120/1m (the default)", bd: build{bin: b.bin, args: []string{"--search-limit", "120/1m"}}})

	floodFile, err := b.floodRequests()
	if err != nil {
		return err
	}
	detailFile := filepath.Join(b.dir, "detail.req")
	if err := writeRequests(detailFile, detailRequests(b.slugs)); err != nil {
		return err
	}
	flooder, reader := *b.wrk, *b.wrk
	flooder.connections, flooder.threads = floodConnections, 1
	reader.connections, reader.threads = detailConnections, 1

	// The servers take turns on the one database, each started once: a
	// server at rest costs the others nothing.
	for i, s := range servers {
		step("flood: starting %s", s.name)
		if s.p, err = b.serveBuild(ctx, s.bd, "serve-flood-"+strconv.Itoa(i), b.dsn, b.cfg.cacheMB); err != nil {
			return err
		}
		defer stop(s.p)
		if _, err := firstSearch(ctx, s.p.URL); err != nil {
			return err
		}
		if _, _, err := b.sample(ctx, s.p.URL, b.slugs); err != nil {
			return err
		}
		// The flood fills the cache, as it had by the time a visitor
		// noticed.
		if s.warmedUp, err = flooder.run(ctx, s.p.URL, floodFile, max(b.cfg.warmup, time.Second)); err != nil {
			return err
		}
	}
	slice := b.cfg.duration / time.Duration(b.cfg.slices)
	for n := range b.cfg.slices {
		for _, s := range servers {
			step("flood: slice %d of %d, %s", n+1, b.cfg.slices, s.name)
			alone, err := reader.run(ctx, s.p.URL, detailFile, slice)
			if err != nil {
				return err
			}
			s.alone.add(alone)
			// The flood starts a second ahead of the reads and ends a
			// second after them, so that they see it all along.
			type floodRun struct {
				r   result
				err error
			}
			done := make(chan floodRun, 1)
			go func() {
				r, err := flooder.run(ctx, s.p.URL, floodFile, slice+2*time.Second)
				done <- floodRun{r, err}
			}()
			select {
			case <-time.After(time.Second):
			case <-ctx.Done():
				return ctx.Err()
			}
			beside, err := reader.run(ctx, s.p.URL, detailFile, slice)
			f := <-done
			if err == nil {
				err = f.err
			}
			if err != nil {
				return err
			}
			s.beside.add(beside)
			s.flood.add(f.r)
		}
	}
	b.printFlood(w, servers)
	return nil
}

// printFlood writes the flood's table.
func (b *bench) printFlood(w io.Writer, servers []*floodServer) {
	fmt.Fprintf(w, "\n### Search flood, %s, %d properties: detail reads (%d connections) alone, then beside one client flooding distinct searches (%d connections), %s each in %d slices taking turns across the servers\n\n",
		b.dialect(), b.cfg.properties, detailConnections, floodConnections, b.cfg.duration, b.cfg.slices)
	fmt.Fprintln(w, "| server | detail req/s alone | p50 | p99 | detail req/s beside the flood | p50 | p99 | p99 × alone | flood req/s | flood answers refused (not 2xx/3xx) |")
	fmt.Fprintln(w, "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	for _, s := range servers {
		fmt.Fprintf(w, "| %s | %.0f | %s | %s | %.0f | %s | %s | %.1f | %.0f | %d |\n", s.name,
			s.alone.rps, ms(s.alone.p50), ms(s.alone.p99), s.beside.rps, ms(s.beside.p50), ms(s.beside.p99),
			ratio(s.beside.p99, s.alone.p99), s.flood.rps, s.flood.errors)
	}
	fmt.Fprintf(w, "\n- server: `vitrine serve --cache-mb %s`; the flood's request file holds %d distinct searches, picked at random; before the measure, each server's cache was filled with every detail document, then flooded for %s (%s)\n",
		cacheMBText(b.cfg.cacheMB), floodSearches, max(b.cfg.warmup, time.Second), warmupText(servers))
	for _, line := range machine() {
		fmt.Fprintln(w, "- "+line)
	}
	for _, n := range b.notes {
		fmt.Fprintln(w, "- "+n)
	}
}

func cacheMBText(mb int) string {
	if mb < 0 {
		return "(default)"
	}
	return strconv.Itoa(mb)
}

func warmupText(servers []*floodServer) string {
	out := ""
	for i, s := range servers {
		if i > 0 {
			out += "; "
		}
		out += fmt.Sprintf("%s: %.0f searches/s", s.name, s.warmedUp.rps)
	}
	return out
}
