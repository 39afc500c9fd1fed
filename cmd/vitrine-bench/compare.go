package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/vitrine/vitrine/internal/proc"
	"github.com/vitrine/vitrine/internal/store"
)

// A comparison (BENCH_COMPARE=REV) measures two builds of vitrine side by
// side: the reference, built from the git revision REV, and the candidate,
// built from the working tree as it is. Both serve copies of the same
// catalogue and take their load at the same moment, each from a wrk of its
// own with half the connections and threads, in rounds; each round gives
// the candidate's server CPU per request over the reference's. Separate
// runs on a shared machine move by more than most changes are worth (this
// machine's ceiling moved 20 % within an hour); two servers under load at
// once see the same machine, and rounds give the spread.

// sideRound is one round of a side-by-side scenario.
type sideRound struct {
	ref, cand       result
	refCPU, candCPU time.Duration // each server's CPU time in the round
}

// perRequest is each server's CPU time per request answered in the round.
func (rd sideRound) perRequest() (ref, cand time.Duration) {
	return perRequest(rd.refCPU, rd.ref.requests), perRequest(rd.candCPU, rd.cand.requests)
}

// sideRow is one scenario of a comparison.
type sideRow struct {
	name   string
	rounds []sideRound
}

// cpuRatios are the rounds' candidate-over-reference CPU per request.
func (r sideRow) cpuRatios() []float64 {
	var x []float64
	for _, rd := range r.rounds {
		if ref, cand := rd.perRequest(); ref > 0 && cand > 0 {
			x = append(x, float64(cand)/float64(ref))
		}
	}
	return x
}

// compare builds the reference, starts both builds on copies of the loaded
// catalogue and measures them side by side: warm reads, 304s, the home
// list, contact submissions and the whole request mix (mixFile) on servers
// with their default cache, then detail reads and the mix on servers
// without one.
func (b *bench) compare(ctx context.Context) error {
	refBuild, err := buildRevision(ctx, b.dir, b.cfg.compare)
	if err != nil {
		return err
	}
	b.compareLabel = refBuild.label
	if refBuild.otherSchema {
		b.note("the migrations at %s differ from the working tree's: the reference serves the catalogue as this tree's migrations shaped it, where it may take another path (an older build, for one, may not find what it looks up by and read more slowly)", refBuild.label)
	}
	refDSN := b.dsn
	if !store.IsPostgres(b.dsn) {
		// A database each, so that neither server's writes wait on the
		// other's. On PostgreSQL both use the one schema.
		refDSN = filepath.Join(b.dir, "vitrine-ref.db")
		if err := copyDatabase(b.dsn, refDSN); err != nil {
			return err
		}
	}
	candBuild := build{bin: b.bin, args: b.cfg.candidateArgs, env: b.cfg.candidateEnv}
	start := func(cacheMB int, suffix string) (ref, cand *proc.Process, err error) {
		if ref, err = b.serveBuild(ctx, build{bin: refBuild.bin}, "serve-ref-"+suffix, refDSN, cacheMB); err != nil {
			return nil, nil, err
		}
		if cand, err = b.serveBuild(ctx, candBuild, "serve-cand-"+suffix, b.dsn, cacheMB); err != nil {
			stop(ref)
			return nil, nil, err
		}
		return ref, cand, nil
	}

	ref, cand, err := start(b.cfg.cacheMB, "warm")
	if err != nil {
		return err
	}
	defer stop(ref)
	defer stop(cand)
	step("sampling detail responses of both builds")
	size, etags, err := b.sample(ctx, cand.URL, b.slugs)
	if err != nil {
		return err
	}
	b.bodySize = size
	_, refTags, err := b.sample(ctx, ref.URL, b.slugs)
	if err != nil {
		return err
	}
	for i := range etags {
		if etags[i] != refTags[i] {
			b.note("the two builds answer different documents (ETag of %s: %s against %s): the 304 row then compares a 304 with a 200", b.slugs[i], refTags[i], etags[i])
			break
		}
	}
	files, err := b.requestFiles(etags)
	if err != nil {
		return err
	}
	mix, err := b.mixFile(files, etags)
	if err != nil {
		return err
	}
	for _, p := range []*proc.Process{ref, cand} {
		if _, err := firstSearch(ctx, p.URL); err != nil {
			return err
		}
	}
	for _, s := range []struct{ name, file string }{
		{"GET detail, warm (cache)", files["detail"]},
		{"GET detail, If-None-Match (304)", files["inm"]},
		{"GET list (home)", files["list"]},
		{"POST contact (201)", files["contact"]},
		{"the request mix", mix},
	} {
		if err := b.sideBySide(ctx, s.name, ref, cand, s.file); err != nil {
			return err
		}
	}
	if err := stop(ref); err != nil {
		return err
	}
	if err := stop(cand); err != nil {
		return err
	}

	ref, cand, err = start(0, "cold")
	if err != nil {
		return err
	}
	defer stop(ref)
	defer stop(cand)
	if err := b.sideBySide(ctx, "GET detail, cache off (database)", ref, cand, files["detail"]); err != nil {
		return err
	}
	for _, p := range []*proc.Process{ref, cand} {
		if _, err := firstSearch(ctx, p.URL); err != nil {
			return err
		}
	}
	return b.sideBySide(ctx, "the request mix, cache off", ref, cand, mix)
}

