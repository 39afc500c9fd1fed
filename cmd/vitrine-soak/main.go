// Command vitrine-soak runs a mixed load against a freshly built
// "vitrine serve" on SQLite and says whether the service held up: no 5xx,
// no lost lead, memory flat.
//
//	go run ./cmd/vitrine-soak            (make soak)
//
// It builds cmd/vitrine into a temporary folder, starts it on a new SQLite
// database at a free local port with the contact limit off, creates a small
// catalogue through the admin API, and then, from Go HTTP clients in this
// process, reads detail pages (the JSON API and the server-rendered page),
// submits contact forms and updates properties as an administrator. At the
// end it counts the stored leads through the admin API and compares them
// with the leads answered 201.
//
// Environment: SOAK_DURATION (default 60s), SOAK_WORKERS (default 32).
//
// Memory is the server's resident set (VmRSS), sampled every second: the
// warmed-up figure is the highest sample of the first tenth of the run (at
// most 10 s), the final one the median of the last five. "Flat" means
// final ≤ maxGrowth × warmed-up + sqliteCacheAllowance, and no more
// goroutines at the end than once warmed up (plus a few).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
)

// The bound of "memory flat". Every lead written grows the database, and
// SQLite's page cache of the writer connection (cache_size, 16 MB in
// store/sqlite.go) keeps the pages it touches until it is full, which at
// this load takes about three minutes: the server's RSS climbs by up to
// about twice that (measured: +33 MiB, then flat; with a 2 MB cache_size
// it stays flat from the start), since each 4 KiB page and its header take
// an 8 KiB block of the allocator of modernc's SQLite. That is the
// allowance; the rest of the process may grow by maxGrowth.
const (
	maxGrowth            = 1.25
	sqliteCacheAllowance = 32 << 20
)

// maxGoroutineGrowth bounds the goroutines gained after the warm-up: the
// connections of 32 clients come and go, a leak of one per request would
// add thousands.
const maxGoroutineGrowth = 50

// The mix of operations, in percent.
const (
	pctDetailAPI  = 50
	pctDetailPage = 20
	pctContact    = 22
	pctUpdate     = 8
)

const properties = 20

func main() {
	err := soak()
	if err != nil && !errors.Is(err, errFailed) {
		fmt.Fprintln(os.Stderr, "vitrine-soak:", err)
	}
	if err != nil {
		os.Exit(1)
	}
}

// errFailed is a run that completed with a failing verdict.
var errFailed = errors.New("verdict: failed")

type config struct {
	duration time.Duration
	workers  int
}

func readConfig() (config, error) {
	c := config{duration: 60 * time.Second, workers: 32}
	if v := os.Getenv("SOAK_DURATION"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return c, fmt.Errorf("SOAK_DURATION %q: want a duration such as 60s or 10m", v)
		}
		c.duration = d
	}
	if v := os.Getenv("SOAK_WORKERS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 1024 {
			return c, fmt.Errorf("SOAK_WORKERS %q: want a number from 1 to 1024", v)
		}
		c.workers = n
	}
	return c, nil
}

