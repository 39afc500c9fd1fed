package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
	"github.com/vitrine/vitrine/internal/store"
)

// row is one line of the table: a scenario, measured in slices that
// alternate with slices of the ceiling, so that both see the same machine.
type row struct {
	name    string
	res     result        // the scenario's slices, summed
	ceil    result        // the ceiling's slices next to them, summed
	cpu     time.Duration // server CPU time per request
	ceilCPU time.Duration // ceiling CPU time per request
	rss     int64         // peak RSS of the server during the row, bytes
	warmup  result        // the scenario's warm-up (counted for the lead check)
	target  string        // what the row is checked against, for the summary
	beside  bool          // measured in the same slices as the row before it, whose ceiling slices it shares
	bare    bool          // a variant of the ceiling, not the server: its RSS is not the server's
}

// baseline is a smaller catalogue in a database of its own. Its warm and
// cold reads run in the same slices as the main catalogue's, so that the
// scale target compares the two on the same machine at the same moment:
// across two runs, the machine's phases moved the cold read's ratio by
// more than the 15 % the target allows.
type baseline struct {
	dsn    string
	slugs  []string
	detail string // its request file of detail reads
}

type bench struct {
	cfg    config
	dir    string
	bin    string // the vitrine binary
	dsn    string
	slugs  []string
	token  string
	wrk    *wrk
	client *http.Client
	rows   []row
	notes  []string

	sides        []sideRow // a comparison's scenarios (BENCH_COMPARE)
	compareLabel string    // the reference revision, as the report names it

	base        *baseline     // nil unless cfg.scaleBase is set
	ceiling     *proc.Process // the ceiling server, running while scenarios run
	ceilingReqs string        // its request file: the detail reads
	bodySize    int           // the ceiling's body: the mean detail response
}

func run(ctx context.Context, cfg config) (err error) {
	dir, err := os.MkdirTemp("", "vitrine-bench-")
	if err != nil {
		return err
	}
	if cfg.keep {
		fmt.Fprintf(os.Stderr, "keeping %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	b := &bench{cfg: cfg, dir: dir, client: &http.Client{
		Timeout:   10 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: 64, DisableCompression: true},
	}}
	defer b.client.CloseIdleConnections()

	if b.wrk, err = newWrk(ctx, dir, cfg); err != nil {
		return err
	}
	if err := b.build(ctx); err != nil {
		return err
	}
	if cfg.db != "" {
		if !store.IsPostgres(cfg.db) {
			return fmt.Errorf("BENCH_DB=%q: want a postgres:// URL (SQLite is the default)", cfg.db)
		}
		dsn, drop, err := postgresSchema(ctx, cfg.db)
		if err != nil {
			return err
		}
		if cfg.keep {
			fmt.Fprintf(os.Stderr, "keeping the catalogue in %s\n", redact(dsn))
		} else {
			defer drop()
		}
		b.dsn = dsn
	} else {
		b.dsn = filepath.Join(dir, "vitrine.db")
	}

	step("loading %d properties into %s", cfg.properties, b.dialect())
	start := time.Now()
	var retried int64
	if b.slugs, retried, err = loadCatalogue(ctx, b.dsn, cfg.properties); err != nil {
		return err
	}
	load := time.Since(start)
	b.note("catalogue: %d properties loaded through store.CreateProperties (%d a transaction) in %s (%.0f/s)",
		cfg.properties, loadBatch, load.Round(100*time.Millisecond), float64(cfg.properties)/load.Seconds())
	if retried > 0 {
		b.note("catalogue: %d creations answered \"unavailable\" (a deadlock between concurrent creations) and were tried again", retried)
	}
	if cfg.floodOnly {
		return b.floodScenario(ctx, os.Stdout)
	}
	if cfg.backupOnly {
		return b.backupScenario(ctx, os.Stdout)
	}
	if cfg.compare != "" {
		if err := b.compare(ctx); err != nil {
			return err
		}
		b.printComparison(os.Stdout)
		return nil
	}
	if cfg.scaleBase > 0 {
		drop, err := b.loadBaseline(ctx)
		if err != nil {
			return err
		}
		defer drop()
	}
	if b.token, err = b.createToken(ctx); err != nil {
		return err
	}

	if !cfg.searchOnly {
		if err := b.startupTimes(ctx); err != nil {
			return err
		}
	}
	if err := b.scenarios(ctx); err != nil {
		return err
	}
	if cfg.crash && !cfg.searchOnly {
		if err := b.crashCheck(ctx); err != nil {
			return err
		}
	}
	b.print(os.Stdout)
	return nil
}

