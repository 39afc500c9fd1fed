// Package buildinfo says which Vitrine is running: its version, the commit
// it was built from, when, and with which Go.
//
// A release build stamps them with the linker (see Stamp for the flags);
// without them, as after `go install` or a plain `go build`, they are read
// from what the go command recorded in the binary (runtime/debug): the
// module's version, and, in a Git checkout built with -buildvcs, the
// revision, its time and whether the tree had changes. A value neither
// source knows is empty, never made up.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
)

// Set by the linker: -X github.com/vitrine/vitrine/internal/buildinfo.version=v1.2.0
// (and .commit, .date); see Stamp.
var (
	version string
	commit  string
	date    string
)

// Stamp is the package path the linker flags name: -X Stamp+".version=…".
const Stamp = "github.com/vitrine/vitrine/internal/buildinfo"

// Info is what is known of the running build.
type Info struct {
	Version   string // v1.2.0, a Go pseudo-version, or "devel"
	Commit    string // the Git revision; "" when unknown
	Date      string // when it was built or committed, RFC 3339; "" when unknown
	Modified  bool   // the checkout had changes the commit lacks
	GoVersion string // go1.26.8
	Platform  string // linux/amd64
}

// Read returns the running binary's Info.
func Read() Info {
	bi, _ := debug.ReadBuildInfo()
	return read(version, commit, date, bi)
}

// read prefers the linker's values and falls back to the go command's
// record, bi, which may be nil.
func read(version, commit, date string, bi *debug.BuildInfo) Info {
	in := Info{Version: version, Commit: commit, Date: date, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		if in.Version == "" {
			in.Version = "devel"
		}
		return in
	}
	if in.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		in.Version = bi.Main.Version // go install …@v1.2.0, or a pseudo-version from the checkout
	}
	if in.Version == "" {
		in.Version = "devel"
	}
	if bi.GoVersion != "" {
		in.GoVersion = bi.GoVersion
	}
	if commit != "" { // stamped: the record of the checkout is not the release's
		return in
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Commit = s.Value
		case "vcs.time":
			if in.Date == "" {
				in.Date = s.Value
			}
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// String is the text of `vitrine version`: one "name value" line each.
func (in Info) String() string {
	unknown := func(s string) string {
		if s == "" {
			return "desconhecido"
		}
		return s
	}
	c := unknown(in.Commit)
	if in.Modified {
		c += " (com alterações fora do commit)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "vitrine %s\n", in.Version)
	fmt.Fprintf(&b, "commit  %s\n", c)
	fmt.Fprintf(&b, "data    %s\n", unknown(in.Date))
	fmt.Fprintf(&b, "go      %s %s\n", in.GoVersion, in.Platform)
	return b.String()
}

// LogAttrs are the build's attributes for a log line.
func (in Info) LogAttrs() []any {
	return []any{"version", in.Version, "commit", in.commitLabel(), "build_date", in.Date, "go_version", in.GoVersion}
}

func (in Info) commitLabel() string {
	if in.Modified && in.Commit != "" {
		return in.Commit + "-modified"
	}
	return in.Commit
}

// Collector is the gauge vitrine_build_info{version, commit, go_version},
// always 1: the labels carry the value, so that a dashboard can join any
// series on them, or count the versions running.
func (in Info) Collector() prometheus.Collector {
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "vitrine_build_info",
		Help: "The running build: its version, commit and Go version as labels; always 1.",
		ConstLabels: prometheus.Labels{
			"version":    in.Version,
			"commit":     in.commitLabel(),
			"go_version": in.GoVersion,
		},
	})
	g.Set(1)
	return g
}