func soak() error {
	cfg, err := readConfig()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	dir, err := os.MkdirTemp("", "vitrine-soak-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	fmt.Printf("Construindo vitrine… ")
	bin, err := proc.Build(ctx, dir)
	if err != nil {
		return err
	}
	fmt.Println("ok")
	db := filepath.Join(dir, "soak.db")
	token, err := mintToken(bin, db)
	if err != nil {
		return err
	}
	srv, err := proc.Start(ctx, bin, []string{"serve", "--addr", "127.0.0.1:0", "--db", db, "--contact-limit", "off", "--contact-address-limit", "off", "--search-limit", "off", "--log-level", "warn", "--metrics-addr", "main"},
		proc.Options{Env: append(os.Environ(), "VITRINE_DEMO="), Log: filepath.Join(dir, "serve.log")})
	if err != nil {
		return err
	}
	defer srv.Kill()
	fmt.Printf("vitrine serve (pid %d) em %s, SQLite em %s\n", srv.Pid(), srv.URL, db)

	client := &http.Client{
		Transport: &http.Transport{MaxIdleConns: cfg.workers, MaxIdleConnsPerHost: cfg.workers},
		Timeout:   30 * time.Second,
	}
	props, err := seed(ctx, client, srv.URL, token)
	if err != nil {
		return err
	}
	idle := sampleNow(client, srv, 0)

	warmup := min(cfg.duration/10, 10*time.Second)
	fmt.Printf("Carga mista por %v com %d clientes (aquecimento: %v)…\n", cfg.duration, cfg.workers, warmup)
	res, samples := load(ctx, cfg, client, srv, token, props)
	mem := summarize(idle, samples, warmup)

	stored, err := countLeads(client, srv.URL, token)
	if err != nil {
		return fmt.Errorf("count leads: %w", err)
	}
	dbSize := fileSize(db) + fileSize(db+"-wal")
	stopErr := srv.Stop(20 * time.Second)
	report(cfg, res, stored, mem, samples, dbSize, stopErr)
	if !verdict(res, stored, mem, stopErr) {
		return errFailed // after the deferred clean-up
	}
	return nil
}

func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

func mintToken(bin, db string) (string, error) {
	out, err := exec.Command(bin, "token", "create", "soak", "--db", db).Output()
	if err != nil {
		return "", fmt.Errorf("vitrine token create: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1]), nil
}

// property is one property of the soak's catalogue.
type property struct{ ID, Slug string }

// seed creates the catalogue through the admin API.
func seed(ctx context.Context, c *http.Client, base, token string) ([]property, error) {
	var out []property
	for i := range properties {
		body := map[string]any{
			"title": fmt.Sprintf("Apartamento %d no Centro", i+1), "price": fmt.Sprintf("%d.00", 350000+i*10000),
			"condo_fee": "850.50", "type": []string{"venda", "aluguel"}[i%2], "bedrooms": 1 + i%4, "bathrooms": 1 + i%3,
			"parking_spots": i % 3, "area_m2": 48.5 + float64(i), "is_featured": i%5 == 0,
			"description": strings.Repeat("Apartamento claro, com varanda e vista para o mar. ", 8),
			"address":     fmt.Sprintf("Rua Bocaiúva, %d", 100+i),
			"subtype":     map[string]any{"name": "Apartamento"}, "city": map[string]any{"name": "Florianópolis", "state": "SC"},
			"neighborhood": map[string]any{"name": []string{"Centro", "Agronômica", "Trindade"}[i%3]},
			"photos": []any{
				map[string]any{"url": fmt.Sprintf("https://img.example.com/ap%d/sala.jpg", i), "alt_text": "Sala"},
				map[string]any{"url": fmt.Sprintf("https://img.example.com/ap%d/quarto.jpg", i), "alt_text": "Quarto"},
				map[string]any{"url": fmt.Sprintf("https://img.example.com/ap%d/varanda.jpg", i), "alt_text": "Varanda"},
			},
			"amenities": []any{
				map[string]any{"name": "Ar-condicionado", "group": "caracteristica"},
				map[string]any{"name": "Piscina", "group": "lazer"},
			},
		}
		status, raw, err := call(ctx, c, "POST", base+"/api/admin/properties", token, body)
		if err != nil || status != http.StatusCreated {
			return nil, fmt.Errorf("create property %d: %d %s %v", i, status, raw, err)
		}
		var p property
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// call sends one request and reads the whole answer.
func call(ctx context.Context, c *http.Client, method, url, token string, body any) (int, []byte, error) {
	a, err := proc.Call(ctx, c, method, url, token, body)
	return a.Status, a.Body, err
}

// op is a kind of request of the mix.
type op int

const (
	opDetailAPI op = iota
	opDetailPage
	opContact
	opUpdate
	nOps
)

var opNames = [nOps]string{"detalhe (API)", "página do imóvel", "contato", "atualização admin"}

// tally is what one worker saw.
type tally struct {
	latencies [nOps][]time.Duration
	statuses  map[int]int
	transport int      // requests that got no answer
	examples  []string // a few unexpected answers
	leadsOK   int      // contact submissions answered 201
}

// results is the whole run's tally.
type results struct {
	tally
	elapsed time.Duration
}

// sample is the server's state at a moment of the run: RSS from /proc,
// goroutines and Go heap from its /metrics (-1 when not served).
type sample struct {
	at         time.Duration
	rss        int64
	goroutines int
	heap       int64
}

func sampleNow(c *http.Client, srv *proc.Process, at time.Duration) sample {
	sm := sample{at: at, goroutines: -1, heap: -1}
	sm.rss = srv.RSS()
	status, raw, err := call(context.Background(), c, "GET", srv.URL+"/metrics", "", nil)
	if err != nil || status != http.StatusOK {
		return sm
	}
	for _, line := range strings.Split(string(raw), "\n") {
		name, value, ok := strings.Cut(line, " ")
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			continue
		}
		switch name {
		case "go_goroutines":
			sm.goroutines = int(v)
		case "go_memstats_heap_alloc_bytes":
			sm.heap = int64(v)
		}
	}
	return sm
}

// load runs the mix for cfg.duration (or until ctx ends) and returns the
// tally and a sample of the server every second. Requests in flight at the
// end run to their answer, so that every lead stored was answered.
func load(ctx context.Context, cfg config, c *http.Client, srv *proc.Process, token string, props []property) (results, []sample) {
	start := time.Now()
	end := start.Add(cfg.duration)
	running := func() bool { return ctx.Err() == nil && time.Now().Before(end) }

	var samples []sample
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for range t.C {
			if !running() {
				return
			}
			samples = append(samples, sampleNow(c, srv, time.Since(start)))
		}
	}()

	tallies := make([]*tally, cfg.workers)
	var wg sync.WaitGroup
	for w := range cfg.workers {
		tl := &tally{statuses: map[int]int{}}
		tallies[w] = tl
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			for n := 0; running(); n++ {
				p := props[rng.IntN(len(props))]
				var (
					kind   op
					method = "GET"
					url    string
					body   any
					tok    string
					want   = http.StatusOK
				)
				switch x := rng.IntN(100); {
				case x < pctDetailAPI:
					kind, url = opDetailAPI, srv.URL+"/api/v1/properties/"+p.Slug
				case x < pctDetailAPI+pctDetailPage:
					kind, url = opDetailPage, srv.URL+"/imoveis/"+p.Slug
				case x < pctDetailAPI+pctDetailPage+pctContact:
					kind, method, url, want = opContact, "POST", srv.URL+"/api/v1/properties/"+p.Slug+"/contact", http.StatusCreated
					body = map[string]string{"name": fmt.Sprintf("Visitante %d-%d", w, n), "email": fmt.Sprintf("v%d.%d@example.com", w, n),
						"phone": "48 99999-0000", "message": "Gostaria de agendar uma visita neste fim de semana."}
				default:
					kind, method, url, tok = opUpdate, "PUT", srv.URL+"/api/admin/properties/"+p.ID, token
					body = map[string]any{"price": fmt.Sprintf("%d.00", 300000+rng.IntN(200000)),
						"video_url": fmt.Sprintf("https://youtu.be/soak%d", rng.IntN(1000)), "video_position": []string{"carousel", "section"}[n%2]}
				}
				t0 := time.Now()
				status, raw, err := call(context.Background(), c, method, url, tok, body)
				took := time.Since(t0)
				if err != nil {
					tl.transport++
					if len(tl.examples) < 3 {
						tl.examples = append(tl.examples, fmt.Sprintf("%s %s: %v", method, url, err))
					}
					continue
				}
				tl.latencies[kind] = append(tl.latencies[kind], took)
				tl.statuses[status]++
				if status == http.StatusCreated && kind == opContact {
					tl.leadsOK++
				}
				if status != want && len(tl.examples) < 3 {
					tl.examples = append(tl.examples, fmt.Sprintf("%s %s: %d %s", method, url, status, raw))
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	<-sampled

	res := results{tally: tally{statuses: map[int]int{}}, elapsed: elapsed}
	for _, tl := range tallies {
		for k := range nOps {
			res.latencies[k] = append(res.latencies[k], tl.latencies[k]...)
		}
		for s, n := range tl.statuses {
			res.statuses[s] += n
		}
		res.transport += tl.transport
		res.leadsOK += tl.leadsOK
		if len(res.examples) < 10 {
			res.examples = append(res.examples, tl.examples...)
		}
	}
	return res, samples
}

// memory is the run's memory figures: idle (before the load), warmed up
// (the highest sample of the warm-up) and final (the median of the last
// five samples, which a GC cycle or two would otherwise swing).
type memory struct {
	idle, warm, final sample
}

func summarize(idle sample, samples []sample, warmup time.Duration) memory {
	m := memory{idle: idle, warm: sample{goroutines: -1, heap: -1}}
	if len(samples) == 0 {
		samples = []sample{idle}
	}
	for _, s := range samples {
		if s.at > warmup && m.warm.rss != 0 {
			break
		}
		m.warm.rss = max(m.warm.rss, s.rss)
		m.warm.goroutines = max(m.warm.goroutines, s.goroutines)
		m.warm.heap = max(m.warm.heap, s.heap)
	}
	last := samples[max(0, len(samples)-5):]
	median := func(f func(sample) int64) int64 {
		v := make([]int64, len(last))
		for i, s := range last {
			v[i] = f(s)
		}
		slices.Sort(v)
		if len(v) == 0 {
			return 0
		}
		return v[len(v)/2]
	}
	m.final = sample{
		rss:        median(func(s sample) int64 { return s.rss }),
		goroutines: int(median(func(s sample) int64 { return int64(s.goroutines) })),
		heap:       median(func(s sample) int64 { return s.heap }),
	}
	return m
}

// rssBound is the most the final RSS may be for memory to count as flat.
func (m memory) rssBound() int64 {
	return int64(maxGrowth*float64(m.warm.rss)) + sqliteCacheAllowance
}

// countLeads reads the number of stored leads through the admin API.
func countLeads(c *http.Client, base, token string) (int, error) {
	status, raw, err := call(context.Background(), c, "GET", base+"/api/admin/leads?per_page=1&page=1", token, nil)
	if err != nil || status != http.StatusOK {
		return 0, fmt.Errorf("%d %s %v", status, raw, err)
	}
	var page struct{ Total int }
	err = json.Unmarshal(raw, &page)
	return page.Total, err
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted)-1) * p)
	return sorted[i]
}

func mib(b int64) string { return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20)) }

func report(cfg config, res results, stored int, mem memory, samples []sample, dbSize int64, stopErr error) {
	var all []time.Duration
	for k := range nOps {
		all = append(all, res.latencies[k]...)
	}
	total := len(all) + res.transport
	fmt.Println()
	fmt.Printf("Requisições:        %d em %v (%.0f/s), %d clientes\n", total, res.elapsed.Round(time.Millisecond),
		float64(total)/res.elapsed.Seconds(), cfg.workers)
	codes := make([]int, 0, len(res.statuses))
	for s := range res.statuses {
		codes = append(codes, s)
	}
	slices.Sort(codes)
	fmt.Printf("Respostas:         ")
	for _, s := range codes {
		fmt.Printf(" %d×%d", s, res.statuses[s])
	}
	fmt.Printf("; sem resposta: %d\n", res.transport)
	errs, fives := 0, 0
	for s, n := range res.statuses {
		if s >= 400 {
			errs += n
		}
		if s >= 500 {
			fives += n
		}
	}
	fmt.Printf("Erros:              %d 4xx/5xx (dos quais %d 5xx), %d sem resposta\n", errs, fives, res.transport)
	slices.Sort(all)
	fmt.Printf("Latência (todas):   p50 %v  p99 %v  máx %v\n", percentile(all, 0.5).Round(time.Microsecond),
		percentile(all, 0.99).Round(time.Microsecond), percentile(all, 1).Round(time.Microsecond))
	for k := range nOps {
		l := res.latencies[k]
		slices.Sort(l)
		fmt.Printf("  %-18s %7d  p50 %-10v p99 %v\n", opNames[k]+":", len(l), percentile(l, 0.5).Round(time.Microsecond),
			percentile(l, 0.99).Round(time.Microsecond))
	}
	fmt.Printf("Leads:              %d enviados com resposta 201, %d gravados (banco ao fim: %s)\n", res.leadsOK, stored, mib(dbSize))
	fmt.Printf("Memória (VmRSS):    ociosa %s, aquecida %s, final %s (final/aquecida %.2f; limite %s = %.2f × aquecida + %s)\n",
		mib(mem.idle.rss), mib(mem.warm.rss), mib(mem.final.rss), float64(mem.final.rss)/float64(max(mem.warm.rss, 1)),
		mib(mem.rssBound()), maxGrowth, mib(sqliteCacheAllowance))
	if mem.warm.goroutines >= 0 {
		fmt.Printf("Go (/metrics):      goroutines %d → %d → %d, heap %s → %s → %s (ociosa → aquecida → final)\n",
			mem.idle.goroutines, mem.warm.goroutines, mem.final.goroutines, mib(mem.idle.heap), mib(mem.warm.heap), mib(mem.final.heap))
	}
	if len(samples) > 0 {
		fmt.Printf("  RSS por tempo:   ")
		step := max(1, len(samples)/10)
		for i := 0; i < len(samples); i += step {
			fmt.Printf(" %ds:%s", int(samples[i].at.Seconds()), mib(samples[i].rss))
		}
		fmt.Println()
	}
	if stopErr != nil {
		fmt.Printf("Parada do servidor: %v\n", stopErr)
	}
	for _, e := range res.examples {
		fmt.Printf("  exemplo: %s\n", e)
	}
}

// verdict prints the checks and reports whether all passed.
func verdict(res results, stored int, mem memory, stopErr error) bool {
	fives := 0
	for s, n := range res.statuses {
		if s >= 500 {
			fives += n
		}
	}
	checks := []struct {
		ok   bool
		text string
	}{
		{fives == 0 && res.transport == 0, fmt.Sprintf("zero 5xx e zero requisições sem resposta (%d 5xx, %d sem resposta)", fives, res.transport)},
		{stored == res.leadsOK, fmt.Sprintf("zero leads perdidos (%d respondidos 201, %d gravados)", res.leadsOK, stored)},
		{mem.warm.rss > 0 && mem.final.rss <= mem.rssBound(), fmt.Sprintf("memória estável (final %s ≤ %s)", mib(mem.final.rss), mib(mem.rssBound()))},
		{mem.warm.goroutines < 0 || mem.final.goroutines <= mem.warm.goroutines+maxGoroutineGrowth,
			fmt.Sprintf("goroutines estáveis (final %d ≤ aquecida %d + %d)", mem.final.goroutines, mem.warm.goroutines, maxGoroutineGrowth)},
		{stopErr == nil, "o servidor parou limpo com SIGTERM"},
	}
	fmt.Println()
	pass := true
	for _, c := range checks {
		mark := "ok   "
		if !c.ok {
			mark, pass = "FALHA", false
		}
		fmt.Printf("[%s] %s\n", mark, c.text)
	}
	if pass {
		fmt.Println("Veredito: APROVADO")
	} else {
		fmt.Println("Veredito: REPROVADO")
	}
	return pass
}