func (b *bench) dialect() string {
	if store.IsPostgres(b.dsn) {
		return "PostgreSQL"
	}
	return "SQLite"
}

func step(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "== "+format+"\n", args...)
}

func (b *bench) note(format string, args ...any) {
	b.notes = append(b.notes, fmt.Sprintf(format, args...))
}

// loadBaseline loads the smaller catalogue into a database of its own (a
// second file, or a second schema) and returns what removes that schema.
func (b *bench) loadBaseline(ctx context.Context) (drop func(), err error) {
	base := &baseline{dsn: filepath.Join(b.dir, "vitrine-base.db")}
	drop = func() {}
	if b.cfg.db != "" {
		if base.dsn, drop, err = postgresSchema(ctx, b.cfg.db); err != nil {
			return nil, err
		}
	}
	step("loading %d properties into a second database, to measure beside the %d", b.cfg.scaleBase, b.cfg.properties)
	if base.slugs, _, err = loadCatalogue(ctx, base.dsn, b.cfg.scaleBase); err != nil {
		drop()
		return nil, err
	}
	b.base = base
	return drop, nil
}

// build compiles the vitrine command of this module.
func (b *bench) build(ctx context.Context) (err error) {
	step("building %s", filepath.Join(b.dir, "vitrine"))
	b.bin, err = proc.Build(ctx, b.dir)
	return err
}

// stop ends a process the bench started (SIGTERM, SIGKILL after 20 s). Its
// exit status does not matter, only that it ended.
func stop(p *proc.Process) error {
	err := p.Stop(20 * time.Second)
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return nil
	}
	return err
}

// createToken mints the run's admin token.
func (b *bench) createToken(ctx context.Context) (string, error) {
	return mintToken(ctx, b.bin, b.dsn)
}

