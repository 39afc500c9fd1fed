// Package packaging holds what ships Vitrine (the systemd unit and its
// settings, the compose examples; the Dockerfile is at the repository's
// root) and checks it. No image can be built here (no container engine),
// so the Dockerfile is read for the invariants an image must keep; the
// release builds and the unit are checked for real.
package packaging

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/vitrine/vitrine/internal/proc"
)

const root = ".."

// instruction is one Dockerfile instruction, its continuation lines joined.
type instruction struct {
	cmd  string // upper case: FROM, RUN…
	args string
	line int
}

// stage is one FROM and what follows it.
type stage struct {
	from  string // the FROM's arguments
	instr []instruction
}

// parseDockerfile splits a Dockerfile into its stages. It knows the
// syntax this project's Dockerfile uses (comments, continuation lines, no
// heredocs), which the test checks it is given; a parser of BuildKit's
// would bring that module's whole tree into go.mod for one test.
func parseDockerfile(t *testing.T, text string) []stage {
	t.Helper()
	var stages []stage
	var cur strings.Builder
	start := 0
	flush := func() {
		s := strings.TrimSpace(cur.String())
		cur.Reset()
		if s == "" {
			return
		}
		cmd, args, _ := strings.Cut(s, " ")
		in := instruction{cmd: strings.ToUpper(cmd), args: strings.TrimSpace(args), line: start}
		if in.cmd == "FROM" {
			stages = append(stages, stage{from: in.args})
			return
		}
		if len(stages) == 0 {
			if in.cmd != "ARG" {
				t.Fatalf("line %d: %s before the first FROM", in.line, in.cmd)
			}
			return
		}
		stages[len(stages)-1].instr = append(stages[len(stages)-1].instr, in)
	}
	for i, l := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(l)
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		if strings.Contains(l, "<<") {
			t.Fatalf("line %d: a heredoc, which this parser does not read", i+1)
		}
		if cur.Len() == 0 {
			start = i + 1
		}
		if body, ok := strings.CutSuffix(trimmed, "\\"); ok {
			cur.WriteString(body + " ")
			continue
		}
		cur.WriteString(trimmed)
		flush()
	}
	flush()
	return stages
}

func (s stage) all(cmd string) []instruction {
	var out []instruction
	for _, in := range s.instr {
		if in.cmd == cmd {
			out = append(out, in)
		}
	}
	return out
}

