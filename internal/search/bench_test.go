package search

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// words make generated titles and descriptions.
var words = strings.Fields(`apartamento casa cobertura sobrado terreno sala vista mar sol manhã varanda gourmet
piscina churrasqueira quintal amplo reformado mobiliado próximo praia centro comércio escolas ônibus silencioso
ventilado iluminado suíte closet lavabo cozinha americana área serviço garagem coberta portaria vinte quatro
horas academia salão festas playground jardim condomínio fechado segurança elevador andar alto frente fundos
lateral nascente poente`)

// generate returns n properties spread over 20 cities of 15
// neighborhoods each, with descriptions of some 60 words.
func generate(n int) ([]Doc, References) {
	r := rand.New(rand.NewPCG(1, 2))
	var refs References
	for _, s := range []string{"Apartamento", "Casa", "Cobertura", "Terreno", "Sala comercial", "Sobrado"} {
		refs.Subtypes = append(refs.Subtypes, Name{slugOf(s), s})
	}
	for c := range 20 {
		city := CityName{Slug: fmt.Sprintf("cidade-%d", c), Name: fmt.Sprintf("Cidade %d", c), State: "SC"}
		refs.Cities = append(refs.Cities, city)
		for h := range 15 {
			refs.Neighborhoods = append(refs.Neighborhoods, NeighborhoodName{city, Name{fmt.Sprintf("bairro-%d", h), fmt.Sprintf("Bairro %d", h)}})
		}
	}
	for _, a := range []string{"piscina", "churrasqueira", "elevador", "academia", "portaria", "varanda", "jardim", "sauna"} {
		refs.Amenities = append(refs.Amenities, Name{a, a})
	}
	text := func(k int) string {
		var b strings.Builder
		for i := range k {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[r.IntN(len(words))])
		}
		return b.String()
	}
	docs := make([]Doc, n)
	businesses := []string{"venda", "venda", "aluguel", "venda_aluguel"}
	for i := range docs {
		h := refs.Neighborhoods[r.IntN(len(refs.Neighborhoods))]
		d := Doc{ID: fmt.Sprintf("%08x-0000-7000-8000-%012d", i, i), Slug: fmt.Sprintf("imovel-%d", i), Code: fmt.Sprintf("IM-%05d", i),
			Title: text(5), Description: text(60), Address: "Rua " + text(2), Subtype: refs.Subtypes[r.IntN(len(refs.Subtypes))],
			City: h.City, Neighborhood: h.Name, Business: businesses[r.IntN(4)], Status: "disponivel", Featured: r.IntN(10) == 0,
			PriceCents: int64(100_000+r.IntN(3_000_000)) * 100, RentCents: NoBound, AreaM2: float64(30 + r.IntN(400)),
			Bedrooms: r.IntN(6), Bathrooms: 1 + r.IntN(4), Suites: r.IntN(3), Parking: r.IntN(4),
			CreatedAt: t0.Add(time.Duration(i) * time.Minute)}
		if d.Business != "venda" {
			d.RentCents = int64(800+r.IntN(15_000)) * 100
		}
		if d.Business == "aluguel" {
			d.PriceCents = d.RentCents
		}
		for _, a := range refs.Amenities {
			if r.IntN(3) == 0 {
				d.Amenities = append(d.Amenities, a.Slug)
			}
		}
		docs[i] = d
	}
	return docs, refs
}

func slugOf(s string) string { return strings.ReplaceAll(strings.ToLower(s), " ", "-") }

var benchSizes = []int{1_000, 100_000}

// BenchmarkSearch searches generated catalogues: a text query with
// filters (every facet counted), the same on a late page, filters alone,
// and no filter at all.
func BenchmarkSearch(b *testing.B) {
	for _, n := range benchSizes {
		ix := Build(generate(n))
		for name, raw := range map[string]string{
			"text+filters":         "q=varanda+piscina&business=venda&city=cidade-3-sc&bedrooms=2&price_max=2000000",
			"text+filters/page-40": "q=varanda+piscina&business=venda&city=cidade-3-sc&bedrooms=2&price_max=2000000&page=40",
			"text-prefix":          "q=c&sort=price_asc",
			"city+text":            "q=casa&business=venda&city=cidade-3-sc&bedrooms=2&price_max=900000&sort=newest",
			"filters":              "business=aluguel&subtype=casa&subtype=apartamento&amenity=piscina&sort=price_asc",
			"all":                  "",
		} {
			v, _ := url.ParseQuery(raw)
			q, err := ParseQuery(v)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%d/%s", n, name), func(b *testing.B) {
				b.ReportAllocs()
				defer reportCPU(b)()
				for b.Loop() {
					if _, err := ix.Search(q); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkBuild builds the index of generated catalogues, and reports
// the heap the index holds per property.
func BenchmarkBuild(b *testing.B) {
	for _, n := range benchSizes {
		docs, refs := generate(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			var ix *Index
			stop := reportCPU(b)
			for b.Loop() {
				ix = Build(docs, refs)
			}
			stop()
			b.ReportMetric(float64(heapOf(func() any { return Build(docs, refs) }))/float64(n), "heap-B/property")
			runtime.KeepAlive(ix)
		})
	}
}

// BenchmarkApply derives the index after a write of one property (its
// price changed) from the index before it: what the search after a
// catalogue write waits for. Each round applies to the index the last
// made, so that its overlay grows as a day of edits would.
func BenchmarkApply(b *testing.B) {
	for _, n := range benchSizes {
		docs, refs := generate(n)
		ix := Build(docs, refs)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			defer reportCPU(b)()
			i := 0
			for b.Loop() {
				d := docs[i*7919%n]
				d.PriceCents += 100
				next, ok := ix.Apply([]Doc{d}, nil, refs)
				if !ok {
					b.Fatal("refused")
				}
				ix = next
				i++
			}
		})
	}
}

// reportCPU starts counting the process's CPU time (user and system, the
// collector's included); the function it returns reports it per
// operation as cpu-ns/op. On a machine whose cores other processes share,
// it is what an operation costs where ns/op also counts the waits.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() { b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op") }
}

func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// heapOf returns the bytes of heap that what make returns keeps alive.
func heapOf(make func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	v := make()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(v)
	return after.HeapAlloc - before.HeapAlloc
}