// mintToken mints an admin token on the database at dsn with bin's "vitrine
// token create", which prints it alone on its last line.
func mintToken(ctx context.Context, bin, dsn string) (string, error) {
	out, err := exec.CommandContext(ctx, bin, "token", "create", "bench", "--db", dsn).Output()
	if err != nil {
		return "", fmt.Errorf("vitrine token create: %w", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.TrimSpace(lines[len(lines)-1]), nil
}

// serve starts vitrine serve on the database at dsn.
func (b *bench) serve(ctx context.Context, name, dsn string, cacheMB int) (*proc.Process, error) {
	return b.serveBuild(ctx, build{bin: b.bin}, name, dsn, cacheMB)
}

// build is a vitrine binary, with what its servers get beyond the run's
// settings.
type build struct {
	bin  string
	args []string // more arguments of serve, after the run's (the last of a flag wins)
	env  []string // more environment, NAME=value, after the run's
}

// serveBuild starts bd's serve command on the database at dsn.
func (b *bench) serveBuild(ctx context.Context, bd build, name, dsn string, cacheMB int) (*proc.Process, error) {
	args := []string{"serve", "--db", dsn, "--addr", "127.0.0.1:0", "--contact-limit", "off", "--contact-address-limit", "off"}
	if cacheMB >= 0 {
		args = append(args, "--cache-mb", strconv.Itoa(cacheMB))
	}
	if b.cfg.logLevel != "" {
		args = append(args, "--log-level", b.cfg.logLevel)
	}
	if knowsFlag(ctx, bd.bin, "search-limit") {
		// The load comes from one address: limited, it would measure 429s.
		args = append(args, "--search-limit", "off")
	}
	if knowsFlag(ctx, bd.bin, "metrics-addr") {
		// /metrics on a port of its own, never a fixed one two servers
		// would share.
		args = append(args, "--metrics-addr", "127.0.0.1:0")
	}
	args = append(args, bd.args...)
	var env []string
	if b.cfg.memLimit != "" {
		env = append(os.Environ(), "GOMEMLIMIT="+b.cfg.memLimit)
	}
	if len(bd.env) > 0 {
		if env == nil {
			env = os.Environ()
		}
		env = append(env, bd.env...)
	}
	return proc.Start(ctx, bd.bin, args, proc.Options{Name: name, Env: env, Log: filepath.Join(b.dir, name+".log")})
}

// knowsFlag reports whether bin's serve command has this flag (a reference
// build may be older than it).
func knowsFlag(ctx context.Context, bin, flag string) bool {
	out, _ := exec.CommandContext(ctx, bin, "serve", "-h").CombinedOutput()
	return strings.Contains(string(out), "-"+flag+" ")
}

// startupTimes starts the server on the loaded database five times and
// measures how long it takes to answer its first detail read.
func (b *bench) startupTimes(ctx context.Context) error {
	step("measuring start-up: time to the first answered detail read")
	var times []time.Duration
	for i := range 5 {
		p, err := b.serve(ctx, "serve-start-"+strconv.Itoa(i), b.dsn, -1)
		if err != nil {
			return err
		}
		url := p.URL + "/api/v1/properties/" + b.slugs[rand.IntN(len(b.slugs))]
		var first time.Duration
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); {
			resp, err := b.client.Get(url)
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					first = time.Since(p.Started)
					break
				}
			}
			time.Sleep(time.Millisecond)
		}
		if err := stop(p); err != nil {
			return err
		}
		if first == 0 {
			return fmt.Errorf("the server did not answer a detail read within 10 s of start")
		}
		times = append(times, first)
	}
	slices.Sort(times)
	b.note("start-up on the loaded database, process start to first 200 of a detail read, 5 starts: median %s, max %s (target ≤ 300 ms)",
		ms(times[len(times)/2]), ms(times[len(times)-1]))
	return nil
}