// last is the stage's last cmd instruction, the one in effect.
func (s stage) last(t *testing.T, cmd string) string {
	t.Helper()
	all := s.all(cmd)
	if len(all) == 0 {
		t.Fatalf("the stage FROM %s has no %s", s.from, cmd)
	}
	return all[len(all)-1].args
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestDockerfile(t *testing.T) {
	stages := parseDockerfile(t, read(t, "Dockerfile"))
	if len(stages) < 3 {
		t.Fatalf("%d stages, want the client's, the server's and the final one", len(stages))
	}
	final := stages[len(stages)-1]
	if !strings.HasPrefix(final.from, "gcr.io/distroless/static") {
		t.Errorf("final image FROM %s, want distroless static: the binary is static and needs no libc", final.from)
	}
	if u := final.last(t, "USER"); u == "0" || strings.HasPrefix(u, "0:") || strings.HasPrefix(u, "root") {
		t.Errorf("USER %s: the image must not run as root", u)
	}
	if v := final.last(t, "VOLUME"); !strings.Contains(v, `"/data"`) && v != "/data" {
		t.Errorf("VOLUME %s, want /data", v)
	}
	env := final.last(t, "ENV")
	for _, want := range []string{"VITRINE_DB=/data/", "VITRINE_MEDIA_DIR=/data/", "VITRINE_ADDR=:8080"} {
		if !strings.Contains(env, want) {
			t.Errorf("ENV lacks %s…: everything written must go to the volume, and the port must be reachable", want)
		}
	}
	hc := final.last(t, "HEALTHCHECK")
	if !regexp.MustCompile(`CMD \["/vitrine", "health"`).MatchString(hc) {
		t.Errorf("HEALTHCHECK %s, want CMD [\"/vitrine\", \"health\"…] (the image has no shell or curl)", hc)
	}
	if e := final.last(t, "ENTRYPOINT"); e != `["/vitrine"]` {
		t.Errorf("ENTRYPOINT %s", e)
	}
	if p := strings.Fields(final.last(t, "EXPOSE")); !slices.Contains(p, "8080") || !slices.Contains(p, "443") {
		t.Errorf("EXPOSE %v, want 8080 and 443", p)
	}
	for _, c := range final.all("COPY") {
		if strings.Contains(c.args, "/data") && !strings.Contains(c.args, "--chown=") {
			t.Errorf("line %d: /data is copied without --chown: a new volume would belong to root", c.line)
		}
	}

	// The server is built by the Makefile's release-bin target, so that it
	// has the release's flags (see TestReleaseFlags), for the platform asked.
	var build *instruction
	for _, s := range stages {
		for _, in := range s.all("RUN") {
			if strings.Contains(in.args, "make release-bin") {
				build = &in
			}
		}
	}
	if build == nil {
		t.Fatal("no stage runs `make release-bin`: the image's binary would not be the release's")
	}
	for _, want := range []string{`GOOS="$TARGETOS"`, `GOARCH="$TARGETARCH"`, `VERSION="$VERSION"`, `COMMIT="$COMMIT"`, `SOURCE_DATE_EPOCH="$SOURCE_DATE_EPOCH"`} {
		if !strings.Contains(build.args, want) {
			t.Errorf("line %d: make release-bin without %s", build.line, want)
		}
	}

	// The toolchains are the project's: Go of go.mod, Node of web's engines.
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(read(t, "go.mod"))
	if want := "ARG GO_VERSION=" + goVersion[1]; !strings.Contains(read(t, "Dockerfile"), want+"\n") {
		t.Errorf("the Dockerfile lacks %q: the image would build with another Go than go.mod's", want)
	}
	engines := regexp.MustCompile(`"node": ">=(\d+)`).FindStringSubmatch(read(t, "web/package.json"))
	if want := "ARG NODE_VERSION=" + engines[1]; !strings.Contains(read(t, "Dockerfile"), want+"\n") {
		t.Errorf("the Dockerfile lacks %q (web/package.json's engines)", want)
	}
	ignore := read(t, ".dockerignore")
	for _, want := range []string{"**/node_modules", "web/dist", "bin", "data"} {
		if !slices.Contains(strings.Fields(ignore), want) {
			t.Errorf(".dockerignore lacks %s: host build output would reach the image's build", want)
		}
	}
}

// makeN prints the commands of a make target without running them.
func makeN(t *testing.T, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is missing")
	}
	cmd := exec.Command("make", append([]string{"-s", "-n", "-C", root}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make -n %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// TestReleaseFlags reads the command release-bin runs, with the values
// the Dockerfile passes: static, reproducible, stamped.
func TestReleaseFlags(t *testing.T) {
	out := makeN(t, "release-bin", "GOOS=linux", "GOARCH=arm64", "OUT=/tmp/vitrine", "VERSION=v9.9.9", "COMMIT=abc123",
		"SOURCE_DATE_EPOCH=1700000000")
	for _, want := range []string{
		"CGO_ENABLED=0 ", "GOOS=linux ", "GOARCH=arm64 ", " -trimpath ", " -buildvcs=false ", "-s -w -buildid= ",
		"internal/buildinfo.version=v9.9.9 ", "internal/buildinfo.commit=abc123 ", "internal/buildinfo.date=2023-11-14T22:13:20Z",
		"-o /tmp/vitrine ./cmd/vitrine",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("make release-bin runs no %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "-tags") {
		t.Errorf("make release-bin passes build tags, which `go install` users would not:\n%s", out)
	}
	// Without a date (a Docker build given no SOURCE_DATE_EPOCH), none is
	// stamped rather than 1970's.
	if out := makeN(t, "release-bin", "SOURCE_DATE_EPOCH=", "OUT=/tmp/vitrine"); !strings.Contains(out, "buildinfo.date=' ") {
		t.Errorf("an empty SOURCE_DATE_EPOCH stamps a date:\n%s", out)
	}
	rel := makeN(t, "release", "RELEASE_DIR=/tmp/r")
	for _, want := range []string{"GOARCH=amd64", "GOARCH=arm64", "packaging/systemd/vitrine.env /tmp/r/", "sha256sum vitrine-* vitrine.service vitrine.env > SHA256SUMS"} {
		if !strings.Contains(rel, want) {
			t.Errorf("make release lacks %q:\n%s", want, rel)
		}
	}
}

// TestNoSharedLibraryLoader: no package of the program can load a shared
// library (the WebP encoder's former dlopen of libwebp went with purego),
// whatever the build's tags.
func TestNoSharedLibraryLoader(t *testing.T) {
	cmd := exec.Command(proc.GoTool(), "list", "-deps", "./cmd/vitrine")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOFLAGS=") // no tags from the environment
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "purego") || strings.HasPrefix(p, "github.com/gen2brain/webp") {
			t.Errorf("vitrine depends on %s, which can dlopen a system library", p)
		}
	}
}

// TestReleaseBinaries builds both release binaries as `make release` does
// (the client is whatever web/dist holds) and checks that each is a static
// executable for its machine: with no dynamic loader, no shared library
// (libwebp or other) can be loaded at all.
func TestReleaseBinaries(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: two cross builds")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is missing")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		arch    string
		machine elf.Machine
	}{{"amd64", elf.EM_X86_64}, {"arm64", elf.EM_AARCH64}} {
		bin := filepath.Join(dir, "vitrine-linux-"+c.arch)
		cmd := exec.Command("make", "-s", "-C", root, "release-bin", "GOOS=linux", "GOARCH="+c.arch, "OUT="+bin,
			"VERSION=v0.0.0-teste", "COMMIT=0123abcd", "SOURCE_DATE_EPOCH=1700000000")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make release-bin GOARCH=%s: %v\n%s", c.arch, err, out)
		}
		f, err := elf.Open(bin)
		if err != nil {
			t.Fatal(err)
		}
		if f.Machine != c.machine {
			t.Errorf("%s: machine %v, want %v", c.arch, f.Machine, c.machine)
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
				t.Errorf("%s: has a %v segment: not a static executable", c.arch, p.Type)
			}
		}
		f.Close()
		if c.arch != runtime.GOARCH || runtime.GOOS != "linux" {
			continue
		}
		out, err := exec.Command(bin, "version").Output()
		if err != nil {
			t.Fatalf("%s version: %v", bin, err)
		}
		for _, want := range []string{"vitrine v0.0.0-teste\n", "commit  0123abcd\n", "data    2023-11-14T22:13:20Z\n"} {
			if !bytes.Contains(out, []byte(want)) {
				t.Errorf("vitrine version lacks %q:\n%s", want, out)
			}
		}
	}
}

