package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/vitrine/vitrine/internal/demo"
	"github.com/vitrine/vitrine/internal/listing"
	"github.com/vitrine/vitrine/internal/search"
	"github.com/vitrine/vitrine/internal/store"
	"github.com/vitrine/vitrine/internal/store/storetest"
)

// benchCatalogue opens a store of the dialect holding n generated
// properties (about ten photos and a dozen amenities each) and returns
// their slugs.
func benchCatalogue(b *testing.B, dialect string, n int) (*store.Store, []string) {
	b.Helper()
	s := storetest.Open(b, dialect, store.Options{})
	slugs := make([]string, n)
	for i, u := range demo.Generate(n, 7) {
		p, err := s.CreateProperty(context.Background(), u)
		if err != nil {
			b.Fatalf("CreateProperty: %v", err)
		}
		slugs[i] = p.Slug
	}
	return s, slugs
}

// BenchmarkPropertyDocument is the database path of the public detail read:
// one prepared query that returns the whole JSON document.
func BenchmarkPropertyDocument(b *testing.B) {
	for _, d := range storetest.Dialects {
		b.Run(d, func(b *testing.B) {
			s, slugs := benchCatalogue(b, d, 200)
			ctx := context.Background()
			var size atomic.Int64
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				r := rand.New(rand.NewPCG(rand.Uint64(), 0))
				for pb.Next() {
					doc, err := s.PropertyDocument(ctx, slugs[r.IntN(len(slugs))])
					if err != nil {
						b.Error(err)
						return
					}
					size.Store(int64(len(doc.JSON)))
				}
			})
			b.ReportMetric(float64(size.Load()), "doc-bytes")
		})
	}
}

// BenchmarkPropertyDocumentNotFound is a read of a slug that no property has.
func BenchmarkPropertyDocumentNotFound(b *testing.B) {
	s, _ := benchCatalogue(b, "sqlite", 20)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.PropertyDocument(ctx, "nao-existe"); err != listing.ErrNotFound {
			b.Fatal(err)
		}
	}
}

// BenchmarkCreateLead submits leads from many goroutines at once, as the
// contact endpoint does under load: the lead writer commits them in groups.
func BenchmarkCreateLead(b *testing.B) {
	for _, d := range storetest.Dialects {
		b.Run(d, func(b *testing.B) {
			s, slugs := benchCatalogue(b, d, 50)
			ctx := context.Background()
			in := listing.LeadInput{Name: "Visitante", Email: "visitante@example.com", Phone: "(48) 99999-0000",
				Message: "Olá! Tenho interesse neste imóvel e gostaria de agendar uma visita."}
			b.SetParallelism(16) // many waiting submitters, as with 64 connections on 2 cores
			b.ReportAllocs()
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				r := rand.New(rand.NewPCG(rand.Uint64(), 0))
				for pb.Next() {
					if _, err := s.CreateLead(ctx, slugs[r.IntN(len(slugs))], in); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}

// BenchmarkCreateProperty is one admin creation with ten photos and a dozen
// amenities; it bounds how fast a large catalogue loads.
func BenchmarkCreateProperty(b *testing.B) {
	s := storetest.Open(b, "sqlite", store.Options{})
	items := demo.Generate(1000, 11)
	ctx := context.Background()
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		u := items[i%len(items)]
		title := fmt.Sprintf("%s (%d)", *u.Title, i)
		u.Title = &title
		if _, err := s.CreateProperty(ctx, u); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkRebuildDocuments is Migrate's rebuild of every stored document
// (after a change of their format) on a SQLite catalogue of 20,000
// generated properties; the catalogue is loaded once, outside the timing.
// cpu-s/op is the process's CPU time per rebuild, steadier than the wall
// time on a busy machine.
func BenchmarkRebuildDocuments(b *testing.B) {
	s, _ := benchCatalogue(b, "sqlite", 20_000)
	ctx := context.Background()
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		if err := store.Exec(ctx, s, `UPDATE catalog_version SET document_format = 'old'`); err != nil {
			b.Fatal(err)
		}
		before := cpuTime(b)
		b.StartTimer()
		if err := store.RebuildDocuments(ctx, s, 500); err != nil {
			b.Fatal(err)
		}
		cpu += cpuTime(b) - before
	}
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkReadDocs is the search index's whole read of a SQLite
// catalogue of 5,000 generated properties (search.ReadDocs over
// Store.ReadCatalog): what its first build and every rebuild wait for.
// cpu-s/op is the process's CPU time per read (the catalogue loaded
// before it), steadier than the wall time on a busy machine.
func BenchmarkReadDocs(b *testing.B) {
	s, _ := benchCatalogue(b, "sqlite", 5_000)
	ctx := context.Background()
	b.ReportAllocs()
	before := cpuTime(b)
	for b.Loop() {
		if _, docs, _, err := search.ReadDocs(ctx, s); err != nil || len(docs) != 5_000 {
			b.Fatalf("%d documents, %v", len(docs), err)
		}
	}
	b.ReportMetric((cpuTime(b)-before).Seconds()/float64(b.N), "cpu-s/op")
}