// mixFile writes the request file of the whole mix: out of 1,000
// requests, 500 detail reads (Zipf-distributed slugs), 100 revalidations
// (304), 100 home lists, 150 searches with filters, 130 with a text query
// too, and 20 contact messages. wrk picks a line at random, so the file's
// proportions are the load's.
func (b *bench) mixFile(files map[string]string, etags []string) (string, error) {
	r := rand.New(rand.NewPCG(benchSeed, 3))
	detail := detailRequests(b.slugs)
	zipf := rand.NewZipf(r, 1.1, 1, uint64(len(b.slugs)-1))
	order := r.Perm(len(b.slugs))
	var reqs []request
	for range 10 {
		for range 500 {
			reqs = append(reqs, detail[order[zipf.Uint64()]])
		}
		for range 100 {
			i := r.IntN(len(detail))
			reqs = append(reqs, request{method: "GET", path: detail[i].path, header: "If-None-Match: " + etags[i]})
		}
		for range 100 {
			reqs = append(reqs, request{method: "GET", path: "/api/v1/properties"})
		}
		for range 150 {
			reqs = append(reqs, request{method: "GET", path: searchPath(filterValues(r))})
		}
		for range 130 {
			reqs = append(reqs, request{method: "GET", path: textSearchPath(r)})
		}
		for range 20 {
			body, _ := json.Marshal(map[string]string{
				"name":    "Visitante",
				"email":   fmt.Sprintf("visitante%d@example.com", r.IntN(100_000)),
				"phone":   fmt.Sprintf("(48) 9%04d-%04d", r.IntN(10000), r.IntN(10000)),
				"message": "Olá! Tenho interesse neste imóvel e gostaria de agendar uma visita.",
			})
			reqs = append(reqs, request{method: "POST", path: "/api/v1/properties/" + b.slugs[r.IntN(len(b.slugs))] + "/contact", body: string(body)})
		}
	}
	path := filepath.Join(b.dir, "mix.req")
	return path, writeRequests(path, reqs)
}

// sideBySide warms both servers up, then runs the rounds: both under load
// at once, the one whose wrk starts first taking turns.
func (b *bench) sideBySide(ctx context.Context, name string, ref, cand *proc.Process, reqFile string) error {
	step("%s, side by side", name)
	half := *b.wrk
	half.connections = max(1, b.wrk.connections/2)
	half.threads = max(1, b.wrk.threads/2)
	procs := [2]*proc.Process{ref, cand}
	if b.cfg.warmup > 0 {
		for _, p := range procs {
			if _, err := half.run(ctx, p.URL, reqFile, b.cfg.warmup); err != nil {
				return err
			}
		}
	}
	row := sideRow{name: name}
	slice := b.cfg.duration / time.Duration(b.cfg.slices)
	for i := range b.cfg.slices {
		var (
			wg   sync.WaitGroup
			res  [2]result
			errs [2]error
			cpu  [2]time.Duration
		)
		for k := range procs {
			cpu[k] = procs[k].CPUTime()
		}
		for j := range procs {
			k := (i + j) % 2
			wg.Add(1)
			go func() {
				defer wg.Done()
				res[k], errs[k] = half.run(ctx, procs[k].URL, reqFile, slice)
			}()
		}
		wg.Wait()
		for k := range procs {
			if errs[k] != nil {
				return errs[k]
			}
			cpu[k] = procs[k].CPUTime() - cpu[k]
		}
		rd := sideRound{ref: res[0], cand: res[1], refCPU: cpu[0], candCPU: cpu[1]}
		row.rounds = append(row.rounds, rd)
		ref, cand := rd.perRequest()
		fmt.Fprintf(os.Stderr, "   round %d: reference %s, candidate %s CPU per request (%.3f)\n",
			i+1, us(ref), us(cand), ratio(cand, ref))
	}
	b.sides = append(b.sides, row)
	return nil
}