// TestSystemdUnit runs `systemd-analyze verify` on the unit, which reads
// every directive as systemd would and checks that ExecStart names an
// executable. That binary is installed only on the server, so the unit is
// checked as a copy whose ExecStart names this test's own executable (any
// executable file serves); nothing else is changed.
func TestSystemdUnit(t *testing.T) {
	unit := read(t, "packaging/systemd/vitrine.service")
	for _, want := range []string{
		"User=vitrine", "StateDirectory=vitrine", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes",
		"NoNewPrivileges=yes", "AmbientCapabilities=CAP_NET_BIND_SERVICE", "CapabilityBoundingSet=CAP_NET_BIND_SERVICE",
		"EnvironmentFile=/etc/vitrine/vitrine.env", "Restart=on-failure", "SystemCallFilter=@system-service",
		"RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX", "ExecStart=/usr/local/bin/vitrine serve",
	} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + `$`).MatchString(unit) {
			t.Errorf("the unit lacks %s", want)
		}
	}
	if regexp.MustCompile(`(?m)^MemoryDenyWriteExecute=`).MatchString(unit) {
		t.Error("MemoryDenyWriteExecute= breaks the WebP encoder, whose WebAssembly is compiled to machine code at run time")
	}
	for i, l := range strings.Split(read(t, "packaging/systemd/vitrine.env"), "\n") {
		// An example left commented out must work once uncommented too.
		if setting := strings.TrimPrefix(l, "# "); strings.HasPrefix(setting, "VITRINE_") || strings.HasPrefix(setting, "AWS_") {
			if !regexp.MustCompile(`^[A-Z][A-Z0-9_]*=(\S*|"[^"$\x60\\]*")$`).MatchString(setting) {
				t.Errorf("vitrine.env:%d: %q is not VAR=value, or VAR=\"value\", which systemd and the shell read alike", i+1, setting)
			}
		} else if l != "" && !strings.HasPrefix(l, "#") {
			t.Errorf("vitrine.env:%d: %q is neither a setting nor a comment", i+1, l)
		}
	}

	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil && testing.Short() {
		t.Skip("-short (make test-fast): systemd-analyze is missing, the unit's check is left to make test")
	}
	if err != nil {
		t.Fatal("systemd-analyze is missing: run `bash scripts/ensure-systemd-analyze.sh` (Debian's systemd), as `make test-go` does")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	copied := strings.Replace(unit, "ExecStart=/usr/local/bin/vitrine serve", "ExecStart="+self+" serve", 1)
	path := filepath.Join(t.TempDir(), "vitrine.service")
	if err := os.WriteFile(path, []byte(copied), 0o644); err != nil {
		t.Fatal(err)
	}
	// verify exits 0 on an unknown key or a value it cannot parse, and
	// says so: any word from it fails the test.
	out, err := exec.Command(analyze, "verify", path).CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Errorf("systemd-analyze verify: %v\n%s", err, out)
	}
}

