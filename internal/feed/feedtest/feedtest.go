// Package feedtest checks a VRSync feed against the VRSync XML Schema
// (../vrsync/vrsync.xsd) with xmllint, as the portals' own validation
// would. The test set-up installs xmllint (scripts/ensure-xmllint.sh,
// run by make test-go); a test that needs it fails, naming the script,
// when it is missing, rather than passing without checking. HeapPeak
// measures the heap while a feed is written, for the benchmarks that show
// it streams.
package feedtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"
)

// Schema returns the path of the VRSync XML Schema.
func Schema() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "vrsync", "vrsync.xsd")
}

// Validate fails t unless doc is valid against the VRSync XML Schema,
// with xmllint's words about what is not.
func Validate(t testing.TB, doc []byte) {
	t.Helper()
	if msg := Invalid(t, doc); msg != "" {
		if len(msg) > 4000 {
			msg = msg[:4000] + "…"
		}
		t.Fatalf("the feed is not valid VRSync:\n%s", msg)
	}
}

// Invalid returns xmllint's words about what makes doc invalid against
// the VRSync XML Schema, or "" when it is valid.
func Invalid(t testing.TB, doc []byte) string {
	t.Helper()
	xmllint, err := exec.LookPath("xmllint")
	if err != nil && testing.Short() {
		t.Skip("-short (make test-fast): xmllint is missing, the schema check is left to make test")
	}
	if err != nil {
		t.Fatal("xmllint is missing: run `bash scripts/ensure-xmllint.sh` (Debian's libxml2-utils), as `make test-go` does")
	}
	f, err := os.CreateTemp(t.TempDir(), "vrsync-*.xml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(doc); err != nil {
		t.Fatal(err)
	}
	f.Close()
	var out bytes.Buffer
	cmd := exec.Command(xmllint, "--noout", "--schema", Schema(), f.Name())
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Sprintf("xmllint: %v\n%s", err, out.String())
	}
	return ""
}

// HeapPeak samples the heap's objects (live and not yet collected) every
// millisecond until stop is called, which returns the peak in bytes.
func HeapPeak() (stop func() uint64) {
	var peak uint64
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 { close(done); <-finished; return peak }
}