// scenarios runs the measured loads.
func (b *bench) scenarios(ctx context.Context) error {
	warm, err := b.serve(ctx, "serve-warm", b.dsn, b.cfg.cacheMB)
	if err != nil {
		return err
	}
	defer stop(warm)

	step("sampling detail responses and their ETags")
	size, etags, err := b.sample(ctx, warm.URL, b.slugs)
	if err != nil {
		return err
	}
	b.bodySize = size
	b.note("detail response: %d bytes on average (identity); the ceiling's constant body has the same size and is read with the same requests", size)

	ceiling, err := b.startCeiling(ctx, "ceiling", size, 1)
	if err != nil {
		return err
	}
	defer stop(ceiling)
	distinct, err := b.startCeiling(ctx, "ceiling-distinct", size, len(b.slugs))
	if err != nil {
		return err
	}
	defer stop(distinct)

	files, err := b.requestFiles(etags)
	if err != nil {
		return err
	}

	b.ceiling, b.ceilingReqs = ceiling, files["detail"]
	step("warming up the ceiling")
	if _, err := b.wrk.run(ctx, ceiling.URL, b.ceilingReqs, max(b.cfg.warmup, time.Second)); err != nil {
		return err
	}
	if b.cfg.searchOnly {
		return b.searchScenarios(ctx, warm)
	}
	warmRow := contender{name: "2. GET detail, warm (cache)", target: "warm", p: warm, reqFile: files["detail"]}
	distinctRow := contender{name: fmt.Sprintf("1b. ceiling with %d bodies, one per slug (informational)", len(b.slugs)), p: distinct, reqFile: files["detail"], bare: true}
	if err := b.measureWithBase(ctx, warmRow, "warm", b.cfg.cacheMB, distinctRow); err != nil {
		return err
	}
	if err := stop(distinct); err != nil {
		return err
	}
	if err := b.measure(ctx, "2b. GET detail, warm, Accept-Encoding: gzip", warm, files["detail-gzip"], ""); err != nil {
		return err
	}
	if err := b.measure(ctx, "2c. GET detail, warm, Zipf-distributed slugs (s = 1.1)", warm, files["detail-zipf"], ""); err != nil {
		return err
	}
	if err := b.measure(ctx, "4. GET detail, If-None-Match (304)", warm, files["inm"], "304"); err != nil {
		return err
	}
	if err := b.measure(ctx, "6. GET list (home)", warm, files["list"], ""); err != nil {
		return err
	}
	searchFiles, err := b.searchRequestFiles(ctx, warm.URL)
	if err != nil {
		return err
	}
	if err := b.searchWarm(ctx, warm, searchFiles); err != nil {
		return err
	}
	before, err := b.leadCount(ctx, warm.URL)
	if err != nil {
		return err
	}
	const contactRow = "5. POST contact (201)"
	if err := b.measure(ctx, contactRow, warm, files["contact"], "contact"); err != nil {
		return err
	}
	after, err := b.leadCount(ctx, warm.URL)
	if err != nil {
		return err
	}
	answered := int64(0)
	for _, r := range b.rows {
		if r.name == contactRow {
			answered += r.res.requests - r.res.errors + r.warmup.requests - r.warmup.errors
		}
	}
	b.note("contact: %d leads stored for %d answered 201 (warm-up included; requests in flight when wrk stops are stored without being counted)",
		after-before, answered)
	if err := stop(warm); err != nil {
		return err
	}

	cold, err := b.serve(ctx, "serve-cold", b.dsn, 0)
	if err != nil {
		return err
	}
	defer stop(cold)
	coldRow := contender{name: "3. GET detail, cache off (database)", target: "cold", p: cold, reqFile: files["detail"]}
	if err := b.measureWithBase(ctx, coldRow, "cold", 0); err != nil {
		return err
	}
	if err := b.searchCold(ctx, cold, searchFiles); err != nil {
		return err
	}
	if err := stop(cold); err != nil {
		return err
	}
	return nil
}

// runtimeVars are the Go runtime's settings that the ceiling does not
// inherit.
var runtimeVars = []string{"GOMAXPROCS", "GOGC", "GOMEMLIMIT", "GODEBUG"}

// startCeiling starts the ceiling server. It runs with the Go runtime's
// defaults whatever the environment says, so that it stays the most this
// machine's HTTP stack can do: with more Ps than cores, for one, the
// ceiling itself spends more CPU per request, and every ratio would look
// better.
func (b *bench) startCeiling(ctx context.Context, name string, size, bodies int) (*proc.Process, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return slices.Contains(runtimeVars, name)
	})
	return proc.Start(ctx, self, []string{ceilingCommand, "127.0.0.1:0", strconv.Itoa(size), strconv.Itoa(bodies)},
		proc.Options{Name: name, Env: env, Log: filepath.Join(b.dir, name+".log"), Ready: "ceiling on "})
}

// contender is one server's part in a measured round: the row's name,
// the target its figures are checked against, and its requests.
type contender struct {
	name, target string
	p            *proc.Process
	reqFile      string
	bare         bool // a variant of the ceiling
}

// measure runs one row: see measureTogether.
func (b *bench) measure(ctx context.Context, name string, p *proc.Process, reqFile, target string) error {
	return b.measureTogether(ctx, contender{name: name, target: target, p: p, reqFile: reqFile})
}

// measureWithBase measures c, then the others, and, when there is a
// baseline catalogue, the same reads on it, all in the same slices; the
// baseline's server is started with cacheMB and stopped afterwards.
func (b *bench) measureWithBase(ctx context.Context, c contender, what string, cacheMB int, others ...contender) error {
	cs := append([]contender{c}, others...)
	if b.base == nil {
		return b.measureTogether(ctx, cs...)
	}
	p, err := b.serve(ctx, "serve-"+what+"-base", b.base.dsn, cacheMB)
	if err != nil {
		return err
	}
	defer stop(p)
	if b.base.detail == "" {
		if b.base.detail, err = b.baseRequests(ctx, p.URL); err != nil {
			return err
		}
	}
	return b.measureTogether(ctx, append(cs, contender{
		name:    fmt.Sprintf("%s, %d properties in the same slices", c.name, b.cfg.scaleBase),
		target:  what + "-base",
		p:       p,
		reqFile: b.base.detail,
	})...)
}

