package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
)

func checkout(modified string) *debug.BuildInfo {
	return &debug.BuildInfo{
		GoVersion: "go1.26.8",
		Main:      debug.Module{Path: Stamp, Version: "v0.0.0-20261128120000-0123456789ab+dirty"},
		Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-11-28T12:00:00Z"},
			{Key: "vcs.modified", Value: modified},
		},
	}
}

func TestReadStamped(t *testing.T) {
	// The linker's values win, and the checkout's record does not mix in:
	// a release built from a tree with stray files is still the release.
	in := read("v1.4.0", "fedcba9876543210fedcba9876543210fedcba98", "2026-11-20T08:00:00Z", checkout("true"))
	want := Info{Version: "v1.4.0", Commit: "fedcba9876543210fedcba9876543210fedcba98", Date: "2026-11-20T08:00:00Z",
		GoVersion: "go1.26.8", Platform: in.Platform}
	if in != want {
		t.Errorf("read = %+v, want %+v", in, want)
	}
}

func TestReadFromTheGoCommand(t *testing.T) {
	in := read("", "", "", checkout("true"))
	if in.Version != "v0.0.0-20261128120000-0123456789ab+dirty" || in.Commit != "0123456789abcdef0123456789abcdef01234567" ||
		in.Date != "2026-11-28T12:00:00Z" || !in.Modified {
		t.Errorf("read = %+v, want the checkout's record", in)
	}
	installed := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: Stamp, Version: "v1.4.0"}}
	if in := read("", "", "", installed); in.Version != "v1.4.0" || in.Commit != "" || in.Date != "" || in.Modified {
		t.Errorf("go install …@v1.4.0: read = %+v, want its version and nothing made up", in)
	}
	devel := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: Stamp, Version: "(devel)"}}
	if in := read("", "", "", devel); in.Version != "devel" {
		t.Errorf("a build without a version: %q, want devel", in.Version)
	}
	if in := read("", "", "", nil); in.Version != "devel" || in.GoVersion == "" {
		t.Errorf("no record: %+v", in)
	}
}

func TestString(t *testing.T) {
	s := read("", "", "", checkout("true")).String()
	for _, want := range []string{
		"vitrine v0.0.0-20261128120000-0123456789ab+dirty\n",
		"commit  0123456789abcdef0123456789abcdef01234567 (com alterações fora do commit)\n",
		"data    2026-11-28T12:00:00Z\n",
		"go      go1.26.8 ",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("String() lacks %q:\n%s", want, s)
		}
	}
	if s := read("", "", "", nil).String(); !strings.Contains(s, "commit  desconhecido\n") {
		t.Errorf("an unknown commit is not said so:\n%s", s)
	}
}

func TestCollector(t *testing.T) {
	in := read("v1.4.0", "fedcba98", "", nil)
	want := `# HELP vitrine_build_info The running build: its version, commit and Go version as labels; always 1.
# TYPE vitrine_build_info gauge
vitrine_build_info{commit="fedcba98",go_version="` + in.GoVersion + `",version="v1.4.0"} 1
`
	if err := testutil.CollectAndCompare(in.Collector(), strings.NewReader(want)); err != nil {
		t.Error(err)
	}
	modified := read("", "", "", checkout("true"))
	if got := testutil.ToFloat64(modified.Collector()); got != 1 {
		t.Errorf("gauge = %v, want 1", got)
	}
	if l := modified.LogAttrs(); l[3] != "0123456789abcdef0123456789abcdef01234567-modified" {
		t.Errorf("LogAttrs commit = %v, want the revision marked modified", l[3])
	}
}