// TestCompose reads both compose examples: they parse, build the image
// from the repository's Dockerfile, and keep Vitrine's data where the
// image expects it (the volume, or PostgreSQL and S3).
func TestCompose(t *testing.T) {
	type service struct {
		Image       string                   `yaml:"image"`
		Build       struct{ Context string } `yaml:"build"`
		Volumes     []string                 `yaml:"volumes"`
		Environment map[string]string        `yaml:"environment"`
	}
	load := func(name string) map[string]service {
		var f struct {
			Services map[string]service `yaml:"services"`
		}
		if err := yaml.Unmarshal([]byte(read(t, "packaging/"+name)), &f); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		v, ok := f.Services["vitrine"]
		if !ok {
			t.Fatalf("%s has no vitrine service", name)
		}
		// The test runs in the compose files' folder, which their build
		// context is relative to.
		if _, err := os.Stat(filepath.Join(v.Build.Context, "Dockerfile")); v.Build.Context == "" || err != nil {
			t.Errorf("%s: the build context %q holds no Dockerfile", name, v.Build.Context)
		}
		return f.Services
	}
	sqlite := load("compose.yaml")["vitrine"]
	if !slices.ContainsFunc(sqlite.Volumes, func(v string) bool { return strings.HasSuffix(v, ":/data") }) {
		t.Errorf("compose.yaml: vitrine mounts %v, want a volume at /data", sqlite.Volumes)
	}
	pg := load("compose.postgres.yaml")
	v := pg["vitrine"].Environment
	if !strings.HasPrefix(v["VITRINE_DB"], "postgres://") || !strings.HasPrefix(v["VITRINE_MEDIA_S3"], "s3://") ||
		v["AWS_ACCESS_KEY_ID"] == "" || v["AWS_SECRET_ACCESS_KEY"] == "" {
		t.Errorf("compose.postgres.yaml: vitrine's environment %v, want PostgreSQL, S3 and its credentials", v)
	}
	for _, s := range []string{"postgres", "s3", "bucket"} {
		if _, ok := pg[s]; !ok {
			t.Errorf("compose.postgres.yaml has no %s service", s)
		}
	}
}