// baseRequests reads every document of the baseline once, as sample does
// for the main catalogue, and writes the baseline's detail request file.
func (b *bench) baseRequests(ctx context.Context, url string) (string, error) {
	if _, _, err := b.sample(ctx, url, b.base.slugs); err != nil {
		return "", err
	}
	path := filepath.Join(b.dir, "detail-base.req")
	return path, writeRequests(path, detailRequests(b.base.slugs))
}

// measureTogether runs a warm-up of each contender, then the measured load
// in slices that alternate with slices of the ceiling: ceiling, scenario,
// ceiling, scenario… A burst of other work on the machine then falls on
// both alike. With several contenders, each takes a slice after each
// ceiling slice, and all are compared with the same ceiling slices.
func (b *bench) measureTogether(ctx context.Context, cs ...contender) error {
	rows := make([]row, len(cs))
	cpu := make([]time.Duration, len(cs))
	for i, c := range cs {
		step("%s", c.name)
		c.p.ResetPeakRSS()
		rows[i] = row{name: c.name, target: c.target, beside: i > 0, bare: c.bare}
		if b.cfg.warmup > 0 {
			w, err := b.wrk.run(ctx, c.p.URL, c.reqFile, b.cfg.warmup)
			if err != nil {
				return err
			}
			rows[i].warmup = w
		}
	}
	n := b.cfg.slices
	slice := b.cfg.duration / time.Duration(n)
	var ceil result
	var ceilCPU time.Duration
	for range n {
		c0 := b.ceiling.CPUTime()
		r, err := b.wrk.run(ctx, b.ceiling.URL, b.ceilingReqs, slice)
		if err != nil {
			return err
		}
		ceilCPU += b.ceiling.CPUTime() - c0
		ceil.add(r)
		for i, c := range cs {
			s0 := c.p.CPUTime()
			r, err := b.wrk.run(ctx, c.p.URL, c.reqFile, slice)
			if err != nil {
				return err
			}
			cpu[i] += c.p.CPUTime() - s0
			rows[i].res.add(r)
		}
	}
	for i, c := range cs {
		rw := &rows[i]
		rw.ceil = ceil
		rw.cpu = perRequest(cpu[i], rw.res.requests)
		rw.ceilCPU = perRequest(ceilCPU, ceil.requests)
		rw.rss = c.p.PeakRSS()
		fmt.Fprintf(os.Stderr, "   %s%.0f req/s (ceiling %.0f: %.2f), p50 %s, p99 %s, %d errors, %s CPU per request (ceiling %s)\n",
			label(len(cs), c.name), rw.res.rps, rw.ceil.rps, rw.res.rps/rw.ceil.rps, ms(rw.res.p50), ms(rw.res.p99), rw.res.errors, us(rw.cpu), us(rw.ceilCPU))
	}
	b.rows = append(b.rows, rows...)
	return nil
}

// label names a contender in the progress lines when a round has several.
func label(n int, name string) string {
	if n == 1 {
		return ""
	}
	return name + ": "
}

// sample reads every detail document once (which also fills the cache as
// far as it holds them) and returns their mean size and their ETags.
func (b *bench) sample(ctx context.Context, base string, slugs []string) (int, []string, error) {
	etags := make([]string, len(slugs))
	sizes := make([]int, len(slugs))
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	work := make(chan int)
	for range 2 * runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/v1/properties/"+slugs[i], nil)
				resp, err := b.client.Do(req)
				if err == nil {
					var body []byte
					body, err = io.ReadAll(resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("GET %s: %s", req.URL.Path, resp.Status)
					}
					if err == nil && resp.Header.Get("Etag") == "" {
						err = fmt.Errorf("GET %s: no ETag", req.URL.Path)
					}
					etags[i], sizes[i] = resp.Header.Get("Etag"), len(body)
				}
				if err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range slugs {
		if firstErr != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
	if firstErr != nil {
		return 0, nil, firstErr
	}
	total := 0
	for _, s := range sizes {
		total += s
	}
	// Check the 304 path once before loading it.
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/v1/properties/"+slugs[0], nil)
	req.Header.Set("If-None-Match", etags[0])
	resp, err := b.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		return 0, nil, fmt.Errorf("If-None-Match answered %s with %d bytes, want 304 and no body", resp.Status, len(body))
	}
	return total / len(sizes), etags, nil
}