// change is the geometric mean of ratios and its 95 % confidence interval
// (Student's t over the logarithms); with fewer than two ratios the
// interval is the mean itself.
func change(ratios []float64) (mean, lo, hi float64) {
	n := len(ratios)
	if n == 0 {
		return 0, 0, 0
	}
	var sum float64
	for _, x := range ratios {
		sum += math.Log(x)
	}
	m := sum / float64(n)
	if n < 2 {
		return math.Exp(m), math.Exp(m), math.Exp(m)
	}
	var ss float64
	for _, x := range ratios {
		d := math.Log(x) - m
		ss += d * d
	}
	half := studentT95(n-1) * math.Sqrt(ss/float64(n-1)/float64(n))
	return math.Exp(m), math.Exp(m - half), math.Exp(m + half)
}

// studentT95 is the two-sided 95 % critical value of Student's t with df
// degrees of freedom.
func studentT95(df int) float64 {
	t := [...]float64{12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	if df >= 1 && df <= len(t) {
		return t[df-1]
	}
	return 1.96
}

// minChange is the least difference a verdict names. A build compared
// with itself came out up to 0.6 % apart with an interval that excluded 1
// (the two servers' databases and places on the machine are not quite
// the same), so smaller differences are not read as the change's.
const minChange = 0.01

// verdict reads a confidence interval of the candidate over the reference.
func verdict(mean, lo, hi float64) string {
	switch {
	case hi < 1 && mean <= 1-minChange:
		return fmt.Sprintf("candidate faster: %.1f %% less CPU per request", (1-mean)*100)
	case lo > 1 && mean >= 1+minChange:
		return fmt.Sprintf("candidate slower: %.1f %% more CPU per request", (mean-1)*100)
	case hi < 1 || lo > 1:
		return "under 1 %: no difference that matters"
	}
	return "no difference beyond the noise"
}

// printComparison writes the comparison's table and notes as Markdown.
func (b *bench) printComparison(w io.Writer) {
	fmt.Fprintf(w, "\n### Side by side: the working tree%s (candidate) against %s (reference), %s, %d properties, %d rounds of %s, each server under wrk -t%d -c%d at the same time, after %s of warm-up\n\n",
		candidateExtras(b.cfg), b.compareLabel, b.dialect(), b.cfg.properties, b.cfg.slices, b.cfg.duration/time.Duration(b.cfg.slices),
		max(1, b.cfg.threads/2), max(1, b.cfg.connections/2), b.cfg.warmup)
	fmt.Fprintln(w, "| scenario | reference CPU/req | candidate CPU/req | candidate ÷ reference (95 % CI) | verdict | reference req/s | candidate req/s | errors |")
	fmt.Fprintln(w, "|---|--:|--:|--:|---|--:|--:|--:|")
	for _, r := range b.sides {
		var ref, cand result
		var refCPU, candCPU time.Duration
		for _, rd := range r.rounds {
			ref.add(rd.ref)
			cand.add(rd.cand)
			refCPU += rd.refCPU
			candCPU += rd.candCPU
		}
		mean, lo, hi := change(r.cpuRatios())
		fmt.Fprintf(w, "| %s | %s | %s | %.3f (%.3f–%.3f) | %s | %.0f | %.0f | %d / %d |\n",
			r.name, us(perRequest(refCPU, ref.requests)), us(perRequest(candCPU, cand.requests)), mean, lo, hi, verdict(mean, lo, hi), ref.rps, cand.rps, ref.errors, cand.errors)
	}
	fmt.Fprintln(w, "\nServer CPU/req is each server's CPU time (user and system, /proc/PID/stat) over the requests it answered in a round. "+
		"The ratio is the geometric mean of the rounds' ratios, with a 95 % confidence interval (Student's t); "+
		"the verdict names a difference only when the interval excludes 1 and the difference is at least 1 %. The wrk that starts first alternates between rounds.")
	if len(b.notes) > 0 {
		fmt.Fprintln(w, "\nNotes:")
		for _, n := range b.notes {
			fmt.Fprintf(w, "- %s\n", n)
		}
	}
	fmt.Fprintln(w, "\nMachine:")
	for _, m := range machine() {
		fmt.Fprintf(w, "- %s\n", m)
	}
}

// reference is the build a comparison measures the working tree against.
type reference struct {
	bin         string
	label       string // the revision as the report names it
	otherSchema bool   // its migrations differ from the working tree's
}

// migrations is where the schema of each database lives.
const migrations = "internal/store/migrations"

// candidateExtras names what the candidate's server gets beyond the
// reference's, for the report's heading.
func candidateExtras(cfg config) string {
	var x []string
	if len(cfg.candidateEnv) > 0 {
		x = append(x, strings.Join(cfg.candidateEnv, " "))
	}
	if len(cfg.candidateArgs) > 0 {
		x = append(x, "serve "+strings.Join(cfg.candidateArgs, " "))
	}
	if len(x) == 0 {
		return ""
	}
	return " with " + strings.Join(x, ", ")
}

// buildRevision builds cmd/vitrine as it is at the git revision rev, from
// a copy of that revision's tree (git archive), into dir/vitrine-ref.
func buildRevision(ctx context.Context, dir, rev string) (reference, error) {
	var ref reference
	mod, err := proc.ModuleDir(ctx)
	if err != nil {
		return ref, err
	}
	git := func(args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, "git", args...)
		cmd.Dir = mod
		out, err := cmd.Output()
		return strings.TrimSpace(string(out)), err
	}
	short, err := git("rev-parse", "--short", "--verify", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return ref, fmt.Errorf("BENCH_COMPARE=%q: not a git revision of this repository", rev)
	}
	prefix, err := git("rev-parse", "--show-prefix") // the module's folder in the repository
	if err != nil {
		return ref, fmt.Errorf("git rev-parse --show-prefix: %w", err)
	}
	ref.label = rev
	if short != rev {
		ref.label = rev + " at " + short
	}
	// Changed, removed or new migration files, committed or not.
	_, changed := git("diff", "--quiet", short, "--", migrations)
	untracked, _ := git("ls-files", "--others", "--exclude-standard", "--", migrations)
	ref.otherSchema = changed != nil || untracked != ""

	src := filepath.Join(dir, "reference-src")
	if err := os.Mkdir(src, 0o755); err != nil {
		return ref, err
	}
	defer os.RemoveAll(src)
	ref.bin = filepath.Join(dir, "vitrine-ref")
	step("building %s at %s", ref.bin, ref.label)
	archive := exec.CommandContext(ctx, "sh", "-c", `git archive --format=tar "$1" | tar -x -C "$2"`, "sh", short, src)
	archive.Dir = mod
	if out, err := archive.CombinedOutput(); err != nil {
		return ref, fmt.Errorf("git archive %s: %v\n%s", rev, err, out)
	}
	build := exec.CommandContext(ctx, proc.GoTool(), "build", "-o", ref.bin, "./cmd/vitrine")
	build.Dir = filepath.Join(src, prefix)
	if out, err := build.CombinedOutput(); err != nil {
		return ref, fmt.Errorf("go build ./cmd/vitrine at %s: %v\n%s", rev, err, out)
	}
	return ref, nil
}

// copyDatabase copies a SQLite database that no process holds open, with
// its write-ahead log when one is left.
func copyDatabase(from, to string) error {
	for _, suffix := range []string{"", "-wal"} {
		if err := copyFile(from+suffix, to+suffix); err != nil {
			if suffix != "" && errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return err
		}
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