// detailRequests are the detail reads of slugs, one each.
func detailRequests(slugs []string) []request {
	reqs := make([]request, len(slugs))
	for i, s := range slugs {
		reqs[i] = request{method: "GET", path: "/api/v1/properties/" + s}
	}
	return reqs
}

// requestFiles writes the request file of each scenario.
func (b *bench) requestFiles(etags []string) (map[string]string, error) {
	detail := detailRequests(b.slugs)
	gz := make([]request, len(detail))
	inm := make([]request, len(detail))
	for i, d := range detail {
		gz[i] = request{method: "GET", path: d.path, header: "Accept-Encoding: gzip"}
		inm[i] = request{method: "GET", path: d.path, header: "If-None-Match: " + etags[i]}
	}
	r := rand.New(rand.NewPCG(benchSeed, 1))
	// Real traffic is skewed: a few listings get most visits. Sampling the
	// request file from a Zipf distribution makes wrk's uniform pick skewed
	// too, at the same client cost.
	zipf := rand.NewZipf(r, 1.1, 1, uint64(len(b.slugs)-1))
	order := r.Perm(len(b.slugs))
	skewed := make([]request, 200_000)
	for i := range skewed {
		skewed[i] = detail[order[zipf.Uint64()]]
	}
	contact := make([]request, 1000)
	for i := range contact {
		body, _ := json.Marshal(map[string]string{
			"name":    fmt.Sprintf("Visitante %d", i+1),
			"email":   fmt.Sprintf("visitante%d@example.com", i+1),
			"phone":   fmt.Sprintf("(48) 9%04d-%04d", r.IntN(10000), r.IntN(10000)),
			"message": fmt.Sprintf("Olá! Tenho interesse neste imóvel e gostaria de agendar uma visita. Podem me ligar à tarde? Ref. %d", i+1),
		})
		contact[i] = request{method: "POST", path: "/api/v1/properties/" + b.slugs[r.IntN(len(b.slugs))] + "/contact", body: string(body)}
	}
	list := []request{{method: "GET", path: "/api/v1/properties"}}
	files := map[string]string{}
	for name, reqs := range map[string][]request{"detail": detail, "detail-gzip": gz, "detail-zipf": skewed, "inm": inm, "contact": contact, "list": list} {
		path := filepath.Join(b.dir, name+".req")
		if err := writeRequests(path, reqs); err != nil {
			return nil, err
		}
		files[name] = path
	}
	return files, nil
}

// leadCount reads the number of stored leads through the admin API.
func (b *bench) leadCount(ctx context.Context, base string) (int64, error) {
	a, err := proc.Call(ctx, b.client, http.MethodGet, base+"/api/admin/leads?per_page=1", b.token, nil)
	if err != nil {
		return 0, err
	}
	var page struct {
		Total int64 `json:"total"`
	}
	if a.Status != http.StatusOK {
		return 0, fmt.Errorf("GET /api/admin/leads: %d", a.Status)
	}
	if err := json.Unmarshal(a.Body, &page); err != nil {
		return 0, fmt.Errorf("GET /api/admin/leads: %w", err)
	}
	return page.Total, nil
}

// perRequest is d shared out over n requests; 0 when there were none.
func perRequest(d time.Duration, n int64) time.Duration {
	if n <= 0 {
		return 0
	}
	return d / time.Duration(n)
}

func us(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Microsecond), 'f', 1, 64) + " µs"
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64) + " ms"
}
